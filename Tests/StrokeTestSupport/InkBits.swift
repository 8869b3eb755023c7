import StrokeCore

/// Ink as the bit patterns of its numbers, for "byte for byte" comparisons: `==` on doubles
/// calls 0 and −0 equal and NaN unequal to itself, bit patterns do neither.
public enum InkBits {
    /// Every coordinate of `element`, tagged with its kind.
    public static func bits(_ element: PathElement) -> [UInt64] {
        switch element {
        case .move(let p): return [0, p.x.bitPattern, p.y.bitPattern]
        case .line(let p): return [1, p.x.bitPattern, p.y.bitPattern]
        case .quadCurve(let p, let c): return [2, p.x.bitPattern, p.y.bitPattern, c.x.bitPattern, c.y.bitPattern]
        case .curve(let p, let c1, let c2):
            return [3, p.x.bitPattern, p.y.bitPattern, c1.x.bitPattern, c1.y.bitPattern, c2.x.bitPattern, c2.y.bitPattern]
        }
    }

    /// Width, opacity, colour and blend mode.
    public static func bits(_ ink: InkAttributes) -> [UInt64] {
        [ink.width.bitPattern, ink.opacity.bitPattern, ink.color.red.bitPattern, ink.color.green.bitPattern,
         ink.color.blue.bitPattern, ink.blend == .normal ? 0 : 1]
    }

    /// Whether two elements are the same kind with the same coordinates, bit for bit.
    public static func same(_ a: PathElement, _ b: PathElement) -> Bool {
        func eq(_ p: Point, _ q: Point) -> Bool { p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern }
        switch (a, b) {
        case (.move(let p), .move(let q)), (.line(let p), .line(let q)): return eq(p, q)
        case (.quadCurve(let p, let c), .quadCurve(let q, let d)): return eq(p, q) && eq(c, d)
        case (.curve(let p, let c1, let c2), .curve(let q, let d1, let d2)): return eq(p, q) && eq(c1, d1) && eq(c2, d2)
        default: return false
        }
    }

    /// Whether two inks are the same, bit for bit.
    public static func same(_ a: InkAttributes, _ b: InkAttributes) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.opacity.bitPattern == b.opacity.bitPattern
            && a.color.red.bitPattern == b.color.red.bitPattern && a.color.green.bitPattern == b.color.green.bitPattern
            && a.color.blue.bitPattern == b.color.blue.bitPattern && a.blend == b.blend
    }

    /// Whether elements `aRange` of `a` and `bRange` of `b` are the same, with the same ink, bit
    /// for bit. Allocates nothing.
    public static func same(_ a: InkPath, _ aRange: Range<Int>, _ b: InkPath, _ bRange: Range<Int>) -> Bool {
        guard aRange.count == bRange.count else { return false }
        let ae = a.elements, be = b.elements, ai = a.attributes, bi = b.attributes
        for k in 0..<aRange.count {
            let i = aRange.lowerBound + k, j = bRange.lowerBound + k
            if !same(ae[i], be[j]) || !same(ai[i], bi[j]) { return false }
        }
        return true
    }

    /// Elements `range` of `path` with their ink.
    public static func bits(_ path: InkPath, _ range: Range<Int>? = nil) -> [UInt64] {
        var out: [UInt64] = []
        for i in range ?? 0..<path.count {
            out += bits(path.elements[i])
            out += bits(path.attributes[i])
        }
        return out
    }

    /// Every vertex of every polygon.
    public static func bits(_ polygons: [[Point]]) -> [UInt64] {
        polygons.flatMap { [UInt64($0.count)] + $0.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }
    }

    /// A point, or a marker for none.
    public static func bits(_ point: Point?) -> [UInt64] {
        point.map { [$0.x.bitPattern, $0.y.bitPattern] } ?? [UInt64.max]
    }
}
