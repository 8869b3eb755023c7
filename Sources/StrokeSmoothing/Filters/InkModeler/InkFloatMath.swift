import RealModule

/// The ink modeler's 2-D vector: two `Float`s, as ink-stroke-modeler's `Vec2`.
///
/// The port computes positions, velocities, accelerations and stylus values in float32,
/// operation for operation as google/ink-stroke-modeler does (Apache-2.0, © 2022 Google LLC),
/// and times and durations in float64 as its `Time`/`Duration`; where ink mixes them (a
/// `double` duration times a `float` vector, a `float +=` of a `double`) the same
/// conversions happen here, so the port's results equal the peer's to the last bit (vector
/// lengths are computed as glibc's `hypotf` computes them, see ``InkMath/magnitude(_:)``).
/// The helpers below are ink's `utils.h`/`types.cc` functions re-derived in
/// Swift; comparisons and clamps follow C++ `std::min`/`std::max`/`std::clamp`, including
/// their NaN behaviour.
typealias InkVec2 = SIMD2<Float>

/// ink's float32 geometry and interpolation helpers (`utils.h`).
enum InkMath {
    /// π as ink's `kPi` (a `double`).
    static let pi = Double.pi

    /// `|v|` = `hypotf(v.x, v.y)`, computed as glibc (≥ 2.35, the oracles' libm) computes it:
    /// the float32 rounding of the float64 square root of the float64 sum of squares (exact
    /// squares, no overflow possible), which is bit-identical to glibc's `hypotf` for finite
    /// input (checked on 6·10⁷ pairs) and makes the port independent of the platform's libm.
    /// Non-finite components go to libm (hypot(±∞, NaN) = ∞); the sum of squares is finite
    /// exactly when both components are, so one test of it decides.
    @inline(__always)
    static func magnitude(_ v: InkVec2) -> Float {
        let x = Double(v.x), y = Double(v.y)
        let squares = x * x + y * y
        guard squares.isFinite else { return Float.hypot(v.x, v.y) }
        return Float(squares.squareRoot())
    }

    /// `a.x·b.x + a.y·b.y`, in that order.
    @inline(__always)
    static func dot(_ a: InkVec2, _ b: InkVec2) -> Float { a.x * b.x + a.y * b.y }

    /// `|end − start|`.
    @inline(__always)
    static func distance(_ start: InkVec2, _ end: InkVec2) -> Float { magnitude(end - start) }

    /// True when both components are finite.
    @inline(__always)
    static func isFinite(_ v: InkVec2) -> Bool { v.x.isFinite && v.y.isFinite }

    /// `std::clamp(value, 0, 1)`: NaN passes through.
    @inline(__always)
    static func clamp01(_ value: Float) -> Float {
        value < 0 ? 0 : (1 < value ? 1 : value)
    }

    /// Where `value` lies between `start` and `end`, clamped to [0, 1]; a step at `start`
    /// (1 above it, 0 otherwise) when the two are equal.
    @inline(__always)
    static func normalize01(_ start: Float, _ end: Float, _ value: Float) -> Float {
        if start == end { return value > start ? 1 : 0 }
        return clamp01((value - start) / (end - start))
    }

    /// `(value − a)/(b − a)`, unclamped; 0 when `a == b`.
    @inline(__always)
    static func inverseLerp(_ a: Float, _ b: Float, _ value: Float) -> Float {
        if b - a == 0 { return 0 }
        return (value - a) / (b - a)
    }

    /// `start + (end − start)·clamp01(t)` for floats.
    @inline(__always)
    static func interp(_ start: Float, _ end: Float, _ t: Float) -> Float {
        start + (end - start) * clamp01(t)
    }

    /// `start + (end − start)·clamp01(t)` for vectors.
    @inline(__always)
    static func interp(_ start: InkVec2, _ end: InkVec2, _ t: Float) -> InkVec2 {
        start + (end - start) * clamp01(t)
    }

    /// `start + (end − start)·clamp01(t)` for times (the difference in float64, `t` widened).
    @inline(__always)
    static func interp(_ start: Double, _ end: Double, _ t: Float) -> Double {
        start + (end - start) * Double(clamp01(t))
    }

