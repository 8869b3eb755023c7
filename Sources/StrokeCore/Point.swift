/// A location in a trace's coordinate space (trace units: points, pixels or millimetres).
///
/// `Point` is a plain value: two `Double`s, no invariants. Arithmetic with ``Vector`` follows
/// the affine rules (point − point = vector, point + vector = point), so code says which of
/// the two it means.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate, in trace units; grows to the right.
    public var x: Double
    /// Vertical coordinate, in trace units; grows downwards, as in UIKit and Cairo.
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// True when both coordinates are finite (neither NaN nor ±∞).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Euclidean distance to `other`, in trace units. O(1).
    @inlinable
    public func distance(to other: Point) -> Double {
        (other - self).length
    }

    /// Squared Euclidean distance to `other`; avoids the square root when only comparing.
    @inlinable
    public func squaredDistance(to other: Point) -> Double {
        (other - self).squaredLength
    }

    /// The point at parameter `t` on the segment from `self` (t = 0) to `other` (t = 1).
    /// `t` outside [0, 1] extrapolates along the same line.
    @inlinable
    public func interpolated(to other: Point, by t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    /// The midpoint of the segment from `self` to `other`, computed as in SmoothedBIView:
    /// `((a.x + b.x) / 2, (a.y + b.y) / 2)`.
    @inlinable
    public func midpoint(_ other: Point) -> Point {
        Point(x: (x + other.x) / 2, y: (y + other.y) / 2)
    }

    /// The displacement from `b` to `a`.
    @inlinable
    public static func - (a: Point, b: Point) -> Vector {
        Vector(dx: a.x - b.x, dy: a.y - b.y)
    }

    /// `p` moved by `v`.
    @inlinable
    public static func + (p: Point, v: Vector) -> Point {
        Point(x: p.x + v.dx, y: p.y + v.dy)
    }

    /// `p` moved by `-v`.
    @inlinable
    public static func - (p: Point, v: Vector) -> Point {
        Point(x: p.x - v.dx, y: p.y - v.dy)
    }

    /// `p` moved by `v`, in place.
    @inlinable
    public static func += (p: inout Point, v: Vector) {
        p = p + v
    }
}

extension Point: CustomStringConvertible {
    /// `(x, y)` with Swift's shortest round-trip formatting.
    public var description: String { "(\(x), \(y))" }
}
