import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokePlot
import StrokeRaster
import StrokeSmoothing

extension Builder {
    /// Each pipeline's colour in every figure and raster of the report: the experiment's
    /// pipeline order over the palette.
    var pipelineColors: PipelineColors { PipelineColors(experiment.pipelines.map(\.name)) }

    /// Every gnuplot figure of the report, with the tables behind the measured ones.
    mutating func makeFigures(log: (String) -> Void) throws(ExperimentError) {
        let latency = metricOptions.displayLatencyFrames
        let step = metricOptions.resampleStep

        // The answer (answer.csv), then the Pareto fronts marking its recommendations and the
        // parameter sensitivity (ReportTuning.swift).
        try makeAnswer()
        try makeTuneFigures(log: log)

        // Smoothness vs latency, one figure per dataset with real timing, on its first input
        // kind (stylus before finger; summary_paired.csv is per dataset × kind).
        for d in datasets where isTimed(d) {
            guard let kind = pairedGroups.first(where: { $0.dataset == d })?.kind else { continue }
            // Each pipeline on the strokes every pipeline measured (summary_paired.csv), bending
            // as the geometric mean of its ratio.
            let points = experiment.pipelines.compactMap { p -> TradeOffPoint? in
                guard let lag = commonRow(dataset: d, kind: kind, pipeline: p.name, metric: "lag.mean_ms"),
                      let jag = commonRow(dataset: d, kind: kind, pipeline: p.name, metric: "jaggedness.bending_energy_log_ratio") else { return nil }
                return TradeOffPoint(pipeline: p.name, dataset: d, lagMilliseconds: Estimate(lag.mean, low: lag.ciLow, high: lag.ciHigh),
                                     jaggedness: Estimate(exp(jag.mean), low: exp(jag.ciLow), high: exp(jag.ciHigh)))
            }
            guard !points.isEmpty else { continue }
            try plot(ReportFigures.tradeOff(points, title: "Smoothness vs latency: \(d) (mean, 95% CI)", colors: pipelineColors,
                                            emphasised: emphasised(d, kind: kind)),
                     name: "trade-off-\(d)", title: "Smoothness vs latency on \(d)",
                     caption: "Each point is a pipeline, named beside it (pipelines drawn on the same spot share one name list): mean lag behind the pen (x, ms) against bending energy relative to the reference (y, geometric mean; 1 = as smooth as the truth) over the \(kind) strokes of \(d) every pipeline measured (\(strokeCount(d)) strokes in all; counts in summary_paired.csv), with 95% bootstrap intervals of the means resampling traces\(holdOutNote(d)). Lag follows the time model of docs/guides/time-model.md: what an event draws is visible \(number(latency)) frames after delivery, and the rendered tip is matched on the reference near the display time. Bending energy ∫κ²ds at scale Δs = \(number(step)) pt, converted to each trace's units (curves cut finely so smooth ink measures its own curvature; a drawn corner of angle φ adds φ²/Δs; docs/guides/metrics.md). Down and to the left is better. Bold names in full colour: the pipelines on the answer's front for \(d) · \(kind) and the seed presets; pale: the rest. Each pipeline has the same colour in every figure.")
        }

        // Fidelity per pipeline per dataset.
        let fidelity = summary.fidelityEntries(metric: "fidelity.mean")
        if !fidelity.isEmpty {
            try plot(ReportFigures.fidelity(fidelity, metricLabel: "mean distance to reference", unit: summary.unit(of: "fidelity.mean"),
                                            colors: pipelineColors),
                     name: "fidelity", title: "Fidelity per pipeline and dataset",
                     caption: "Symmetric mean closest-point distance between the rendered path (flattened at \(number(metricOptions.flatteningTolerance)) pt, resampled at \(number(step)) pt, converted to each trace's units) and the reference, in trace units, mean over strokes with 95% bootstrap intervals (resampling traces). References: \(referencesInWords()). Units: \(datasets.map { d in "\(d) \(unitWords(summary.rows.first { $0.dataset == d && $0.metric == "fidelity.mean" }?.unit ?? ""))" }.joined(separator: ", ")) — compare pipelines within a dataset.")
        }

        // Prediction error vs horizon, per dataset with predictors.
        for d in datasets where isTimed(d) {
            let curves = summary.predictionErrorCurves(datasets: [d])
            guard !curves.isEmpty else { continue }
            try plot(ReportFigures.predictionError(curves, title: "Prediction error vs horizon: \(d) (mean, 95% CI)",
                                                   unit: summary.unit(of: "prediction.error_mean@16ms"), colors: pipelineColors),
                     name: "prediction-\(d)", title: "Prediction error vs horizon on \(d)",
                     caption: "For every pipeline with a predict: stage, the distance between where the predictor puts the pen h ms after its newest sample and where the reference says the pen was at that time, for h in \(metricOptions.predictionHorizonsMs.map(number).joined(separator: ", ")) ms; mean over strokes with 95% bootstrap intervals. The predictor's own drawing horizon does not matter here: each is asked at every horizon.")
        }

        try makeLagOverTime(log: log)
        // The render-cost figure is drawn after its timing (ReportBuilder.build).
        try makeKinematics()
    }