    /// An angle brought into [0, 2π] by whole turns, as ink's `InterpAngle` does it (each
    /// step in float64, stored back to float32). Angles beyond ±1000 turns are first reduced
    /// with a remainder: ink's loop would not terminate on them, and no stylus reports them.
    static func normalizeAngle(_ value: Float) -> Float {
        let twoPi = 2 * pi
        var angle = value
        if abs(Double(angle)) > 1000 * twoPi {
            angle = Float(Double(angle).truncatingRemainder(dividingBy: twoPi))
        }
        while angle < 0 { angle = Float(Double(angle) + twoPi) }
        while Double(angle) > twoPi { angle = Float(Double(angle) - twoPi) }
        return angle
    }

    /// Interpolates between two angles (radians) the short way round, result in [0, 2π].
    static func interpAngle(_ start: Float, _ end: Float, _ t: Float) -> Float {
        let s = normalizeAngle(start)
        var e = normalizeAngle(end)
        let delta = e - s
        if Double(delta) < -pi {
            e = Float(Double(e) + 2 * pi)
        } else if Double(delta) > pi {
            e = Float(Double(e) - 2 * pi)
        }
        return normalizeAngle(interp(s, e, t))
    }

    /// The parameter in [0, 1] of the point of segment `start`–`end` closest to `point`;
    /// 0 for a degenerate segment.
    static func nearestPointOnSegment(_ start: InkVec2, _ end: InkVec2, _ point: InkVec2) -> Float {
        if start == end { return 0 }
        let segment = end - start
        let projection = point - start
        return clamp01(dot(projection, segment) / dot(segment, segment))
    }

    /// `a.x·b.y − a.y·b.x`.
    @inline(__always)
    static func cross(_ a: InkVec2, _ b: InkVec2) -> Float { a.x * b.y - a.y * b.x }

    /// Where the line through `position` along `normal` crosses segment `start`–`end`, as a
    /// parameter in [0, 1]; `nil` when parallel or outside the segment.
    static func projectToSegmentAlongNormal(_ start: InkVec2, _ end: InkVec2, _ position: InkVec2,
                                            _ normal: InkVec2) -> Float? {
        let v = end - start
        let det = cross(normal, v)
        if det == 0 { return nil }
        let w = start - position
        let parameter = cross(w, normal) / det
        if parameter < 0 || parameter > 1 { return nil }
        return parameter
    }

    /// The angle in [0, π] between `a` and `b` (0 when either is zero); `nil` when either is
    /// not finite (ink's `Vec2::AbsoluteAngleTo`).
    static func absoluteAngle(_ a: InkVec2, _ b: InkVec2) -> Float? {
        guard isFinite(a), isFinite(b) else { return nil }
        let ma = magnitude(a), mb = magnitude(b)
        if ma == 0 || mb == 0 { return 0 }
        let d = dot(a / ma, b / mb)
        return Float.acos(d < -1 ? -1 : (1 < d ? 1 : d))
    }

    /// ink's `GetStrokeNormal`: a vector pointing to the left of the stroke at `tip`
    /// (magnitude in (0, 2]), from its velocity and acceleration over the step since
    /// `previousTime`; `nil` when both are zero.
    static func strokeNormal(_ tip: InkTipState, previousTime: Double) -> InkVec2? {
        let cosineHalfDegree = Float(0.99996192 as Double)  // a C++ double literal stored in a float
        let v = tip.velocity, a = tip.acceleration
        let vm = magnitude(v), am = magnitude(a)
        if vm == 0 && am == 0 { return nil }
        if vm == 0 { return InkVec2(-a.y, a.x) }
        if am == 0 { return InkVec2(-v.y, v.x) }
        if abs(dot(v, a)) > cosineHalfDegree * vm * am { return InkVec2(-v.y, v.x) }
        let ahead = v + a * Float(tip.time - previousTime)
        let direction = v / vm + ahead / magnitude(ahead)
        return InkVec2(-direction.y, direction.x)
    }
}
