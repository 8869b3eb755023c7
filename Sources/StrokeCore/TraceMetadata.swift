/// The unit of a trace's coordinates.
public enum LengthUnit: String, Sendable, Hashable, CaseIterable {
    /// iOS points (the default): UIKit's unit, the one an app's touch locations arrive in.
    /// Its physical length is ``millimetresPerPoint`` wherever StrokeLab converts physical
    /// lengths — not the typographic point (1/72 in) of PostScript, PDF or W3C InkML `pt`.
    case pt
    /// Device or CSS pixels.
    case px
    /// Millimetres.
    case mm

    /// iOS points per inch on the device StrokeLab models: 132.
    ///
    /// An iOS point has no fixed physical size — it is a fraction of the screen, 163 per inch
    /// on an iPhone or iPad mini, 132 per inch on the 11" and 12.9" iPad Pro (264 ppi at 2
    /// pixels per point). StrokeLab studies Apple Pencil strokes on an iPad Pro, so it fixes
    /// `pt` at 132 per inch: the synthetic traces are generated at this scale, the shared
    /// oracle vectors read their units as iOS points, and every importer converts a tablet's
    /// millimetres to points at this scale. One constant for all of them means a trace unit
    /// is the same physical length in every dataset, so the metrics' arc-length step
    /// (Δs = 0.5 pt ≈ 0.096 mm) and every distance in `pt` compare across datasets.
    public static let pointsPerInch: Double = 132

    /// Millimetres per iOS point at ``pointsPerInch``: 25.4 / 132 ≈ 0.192424 mm (a point is
    /// 0.546 typographic points; 1 mm ≈ 5.197 pt). What importers record as a `pt` trace's
    /// `millimetresPerUnit`.
    public static let millimetresPerPoint: Double = 25.4 / pointsPerInch

    /// CSS pixels per inch: 96. A CSS pixel is a reference length, 1/96 in ≈ 0.26458 mm, not a
    /// device pixel (CSS Values and Units, "absolute lengths"); browsers map it to about that
    /// size on every screen, so it is the stated length of StrokeLab's `px`.
    public static let cssPixelsPerInch: Double = 96

    /// The physical length StrokeLab gives one of this unit: `pt` ``millimetresPerPoint``
    /// (25.4/132 mm), `px` a CSS pixel (25.4/96 mm), `mm` 1. Stage parameters and metric
    /// options declared in a unit mean this length (``PhysicalScale``); a trace in this unit
    /// that records no scale of its own is read at it (``TraceMetadata/physicalScale``).
    public var millimetres: Double {
        switch self {
        case .pt: return Self.millimetresPerPoint
        case .px: return 25.4 / Self.cssPixelsPerInch
        case .mm: return 1
        }
    }
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

    /// The trace's physical scale: ``millimetresPerUnit`` when recorded (and within
    /// ``PhysicalScale/range``, which the readers enforce), else the stated length of its unit
    /// (``LengthUnit/millimetres``: a `px` trace's pixels are CSS pixels, a `pt` trace's points
    /// StrokeLab points), marked as assumed. What stage parameters and metric options in
    /// physical units are converted with.
    public var physicalScale: PhysicalScale {
        if let mm = millimetresPerUnit, PhysicalScale.range.contains(mm) {
            return PhysicalScale(millimetresPerUnit: mm, unit: units, recorded: true)
        }
        return PhysicalScale(millimetresPerUnit: units.millimetres, unit: units, recorded: false)
    }

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
