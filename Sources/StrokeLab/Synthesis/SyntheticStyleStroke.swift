import StrokeCore

/// One stroke of a synthetic *style* trace: a straight line drawn at constant speed by a pen
/// held one known way, so that what every style stage makes of it is analytic (issue 10
/// item 8).
///
/// The pen position is `start + (end − start)·t/duration`; the force, when given, rises
/// linearly from ``force``'s `start` to its `end` over the stroke (u = t/duration), so along
/// the line it is a linear function of the distance from `start`; altitude, azimuth and the
/// contact radius are constant. The stroke carries exactly the channels it sets: force and
/// max force when ``force`` is set, altitude and azimuth when ``altitude`` is set, the
/// contact radius when ``majorRadius`` is set. Everything else about sampling (rate, display,
/// noise) comes from the trace's ``SyntheticTraceSpec``.
public struct SyntheticStyleStroke: Hashable, Sendable {
    /// A force that changes linearly from `start` to `end` over a stroke (equal ends: constant).
    public struct ForceRamp: Hashable, Sendable {
        /// Force at the first sample (UIKit's scale: 1.0 an average touch).
        public var start: Double
        /// Force at the last sample.
        public var end: Double
        /// A ramp from `start` to `end`.
        public init(from start: Double, to end: Double) {
            self.start = start
            self.end = end
        }
        /// A constant force.
        public static func constant(_ force: Double) -> ForceRamp { ForceRamp(from: force, to: force) }
        /// The force at the fraction `u` ∈ [0, 1] of the stroke: `start + (end − start)·u`.
        public func force(at u: Double) -> Double { start + (end - start) * u }
    }

    /// The stroke's id in the trace (unique within it).
    public var id: String
    /// Where the pen goes down, in points.
    public var start: Point
    /// Where the pen lifts, in points.
    public var end: Point
    /// Seconds from touch-down to lift-off (the pen moves at constant speed).
    public var duration: Double
    /// Stylus or finger.
    public var kind: TouchKind
    /// The force law; `nil`: no force channels.
    public var force: ForceRamp?
    /// The device's `maximumPossibleForce` recorded with every sample when ``force`` is set
    /// (Apple Pencil 4.17, 3D Touch 6.67).
    public var maximumForce: Double
    /// Constant altitude in radians (π/2 upright); `nil`: no tilt channels.
    public var altitude: Double?
    /// Constant azimuth in radians from +x (y down), recorded with ``altitude``.
    public var azimuth: Double
    /// Constant contact radius in points; `nil`: no contact-radius channel.
    public var majorRadius: Double?

    /// Creates a style stroke.
    public init(id: String, from start: Point, to end: Point, duration: Double = 1, kind: TouchKind = .stylus,
                force: ForceRamp? = nil, maximumForce: Double = SyntheticTraceGenerator.pencilMaximumForce,
                altitude: Double? = nil, azimuth: Double = 0, majorRadius: Double? = nil) {
        self.id = id
        self.start = start
        self.end = end
        self.duration = duration
        self.kind = kind
        self.force = force
        self.maximumForce = maximumForce
        self.altitude = altitude
        self.azimuth = azimuth
        self.majorRadius = majorRadius
    }

    /// The pen position `t` seconds after touch-down (`t` clamped to [0, duration]).
    public func position(at t: Double) -> Point {
        let u = duration > 0 ? Swift.min(Swift.max(t / duration, 0), 1) : 0
        return start.interpolated(to: end, by: u)
    }

    /// The channels this stroke's samples carry, in ``Channel``'s order.
    public var channels: [Channel] {
        var c = Channel.required
        if force != nil { c += [.force, .maxForce] }
        if altitude != nil { c += [.altitude, .azimuth] }
        if majorRadius != nil { c += [.majorRadius] }
        return c
    }

    /// Problems with the stroke, one line each naming it; empty when valid.
    public var problems: [String] {
        var p: [String] = []
        func bad(_ text: String) { p.append("style stroke '\(id)': \(text)") }
        if id.isEmpty { p.append("a style stroke has an empty id") }
        // Strokes start 4 s apart (``SyntheticTraceGenerator``): longer ones would overlap.
        if !(duration > 0 && duration <= 3) { bad("duration \(duration) s is outside (0, 3]") }
        for q in [start, end] where !(q.isFinite && abs(q.x) <= 1e9 && abs(q.y) <= 1e9) {
            bad("point (\(q.x), \(q.y)) is not finite or beyond ±1e9")
        }
        if kind == .mouse { bad("kind must be stylus or finger") }
        if let force {
            // Bounded like the points, so the trace's six-decimal rounding stays finite.
            if !(force.start >= 0 && force.end >= 0 && force.start <= 1e6 && force.end <= 1e6) { bad("force must be in [0, 1e6]") }
            if !(maximumForce > 0 && maximumForce <= 1e6) { bad("maximum force must be in (0, 1e6]") }
        }
        if let altitude, !(altitude >= 0 && altitude <= Double.pi / 2) { bad("altitude \(altitude) rad is outside [0, π/2]") }
        if !(abs(azimuth) <= 1e6) { bad("azimuth must be within ±1e6 rad") }
        if let majorRadius, !(majorRadius >= 0 && majorRadius <= 1e9) { bad("contact radius must be in [0, 1e9]") }
        return p
    }
}
