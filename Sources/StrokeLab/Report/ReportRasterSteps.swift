import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeRaster
import StrokeSmoothing

extension Builder {
    /// The pipelines the comparison rasters show: the seed presets the experiment ran (as
    /// labelled in the results), or its first four pipelines.
    var rasterPipelines: [ExperimentPipeline] {
        let seeds = experiment.pipelines.filter { PipelineSet.seedPresets.contains($0.description.label) }
        return seeds.isEmpty ? Array(experiment.pipelines.prefix(4)) : seeds
    }

    /// The pipelines with a predictor, and the one they extend (same interpolator, no
    /// predictor) when the experiment has it.
    var predictionPipelines: [ExperimentPipeline] {
        let predicting = experiment.pipelines.filter { !$0.description.stages(of: .predict).isEmpty }
        guard let first = predicting.first else { return [] }
        let baseCanonical = first.description.canonical.split(separator: "|").filter { !$0.hasPrefix("predict:") }.joined(separator: "|")
        let base = experiment.pipelines.filter { $0.description.canonical == baseCanonical }
        return Array((base + predicting).prefix(4))
    }

    /// A comparison grid of `stroke` through `pipelines`, panels titled with the result names.
    /// Each panel is replayed exactly as the metrics replayed it (the same
    /// ``PreparedStroke``: on recorded traces every pipeline is fed the stroke without its
    /// held-out samples, which the grid's dots still show), so the picture shows what was
    /// measured; the green line is the reference the metrics used — the analytic curve, or the
    /// held-out samples joined in order.
    func grid(_ stroke: Stroke, in trace: LoadedTrace, _ pipelines: [ExperimentPipeline], frame: Int? = nil,
              heading: String, inkAsMade: Bool = false) -> ComparisonGrid {
        let prepared = PreparedStroke(stroke: stroke, metadata: trace.trace.metadata, options: metricOptions)
        let held: String
        if case .holdOut(let k) = prepared.kind { held = " (hold-out: every \(k)th sample withheld)" } else { held = "" }
        let panels = pipelines.map { p -> ComparisonGrid.Panel in
            var replayer = p.description.resolved(for: trace.trace.metadata.physicalScale).makeReplayer()
            return ComparisonGrid.Panel(title: p.name + held,
                                        replay: replayer.replay(prepared.fed, options: prepared.replayOptions(for: p.description)),
                                        frameIndex: frame,
                                        rendering: inkAsMade ? InkRasters.automaticRendering(for: p.description) : .line)
        }
        var shown = stroke
        shown.reference = prepared.reference
        var g = ComparisonGrid(stroke: shown, panels: panels, frame: frame.map { SceneFrame(stroke, eventIndex: $0) },
                               columns: 2, panelWidth: 460, panelHeight: 460)
        g.heading = heading
        g.style.strokeWidth = StrokeRasterStyle.inkWidth(for: stroke)
        return g
    }

