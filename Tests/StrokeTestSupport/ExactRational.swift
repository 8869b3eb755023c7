import StrokeCore

/// An exact fraction of two integers, the independent oracle of the geometry primitives'
/// tests (point-to-segment distance, resampling, flattening): on integer (or dyadic)
/// coordinates their answers are rational, so they can be computed with no rounding at all
/// and compared with the library's floating-point results.
///
/// Always normalised (lowest terms, positive denominator). Arithmetic traps on `Int`
/// overflow, so a test whose numbers grow too large fails loudly instead of comparing a
/// wrong value; keep coordinates small (|x| ≤ 2¹⁰ keeps every quantity of these tests far
/// below 2⁶³).
public struct ExactRational: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The numerator (sign of the value).
    public let numerator: Int
    /// The denominator, > 0.
    public let denominator: Int

    /// `numerator / denominator`, reduced.
    /// - Precondition: `denominator != 0`.
    public init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0, "zero denominator")
        let g = Self.gcd(numerator.magnitude, denominator.magnitude)
        let sign = denominator < 0 ? -1 : 1
        self.numerator = sign * numerator / Int(g)
        self.denominator = sign * denominator / Int(g)
    }

    /// The nearest `Double` (correctly rounded while numerator and denominator are below 2⁵³:
    /// both convert exactly and IEEE division rounds once).
    public var double: Double { Double(numerator) / Double(denominator) }

    /// `p/q`, the fraction of a dyadic `Double` (`value × 2^k` an integer for some k ≤ 52
    /// and of magnitude below 2⁶²).
    /// - Precondition: `value` is such a dyadic number.
    public init(exactly value: Double) {
        var scaled = value, denominator = 1
        while scaled != scaled.rounded(), denominator < 1 << 52 {
            scaled *= 2
            denominator *= 2
        }
        precondition(scaled == scaled.rounded() && scaled.magnitude < 0x1p62, "\(value) is not a small dyadic number")
        self.init(Int(scaled), denominator)
    }

    public static func + (a: Self, b: Self) -> Self {
        Self(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }

    public static func - (a: Self, b: Self) -> Self {
        Self(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator)
    }

    public static func * (a: Self, b: Self) -> Self {
        Self(a.numerator * b.numerator, a.denominator * b.denominator)
    }

    /// - Precondition: `b` is not 0.
    public static func / (a: Self, b: Self) -> Self {
        Self(a.numerator * b.denominator, a.denominator * b.numerator)
    }

    public static prefix func - (a: Self) -> Self { Self(-a.numerator, a.denominator) }

    public static func < (a: Self, b: Self) -> Bool {
        a.numerator * b.denominator < b.numerator * a.denominator
    }

    /// 0.
    public static let zero = Self(0)
    /// 1.
    public static let one = Self(1)

    /// `numerator/denominator`.
    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }

    private static func gcd(_ a: UInt, _ b: UInt) -> UInt {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }
}

/// A point with exact rational coordinates.
public struct ExactPoint: Hashable, Sendable {
    /// The coordinates.
    public var x: ExactRational, y: ExactRational

    /// A point from exact coordinates.
    public init(_ x: ExactRational, _ y: ExactRational) {
        self.x = x
        self.y = y
    }

    /// A point from integer coordinates.
    public init(_ x: Int, _ y: Int) { self.init(ExactRational(x), ExactRational(y)) }

    /// The nearest floating-point point.
    public var point: Point { Point(x: x.double, y: y.double) }

    /// The squared distance from `p` to the segment `a b`, exactly, by the region rule rather
    /// than a clamped projection: beyond either end (the dot product of `ap` or `bp` with the
    /// segment's direction says which) the squared distance to that end, else the squared
    /// cross product over the squared length (the squared height of the triangle). A
    /// degenerate segment is its point.
    public static func squaredSegmentDistance(_ p: ExactPoint, _ a: ExactPoint, _ b: ExactPoint) -> ExactRational {
        let abx = b.x - a.x, aby = b.y - a.y
        let apx = p.x - a.x, apy = p.y - a.y
        let bpx = p.x - b.x, bpy = p.y - b.y
        let length2 = abx * abx + aby * aby
        if length2 == .zero || apx * abx + apy * aby <= .zero { return apx * apx + apy * apy }
        if bpx * abx + bpy * aby >= .zero { return bpx * bpx + bpy * bpy }
        let cross = apx * aby - apy * abx
        return cross * cross / length2
    }

    /// `a + (b − a)·t`.
    public static func interpolate(_ a: ExactPoint, _ b: ExactPoint, _ t: ExactRational) -> ExactPoint {
        ExactPoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
    }
}
