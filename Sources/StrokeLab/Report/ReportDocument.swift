import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

extension Builder {
    /// Headline metrics of the summary tables: id, column title, decimals.
    static let headline: [(metric: String, title: String, decimals: Int)] = [
        ("fidelity.mean", "fidelity mean", 3), ("fidelity.hausdorff", "Hausdorff", 2),
        ("jaggedness.bending_energy_ratio", "bending ratio", 2), ("jaggedness.kinks", "kinks", 1),
        ("lag.mean_ms", "lag ms", 1), ("lag.p95_ms", "lag p95 ms", 1), ("lag.overshoot_rate", "overshoot", 2),
        ("prediction.error_mean@16ms", "pred. error @16ms", 2), ("smoothness.sparc", "SPARC", 2),
    ]

    /// "mean [low, high]" with `decimals` decimals, and "(n=…)" when the metric has a value
    /// on fewer than `strokes` strokes.
    static func estimateText(_ r: SummaryRow, decimals: Int, strokes: Int) -> String {
        func f(_ v: Double) -> String { v.isFinite ? String(format: "%.\(decimals)f", v) : "—" }
        let text = r.ciLow.isFinite && r.ciHigh.isFinite && r.n > 1 ? "\(f(r.mean)) [\(f(r.ciLow)), \(f(r.ciHigh))]" : f(r.mean)
        return r.n < strokes ? text + " (n=\(r.n))" : text
    }

    /// The summary table of one dataset: a row per pipeline, a column per headline metric.
    func summaryTable(_ dataset: String) -> HTMLReport.Table {
        let present = Self.headline.filter { h in summary.rows.contains { $0.dataset == dataset && $0.metric == h.metric } }
        let rows = experiment.pipelines.map { p in
            [p.name] + present.map { h in
                summary.row(dataset: dataset, pipeline: p.name, metric: h.metric)
                    .map { Self.estimateText($0, decimals: h.decimals, strokes: strokeCount(dataset)) } ?? "—"
            }
        }
        let units = present.map { h in summary.unit(of: h.metric) }
        return HTMLReport.Table(
            header: ["pipeline"] + zip(present, units).map { h, u in u.isEmpty || u == "ratio" || u == "count" || u == "ms" ? h.title : "\(h.title) (\(u))" },
            rows: rows,
            caption: "\(dataset): \(strokeCount(dataset)) strokes; mean over the strokes where the metric has a value [95% bootstrap CI of the mean], with n when that is fewer than all\(holdOutNote(dataset))")
    }

    /// A caption sentence naming the pipelines measured by hold-out on `dataset`, or "".
    func holdOutNote(_ dataset: String) -> String {
        let held = experiment.pipelines.filter { p in
            experiment.references["\(dataset) × \(p.name)"]?.contains { $0.hasPrefix("hold-out") } ?? false
        }
        guard !held.isEmpty else { return "" }
        return ". Hold-out: \(held.map(\.name).joined(separator: ", ")) see every sample, so on these recorded traces they were fed every \(metricOptions.holdOutStride)th sample and measured against all of them; they are compared at a quarter of the sampling rate"
    }

    /// One sentence per timed dataset ranking the pipelines by lag, from the measurements.
    func lagFindings() -> [String] {
        datasets.filter(isTimed).compactMap { d -> String? in
            let rows = experiment.pipelines.compactMap { p -> (String, Double, Double?)? in
                guard let lag = summary.row(dataset: d, pipeline: p.name, metric: "lag.mean_ms") else { return nil }
                return (p.name, lag.mean, summary.row(dataset: d, pipeline: p.name, metric: "jaggedness.bending_energy_ratio")?.mean)
            }.sorted { $0.1 < $1.1 }
            guard !rows.isEmpty else { return nil }
            let parts = rows.map { r in "\(r.0) \(String(format: "%.1f", r.1)) ms" + (r.2.map { String(format: " (bending ×%.2f)", $0) } ?? "") }
            return "\(d): " + parts.joined(separator: ", ") + "."
        }
    }

