import CCairo
import StrokeCore

/// The moment a scene shows: a display frame of a replay (its event and delivery time).
public struct SceneFrame: Hashable, Sendable {
    /// Index of the event in the stroke.
    public var eventIndex: Int
    /// Delivery time of the event, in seconds.
    public var time: Double
    /// Creates a frame.
    public init(eventIndex: Int, time: Double) {
        self.eventIndex = eventIndex
        self.time = time
    }
}

/// What one panel shows: a stroke's ink as a pipeline displayed it at one frame (or
/// finished), with the input samples and the reference around it.
///
/// The ink is given, not computed: a renderer draws ink, it does not replay pipelines
/// (``StrokeSmoothing/StrokeReplay/ink(at:)`` answers what is on screen at a frame). At a
/// frame, only the samples delivered by then are drawn, and the reference up to the pen's
/// position at the frame's delivery time, so the gap to the tip shows the lag.
public struct StrokeScene: Hashable, Sendable {
    /// The input stroke (samples and reference).
    public var stroke: Stroke
    /// The ink shown (committed, provisional, predicted, outline).
    public var ink: Ink
    /// The frame shown; `nil` for the finished stroke.
    public var frame: SceneFrame?
    /// How the ink is drawn.
    public var rendering: InkRendering

    /// Creates a scene.
    public init(stroke: Stroke, ink: Ink, frame: SceneFrame? = nil, rendering: InkRendering = .line) {
        self.stroke = stroke
        self.ink = ink
        self.frame = frame
        self.rendering = rendering
    }

    /// Events delivered by the shown frame.
    public var deliveredEvents: ArraySlice<TouchEvent> {
        guard let f = frame, !stroke.events.isEmpty else { return stroke.events[...] }
        return stroke.events[...min(max(f.eventIndex, 0), stroke.events.count - 1)]
    }

    /// Box around everything the scene can draw (ink with its width in ink modes, samples,
    /// reference).
    public var bounds: Rect? {
        var box: Rect?
        if rendering == .line {
            box = nil
            for part in [ink.committed, ink.provisional, ink.predicted] {
                if let b = part.path.controlBounds { box = box.map { $0.union(b) } ?? b }
            }
        } else {
            box = ink.bounds
        }
        for polygon in ink.outline { for p in polygon where p.isFinite { box = box.including(p) } }
        for e in stroke.events { for s in e.samples { box = box.including(s.location) } }
        if let ref = stroke.reference { for p in ref.points { box = box.including(p.location) } }
        return box
    }

    /// Draws the scene into `cr` with `viewport`: reference, committed, provisional,
    /// predicted, then sample dots on top.
    func paint(in cr: OpaquePointer, viewport: Viewport, style: StrokeRasterStyle, overlays: RasterOverlays) {
        if overlays.contains(.reference), let ref = stroke.reference, ref.points.count >= 2 {
            var points = ref.points
            if let f = frame {
                points = points.filter { $0.time <= f.time }
                if f.time > ref.startTime && f.time < ref.endTime { points.append(TimedPoint(time: f.time, location: ref.position(at: f.time))) }
            }
            PathDrawing.strokePolyline(points.map(\.location), in: cr, viewport: viewport,
                                       width: style.referenceWidth, color: style.referenceColor)
        }
        switch rendering {
        case .line:
            let width = style.strokeWidth * viewport.scale
            PathDrawing.stroke(ink.committed.elements, in: cr, viewport: viewport, width: width, color: style.strokeColor)
            if overlays.contains(.provisional) {
                PathDrawing.stroke(ink.provisional.elements, from: ink.committed.currentPoint, in: cr, viewport: viewport,
                                   width: width, color: style.provisionalColor)
            }
            if overlays.contains(.predicted) {
                PathDrawing.stroke(ink.predicted.elements, in: cr, viewport: viewport, width: width, color: style.predictedColor,
                                   dash: [max(width * 1.5, 3), max(width * 1.5, 3)])
            }
        case .segments:
            InkDrawing.segments(ink.committed, in: cr, viewport: viewport, background: style.background)
            if overlays.contains(.provisional) {
                InkDrawing.segments(ink.provisional, in: cr, viewport: viewport, background: style.background)
            }
            if overlays.contains(.predicted) {
                InkDrawing.segments(ink.predicted, in: cr, viewport: viewport, background: style.background,
                                    tint: style.predictedColor)
            }
        case .outline:
            InkDrawing.outline(ink.committed, polygons: ink.outline, in: cr, viewport: viewport, background: style.background)
            if ink.outline.isEmpty, overlays.contains(.provisional) {
                InkDrawing.outline(ink.provisional, polygons: [], in: cr, viewport: viewport, background: style.background)
            }
            if overlays.contains(.predicted) {
                InkDrawing.outline(ink.predicted, polygons: [], in: cr, viewport: viewport, background: style.background,
                                   tint: style.predictedColor)
            }
        }
        if overlays.contains(.samples) {
            var mains: [Point] = [], others: [Point] = []
            for e in deliveredEvents {
                for s in e.samples.dropLast() { others.append(s.location) }
                mains.append(e.main.location)
            }
            if Self.areDistinct(others, viewport) {
                PathDrawing.dots(others, in: cr, viewport: viewport, radius: style.coalescedSampleRadius, color: style.coalescedSampleColor)
            }
            if Self.areDistinct(mains, viewport) {
                PathDrawing.dots(mains, in: cr, viewport: viewport, radius: style.mainSampleRadius, color: style.mainSampleColor)
            }
        }
        if overlays.contains(.pen), let pen = penPosition {
            PathDrawing.ring(pen, in: cr, viewport: viewport, radius: 5.5, width: 2, color: style.referenceColor)
        }
    }

    /// Where the pen is at the shown frame's time: the reference there, or `nil` without a
    /// frame or a reference.
    public var penPosition: Point? {
        guard let f = frame, let ref = stroke.reference, ref.points.count >= 2 else { return nil }
        return ref.position(at: min(max(f.time, ref.startTime), ref.endTime))
    }
}

extension StrokeScene {
    /// Whether `points` lie on average at least a device pixel apart, so that a dot per
    /// sample shows where the samples are. Denser samples (a stroke of 10⁵ samples drawn in a
    /// few hundred pixels) would only thicken the line with dots, at a cost per sample: their
    /// dots are left out (a magnified inset, where they are apart, still shows them). O(n).
    static func areDistinct(_ points: [Point], _ viewport: Viewport) -> Bool {
        guard points.count > 1 else { return true }
        var length = 0.0
        for i in 1..<points.count { length += points[i - 1].distance(to: points[i]) }
        return length * viewport.scale >= Double(points.count - 1)
    }
}

extension SceneFrame {
    /// The frame of `stroke`'s event `eventIndex` (clamped to its events).
    public init(_ stroke: Stroke, eventIndex: Int) {
        let i = stroke.events.isEmpty ? 0 : min(max(eventIndex, 0), stroke.events.count - 1)
        self.init(eventIndex: i, time: stroke.events.isEmpty ? 0 : stroke.events[i].time)
    }
}
