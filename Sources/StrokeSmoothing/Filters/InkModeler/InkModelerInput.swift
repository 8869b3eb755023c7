import StrokeCore

/// One pen input to ``InkStrokeModeler``: ink-stroke-modeler's `Input`.
///
/// A stroke is one `down`, any number of `move`s and one `up`, with non-decreasing times.
/// Positions are rounded to float32 when modeled (ink's `Vec2`); pressure, tilt and
/// orientation are optional (`nil` = not reported, ink's −1) and, once an input of a stroke
/// lacks one, every later result of that stroke lacks it too (ink's rule).
public struct InkModelerInput: Hashable, Sendable {
    /// Where the input sits in its stroke (ink's `Input::EventType`).
    public enum EventType: String, Hashable, Sendable {
        /// The first input of a stroke (pen touches).
        case down
        /// An input in the middle of a stroke.
        case move
        /// The last input of a stroke (pen lifts): the modeler catches up to it.
        case up
    }

    /// Down, move or up.
    public var eventType: EventType
    /// Timestamp, seconds; finite, never before the previous input of the stroke.
    public var time: Double
    /// Position, trace units; finite (also as float32).
    public var position: Point
    /// Normalised pressure (ink expects 0…1), ≥ 0; `nil` when not reported.
    public var pressure: Double?
    /// Tilt, radians from the surface normal (0…π/2), ≥ 0; `nil` when not reported.
    public var tilt: Double?
    /// Orientation (azimuth), radians (0…2π), ≥ 0; interpolated the short way round;
    /// `nil` when not reported.
    public var orientation: Double?

    /// Creates an input.
    public init(eventType: EventType, time: Double, position: Point, pressure: Double? = nil,
                tilt: Double? = nil, orientation: Double? = nil) {
        self.eventType = eventType
        self.time = time
        self.position = position
        self.pressure = pressure
        self.tilt = tilt
        self.orientation = orientation
    }
}