    /// The report document.
    func document(elapsed: Double) -> HTMLReport {
        var sections: [HTMLReport.Section] = []
        func fig(_ name: String) -> HTMLReport.Block? { figures[name].map { .figure($0) } }

        // What was run.
        var intro: [HTMLReport.Block] = [
            .paragraph("StrokeLab replayed every stroke of the datasets below through each pipeline exactly as UIKit would deliver it (one event per display frame, with coalesced and predicted samples), and measured what each pipeline drew against the pen's true path: fidelity, jaggedness, kinematic smoothness, lag behind the pen and prediction error. This page was written by `strokelab report` from the spec \(options.specPath); every number on it comes from the CSV tables beside it."),
        ]
        intro.append(.table(HTMLReport.Table(
            header: ["dataset", "traces", "strokes", "samples", "timing"],
            rows: datasets.map { d in
                let traces = experiment.traces.filter { $0.dataset == d }
                let samples = traces.reduce(0) { $0 + $1.trace.strokes.reduce(0) { $0 + $1.sampleCount } }
                return [d, String(traces.count), String(strokeCount(d)), String(samples),
                        isTimed(d) ? "recorded timestamps" : "resampled: timing metrics skipped"]
            }, caption: "Datasets")))
        intro.append(.table(HTMLReport.Table(
            header: ["name in results", "canonical pipeline"],
            rows: experiment.pipelines.map { [$0.name, $0.description.canonical] }, caption: "Pipelines")))
        intro.append(.paragraph("Metric options: resampling step Δs = \(number(metricOptions.resampleStep)) units, flattening tolerance \(number(metricOptions.flatteningTolerance)) units, display latency \(number(metricOptions.displayLatencyFrames)) frames, kink threshold \(number(metricOptions.kinkThresholdDegrees))° within \(number(metricOptions.kinkWindow)) units, prediction horizons \(metricOptions.predictionHorizonsMs.map(number).joined(separator: ", ")) ms, hold-out stride \(metricOptions.holdOutStride). The run took \(String(format: "%.1f", experiment.elapsedSeconds)) s; the whole report \(String(format: "%.0f", elapsed)) s."))
        if !experiment.notes.isEmpty { intro.append(.list(experiment.notes)) }
        sections.append(HTMLReport.Section(title: "What was run", blocks: intro))

        // Summary tables.
        var summaryBlocks: [HTMLReport.Block] = [
            .paragraph("Lower is better for every column except SPARC (closer to 0 is smoother). Bending ratio is the rendered path's bending energy over the reference's (1 = as smooth as the truth; omitted where the reference hardly bends). Lag is in milliseconds behind the pen at each display refresh; overshoot is the fraction of refreshes where the ink is ahead of the pen. Full tables: summary.csv (every metric) and results.csv (every stroke)."),
        ] + datasets.map { .table(summaryTable($0)) }
        if !experiment.omissions.isEmpty {
            summaryBlocks.append(.paragraph("Where a metric has no value on a stroke, and why (a tap draws nothing under the seeds' published behaviour, so it has no fidelity; a stroke shorter than the display latency has no lag; a straight reference gives no bending ratio):"))
            summaryBlocks.append(.list(experiment.omissions))
        }
        sections.append(HTMLReport.Section(title: "Summary", blocks: summaryBlocks))

        // Smoothness vs latency.
        var tradeOff: [HTMLReport.Block] = [
            .paragraph("The seeds' central lesson, measured: smoothing costs latency. The naive four-point Bézier holds up to two samples back and the midpoint Bézier up to three, so their committed ink trails the pen by about one and two more sample periods than straight lines; completing the tail and predicting buy that lag back, at the price of overshoot."),
            .list(lagFindings()),
        ]
        tradeOff += datasets.compactMap { fig("trade-off-\($0)") }
        tradeOff += [fig("lag-over-time")].compactMap { $0 }
        sections.append(HTMLReport.Section(title: "Smoothness vs latency", blocks: tradeOff))

        sections.append(HTMLReport.Section(title: "Fidelity", blocks: [fig("fidelity")].compactMap { $0 }))

        var prediction = datasets.compactMap { fig("prediction-\($0)") }
        if let f = fig("prediction-frame") { prediction.append(f) }
        if !prediction.isEmpty { sections.append(HTMLReport.Section(title: "Prediction", blocks: prediction)) }

        let hard = hardStrokes.compactMap { fig("compare-\($0.1.id)") } + [fig("kinematics-synthetic")].compactMap { $0 }
        if !hard.isEmpty {
            sections.append(HTMLReport.Section(title: "The hardest synthetic strokes", blocks: [
                .paragraph("Rasters drawn with Cairo, the Linux counterpart of the Core Graphics calls the seed apps make, from the same replays the metrics measured."),
            ] + hard))
        }

        let real = datasets.compactMap { fig("real-\($0)") } + [fig("kinematics-real")].compactMap { $0 }
        if !real.isEmpty {
            sections.append(HTMLReport.Section(title: "Real recorded data", blocks: [
                .paragraph("Public recordings read by StrokeLab's importers straight from their original formats (Wacom CSV and .svc, browser Pointer Events, HelpingHand .cyn), with no separate conversion step. Their metrics are in the summary tables above; without analytic ground truth, each stroke is measured against its own dense samples."),
            ] + real))
        }

        var cost: [HTMLReport.Block] = [fig("throughput"), fig("render-cost")].compactMap { $0 }
        if !measuredNotes.isEmpty { cost.append(.list(measuredNotes)) }
        if !cost.isEmpty { sections.append(HTMLReport.Section(title: "Cost: throughput and rendering", blocks: cost)) }

        sections.append(HTMLReport.Section(title: "Files and reproduction", blocks: [
            .list([
                "results.csv — one row per dataset × trace × stroke × pipeline × metric (dataset,trace,stroke,pipeline,metric,value,unit)",
                "summary.csv — per dataset × pipeline × metric: n, mean, median, p95, min, max, 95% bootstrap CI of the mean",
                "run.json — the spec, every pipeline's canonical form, metric options, files measured, tool version, git revision, machine, date",
                "lag_frames.csv, throughput.csv, render_cost.csv — the data of the lag-over-time, throughput and render-cost figures",
                "figures/*.png|svg (gnuplot) and rasters/*.png|svg (Cairo)",
            ]),
            .paragraph("Reproduce with `make report`, or `strokelab report --spec \(options.specPath) --out \(options.outputDirectory)`; single pieces with `strokelab run`, `strokelab plot --figure NAME --results \(options.outputDirectory)` and `strokelab render --trace FILE --pipeline LABEL … --out FILE.png`."),
        ]))

        return HTMLReport(title: "StrokeLab report\(spec.name.map { ": \($0)" } ?? "")",
                          subtitle: "StrokeLab \(StrokeLabVersion.current) · \(experiment.traces.count) traces, \(datasets.map(strokeCount).reduce(0, +)) strokes, \(experiment.pipelines.count) pipelines · \(experiment.rows.count) measurements",
                          sections: sections)
    }
}
