import StrokeCore

/// How strokes and overlays look in rasters.
///
/// Defaults follow the seed apps: a black stroke of width 2 trace units with round caps and
/// joins on white (Smooth Freehand's views), provisional and predicted parts in blue
/// (Scribble's demo draws predicted touches blue to make them visible).
public struct StrokeRasterStyle: Hashable, Sendable {
    /// Stroke width in trace units (scaled with the zoom, as on a device).
    public var strokeWidth: Double
    /// Committed path colour.
    public var strokeColor: RasterColor
    /// Provisional tail colour (drawn now, replaced at the next event).
    public var provisionalColor: RasterColor
    /// Predicted segments' colour; drawn dashed.
    public var predictedColor: RasterColor
    /// Reference curve colour.
    public var referenceColor: RasterColor
    /// Reference line width in device pixels (thin, independent of zoom).
    public var referenceWidth: Double
    /// Main samples' dot colour (what the main-only views receive).
    public var mainSampleColor: RasterColor
    /// Other coalesced samples' dot colour.
    public var coalescedSampleColor: RasterColor
    /// Main sample dot radius in device pixels.
    public var mainSampleRadius: Double
    /// Coalesced sample dot radius in device pixels.
    public var coalescedSampleRadius: Double
    /// Background.
    public var background: RasterColor

    /// The defaults described above.
    public init(strokeWidth: Double = 2, strokeColor: RasterColor = .black,
                provisionalColor: RasterColor = .scribbleBlue, predictedColor: RasterColor = .scribbleBlue.withAlpha(0.75),
                referenceColor: RasterColor = .reference, referenceWidth: Double = 1,
                mainSampleColor: RasterColor = .sample.withAlpha(0.9),
                coalescedSampleColor: RasterColor = .grey.withAlpha(0.8),
                mainSampleRadius: Double = 2.4, coalescedSampleRadius: Double = 1.3,
                background: RasterColor = .white) {
        self.strokeWidth = strokeWidth
        self.strokeColor = strokeColor
        self.provisionalColor = provisionalColor
        self.predictedColor = predictedColor
        self.referenceColor = referenceColor
        self.referenceWidth = referenceWidth
        self.mainSampleColor = mainSampleColor
        self.coalescedSampleColor = coalescedSampleColor
        self.mainSampleRadius = mainSampleRadius
        self.coalescedSampleRadius = coalescedSampleRadius
        self.background = background
    }
}

extension StrokeRasterStyle {
    /// An ink width in trace units for a stroke whose larger dimension is `extent`: about
    /// 1/150 of it, at most 2 (the seeds' line width) and at least 0.15, so a circle drawn on
    /// an iPad keeps the seeds' 2 pt line and a 5 mm handwritten letter is not drawn with a
    /// marker.
    public static func inkWidth(forExtent extent: Double) -> Double {
        guard extent.isFinite, extent > 0 else { return 2 }
        return min(2, max(0.15, extent / 150))
    }

    /// ``inkWidth(forExtent:)`` for the samples of `stroke`.
    public static func inkWidth(for stroke: Stroke) -> Double {
        guard let box = Rect(bounding: stroke.samples.map(\.location)) else { return 2 }
        return inkWidth(forExtent: max(box.width, box.height))
    }
}

/// Which overlays a raster draws on top of the stroke.
public struct RasterOverlays: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// Creates a set from option bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Input samples as dots: main samples larger (orange), other coalesced ones small (grey).
    public static let samples = RasterOverlays(rawValue: 1 << 0)
    /// The reference curve as a thin line under the stroke.
    public static let reference = RasterOverlays(rawValue: 1 << 1)
    /// The provisional tail at the shown frame (blue).
    public static let provisional = RasterOverlays(rawValue: 1 << 2)
    /// The predicted segments at the shown frame (blue, dashed).
    public static let predicted = RasterOverlays(rawValue: 1 << 3)
    /// Where the pen is at the shown frame: a ring on the reference at the frame's time, drawn
    /// over the ink (at a frame, on strokes with a reference).
    public static let pen = RasterOverlays(rawValue: 1 << 4)
    /// Everything.
    public static let all: RasterOverlays = [.samples, .reference, .provisional, .predicted, .pen]
}