    /// The comparison rasters: the hardest synthetic strokes, a mid-stroke frame with
    /// predictions, and the longest stroke of each recorded dataset.
    mutating func makeRasters(log: (String) -> Void) throws(ExperimentError) {
        let seeds = rasterPipelines
        for (trace, stroke) in hardStrokes {
            let known = stroke.id == "circle-fast" && isSynthetic(trace)
                ? " A circle drawn in half a second gives 30 main samples per turn at 60 Hz: linear is a visible polygon, bezier4 does not close (its 1–2 leftover samples and the lift-off are dropped) and kinks at every third sample, midpoint-bezier is round but cuts inside and ends early, coalesced-only is round because it sees all 120 samples."
                : stroke.id == "cursive" && isSynthetic(trace) ? " Loops tighter than the sample spacing are where interpolators differ most." : ""
            try raster(grid(stroke, in: trace, seeds, heading: "\(trace.dataset) · \(trace.name) · \(stroke.id) · final frame"),
                       name: "compare-\(stroke.id)", title: "\(stroke.id) through the seed strategies (\(trace.dataset) · \(trace.name))",
                       caption: "One panel per pipeline, same stroke, same scale: the final committed path (black, round caps and joins), main samples (dots), coalesced samples (small dots) and \(referenceWords(stroke, in: trace)) (thin green line); each panel's inset magnifies the place where that panel's ink and the reference are farthest apart, and is left out where the ink covers the reference everywhere.\(known)")
        }

        // The peers' curve builders and outlines beside the best seed, on the same strokes.
        let curves = experiment.pipelines.filter { PipelineSet.curvePresets.contains($0.description.label) }
        if !curves.isEmpty {
            let beside = experiment.pipelines.filter { $0.description.label == "coalesced-only" }
            for (trace, stroke) in hardStrokes {
                try raster(grid(stroke, in: trace, beside + curves, heading: "\(trace.name) · \(stroke.id) · final frame", inkAsMade: true),
                           name: "compare-curves-\(stroke.id)", title: "\(stroke.id) through the peers' curve builders and outlines (\(trace.name))",
                           caption: "The same stroke through the curve builders and outline of the apps that followed the seeds, beside Scribble's coalesced-only, against \(referenceWords(stroke, in: trace)) (green): centripetal Catmull-Rom and quadratic midpoints through every coalesced sample, signature_pad's velocity-width Bézier over one pointer event per frame (its minimum-distance filter keeps one point in 5 units; the curve to the last kept point is never drawn), Schneider's curve fitting within 1 unit, and perfect-freehand's pressure outline (filled). Ink is drawn as each pipeline makes it: widths for signature_pad, the outline polygon for perfect-freehand.")
            }
        }

        let predictors = predictionPipelines
        if predictors.count > 1,
           let (trace, stroke) = stroke(dataset: "synthetic", trace: "stylus-240hz-realistic", id: "circle-fast") ?? hardStrokes.first
        {
            let frame = max(1, stroke.events.count / 2)
            try raster(grid(stroke, in: trace, predictors, frame: frame, heading: "\(trace.name) · \(stroke.id) · frame \(frame) of \(stroke.events.count)"),
                       name: "prediction-frame", title: "What is on screen mid-stroke, with and without prediction",
                       caption: "The display at event \(frame) of \(stroke.id) in \(trace.name)\(trace.name == "stylus-240hz-realistic" ? " (240 Hz pencil with jitter, noise and stalls)" : ""): committed path in black, provisional tail and predicted segments in blue as in Scribble's demo, \(referenceWords(stroke, in: trace)) in green up to the pen's position at that event. The predicted segment reaches toward where the pen is now; it is thrown away at the next event and at the end of the stroke. Each panel's inset frames its drawn tip together with the pen, so the gap between them — the lag — and the prediction are both in view.")
        }

        for d in datasets where !experiment.traces.contains(where: { $0.dataset == d && $0.trace.metadata.source.hasPrefix("synthetic") }) {
            guard let (trace, stroke) = longestStroke(dataset: d) else { continue }
            try raster(grid(stroke, in: trace, seeds, heading: "\(d) · \(trace.name) · \(stroke.id)"),
                       name: "real-\(d)", title: "Recorded handwriting through the seed strategies (\(d))",
                       caption: "The longest stroke of \(d) (\(trace.name), \(stroke.id), \(stroke.sampleCount) samples\(trace.trace.metadata.sampleRateHz.map { ", about \(Int($0.rounded())) Hz" } ?? "")) through each seed strategy, with its samples as dots (main samples orange, the other coalesced samples grey) and, as the thin green line, \(referenceWords(stroke, in: trace)): the reference all of them are measured against. Each panel is replayed as the metrics replayed it, without the held-out samples (the dots show every sample). \(trace.trace.metadata.resampled ? "HelpingHand strokes are resampled at equal arc length with a synthetic clock, so their events are regular by construction." : "Events are the samples grouped into 60 Hz display frames, as UIKit would deliver them.")")
        }
        log("  rasters: \(rasterCount)")
    }

    /// Whether a trace was made by the synthetic generator (it then has analytic references).
    func isSynthetic(_ trace: LoadedTrace) -> Bool { trace.trace.metadata.source.hasPrefix("synthetic") }

    /// The reference `stroke` is measured against, in words: what the green line of a raster is.
    func referenceWords(_ stroke: Stroke, in trace: LoadedTrace) -> String {
        switch PreparedStroke(stroke: stroke, metadata: trace.trace.metadata, options: metricOptions).kind {
        case .analytic: return "the analytic reference"
        case .recordedReference: return "the reference recorded with the trace"
        case .holdOut(let k): return "the hold-out reference (every \(k)th sample, withheld from every pipeline, joined in order)"
        case .denseSamples: return "the reference of every sample (the stroke is too short to hold samples out)"
        }
    }
}
