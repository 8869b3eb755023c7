/// What produced a touch: UIKit's `UITouch.TouchType`, reduced to the three a drawing app
/// treats differently (Scribble draws with a stylus and erases with a finger).
public enum TouchKind: String, Sendable, Hashable, CaseIterable {
    /// A pen: Apple Pencil, a Wacom pen, a PointerEvent with `pointerType == "pen"`.
    case stylus
    /// A finger on a touch screen.
    case finger
    /// A mouse or trackpad pointer.
    case mouse
}

/// Which properties of a sample are estimates that a later update may refine, as in
/// `UITouch.estimatedProperties`. Stored as bits; most sources set none.
public struct EstimatedProperties: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8
    /// Creates a set from its bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The force is an estimate.
    public static let force = EstimatedProperties(rawValue: 1 << 0)
    /// The azimuth is an estimate.
    public static let azimuth = EstimatedProperties(rawValue: 1 << 1)
    /// The altitude is an estimate.
    public static let altitude = EstimatedProperties(rawValue: 1 << 2)
    /// The location is an estimate.
    public static let location = EstimatedProperties(rawValue: 1 << 3)
}

/// One pen or touch sample: what a single `UITouch` (main, coalesced or predicted) reports.
///
/// Units: `time` in seconds on the trace's clock, `location` in trace units, angles in
/// radians. Channels a source does not record keep their documented defaults, and the
/// trace's ``Trace/channels`` say which ones are real.
public struct TouchSample: Hashable, Sendable {
    /// Timestamp in seconds (the sample's own time, not its delivery time).
    public var time: Double
    /// Position in trace units.
    public var location: Point
    /// Normal force; 0 when unknown. 1.0 is an average touch on iOS.
    public var force: Double
    /// The largest force the device can report; 0 when unknown.
    public var maximumPossibleForce: Double
    /// Angle between the pen and the surface in radians: 0 flat, π/2 upright (the default).
    public var altitude: Double
    /// Direction the pen points in the surface plane, radians from +x; 0 when unknown.
    public var azimuth: Double
    /// Radius of the contact area in trace units (fingers); 0 when unknown.
    public var majorRadius: Double
    /// Stylus, finger or mouse.
    public var kind: TouchKind
    /// Which properties are estimates.
    public var estimated: EstimatedProperties

    /// Creates a sample; every channel but time and location has its "unknown" default.
    @inlinable
    public init(
        time: Double, location: Point, force: Double = 0, maximumPossibleForce: Double = 0,
        altitude: Double = Double.pi / 2, azimuth: Double = 0, majorRadius: Double = 0,
        kind: TouchKind = .stylus, estimated: EstimatedProperties = []
    ) {
        self.time = time
        self.location = location
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.altitude = altitude
        self.azimuth = azimuth
        self.majorRadius = majorRadius
        self.kind = kind
        self.estimated = estimated
    }

    /// Creates a sample at `(x, y)`.
    @inlinable
    public init(time: Double, x: Double, y: Double, force: Double = 0, kind: TouchKind = .stylus) {
        self.init(time: time, location: Point(x: x, y: y), force: force, kind: kind)
    }
}
