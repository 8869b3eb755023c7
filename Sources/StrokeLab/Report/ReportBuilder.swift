import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokePlot
import StrokeRaster
import StrokeSmoothing

/// What `strokelab report` is asked to do.
public struct ReportOptions: Sendable {
    /// The experiment spec (YAML or JSON).
    public var specPath: String
    /// Where the report, its figures and its tables go.
    public var outputDirectory: String
    /// Timed repetitions of the render-strategy measurement (default 3).
    ///
    /// The report times the render strategies quickly: on the spiral workload, each strategy
    /// runs once untimed (warm-up) and then `renderRepetitions` times, timing every
    /// ``renderFrameStride``-th frame; each timed frame's median and interquartile range over
    /// the repetitions are reported — about 2.5 s of one core, alone, before the drawing (beside
    /// it, two drawing threads on a 2-core machine made the full redraw's late frames 2–3×
    /// slower and the figure vary from run to run).
    /// `strokelab plot render-cost` times every frame (5 repetitions by default).
    public var renderRepetitions: Int
    /// Every `renderFrameStride`-th frame of the render-cost workload is timed (default 4;
    /// the method is under ``renderRepetitions``; StrokeRaster's
    /// `RenderCostOptions.frameStride` says which frames are drawn). The full redraw's work
    /// grows with frames × elements, so timing every frame of it was most of the
    /// measurement; a frame's time does not depend on the stride.
    public var renderFrameStride: Int
    /// Timed runs of the throughput measurement, per pipeline (default 5).
    ///
    /// The report times throughput quickly: per pipeline, the replay and then the live stroke
    /// over every stroke of the first dataset, each 2 warm-up runs (the first calibrates the
    /// passes per run) and `throughputRuns` timed runs of at least
    /// ``throughputMinimumRunSeconds``, median and interquartile range reported — about
    /// pipelines × 2 × 7 × 10 ms of one core (≈ 3 s for the default experiment's 23
    /// pipelines), beside the drawing. `strokelab bench` is the full-precision benchmark
    /// (7 runs of at least 50 ms by default, alone).
    public var throughputRuns: Int
    /// Shortest timed run of the report's throughput measurement, seconds (default 0.01; the
    /// method is under ``throughputRuns``).
    public var throughputMinimumRunSeconds: Double
    /// The gnuplot executable (default: `$STROKELAB_GNUPLOT`, then `gnuplot` on PATH).
    public var gnuplot: String?
    /// Also write `report-single.html`: the report with every figure and raster embedded
    /// (PNG as `data:` URIs), the metric definitions within it and no link leaving it — one
    /// regular file that can be mailed or attached.
    public var singleFile: Bool

    /// Creates options with the defaults `make report` uses.
    public init(specPath: String, outputDirectory: String, renderRepetitions: Int = 3, renderFrameStride: Int = 4,
                throughputRuns: Int = 5, throughputMinimumRunSeconds: Double = 0.01, gnuplot: String? = nil,
                singleFile: Bool = false) {
        self.specPath = specPath
        self.outputDirectory = outputDirectory
        self.renderRepetitions = renderRepetitions
        self.renderFrameStride = renderFrameStride
        self.throughputRuns = throughputRuns
        self.throughputMinimumRunSeconds = throughputMinimumRunSeconds
        self.gnuplot = gnuplot
        self.singleFile = singleFile
    }
}

/// `strokelab report`: runs an experiment and writes `report.html` with the summary table,
/// the gnuplot figures, the Cairo comparison rasters and the CSV tables beside it.
///
/// Order of work: the experiment (``Experiment/run(_:specPath:baseDirectory:outputDirectory:)``
/// writes `results.csv`, `summary.csv`, `summary_paired.csv`, `run.json`); per-frame lag of the hardest synthetic
/// stroke (`lag_frames.csv`); figures (`figures/*.png` and `.svg`); rasters (`rasters/*.png`
/// and `.svg`) — the render strategies are timed first, alone, then throughput on one core
/// while the figures and rasters are drawn (one timing after the other, never both at once);
/// their figures (`render_cost.csv`, `throughput.csv`) are drawn when both are done; the HTML
/// last, after every file it links to exists. Every file is written atomically, so an
/// interrupted report never leaves a half-written file.
public enum ReportBuilder {
    /// What a finished report wrote.
    public struct Output: Sendable {
        /// Path of `report.html`.
        public var htmlPath: String
        /// Every file written, relative to the output directory.
        public var files: [String]
        /// Figures (gnuplot) in the report.
        public var figureCount: Int
        /// Rasters (Cairo) in the report.
        public var rasterCount: Int
        /// Seconds from start to finish.
        public var elapsedSeconds: Double
    }