    /// Lag at every display refresh of the hardest synthetic stroke, per pipeline.
    mutating func makeLagOverTime(log: (String) -> Void) throws(ExperimentError) {
        guard let (trace, stroke) = hardStrokes.first, !trace.trace.metadata.resampled else { return }
        var rows: [LagFramesTable.Row] = []
        var series: [LagSeries] = []
        let prepared = PreparedStroke(stroke: stroke, metadata: trace.trace.metadata, options: metricOptions)
        for p in experiment.pipelines {
            var replayer = p.description.resolved(for: trace.trace.metadata.physicalScale).makeReplayer()
            let replay = replayer.replay(prepared.fed, options: prepared.replayOptions(for: p.description))
            guard let lag = Lag(replay: replay, reference: prepared.reference, gaps: prepared.gaps,
                                refreshRateHz: trace.trace.metadata.refreshRateHz, options: prepared.options) else { continue }
            let t0 = stroke.startTime
            let times = lag.times.map { ($0 - t0) }
            series.append(LagSeries(pipeline: p.name, times: times, lagMilliseconds: lag.lagsMs))
            for (t, l) in zip(lag.times, lag.lagsMs) {
                rows.append(LagFramesTable.Row(dataset: trace.dataset, trace: trace.name, stroke: stroke.id, pipeline: p.name,
                                               time: t, lagMilliseconds: l))
            }
        }
        guard !series.isEmpty else { return }
        let shared = ReportFigures.coincidingGroups(series).filter { $0.names.count > 1 }
            .map { "identical lag: " + $0.names.joined(separator: ", ") }
        let sharedText = shared.isEmpty ? "" : " Lines shared by several pipelines — " + shared.joined(separator: "; ") + "."
        try writeTable(LagFramesTable(rows: rows).csvText, name: "lag_frames.csv")
        try plot(ReportFigures.lagOverTime(series, stroke: "\(trace.name) / \(stroke.id)", colors: pipelineColors), name: "lag-over-time",
                 title: "Lag over time: \(stroke.id) (\(trace.name))",
                 caption: "Lag behind the pen at every display refresh of one stroke (time since the stroke began), one line per pipeline (pipelines whose lag is identical at every frame share one line, named together in the legend). The smoothing interpolators hold samples back and their lag saws up and down as segments are committed; predictors take their horizon off and can overshoot (negative lag).\(sharedText) Data: lag_frames.csv.")
        log("  lag over time: \(series.count) pipelines")
    }

    /// The throughput the report shows: samples per second through each pipeline over the
    /// first dataset's strokes, measured with `strokelab bench`'s loop
    /// (``Benchmark/measureThroughput(traces:pipelines:settings:cellDone:)``) at the report's
    /// settings (``ReportOptions/throughputRuns`` states the method), on the calling thread.
    /// `nil` without traces.
    static func timeThroughput(_ experiment: Experiment.Report, runs: Int, minimumRunSeconds: Double) -> TimedThroughput? {
        guard let dataset = SummaryTable.ordered(experiment.traces.map(\.dataset)).first else { return nil }
        let traces = experiment.traces.filter { $0.dataset == dataset }
        let settings = Benchmark.Settings(runs: max(1, runs), warmupRuns: 2, minimumRunSeconds: minimumRunSeconds)
        return TimedThroughput(dataset: dataset, settings: settings,
                          measured: Benchmark.measureThroughput(traces: traces, pipelines: experiment.pipelines, settings: settings))
    }

    /// What ``timeThroughput(_:runs:minimumRunSeconds:)`` measured.
    struct TimedThroughput: Sendable {
        /// The dataset timed.
        var dataset: String
        /// How it was timed.
        var settings: Benchmark.Settings
        /// Per pipeline, its throughput.
        var measured: [Benchmark.ThroughputMeasurement]
    }

