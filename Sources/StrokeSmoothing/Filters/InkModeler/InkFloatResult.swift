import StrokeCore

/// A modeled or raw stylus state in ink's own precision: ink-stroke-modeler's `Result`
/// (float32 vectors and stylus values, float64 time; a negative stylus value means "unknown").
/// The stylus-state modeler stores raw inputs in this form and the modeler builds its
/// outputs in it before widening them to ``InkModeledResult``.
struct InkFloatResult: Hashable, Sendable {
    var position = InkVec2.zero
    var velocity = InkVec2.zero
    var acceleration = InkVec2.zero
    var time: Double = 0
    var pressure: Float = -1
    var tilt: Float = -1
    var orientation: Float = -1

    /// ink's `InterpResult`: every field linearly from `start` to `end` at `t` (clamped to
    /// [0, 1]); orientation the short way round; a stylus field unknown in either end is
    /// unknown (−1) in the result.
    @inline(__always)
    static func interpolate(_ start: InkFloatResult, _ end: InkFloatResult, _ t: Float) -> InkFloatResult {
        InkFloatResult(
            position: InkMath.interp(start.position, end.position, t),
            velocity: InkMath.interp(start.velocity, end.velocity, t),
            acceleration: InkMath.interp(start.acceleration, end.acceleration, t),
            time: InkMath.interp(start.time, end.time, t),
            pressure: start.pressure < 0 || end.pressure < 0 ? -1 : InkMath.interp(start.pressure, end.pressure, t),
            tilt: start.tilt < 0 || end.tilt < 0 ? -1 : InkMath.interp(start.tilt, end.tilt, t),
            orientation: start.orientation < 0 || end.orientation < 0
                ? -1 : InkMath.interpAngle(start.orientation, end.orientation, t))
    }

    /// The public form: exact widening to `Double`; unknown (negative) stylus values → `nil`.
    @inline(__always)
    var modeledResult: InkModeledResult {
        InkModeledResult(
            time: time,
            position: Point(x: Double(position.x), y: Double(position.y)),
            velocity: Vector(dx: Double(velocity.x), dy: Double(velocity.y)),
            acceleration: Vector(dx: Double(acceleration.x), dy: Double(acceleration.y)),
            pressure: pressure >= 0 ? Double(pressure) : nil,
            tilt: tilt >= 0 ? Double(tilt) : nil,
            orientation: orientation >= 0 ? Double(orientation) : nil)
    }
}