    /// Builds the report. `log` receives one line per step.
    ///
    /// Everything is checked before the experiment runs: the spec, every dataset, and that
    /// gnuplot can be started (a missing gnuplot used to be found only after the whole
    /// experiment). The report, its figures, rasters and tables are written into a staging
    /// folder and replace the previous report as one set (``StrokeIO/OutputSet``); a second
    /// report on the same directory at the same time is refused. File names made from
    /// dataset names and stroke ids are mapped to safe names (``StrokeIO/SafeFileName``),
    /// so nothing is written outside the output directory.
    /// - Throws: ``ExperimentError`` with one line naming what failed (a malformed trace, a
    ///   missing gnuplot, an unwritable directory).
    public static func build(_ options: ReportOptions, settings: Experiment.Settings = Experiment.Settings(),
                             log: @Sendable (String) -> Void = { _ in }) async throws(ExperimentError) -> Output {
        let clock = ContinuousClock()
        let start = clock.now
        let spec = try ExperimentSpec.load(path: options.specPath)
        var base = (options.specPath as NSString).deletingLastPathComponent
        if base.isEmpty { base = "." }

        do { try GnuplotSession.checkAvailable(executable: options.gnuplot) } catch {
            throw ExperimentError("report: \(error.description)")
        }
        // Every setting of the spec's sweeps and tune searches is measured (ReportTuning.swift).
        let plan = try Builder.tunePlan(for: spec, maximum: settings.maximumPipelines)
        let prepared = try Experiment.prepare(plan.spec, specPath: options.specPath,
                                              baseDirectory: base, settings: settings)
        for note in prepared.notes { log("note: \(note)") }
        let output = try Experiment.beginOutput(options.outputDirectory)
        defer { output.abandon() }

        log("running the experiment \(options.specPath)…")
        let experiment = try await Experiment.run(prepared, into: output, settings: settings)
        log("  \(experiment.rows.count) measurements in \(String(format: "%.1f", experiment.elapsedSeconds)) s")
        var builder = Builder(options: options, spec: spec, experiment: experiment,
                              summary: SummaryTable(rows: experiment.summary), out: output.stagingDirectory,
                              tunePlan: plan, progress: settings.progress)
        builder.files = ["results.csv", "summary.csv", "summary_paired.csv", "run.json"]
        // The render strategies are timed first, alone (ReportOptions.renderRepetitions), then
        // throughput on one core while the figures and rasters are drawn on the other; their
        // figures are drawn when both are done.
        let progress = settings.progress
        progress.note("timing the render strategies (alone)…")
        builder.renderCost = try Builder.timeRenderCost(options)
        async let timedThroughput = Builder.timeThroughput(experiment, runs: options.throughputRuns,
                                                           minimumRunSeconds: options.throughputMinimumRunSeconds)
        try builder.makeEverything(log: log)
        progress.note("timing throughput (begun with the figures)…")
        let throughput = await timedThroughput
        try progress.during("drawing the render-cost and throughput figures") { () throws(ExperimentError) in
            try builder.makeRenderCost(log: log)
            try builder.makeThroughput(throughput, log: log)
        }

        let report = builder.document(elapsed: (clock.now - start) / .seconds(1))
        let missing = report.linkedFiles.filter { !FileManager.default.fileExists(atPath: output.stagingDirectory + "/" + $0) }
        guard missing.isEmpty else {
            throw ExperimentError("report: linked files were not written: \(missing.joined(separator: ", "))")
        }
        do {
            try AtomicFile.write(text: report.html, to: output.path("report.html"))
            if options.singleFile {
                // Every image inlined and no link leaving the page: a file that travels alone,
                // kept in OUT as a regular file (not a link into the hidden set folder).
                let staging = output.stagingDirectory
                let html = report.html(embedding: { file in
                    guard file.hasSuffix(".png"), let data = FileManager.default.contents(atPath: staging + "/" + file) else { return nil }
                    return "data:image/png;base64," + data.base64EncodedString()
                }, standalone: true)
                try AtomicFile.write(text: html, to: output.path("report-single.html"))
            }
            for problem in try output.commit(detached: options.singleFile ? ["report-single.html"] : []) {
                log("warning: \(problem)")
            }
        } catch { throw ExperimentError("\(error)") }
        builder.files.append("report.html")
        if options.singleFile { builder.files.append("report-single.html") }
        return Output(htmlPath: options.outputDirectory + "/report.html", files: builder.files, figureCount: builder.figureCount,
                      rasterCount: builder.rasterCount, elapsedSeconds: (clock.now - start) / .seconds(1))
    }
}

