import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

extension Builder {
    /// Headline metrics of the summary tables: id and decimals; titles, units and guide links
    /// come from the metric catalog.
    static let headline: [(metric: String, decimals: Int)] = [
        ("coverage.drawn", 3), ("fidelity.mean", 3), ("fidelity.hausdorff", 2), ("jaggedness.bending_energy_log_ratio", 2),
        ("jaggedness.kinks", 1),
        ("lag.mean_ms", 1), ("lag.p95_ms", 1), ("lag.overshoot_rate", 2), ("prediction.error_mean@16ms", 2),
        ("smoothness.sparc", 2),
    ]

    /// The paired comparisons (`summary_paired.csv`).
    var paired: PairedSummaryTable { PairedSummaryTable(rows: experiment.paired) }

    /// The catalog's title of a metric (a family member's with its horizon).
    static func title(of metric: String) -> String {
        guard let d = MetricCatalog.definition(of: metric) else { return metric }
        guard d.isFamily, let at = metric.lastIndex(of: "@") else { return d.title }
        let h = metric[metric.index(after: at)...].dropLast(2)
        return d.title.replacingOccurrences(of: "{h}", with: String(h))
    }

    /// The link from the report to a metric's definition: its row of the page's own "Metric
    /// definitions" table (so it works in the single file too), or `nil` for a metric the
    /// catalog does not know.
    func guideLink(_ metric: String) -> String? {
        guard let d = MetricCatalog.definition(of: metric) else { return nil }
        return "#" + Self.definitionAnchor(d)
    }

    /// The element id of a metric's row in the definitions table.
    static func definitionAnchor(_ d: MetricDefinition) -> String { "metric-" + d.anchor }

    /// The guide to the measurements relative to where `report.html` is opened (the output
    /// directory as given, not the hidden set folder the file lives in): found by walking up
    /// from the spec's directory and the working directory to a folder holding
    /// `docs/guides/metrics.md`; `nil` when there is none.
    var guidePath: String? {
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath
        func absolute(_ p: String) -> String { (p.hasPrefix("/") ? p : cwd + "/" + p) as NSString as String }
        var starts = [(absolute(options.specPath) as NSString).deletingLastPathComponent, cwd]
        starts = starts.map { ($0 as NSString).standardizingPath }
        for start in starts {
            var dir = start
            for _ in 0..<5 {
                let candidate = dir + "/" + MetricCatalog.guidePath
                if fm.fileExists(atPath: candidate) {
                    return Self.relativePath(from: (absolute(options.outputDirectory) as NSString).standardizingPath, to: candidate)
                }
                let parent = (dir as NSString).deletingLastPathComponent
                if parent == dir { break }
                dir = parent
            }
        }
        return nil
    }

    /// `target` relative to directory `base` (both absolute).
    static func relativePath(from base: String, to target: String) -> String {
        let b = base.split(separator: "/").map(String.init), t = target.split(separator: "/").map(String.init)
        var common = 0
        while common < b.count && common < t.count - 1 && b[common] == t[common] { common += 1 }
        return (Array(repeating: "..", count: b.count - common) + t[common...]).joined(separator: "/")
    }

    /// The dataset × kind groups of `summary_paired.csv`, in its order.
    var pairedGroups: [(dataset: String, kind: String)] {
        var out: [(dataset: String, kind: String)] = []
        for r in experiment.paired where !out.contains(where: { $0.dataset == r.dataset && $0.kind == r.kind }) {
            out.append((r.dataset, r.kind))
        }
        return out
    }

    /// Where ``commonRow(dataset:kind:pipeline:metric:)`` looks its row up.
    struct CommonRowKey: Hashable {
        var dataset: String, kind: String, metric: String, pipeline: String
    }

    /// "dataset · kind".
    static func groupLabel(_ dataset: String, _ kind: String) -> String { kind.isEmpty ? dataset : "\(dataset) · \(kind)" }