    /// The throughput figure and `throughput.csv`, from ``timeThroughput(_:runs:minimumRunSeconds:)``.
    mutating func makeThroughput(_ timed: TimedThroughput?, log: (String) -> Void) throws(ExperimentError) {
        guard let timed, !timed.measured.isEmpty else { return }
        let (dataset, settings, measured) = (timed.dataset, timed.settings, timed.measured)
        let entries = measured.map { m in
            let q = m.result.quartilesSamplesPerSecond
            return ThroughputEntry(pipeline: m.pipeline, samplesPerSecond: Estimate(m.result.medianSamplesPerSecond, low: q.lower, high: q.upper))
        }
        try writeTable(ResultsTable(rows: Benchmark.rows(throughput: measured, metrics: nil)).csvText, name: "throughput.csv")
        let strokes = measured[0].strokes
        try plot(ReportFigures.throughput(entries, title: "Throughput on \(dataset) (median, interquartile range)", colors: pipelineColors),
                 name: "throughput", title: "Throughput per pipeline",
                 caption: "Samples fed through each pipeline per second on one core (replay only: interpolator, predictor and frame bookkeeping; no metrics, no drawing). A sample is one the pipeline is fed: one per event for main-view pipelines, every coalesced sample for coalesced ones, so coalesced pipelines are fed about four times as many. Timed quickly with `strokelab bench`'s loop: median of \(settings.runs) timed runs after \(settings.warmupRuns) warm-up runs, bars spanning the interquartile range; each run replays all \(strokes) strokes of \(dataset) enough times to last at least \(number(settings.minimumRunSeconds * 1000)) ms (`strokelab bench` is the full-precision benchmark: 7 runs of at least 50 ms). This machine is shared, so read ratios, not absolute values. Data: throughput.csv.")
        log("  throughput: \(entries.count) pipelines")
    }

    /// The render-cost measurement's settings at the report's method
    /// (``ReportOptions/renderRepetitions`` states it).
    static func renderCostOptions(_ options: ReportOptions) -> RenderCostOptions {
        var renderOptions = RenderCostOptions()
        renderOptions.repetitions = max(1, options.renderRepetitions)
        renderOptions.frameStride = max(1, options.renderFrameStride)
        return renderOptions
    }

    /// Render cost per frame as a long drawing grows, per render strategy.
    /// Times the render strategies (``makeRenderCost(log:)`` draws them) at the report's method
    /// (``renderCostOptions(_:)``), on the calling thread.
    static func timeRenderCost(_ options: ReportOptions) throws(ExperimentError) -> [RenderCostResult] {
        do {
            return try RenderCostMeasurement.measure(InkRasters.renderCostReplays(RenderWorkload.spiral()),
                                                     options: renderCostOptions(options))
        } catch {
            throw ExperimentError("report: render cost: \(error.description)")
        }
    }

    mutating func makeRenderCost(log: (String) -> Void) throws(ExperimentError) {
        let workload = RenderWorkload.spiral()
        let renderOptions = Self.renderCostOptions(options)
        if renderCost == nil { renderCost = try Self.timeRenderCost(options) }
        guard let measured = renderCost else { return }
        let curves = measured.map(RenderCostCurve.init(measured:))
        try writeTable(RenderCostTable(curves: curves, strokeIndices: measured.map(\.strokeIndex),
                                       frameIndices: measured.map(\.frameIndex)).csvText, name: "render_cost.csv")
        var summaryLines: [String] = []
        for r in measured {
            summaryLines.append("\(r.strategy.label): \(String(format: "%.3f", r.medianCost(overFrames: 0..<0.1))) ms per frame over the first 10% of frames, \(String(format: "%.3f", r.medianCost(overFrames: 0.9..<1))) ms over the last 10%")
        }
        measuredNotes += summaryLines
        try plot(ReportFigures.renderCost(curves, title: "Render cost per frame: \(workload.summary), median of \(renderOptions.repetitions) runs"),
                 name: "render-cost", title: "Render cost per frame, by render strategy",
                 caption: "The CachedLIView lesson, measured with Cairo on a \(renderOptions.canvasWidth)×\(renderOptions.canvasHeight) canvas: \(workload.summary), replayed frame by frame. Full redraw (LinearInterpView) strokes the whole drawing every frame, so its cost grows with everything drawn; the cached bitmap (CachedLIView) draws finished strokes once into a bitmap and redraws only the current stroke, so it grows within a stroke and drops at each new one; incremental (Scribble) draws committed segments once and only the provisional part on top, so it stays flat. Median wall-clock time of \(renderOptions.repetitions) runs after a warm-up run\(renderOptions.frameStride > 1 ? ", one frame in \(renderOptions.frameStride) timed (frames 0, \(renderOptions.frameStride), \(2 * renderOptions.frameStride), …; full redraw and the cached bitmap draw only those frames: each repaints the screen from what is finished, so a frame costs the same whatever the stride)" : ""), band = interquartile range. Measured: " + summaryLines.joined(separator: "; ") + ". Data: render_cost.csv.")
        log("  render cost: \(measured.count) strategies")
    }

