/// The unit of a trace's coordinates.
public enum LengthUnit: String, Sendable, Hashable, CaseIterable {
    /// iOS points (the default).
    case pt
    /// Device or CSS pixels.
    case px
    /// Millimetres.
    case mm
}

/// Where a trace came from and how to read its numbers.
public struct TraceMetadata: Hashable, Sendable {
    /// A free-form origin, e.g. `synthetic:circle` or `wacom-speed:ID0001/mondat-gyors`.
    public var source: String
    /// The recording device, when known.
    public var device: String?
    /// Unit of x, y and majorRadius.
    public var units: LengthUnit
    /// Device pixels per trace unit (2 for points on a Retina iPad), when known; rasters use it.
    public var pixelsPerUnit: Double?
    /// Nominal (or measured) sampling rate in Hz, when known.
    public var sampleRateHz: Double?
    /// Display refresh rate in Hz: events are delivered at this rate. Default 60.
    public var refreshRateHz: Double
    /// Millimetres per trace unit when the physical scale is known (1 for `mm` traces,
    /// about 0.005 for a 5080 lpi Wacom tablet); lets results also be given in millimetres.
    public var millimetresPerUnit: Double?
    /// True when the samples were resampled in space and their timestamps say nothing about
    /// the pen's speed (HelpingHand's `.cyn`). Timing metrics skip such traces.
    public var resampled: Bool

    /// Creates metadata; only the source is required.
    public init(source: String, device: String? = nil, units: LengthUnit = .pt, pixelsPerUnit: Double? = nil,
                sampleRateHz: Double? = nil, refreshRateHz: Double = 60, millimetresPerUnit: Double? = nil,
                resampled: Bool = false) {
        self.source = source
        self.device = device
        self.units = units
        self.pixelsPerUnit = pixelsPerUnit
        self.sampleRateHz = sampleRateHz
        self.refreshRateHz = refreshRateHz
        self.millimetresPerUnit = millimetresPerUnit ?? (units == .mm ? 1 : nil)
        self.resampled = resampled
    }
}

/// A recording: strokes in time order, with metadata and the file-level channel list.
public struct Trace: Hashable, Sendable {
    /// Origin, units, rates.
    public var metadata: TraceMetadata
    /// The channels the file's sample arrays carry by default (strokes may override).
    public var channels: [Channel]
    /// The strokes.
    public var strokes: [Stroke]

    /// Creates a trace.
    public init(metadata: TraceMetadata, channels: [Channel] = Channel.required, strokes: [Stroke]) {
        self.metadata = metadata
        self.channels = channels
        self.strokes = strokes
    }
}
