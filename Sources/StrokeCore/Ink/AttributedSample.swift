import RealModule

/// A sample as pipeline stages pass it: a ``TouchSample``'s position, time and every channel,
/// plus the pen's derived ``speed`` and ``direction`` of travel.
///
/// Filters emit attributed samples (possibly more or fewer than they receive), curve builders
/// attach one to every path element they commit (the attributes at the element's end), and
/// style stages read them to compute width, opacity and colour. Channels a trace does not
/// record keep ``TouchSample``'s "unknown" defaults (force 0, maximum force 0, altitude π/2,
/// azimuth 0, major radius 0), which the style stages treat exactly as the seeds treat a
/// device without them.
///
/// Units: time in seconds, location in trace units, angles in radians, speed in units per
/// second. A value type of fixed size; copying it never allocates.
public struct AttributedSample: Hashable, Sendable {
    /// Timestamp in seconds.
    public var time: Double
    /// Position in trace units.
    public var location: Point
    /// Normal force; 0 when unknown (1.0 is an average touch on iOS).
    public var force: Double
    /// The largest force the device can report; 0 when unknown.
    public var maximumPossibleForce: Double
    /// Angle between pen and surface: 0 flat, π/2 upright (the default).
    public var altitude: Double
    /// Direction the pen points in the surface plane, radians from +x.
    public var azimuth: Double
    /// Contact radius in trace units (fingers); 0 when unknown.
    public var majorRadius: Double
    /// Stylus, finger or mouse.
    public var kind: TouchKind
    /// Pen speed in units per second at this sample (derived; see ``SampleKinematics``).
    public var speed: Double
    /// Direction of travel as a unit vector (derived; see ``SampleKinematics``); (1, 0) before
    /// the pen has moved. Kept as a vector so attributing a sample needs no trigonometry;
    /// ``direction`` gives the angle.
    public var heading: Vector

    /// Creates a sample with every attribute given.
    @inlinable
    public init(time: Double, location: Point, force: Double = 0, maximumPossibleForce: Double = 0,
                altitude: Double = Double.pi / 2, azimuth: Double = 0, majorRadius: Double = 0,
                kind: TouchKind = .stylus, speed: Double = 0, heading: Vector = Vector(dx: 1, dy: 0)) {
        self.time = time
        self.location = location
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.altitude = altitude
        self.azimuth = azimuth
        self.majorRadius = majorRadius
        self.kind = kind
        self.speed = speed
        self.heading = heading
    }

    /// The touch sample's channels with the given derived speed and heading.
    @inlinable
    public init(_ touch: TouchSample, speed: Double = 0, heading: Vector = Vector(dx: 1, dy: 0)) {
        self.init(time: touch.time, location: touch.location, force: touch.force,
                  maximumPossibleForce: touch.maximumPossibleForce, altitude: touch.altitude,
                  azimuth: touch.azimuth, majorRadius: touch.majorRadius, kind: touch.kind,
                  speed: speed, heading: heading)
    }

    /// `sample` moved to `location`, with the given derived speed and heading: every other
    /// channel (time, force, tilt, radius, kind) as it was — what a filter that moves the pen
    /// emits (`StrokeSmoothing.OneEuroFilter`). Written field by field, so the result is
    /// built once, in place (a copy changed field by field moves the channels twice).
    @inlinable
    public init(_ sample: AttributedSample, location: Point, speed: Double, heading: Vector) {
        self.init(time: sample.time, location: location, force: sample.force,
                  maximumPossibleForce: sample.maximumPossibleForce, altitude: sample.altitude,
                  azimuth: sample.azimuth, majorRadius: sample.majorRadius, kind: sample.kind,
                  speed: speed, heading: heading)
    }

    /// Direction of travel in radians from +x, in (−π, π]: atan2 of ``heading``.
    @inlinable
    public var direction: Double { Double.atan2(y: heading.dy, x: heading.dx) }

    /// A sample at `(x, y)` with every other channel at its "unknown" default.
    @inlinable
    public init(time: Double, x: Double, y: Double, force: Double = 0, kind: TouchKind = .stylus) {
        self.init(time: time, location: Point(x: x, y: y), force: force, kind: kind)
    }

    /// The channels as a ``TouchSample`` (derived attributes dropped).
    @inlinable
    public var touch: TouchSample {
        TouchSample(time: time, location: location, force: force, maximumPossibleForce: maximumPossibleForce,
                    altitude: altitude, azimuth: azimuth, majorRadius: majorRadius, kind: kind)
    }

    /// Force normalised by the device's maximum: `force / maximumPossibleForce` when the maximum
    /// is known (> 0), else `nil`. ForceSketch's "pressure".
    @inlinable
    public var normalizedForce: Double? {
        maximumPossibleForce > 0 ? force / maximumPossibleForce : nil
    }

    /// The attributes a fraction `t` of the way from `self` to `other`: time, position, force,
    /// maximum force, altitude, major radius and speed interpolated linearly; azimuth along
    /// the shorter arc; the heading normalised from the linear blend (the earlier heading when
    /// they cancel); the kind of `self`. `t` = 0 gives `self` exactly and
    /// `t` = 1 gives `other`'s values. O(1).
    @inlinable
    public func interpolated(to other: AttributedSample, by t: Double) -> AttributedSample {
        if t == 0 { return self }
        if t == 1 { var o = other; o.kind = kind; return o }
        func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return AttributedSample(
            time: lerp(time, other.time), location: location.interpolated(to: other.location, by: t),
            force: lerp(force, other.force), maximumPossibleForce: lerp(maximumPossibleForce, other.maximumPossibleForce),
            altitude: lerp(altitude, other.altitude), azimuth: Self.angleLerp(azimuth, other.azimuth, t),
            majorRadius: lerp(majorRadius, other.majorRadius), kind: kind, speed: lerp(speed, other.speed),
            heading: Vector(dx: lerp(heading.dx, other.heading.dx), dy: lerp(heading.dy, other.heading.dy)).normalized ?? heading)
    }

    /// Interpolates angles along the shorter arc, result in (−π, π].
    @inlinable
    static func angleLerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
        var d = b - a
        if abs(d) > 3 * .pi { d = d.truncatingRemainder(dividingBy: 2 * .pi) }
        if d > .pi { d -= 2 * .pi } else if d <= -.pi { d += 2 * .pi }
        var r = a + d * t
        if r > .pi { r -= 2 * .pi } else if r <= -.pi { r += 2 * .pi }
        return r
    }
}
