import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeRaster
import StrokeSmoothing

/// The picture on each verdict card: the real moment where the recommended pipeline and the
/// seed default (or, when the default is the pick, the runner-up) differ most, side by side —
/// the pen's path so far, each one's committed ink, provisional tail and prediction — cropped
/// to where they differ. A reader believes a picture before a table.
extension Builder {
    /// Where two pipelines' displays differ most within a group of strokes.
    struct DifferingMoment {
        /// The trace and the stroke.
        var trace: LoadedTrace
        var stroke: Stroke
        /// The event (display frame) shown.
        var event: Int
        /// When that frame is on screen (delivery plus the display latency), seconds.
        var displayTime: Double
        /// How far each pipeline's drawn tip is from the pen then, trace units (a, b).
        var distances: (Double, Double)
    }

    /// Strokes of a group looked at for its picture, at most (in trace and stroke order).
    static let pictureStrokeLimit = 400

    /// Draws `verdict-<group>` for every verdict with a pick and a pipeline to set it against.
    mutating func makeVerdictPictures(log: (String) -> Void) throws(ExperimentError) {
        for v in verdicts ?? [] {
            guard let pick = v.group.recommendation?.pipeline else { continue }
            let otherName = v.baseline != nil && v.baseline != pick ? v.baseline : v.runnerUp
            guard let otherName, otherName != pick,
                  let a = experiment.pipelines.first(where: { $0.name == otherName }),
                  let b = experiment.pipelines.first(where: { $0.name == pick }),
                  let moment = differingMoment(dataset: v.group.dataset, kind: v.group.kind, a, b) else { continue }
            let role = otherName == v.baseline ? "the seed default" : "the runner-up"
            let prepared = PreparedStroke(stroke: moment.stroke, metadata: moment.trace.trace.metadata, options: metricOptions)
            var shown = moment.stroke
            shown.reference = prepared.reference
            let frame = SceneFrame(eventIndex: moment.event, time: moment.displayTime)
            var replays: [StrokeReplay] = []
            for p in [a, b] {
                var replayer = p.description.makeReplayer()
                replays.append(replayer.replay(prepared.fed, options: prepared.replayOptions(for: p.description)))
            }
            let panels = [ComparisonGrid.Panel(title: "\(a.name) — \(role)", replay: replays[0], frameIndex: moment.event),
                          ComparisonGrid.Panel(title: "\(b.name) — recommended", replay: replays[1], frameIndex: moment.event)]
            var grid = ComparisonGrid(stroke: shown, panels: panels, frame: frame, columns: 2, panelWidth: 300, panelHeight: 300,
                                      inset: nil)
            grid.style.strokeWidth = StrokeRasterStyle.inkWidth(for: moment.stroke)
            grid.crop = cropRegion(moment, replays: replays, reference: prepared.reference)
            grid.fitsPanelHeightToStroke = false
            let unit = moment.trace.trace.metadata.units.rawValue
            let t = moment.displayTime - moment.stroke.startTime
            func d(_ x: Double) -> String { String(format: "%.1f", x) }
            try raster(grid, name: "verdict-\(v.label)", title: "\(b.name) against \(a.name) where they differ most",
                       caption: "\(moment.stroke.id) of \(moment.trace.name) as the screen shows it \(String(format: "%.2f", t)) s into the stroke (event \(moment.event) of \(moment.stroke.events.count), plus \(number(metricOptions.displayLatencyFrames)) frames of display latency): of the \(v.group.evidence.strokes) strokes, the one where the two differ most consistently in how far their ink ends from the pen, at a typical moment of it (the 75th percentile of that difference) — \(d(moment.distances.0)) \(unit) for \(a.name), \(d(moment.distances.1)) \(unit) for \(b.name). Black: ink committed so far; blue: the provisional tail and, dashed, the prediction; green: \(referenceWords(moment.stroke, in: moment.trace)) up to that moment, the ring where the pen is; dots: samples delivered so far. Both panels share one zoom, cropped to where they differ.")
        }
    }