/// The report's working state: the experiment, the figures and rasters made so far.
struct Builder {
    let options: ReportOptions
    let spec: ExperimentSpec
    let experiment: Experiment.Report
    let summary: SummaryTable
    var files: [String] = []
    var figureCount = 0
    var rasterCount = 0
    /// Report sections' content, filled by the make… steps.
    var figures: [String: HTMLReport.Figure] = [:]
    var measuredNotes: [String] = []
    /// The tune analysis of every group, kept by ``makeTuneFigures(log:)`` for the answer.
    var analysedTuneGroups: [TuneGroup]? = nil
    /// The answer (``Answer``), built by ``makeAnswer()`` before the figures that mark it.
    var answer: Answer? = nil
    /// The render strategies' timing (``timeRenderCost(_:)``), taken alone, before the figures.
    var renderCost: [RenderCostResult]? = nil
    /// The verdict cards' content, made from the answer once the figures are drawn
    /// (``makeVerdicts()``).
    var verdicts: [Verdict]? = nil
    /// The plan the report ran (``tunePlan(for:maximum:)``, built once from the spec);
    /// `nil` when it does not resolve.
    let tunePlan: TunePlan?
    /// Where files are written: the output set's staging folder.
    let out: String
    /// Progress lines.
    let progress: Progress
    /// Safe file names for figure and raster names made from dataset names and stroke ids.
    var fileNames = SafeFileName.Registry()
    /// The rows ``commonRow(dataset:kind:pipeline:metric:)`` gives, found in one pass over
    /// `summary_paired.csv`'s rows (the tables and orderings ask thousands of times).
    let commonRows: [CommonRowKey: PairedSummaryRow]

    init(options: ReportOptions, spec: ExperimentSpec, experiment: Experiment.Report, summary: SummaryTable, out: String,
         tunePlan: TunePlan?, progress: Progress = .silent) {
        self.options = options
        self.spec = spec
        self.tunePlan = tunePlan
        self.experiment = experiment
        self.summary = summary
        self.out = out
        self.progress = progress
        var common: [CommonRowKey: PairedSummaryRow] = [:]
        for r in experiment.paired {
            let key = CommonRowKey(dataset: r.dataset, kind: r.kind, metric: r.metric, pipeline: r.pipeline)
            if let best = common[key], r.n <= best.n { continue }
            common[key] = r
        }
        commonRows = common
    }
    var metricOptions: MetricOptions { spec.metricOptions }

    // MARK: - Choosing strokes

    /// A stroke by dataset, trace and id, when the experiment loaded it.
    func stroke(dataset: String, trace: String, id: String) -> (LoadedTrace, Stroke)? {
        guard let t = experiment.traces.first(where: { $0.dataset == dataset && $0.name == trace }),
              let s = t.trace.strokes.first(where: { $0.id == id }) else { return nil }
        return (t, s)
    }

    /// The longest stroke (by sample count) of a dataset, optionally among traces whose
    /// name contains `hint`.
    func longestStroke(dataset: String, traceContaining hint: String? = nil) -> (LoadedTrace, Stroke)? {
        var best: (LoadedTrace, Stroke)? = nil
        for t in experiment.traces where t.dataset == dataset && (hint.map { t.name.contains($0) } ?? true) {
            for s in t.trace.strokes where s.sampleCount > (best?.1.sampleCount ?? 0) { best = (t, s) }
        }
        return best
    }