    /// The row of `summary_paired.csv` giving `pipeline`'s mean on the strokes of `dataset` ×
    /// `kind` every pipeline reporting `metric` measured, if any.
    /// A pipeline measuring fewer than `minCoverage` of the strokes of the best-covered one is
    /// compared on its own strokes only (``ResultStatistics/paired(_:pipelines:settings:kinds:parallel:)``):
    /// its row with the most strokes is taken (the first of them). O(1): looked up in
    /// ``commonRows``.
    func commonRow(dataset: String, kind: String, pipeline: String, metric: String) -> PairedSummaryRow? {
        commonRows[CommonRowKey(dataset: dataset, kind: kind, metric: metric, pipeline: pipeline)]
    }

    /// The paired row between two pipelines, in whichever order the table holds it, with the
    /// difference as `b − a` and its interval.
    func pairedDifference(dataset: String, kind: String, metric: String, _ a: String, _ b: String)
        -> (mean: Double, low: Double, high: Double, excludesZero: Bool)?
    {
        if let r = paired.row(dataset: dataset, kind: kind, metric: metric, pipeline: b, baseline: a) {
            return (r.difference, r.differenceLow, r.differenceHigh, r.differenceExcludesZero)
        }
        if let r = paired.row(dataset: dataset, kind: kind, metric: metric, pipeline: a, baseline: b) {
            return (-r.difference, -r.differenceHigh, -r.differenceLow, r.differenceExcludesZero)
        }
        return nil
    }

    /// "mean [low, high]" with `decimals` decimals (no interval: the mean alone).
    static func estimateText(_ mean: Double, _ low: Double, _ high: Double, decimals: Int) -> String {
        func f(_ v: Double) -> String { v.isFinite ? String(format: "%.\(decimals)f", v) : "—" }
        return low.isFinite && high.isFinite ? "\(f(mean)) [\(f(low)), \(f(high))]" : f(mean)
    }

    /// A paired row's mean and interval as shown: exp() for a log ratio ("×1.14 [1.05, 1.25]").
    static func estimateText(_ r: PairedSummaryRow, decimals: Int) -> String {
        guard isLogRatio(r.metric) else { return estimateText(r.mean, r.ciLow, r.ciHigh, decimals: decimals) }
        return "×" + estimateText(exp(r.mean), exp(r.ciLow), exp(r.ciHigh), decimals: decimals)
    }

    /// The summary table of one dataset × kind: a row per pipeline, a column per headline
    /// metric, every pipeline compared on the strokes all of them measured (the count in the header).
    func summaryTable(_ dataset: String, kind: String) -> HTMLReport.Table {
        let mine = experiment.paired.filter { $0.dataset == dataset && $0.kind == kind }
        let present = Self.headline.filter { h in mine.contains { $0.metric == h.metric } }
        let rows = experiment.pipelines.map { p in
            [p.name] + present.map { h in
                commonRow(dataset: dataset, kind: kind, pipeline: p.name, metric: h.metric)
                    .map { Self.estimateText($0, decimals: h.decimals) } ?? "—"
            }
        }
        let header = present.map { h -> String in
            let unit = summary.unit(of: h.metric)
            let n = mine.first { $0.metric == h.metric }?.n ?? 0
            let title = isLogRatio(h.metric) ? Self.title(of: Answer.ratioBase(h.metric) + "_ratio") + " (geometric mean)" : Self.title(of: h.metric)
            let u = unit.isEmpty || unit == "ratio" || unit == "count" || unit == "ms" ? "" : " (\(unit))"
            return "\(title)\(u), n=\(n)"
        }
        // Tags: what each number is (the same quantity as the answer's where the metric is one).
        let tags = experiment.pipelines.map { p in
            [nil] + present.map { h -> HTMLReport.Key? in
                commonRow(dataset: dataset, kind: kind, pipeline: p.name, metric: h.metric) == nil ? nil
                    : HTMLReport.Key(pipeline: p.name, group: Self.groupLabel(dataset, kind), metric: h.metric)
            }
        }
        let strokes = experiment.traces.filter { $0.dataset == dataset }.reduce(0) { $0 + $1.trace.strokes.filter { $0.kind.rawValue == kind || kind.isEmpty }.count }
        return HTMLReport.Table(
            header: ["pipeline"] + header,
            rows: rows,
            caption: "\(Self.groupLabel(dataset, kind)): \(strokes) strokes. Each column compares the pipelines on the n strokes every pipeline reporting that metric measured: mean [95% bootstrap interval of the mean, \(experiment.statistics.unit == .trace ? "resampling traces" : "resampling strokes")]; no interval with a single trace. Column titles link to the metric's definition\(holdOutNote(dataset))",
            headerLinks: [nil] + present.map { guideLink($0.metric) },
            swatches: experiment.pipelines.map { pipelineColors.color($0.name).hexString },
            tags: tags)
    }