    /// The moment of the group's strokes (up to ``pictureStrokeLimit``) that shows how `a`
    /// and `b` differ: how far each one's drawn tip is from the pen when a frame is on screen
    /// (delivery plus the display latency, the time model of the lag metric). The stroke is
    /// the one where they differ most consistently — the largest median of that difference
    /// over its frames (strokes of at least 10 events) — and within it the frame at the 75th
    /// percentile of the difference in that direction: a typical moment of a telling stroke,
    /// not a one-frame outlier (a prediction extrapolated from two samples can shoot a whole
    /// page away). Frames where either tip is farther from the pen than the stroke is long are
    /// left out for the same reason. Each stroke is replayed as the metrics replay it (hold-out
    /// samples withheld and used as the pen's path when it has no reference).
    /// O(strokes · events · log events).
    func differingMoment(dataset: String, kind: String, _ a: ExperimentPipeline, _ b: ExperimentPipeline) -> DifferingMoment? {
        var best: (moment: DifferingMoment, score: Double)? = nil
        var seen = 0
        var replayA = a.description.makeReplayer(), replayB = b.description.makeReplayer()
        for t in experiment.traces where t.dataset == dataset {
            let latency = metricOptions.displayLatencyFrames / t.trace.metadata.refreshRateHz
            for s in t.trace.strokes where s.kind.rawValue == kind && s.events.count >= 10 {
                guard seen < Self.pictureStrokeLimit else { return best?.moment }
                seen += 1
                let fed: Stroke, pen: ReferenceCurve
                if let own = s.reference, !own.isEmpty { fed = s; pen = own } else {
                    let split = HoldOut.split(s, stride: metricOptions.holdOutStride)
                    fed = split.fed; pen = split.reference
                }
                guard pen.points.count >= 2 else { continue }
                let extent = Polyline(points: s.samples.map(\.location)).length
                let ra = replayA.replay(fed, options: ReplayOptions()), rb = replayB.replay(fed, options: ReplayOptions())
                var frames: [DifferingMoment] = []
                for k in 0..<(min(ra.frames.count, rb.frames.count) - 1) {
                    guard let ta = ra.frames[k].tip, let tb = rb.frames[k].tip else { continue }
                    let time = ra.frames[k].time + latency
                    guard time <= pen.endTime else { continue }
                    let p = pen.position(at: max(time, pen.startTime))
                    let da = ta.distance(to: p), db = tb.distance(to: p)
                    guard da.isFinite, db.isFinite, da <= extent, db <= extent else { continue }
                    frames.append(DifferingMoment(trace: t, stroke: s, event: ra.frames[k].eventIndex, displayTime: time, distances: (da, db)))
                }
                guard frames.count >= 5 else { continue }
                let differences = frames.map { $0.distances.0 - $0.distances.1 }.sorted()
                let median = differences[differences.count / 2]
                guard abs(median) > (best?.score ?? 0) else { continue }
                // The frame at the 75th percentile of the difference in the median's direction.
                let sameWay = frames.filter { ($0.distances.0 - $0.distances.1) * median > 0 }
                    .sorted { abs($0.distances.0 - $0.distances.1) < abs($1.distances.0 - $1.distances.1) }
                guard !sameWay.isEmpty else { continue }
                best = (sameWay[min(sameWay.count - 1, sameWay.count * 3 / 4)], abs(median))
            }
        }
        return best?.moment
    }

    /// The region both panels show: the two tips, the pen at that moment and the samples of
    /// the 150 ms before it (the ink that leads there), with a margin — at least a quarter of
    /// the stroke's size and never more than the whole stroke.
    func cropRegion(_ m: DifferingMoment, replays: [StrokeReplay], reference: ReferenceCurve) -> Rect? {
        var box: Rect? = nil
        for r in replays {
            let f = r.frames[min(max(0, m.event), r.frames.count - 1)]
            if let tip = f.tip { box = box.including(tip) }
        }
        if reference.points.count >= 2 { box = box.including(reference.position(at: min(m.displayTime, reference.endTime))) }
        for s in m.stroke.samples where s.time <= m.displayTime && s.time >= m.displayTime - 0.15 { box = box.including(s.location) }
        guard let b = box else { return nil }
        var stroke: Rect? = nil
        for s in m.stroke.samples { stroke = stroke.including(s.location) }
        let whole = stroke.map { max($0.width, $0.height) } ?? max(b.width, b.height)
        let side = min(max(1.3 * max(b.width, b.height), whole / 4, 10 * StrokeRasterStyle.inkWidth(for: m.stroke)), max(whole, 1))
        let c = b.center
        return Rect(Point(x: c.x - side / 2, y: c.y - side / 2), Point(x: c.x + side / 2, y: c.y + side / 2))
    }
}