    /// Speed and curvature along a synthetic and a real stroke.
    mutating func makeKinematics() throws(ExperimentError) {
        if let (trace, stroke) = stroke(dataset: "synthetic", trace: "stylus-240hz-60fps", id: "cursive") ?? hardStrokes.last {
            let reference = stroke.reference.map { StrokeProfile(points: $0.points) }
            try plot(ReportFigures.speedAndCurvature(StrokeProfile(samplesOf: stroke), reference: reference, stroke: stroke.id,
                                                     unit: trace.trace.metadata.units.rawValue),
                     name: "kinematics-synthetic", title: "Speed and curvature along \(stroke.id) (\(trace.name))",
                     caption: "Pen speed and curvature against arc length, from the \(isSynthetic(trace) ? "generated" : "recorded") samples\(reference == nil ? "" : isSynthetic(trace) ? " and from the analytic reference" : " and from the reference recorded with the trace"). Handwriting slows down where it turns hardest (the speed minima sit on the curvature peaks), which is where few samples land per unit of curvature and interpolators have the least to work with.")
        }
        let realDatasets = datasets.filter { d in isTimed(d) && !experiment.traces.contains { $0.dataset == d && $0.trace.metadata.source.hasPrefix("synthetic") } }
        if let d = realDatasets.first, let (trace, stroke) = longestStroke(dataset: d) {
            try plot(ReportFigures.speedAndCurvature(StrokeProfile(samplesOf: stroke), reference: nil, stroke: stroke.id,
                                                     unit: trace.trace.metadata.units.rawValue),
                     name: "kinematics-real", title: "Speed and curvature along a recorded stroke (\(d): \(trace.name), \(stroke.id))",
                     caption: "The same profile for the longest recorded stroke of \(d), from its raw samples (finite differences, so tablet timestamp quantisation shows as speed noise; the curvature axis is clipped to the 2nd–98th percentile).")
        }
    }

    /// What the datasets are measured against, in words: the analytic curve (synthetic), the
    /// reference recorded with a trace, or the held-out samples — only the kinds present.
    func referencesInWords() -> String {
        var parts: [String] = []
        for d in datasets {
            let traces = experiment.traces.filter { $0.dataset == d }
            let words: String
            if traces.allSatisfy({ isSynthetic($0) }) { words = "the analytic curves" }
            else if traces.allSatisfy({ $0.trace.strokes.allSatisfy { $0.reference.map { !$0.isEmpty } ?? false } }) { words = "the references recorded with the traces" }
            else { words = "every \(metricOptions.holdOutStride)th sample, withheld from every pipeline (hold-out)" }
            parts.append("\(d) against \(words)")
        }
        return parts.joined(separator: "; ")
    }

    /// A result unit in words: "pt", "CSS px", "mm", or the unit as written.
    func unitWords(_ unit: String) -> String {
        unit == "px" ? "CSS px" : unit.isEmpty ? "trace units" : unit
    }

    /// The pipelines a figure of `dataset` × `kind` emphasises: those on the answer's front
    /// there, and the seed presets.
    func emphasised(_ dataset: String, kind: String) -> Set<String> {
        var out = Set(experiment.pipelines.filter { PipelineSet.seedPresets.contains($0.description.label) }.map(\.name))
        if let g = answer?.group(dataset, kind) { out.formUnion(g.front) }
        return out
    }

    func strokeCount(_ dataset: String) -> Int {
        experiment.traces.filter { $0.dataset == dataset }.reduce(0) { $0 + $1.trace.strokes.count }
    }
}

extension RenderCostCurve {
    /// The figure data of a render-cost measurement.
    init(measured r: RenderCostResult) {
        self.init(strategy: r.strategy.label, strokeLength: r.elementsOnCanvas.map(Double.init),
                  medianMilliseconds: r.medianMilliseconds, lowerMilliseconds: r.lowerQuartileMilliseconds,
                  upperMilliseconds: r.upperQuartileMilliseconds)
    }
}

/// A number in short text for captions: integers without a decimal point.
func number(_ v: Double) -> String { ParameterValue.number(v).description }
