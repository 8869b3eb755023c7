import StrokeCore

/// One modeled point of ``InkStrokeModeler``: ink-stroke-modeler's `Result`.
///
/// Position, velocity and acceleration are the spring-mass tip's (float32 values, widened
/// exactly to `Double`); pressure, tilt and orientation are interpolated from the raw inputs
/// at the point's projection onto their polyline (`nil` when the stroke's inputs did not all
/// report them).
public struct InkModeledResult: Hashable, Sendable {
    /// Time, seconds.
    public var time: Double
    /// Position, trace units.
    public var position: Point
    /// Velocity, units/s.
    public var velocity: Vector
    /// Acceleration, units/s².
    public var acceleration: Vector
    /// Pressure (the inputs' scale), or `nil`.
    public var pressure: Double?
    /// Tilt, radians, or `nil`.
    public var tilt: Double?
    /// Orientation, radians in [0, 2π], or `nil`.
    public var orientation: Double?

    /// Creates a result.
    public init(time: Double, position: Point, velocity: Vector = .zero, acceleration: Vector = .zero,
                pressure: Double? = nil, tilt: Double? = nil, orientation: Double? = nil) {
        self.time = time
        self.position = position
        self.velocity = velocity
        self.acceleration = acceleration
        self.pressure = pressure
        self.tilt = tilt
        self.orientation = orientation
    }
}