    /// A caption sentence on the hold-out of `dataset`, or "".
    func holdOutNote(_ dataset: String) -> String {
        guard let h = experiment.holdOut.first(where: { $0.dataset == dataset })?.count else { return "" }
        return ". Hold-out: \(h.strokes) strokes have no ground truth, so every \(metricOptions.holdOutStride)th sample (\(h.heldOut) in all) was withheld from every pipeline and is the reference all of them are measured against; the pipelines were fed the other \(h.fed)"
    }

    /// The pipelines of `dataset` × `kind` in order of `metric`'s mean on the common strokes,
    /// joined by "<" where the paired 95% interval of the difference between neighbours excludes
    /// 0; neighbours whose interval holds 0 "cannot be told apart", with the interval.
    func ordering(_ dataset: String, kind: String, metric: String, value: (Double) -> String, decimals: Int) -> String? {
        let log = isLogRatio(metric)
        let entries = experiment.pipelines.compactMap { p -> (String, Double)? in
            commonRow(dataset: dataset, kind: kind, pipeline: p.name, metric: metric).map { (p.name, $0.mean) }
        }.sorted { $0.1 < $1.1 }
        guard entries.count > 1 else { return nil }
        func shown(_ v: Double) -> Double { log ? exp(v) : v }
        func f(_ v: Double) -> String { v.isFinite ? String(format: "%.\(decimals)f", v) : "—" }
        var text = "\(entries[0].0) \(value(shown(entries[0].1)))"
        for (a, b) in zip(entries, entries.dropFirst()) {
            let d = pairedDifference(dataset: dataset, kind: kind, metric: metric, a.0, b.0)
            if let d, d.excludesZero {
                text += " < \(b.0) \(value(shown(b.1)))"
            } else {
                let interval = d.map { log ? "\(b.0) ÷ \(a.0): [\(f(exp($0.low))), \(f(exp($0.high)))]" : "\(b.0) − \(a.0): [\(f($0.low)), \(f($0.high))]" } ?? "no paired interval"
                text += ", then \(b.0) \(value(shown(b.1))), which cannot be told apart from it (interval \(interval))"
            }
        }
        return text
    }

    /// Per timed dataset × kind, the pipelines ordered by lag and by bending energy ratio
    /// (geometric means), stating an order only where the paired interval excludes 0.
    func rankings() -> [String] {
        pairedGroups.flatMap { g -> [String] in
            var lines: [String] = []
            let label = Self.groupLabel(g.dataset, g.kind)
            if isTimed(g.dataset), let lag = ordering(g.dataset, kind: g.kind, metric: "lag.mean_ms", value: { String(format: "%.1f ms", $0) }, decimals: 1) {
                lines.append("\(label), lag (less first): \(lag).")
            }
            if let bend = ordering(g.dataset, kind: g.kind, metric: "jaggedness.bending_energy_log_ratio", value: { String(format: "×%.2f", $0) }, decimals: 2) {
                lines.append("\(label), bending energy relative to the pen, geometric mean (smoother first): \(bend).")
            }
            return lines
        }
    }

