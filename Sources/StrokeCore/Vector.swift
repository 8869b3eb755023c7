import RealModule

/// A displacement in trace units: the difference of two ``Point``s, a velocity when divided
/// by a time step, a tangent direction when normalised.
public struct Vector: Hashable, Sendable {
    /// Horizontal component.
    public var dx: Double
    /// Vertical component.
    public var dy: Double

    /// Creates a vector from its components.
    @inlinable
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// The unit vector at `angle` radians from the +x axis, `(cos θ, sin θ)`: what UIKit's
    /// `azimuthUnitVector(in:)` returns for an azimuth of θ.
    @inlinable
    public init(angle: Double) {
        self.init(dx: Double.cos(angle), dy: Double.sin(angle))
    }

    /// Euclidean length, `√(dx² + dy²)`, computed without intermediate overflow.
    @inlinable
    public var length: Double { Double.hypot(dx, dy) }

    /// `dx² + dy²`.
    @inlinable
    public var squaredLength: Double { dx * dx + dy * dy }

    /// Direction in radians in (−π, π], `atan2(dy, dx)`; 0 for the zero vector.
    @inlinable
    public var angle: Double { Double.atan2(y: dy, x: dx) }

    /// The vector scaled to length 1, or `nil` when its length is zero or not finite, so a
    /// repeated sample never produces a NaN direction.
    @inlinable
    public var normalized: Vector? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return Vector(dx: dx / l, dy: dy / l)
    }

    /// The vector rotated by +90°: `(−dy, dx)`.
    @inlinable
    public var perpendicular: Vector { Vector(dx: -dy, dy: dx) }

    /// Dot product `a·b`.
    @inlinable
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    /// The z component of the 3-D cross product, `a.dx·b.dy − a.dy·b.dx`: positive when
    /// `other` turns counter-clockwise from `self` (in a y-up frame).
    @inlinable
    public func cross(_ other: Vector) -> Double { dx * other.dy - dy * other.dx }

    /// Signed angle in (−π, π] that turns `self` onto `other`; 0 when either is zero.
    @inlinable
    public func turningAngle(to other: Vector) -> Double {
        Double.atan2(y: cross(other), x: dot(other))
    }

    // Component-wise arithmetic and scaling.
    /// The sum of two vectors.
    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    /// The difference of two vectors.
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    /// The opposite vector.
    @inlinable public static prefix func - (a: Vector) -> Vector { Vector(dx: -a.dx, dy: -a.dy) }
    /// The vector scaled by `s`.
    @inlinable public static func * (a: Vector, s: Double) -> Vector { Vector(dx: a.dx * s, dy: a.dy * s) }
    /// The vector scaled by `s`.
    @inlinable public static func * (s: Double, a: Vector) -> Vector { Vector(dx: a.dx * s, dy: a.dy * s) }
    /// The vector divided by `s`.
    @inlinable public static func / (a: Vector, s: Double) -> Vector { Vector(dx: a.dx / s, dy: a.dy / s) }
    /// Adds `b` to `a`.
    @inlinable public static func += (a: inout Vector, b: Vector) { a = a + b }
    /// Subtracts `b` from `a`.
    @inlinable public static func -= (a: inout Vector, b: Vector) { a = a - b }
}
