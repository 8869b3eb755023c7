import StrokeCore

/// One curve as szimek/signature_pad draws it (`src/bezier.ts`, v5.1.3): a cubic Bézier with a
/// width at each end.
///
/// The library builds the curve from P1 to P2 (neighbours P0 and P3) with the handle at P1
/// (`c2`, from P0, P1, P2) and the handle at P2 (`c3`, from P1, P2, P3) of the "path
/// interpolation using cubic Bézier" construction — each handle is the midpoint of the chord
/// on its side, shifted so that the two midpoints' chord-length-weighted point lands on the
/// sample — but passes them to `new Bezier(start, control2, control1, end)` in that order, so
/// the curve it *draws*,
///
///     B(t) = (1−t)³·start + 3(1−t)²t·control1 + 3(1−t)t²·control2 + t³·end,
///
/// has the handle computed at the *end* as its first control point and the one computed at
/// the start as its second (the "handle swap" of the shared oracles' README). ``control1`` and
/// ``control2`` are the library's fields, so ``point(at:)`` draws what it draws.
///
/// Width along the curve, as `_drawCurve` renders it: `min(startWidth + t³·(endWidth −
/// startWidth), maxWidth)`, where a "width" is the radius of the dots the library stamps
/// along the curve (the drawn stroke is twice as wide).
public struct SignaturePadBezier: Hashable, Sendable {
    /// Start point (P1).
    public var start: Point
    /// The first control point drawn: the handle computed at the end point (P2).
    public var control1: Point
    /// The second control point drawn: the handle computed at the start point (P1).
    public var control2: Point
    /// End point (P2).
    public var end: Point
    /// Dot radius at the start, units.
    public var startWidth: Double
    /// Dot radius at the end, units.
    public var endWidth: Double

    /// A curve from its fields.
    public init(start: Point, control1: Point, control2: Point, end: Point, startWidth: Double, endWidth: Double) {
        self.start = start
        self.control1 = control1
        self.control2 = control2
        self.end = end
        self.startWidth = startWidth
        self.endWidth = endWidth
    }

    /// `Bezier.fromPoints(points, widths)`: the curve from `p1` to `p2`.
    @inlinable
    public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, startWidth: Double, endWidth: Double) {
        let c2 = Self.controlPoints(p0, p1, p2).c2
        let c3 = Self.controlPoints(p1, p2, p3).c1
        self.init(start: p1, control1: c3, control2: c2, end: p2, startWidth: startWidth, endWidth: endWidth)
    }

    /// `Bezier.calculateControlPoints(s1, s2, s3)`: the two handles at `s2`, in the library's
    /// operation order (m₁, m₂ the chord midpoints, k = l₂/(l₁ + l₂) or 0, cm = m₂ + (m₁ − m₂)·k,
    /// c1 = m₁ + (s2 − cm), c2 = m₂ + (s2 − cm)).
    @inlinable
    public static func controlPoints(_ s1: Point, _ s2: Point, _ s3: Point) -> (c1: Point, c2: Point) {
        let dx1 = s1.x - s2.x, dy1 = s1.y - s2.y
        let dx2 = s2.x - s3.x, dy2 = s2.y - s3.y
        let m1x = (s1.x + s2.x) / 2.0, m1y = (s1.y + s2.y) / 2.0
        let m2x = (s2.x + s3.x) / 2.0, m2y = (s2.y + s3.y) / 2.0
        let l1 = (dx1 * dx1 + dy1 * dy1).squareRoot()
        let l2 = (dx2 * dx2 + dy2 * dy2).squareRoot()
        let dxm = m1x - m2x, dym = m1y - m2y
        let k = l1 + l2 == 0 ? 0 : l2 / (l1 + l2)
        let cmx = m2x + dxm * k, cmy = m2y + dym * k
        let tx = s2.x - cmx, ty = s2.y - cmy
        return (Point(x: m1x + tx, y: m1y + ty), Point(x: m2x + tx, y: m2y + ty))
    }

    /// The drawn curve at `t` (`_drawCurve`'s expression order).
    @inlinable
    public func point(at t: Double) -> Point {
        let tt = t * t, ttt = tt * t
        let u = 1 - t, uu = u * u, uuu = uu * u
        var x = uuu * start.x
        x += 3 * uu * t * control1.x
        x += 3 * u * tt * control2.x
        x += ttt * end.x
        var y = uuu * start.y
        y += 3 * uu * t * control1.y
        y += 3 * u * tt * control2.y
        y += ttt * end.y
        return Point(x: x, y: y)
    }

    /// The dot radius at `t`: `min(startWidth + t³·(endWidth − startWidth), maxWidth)`.
    @inlinable
    public func width(at t: Double, maxWidth: Double) -> Double {
        let ttt = t * t * t
        return JSNumber.min(startWidth + ttt * (endWidth - startWidth), maxWidth)
    }

    /// `Bezier.length()`: the polyline through 11 points at t = 0, 0.1, …, 1 (the library's
    /// approximation; it sets how many dots `_drawCurve` stamps: 2·⌈length⌉).
    public func length() -> Double {
        let steps = 10
        var length = 0.0
        var px = 0.0, py = 0.0
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            let cx = Self.coordinate(t, start.x, control1.x, control2.x, end.x)
            let cy = Self.coordinate(t, start.y, control1.y, control2.y, end.y)
            if i > 0 {
                let xdiff = cx - px, ydiff = cy - py
                length += (xdiff * xdiff + ydiff * ydiff).squareRoot()
            }
            px = cx
            py = cy
        }
        return length
    }

    /// `Bezier.point(t, start, c1, c2, end)` (the length's evaluation, another operation order).
    @inlinable
    static func coordinate(_ t: Double, _ start: Double, _ c1: Double, _ c2: Double, _ end: Double) -> Double {
        (start * (1.0 - t) * (1.0 - t) * (1.0 - t))
            + (3.0 * c1 * (1.0 - t) * (1.0 - t) * t)
            + (3.0 * c2 * (1.0 - t) * t * t)
            + (end * t * t * t)
    }
}