    /// The time model's known answer: lag in display frames of every pipeline on the clean
    /// 60 Hz synthetic trace, when the experiment has it.
    func timeModelCheck() -> String? {
        let name = "finger-60hz-60fps"
        guard let trace = experiment.traces.first(where: { $0.dataset == "synthetic" && $0.name == name }) else { return nil }
        let frame = 1000 / trace.trace.metadata.refreshRateHz
        // One pass over every row, then one small pass per pipeline, in row order (the same sums).
        let lags = experiment.rows.filter { $0.trace == name && $0.dataset == "synthetic" && $0.metric == "lag.mean_ms" }
        let parts = experiment.pipelines.compactMap { p -> String? in
            let v = lags.filter { $0.pipeline == p.name }
            guard !v.isEmpty else { return nil }
            let mean = v.reduce(0) { $0 + $1.value } / Double(v.count)
            return "\(p.name) \(String(format: "%.2f", mean / frame)) frames"
        }
        guard !parts.isEmpty else { return nil }
        return "The time model against WWDC 2015's figures (touch to display at 60 Hz: about 2.5 frames without prediction, about 1.5 with a one-frame prediction): on \(name), a finger sampled at 60 Hz on a 60 Hz display whose strokes start at stratified display phases (mean half a frame), lag.mean_ms averaged over its strokes is " + parts.joined(separator: ", ") + " (\(number(metricOptions.displayLatencyFrames)) frames of display latency plus the sample's age; docs/guides/time-model.md)."
    }

    /// The formats the recorded (not synthetic) traces were read from, in words, in dataset
    /// order (a reader's source is `<format>:<file>`; anything else was a native trace).
    func recordedFormats() -> [String] {
        var out: [String] = []
        for t in experiment.traces where !isSynthetic(t) {
            let word: String
            switch TraceFormat(rawValue: String(t.trace.metadata.source.prefix { $0 != ":" })) {
            case .svc: word = "Wacom .svc"
            case .wacomCSV: word = "Wacom CSV"
            case .pointerEvents: word = "browser Pointer Events"
            case .cyn: word = "HelpingHand .cyn"
            case .inkml: word = "InkML"
            case .csv: word = "CSV with a column mapping"
            case .bdalabJSON: word = "BDALab JSON"
            case .native, nil: word = "StrokeLab's native JSON"
            }
            if !out.contains(word) { out.append(word) }
        }
        return out
    }