    /// Datasets in the order the spec lists them, those that were loaded.
    var datasets: [String] {
        SummaryTable.ordered(experiment.traces.map(\.dataset))
    }

    /// Whether a dataset's traces have real timing (not resampled).
    func isTimed(_ dataset: String) -> Bool {
        experiment.traces.contains { $0.dataset == dataset && !$0.trace.metadata.resampled }
    }

    /// The hardest synthetic strokes: the fast circle and the cursive curve of the clean
    /// 240 Hz set when present, otherwise the strokes `linear` is least faithful on.
    var hardStrokes: [(LoadedTrace, Stroke)] {
        let named = [("circle-fast"), ("cursive")].compactMap { stroke(dataset: "synthetic", trace: "stylus-240hz-60fps", id: $0) }
        if !named.isEmpty { return named }
        guard let first = experiment.pipelines.first?.name else { return [] }
        let worst = experiment.rows.filter { $0.pipeline == first && $0.metric == "fidelity.hausdorff" }
            .sorted { $0.value > $1.value }.prefix(2)
        return worst.compactMap { r in stroke(dataset: r.dataset, trace: r.trace, id: r.stroke) }
    }

    // MARK: - Steps

    mutating func makeEverything(log: (String) -> Void) throws(ExperimentError) {
        let progress = progress
        try progress.during("drawing the figures (gnuplot)") { () throws(ExperimentError) in
            try makeFigures(log: log)
        }
        verdicts = makeVerdicts()
        progress.note("drew \(figureCount) figures")
        try progress.during("drawing the rasters (Cairo)") { () throws(ExperimentError) in
            try makeVerdictPictures(log: log)
            try makeRasters(log: log)
            try makeStyleRasters(log: log)
        }
        progress.note("drew \(rasterCount) rasters")
    }

    /// Renders `figure` to `figures/<name>.png` and `.svg` and records it for the HTML, by two
    /// gnuplot processes at once.
    mutating func plot(_ figure: Figure, name: String, title: String, caption: String) throws(ExperimentError) {
        let gnuplot = options.gnuplot
        try writePair(folder: "figures", what: "figure", name: name, title: title, caption: caption) { path, png in
            try FigureRenderer.render(figure, to: path, format: png ? .png : .svg, gnuplot: gnuplot)
        }
        figureCount += 1
    }

    /// Renders `grid` to `rasters/<name>.png` and `.svg` and records it for the HTML.
    mutating func raster(_ grid: ComparisonGrid, name: String, title: String, caption: String) throws(ExperimentError) {
        try writePair(folder: "rasters", what: "raster", name: name, title: title, caption: caption) { path, png in
            try AtomicFile.write(try RasterRenderer.render(grid, format: png ? .png : .svg), to: path)
        }
        rasterCount += 1
    }

    /// Writes one picture as `<folder>/<name>.png` and `.svg` — the two drawn at once (both
    /// cores) by `render(path, isPNG)` — and records it for the HTML. `name` may come from
    /// input (a dataset name, a stroke id): the files get ``SafeFileName``'s form. The first
    /// failure becomes one error naming `what` and `name`.
    mutating func writePair(folder: String, what: String, name: String, title: String, caption: String,
                            render: @Sendable (_ path: String, _ png: Bool) throws -> Void) throws(ExperimentError) {
        let file = fileNames.name(for: name)
        let png = "\(folder)/\(file).png", svg = "\(folder)/\(file).svg"
        let out = self.out
        let failures = Slots<String>(count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            do {
                try render(out + "/" + (k == 0 ? png : svg), k == 0)
            } catch {
                failures[k] = "\(error)"
            }
        }
        if let failure = failures.values.compactMap({ $0 }).first {
            throw ExperimentError("report: \(what) '\(name)': \(failure)")
        }
        files += [png, svg]
        figures[name] = HTMLReport.Figure(file: png, alternatives: [svg], title: title, caption: caption)
    }

    /// Writes a table beside the report.
    mutating func writeTable(_ text: String, name: String) throws(ExperimentError) {
        do { try AtomicFile.write(text: text, to: out + "/" + name) } catch { throw ExperimentError("\(error)") }
        files.append(name)
    }
}
