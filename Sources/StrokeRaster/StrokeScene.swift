import CCairo
import StrokeCore
import StrokeSmoothing

/// What one panel shows: a stroke as a pipeline displayed it at one frame (or finished).
///
/// At a frame, the committed prefix of the replay's path is drawn in the stroke colour, the
/// provisional tail and predicted segments on top in blue (``StrokeReplay/displayedPath(at:)``
/// split into its parts), only the samples delivered by then, and the reference up to the
/// pen's position at the frame's delivery time. Without a frame, the final
/// committed path and every sample are drawn.
public struct StrokeScene: Hashable, Sendable {
    /// The input stroke (samples and reference).
    public var stroke: Stroke
    /// The pipeline's replay of it; `nil` draws only samples and reference.
    public var replay: StrokeReplay?
    /// Index into `replay.frames` (one frame per event); `nil` for the finished stroke.
    /// Out-of-range indices are clamped.
    public var frameIndex: Int?

    /// Creates a scene.
    public init(stroke: Stroke, replay: StrokeReplay?, frameIndex: Int? = nil) {
        self.stroke = stroke
        self.replay = replay
        self.frameIndex = frameIndex
    }

    /// The frame shown, if any.
    public var frame: ReplayFrame? {
        guard let replay, let i = frameIndex, !replay.frames.isEmpty else { return nil }
        return replay.frames[min(max(i, 0), replay.frames.count - 1)]
    }

    /// Committed elements shown.
    public var committed: ArraySlice<PathElement> {
        guard let replay else { return [] }
        if let f = frame { return replay.path.elements[..<min(f.committedCount, replay.path.elements.count)] }
        return replay.path.elements[...]
    }

    /// Provisional elements shown.
    public var provisional: ArraySlice<PathElement> {
        guard let replay, let f = frame else { return [] }
        return replay.provisional[f.provisional]
    }

    /// Predicted points shown, as a polyline starting at the end of committed + provisional.
    public var predicted: [Point] {
        guard let replay, let f = frame, !f.predicted.isEmpty else { return [] }
        let start = provisional.last?.endPoint ?? committed.last?.endPoint
        return (start.map { [$0] } ?? []) + replay.predicted[f.predicted].map(\.location)
    }

    /// Events delivered by the shown frame.
    public var deliveredEvents: ArraySlice<TouchEvent> {
        guard let f = frame else { return stroke.events[...] }
        return stroke.events[...min(f.eventIndex, stroke.events.count - 1)]
    }

    /// Box around everything the scene can draw (path control points, samples, reference).
    public var bounds: Rect? {
        var box: Rect? = nil
        if let r = replay {
            for e in r.path.elements + r.provisional {
                box = box.including(e.endPoint)
                switch e {
                case .quadCurve(_, let c): box = box.including(c)
                case .curve(_, let c1, let c2): box = box.including(c1).including(c2)
                default: break
                }
            }
            for s in r.predicted { box = box.including(s.location) }
        }
        for e in stroke.events { for s in e.samples { box = box.including(s.location) } }
        if let ref = stroke.reference { for p in ref.points { box = box.including(p.location) } }
        return box
    }

    /// Draws the scene into `cr` with `viewport`: reference, committed, provisional,
    /// predicted, then sample dots on top.
    func paint(in cr: OpaquePointer, viewport: Viewport, style: StrokeRasterStyle, overlays: RasterOverlays) {
        if overlays.contains(.reference), let ref = stroke.reference, ref.points.count >= 2 {
            // At a frame, the reference stops where the pen is at that frame's delivery
            // time, so the gap to the drawn tip shows the lag.
            var points = ref.points
            if let f = frame {
                points = points.filter { $0.time <= f.time }
                if f.time > ref.startTime && f.time < ref.endTime { points.append(TimedPoint(time: f.time, location: ref.position(at: f.time))) }
            }
            PathDrawing.strokePolyline(points.map(\.location), in: cr, viewport: viewport,
                                       width: style.referenceWidth, color: style.referenceColor)
        }
        let width = style.strokeWidth * viewport.scale
        let committed = self.committed
        PathDrawing.stroke(committed, in: cr, viewport: viewport, width: width, color: style.strokeColor)
        let provisional = self.provisional
        if overlays.contains(.provisional) {
            PathDrawing.stroke(provisional, from: committed.last?.endPoint, in: cr, viewport: viewport,
                               width: width, color: style.provisionalColor)
        }
        if overlays.contains(.predicted) {
            let p = predicted
            if p.count >= 2 {
                var elements: [PathElement] = [.move(to: p[0])]
                elements += p.dropFirst().map { .line(to: $0) }
                PathDrawing.stroke(elements, in: cr, viewport: viewport, width: width, color: style.predictedColor,
                                   dash: [max(width * 1.5, 3), max(width * 1.5, 3)])
            }
        }
        if overlays.contains(.samples) {
            var mains: [Point] = [], others: [Point] = []
            for e in deliveredEvents {
                for s in e.samples.dropLast() { others.append(s.location) }
                mains.append(e.main.location)
            }
            PathDrawing.dots(others, in: cr, viewport: viewport, radius: style.coalescedSampleRadius, color: style.coalescedSampleColor)
            PathDrawing.dots(mains, in: cr, viewport: viewport, radius: style.mainSampleRadius, color: style.mainSampleColor)
        }
    }
}