    /// The report document.
    func document(elapsed: Double) -> HTMLReport {
        var sections: [HTMLReport.Section] = []
        func fig(_ name: String) -> HTMLReport.Block? { figures[name].map { .figure($0) } }

        // The answer first, on one screen: what a reader came for; then how it was reached.
        sections.append(verdictSection())
        var method = answerSection()
        method.title = "How the answer was reached"
        method.id = "method"
        sections.append(method)

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
        intro.append(.paragraph("Metric options (run.json records them all): " + metricOptions.recorded.map { item in
            "\(item.key) \(item.isList ? item.value.map(number).joined(separator: ", ") : number(item.value[0]))"
        }.joined(separator: "; ") + ". Statistics: 95% bootstrap intervals of means, \(experiment.statistics.resamples) resamples \(experiment.statistics.unit == .trace ? "of whole traces (the strokes of one trace are not independent)" : "of strokes"), seed \(experiment.statistics.seed); pipelines are compared on the strokes all of them measured, with paired differences (summary_paired.csv). The run took \(String(format: "%.1f", experiment.elapsedSeconds)) s; the whole report \(String(format: "%.0f", elapsed)) s."))
        if !experiment.notes.isEmpty { intro.append(.list(experiment.notes)) }
        sections.append(HTMLReport.Section(title: "What was run", blocks: intro))

        // Summary tables.
        let summaryBlocks: [HTMLReport.Block] = [
            .paragraph("Lower is better for every column except SPARC (higher, closer to 0, is smoother) and lag (closer to 0). Bending ratio is the rendered path's bending energy over the reference's (1 = as smooth as the truth; omitted where the reference hardly bends). Lag is in milliseconds behind the pen at each display refresh from the first that shows ink; overshoot is the fraction of refreshes where the ink is ahead of the pen. Every metric is defined in docs/guides/metrics.md (the column titles link to it). Full tables: summary_paired.csv (these comparisons, and every pair's paired difference), summary.csv (each pipeline on every stroke it measured) and results.csv (every stroke)."),
        ] + pairedGroups.map { .table(summaryTable($0.dataset, kind: $0.kind)) }
        sections.append(HTMLReport.Section(title: "Summary", blocks: summaryBlocks))

        // Smoothness vs latency.
        var tradeOff: [HTMLReport.Block] = [
            .paragraph("The seeds' central lesson, measured: smoothing costs latency. The naive four-point Bézier holds up to two samples back and the midpoint Bézier up to three, so their committed ink trails the pen by about one and two more sample periods than straight lines; completing the tail and predicting buy that lag back, at the price of overshoot."),
            .paragraph("Orders below compare the pipelines on the strokes all of them measured: \"A < B\" when the paired 95% interval of B − A (summary_paired.csv) excludes 0; otherwise the two cannot be told apart, and the interval is given — no order can be claimed."),
            .list(rankings()),
        ]
        if let check = timeModelCheck() { tradeOff.append(.paragraph(check)) }
        tradeOff += datasets.compactMap { fig("trade-off-\($0)") }
        tradeOff += [fig("lag-over-time")].compactMap { $0 }
        sections.append(HTMLReport.Section(title: "Smoothness vs latency", blocks: tradeOff))

        sections.append(HTMLReport.Section(title: "Fidelity", blocks: [fig("fidelity")].compactMap { $0 }))

        var prediction = datasets.compactMap { fig("prediction-\($0)") }
        if let f = fig("prediction-frame") { prediction.append(f) }
        if !prediction.isEmpty { sections.append(HTMLReport.Section(title: "Prediction", blocks: prediction)) }

        let hard = hardStrokes.flatMap { s in [fig("compare-\(s.1.id)"), fig("compare-curves-\(s.1.id)")].compactMap { $0 } }
            + [fig("kinematics-synthetic")].compactMap { $0 }
        if !hard.isEmpty {
            let allSynthetic = hardStrokes.allSatisfy { isSynthetic($0.0) }
            sections.append(HTMLReport.Section(title: allSynthetic ? "The hardest synthetic strokes" : "The hardest strokes", blocks: [
                .paragraph((allSynthetic ? "The synthetic strokes the seeds handle worst, against their analytic reference. "
                            : "The strokes the first pipeline draws least faithfully (largest Hausdorff distance), against the reference each is measured with. ")
                           + "Rasters drawn with Cairo, the Linux counterpart of the Core Graphics calls the seed apps make, from the same replays the metrics measured."),
            ] + hard))
        }

        let real = datasets.compactMap { fig("real-\($0)") } + [fig("kinematics-real")].compactMap { $0 }
        if !real.isEmpty {
            sections.append(HTMLReport.Section(title: "Real recorded data", blocks: [
                .paragraph("Recordings read by StrokeLab's importers straight from their original formats (\(recordedFormats().joined(separator: ", "))), with no separate conversion step. Their metrics are in the summary tables above; without ground truth, every \(metricOptions.holdOutStride)th sample of each stroke is withheld from every pipeline and is the reference they are all measured against (hold-out)."),
            ] + real))
        }

        let styles = stylesComparedBlocks(fig: fig)
        if !styles.isEmpty { sections.append(HTMLReport.Section(title: "Styles compared", blocks: styles)) }

        var cost: [HTMLReport.Block] = [fig("throughput"), fig("render-cost")].compactMap { $0 }
        if !measuredNotes.isEmpty { cost.append(.list(measuredNotes)) }
        if !cost.isEmpty { sections.append(HTMLReport.Section(title: "Cost: throughput and rendering", blocks: cost)) }

        // The metrics measured, from the catalog: their definitions are on the page, so every
        // metric link works in the single file too.
        var measured: [String] = []
        var seen = Set<String>()
        for r in experiment.rows where seen.insert(r.metric).inserted { measured.append(r.metric) }
        let glossary = MetricCatalog.expanded.filter { d in measured.contains { MetricCatalog.definition(of: $0)?.id == d.id } }
        if !glossary.isEmpty {
            var intro: [HTMLReport.Inline] = [.text("Every metric on this page, as the metric catalog declares it (StrokeMetrics' MetricCatalog); column titles above link here. Lengths are in each trace's own unit. ")]
            if let guide = guidePath {
                intro += [.text("The guide to the measurements, "), .link("docs/guides/metrics.md", href: guide),
                          .text(", gives each one's full definition, known answers and what it does and does not tell (the metric names below link to their sections).")]
            } else {
                intro.append(.text("The guide to the measurements, docs/guides/metrics.md in the StrokeLab repository, gives each one's full definition, known answers and what it does and does not tell."))
            }
            sections.append(HTMLReport.Section(title: "Metric definitions", blocks: [
                .rich(intro),
                .table(HTMLReport.Table(
                    header: ["metric", "unit", "better", "meaning"],
                    rows: glossary.map { d in [d.id, d.unit.rawValue, d.direction.phrase, d.meaning] },
                    firstColumnLinks: glossary.map { d in guidePath.map { $0 + "#" + d.anchor } },
                    rowIDs: glossary.map { Self.definitionAnchor($0) })),
            ], id: "metrics"))
        }

        sections.append(HTMLReport.Section(title: "Files and reproduction", blocks: [
            .list([
                "results.csv — one row per dataset × trace × stroke × pipeline × metric (dataset,trace,stroke,pipeline,metric,value,unit)",
                "summary.csv — per dataset × pipeline × metric, over the strokes the pipeline measured: n, mean, median, p95, min, max, 95% bootstrap CI of the mean (resampling traces; empty with one trace)",
                "summary_paired.csv — per dataset × input kind × metric, every pipeline on the strokes all pipelines measured (n, traces, mean with its CI, median) and every pair's paired difference with its 95% CI; ratios also as …_log_ratio (exp of the mean: the geometric mean)",
                "answer.csv — every number of the answer: per dataset × kind × pipeline × objective, its status (front, beaten, not ranked), whether it is recommended, the value shown with its interval and median, n, traces, and its coverage",
                "run.json — the spec, every pipeline's canonical form, every metric option, the statistics, the hold-out (stride and counts), files measured, tool version, git revision, machine, date",
                "lag_frames.csv, throughput.csv, render_cost.csv — the data of the lag-over-time, throughput and render-cost figures",
                "tune_points.csv — every setting per dataset × input kind with its objectives, its place on the front of the means and whether it is a reference: the data of the Pareto and sensitivity figures and the recommendations (docs/guides/tuning.md)",
                "figures/*.png|svg (gnuplot) and rasters/*.png|svg (Cairo)",
            ]),
            .paragraph("Reproduce with `make report`, or `strokelab report --spec \(options.specPath) --out \(options.outputDirectory)`; single pieces with `strokelab run`, `strokelab plot --figure NAME --results \(options.outputDirectory)` and `strokelab render --trace FILE --pipeline LABEL … --out FILE.png`."),
        ]))

        if !experiment.omissions.isEmpty {
            sections[sections.count - 1].blocks.append(.details(
                summary: "Where a metric has no value on a stroke, and why (\(experiment.omissions.count) notes)",
                blocks: [.paragraph("A tap draws nothing under the seeds' published behaviour, so it has no fidelity; a stroke shorter than the display latency has no lag; a straight reference gives no bending ratio."),
                         .list(experiment.omissions)]))
        }

        return HTMLReport(title: "StrokeLab report\(spec.name.map { ": \($0)" } ?? "")",
                          subtitle: "StrokeLab \(StrokeLabVersion.current) · \(experiment.traces.count) traces, \(datasets.map(strokeCount).reduce(0, +)) strokes, \(experiment.pipelines.count) pipelines · \(experiment.rows.count) measurements",
                          sections: sections, leadSections: 1)
    }
}
