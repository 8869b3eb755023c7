import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing

/// `strokelab bench`: how fast each pipeline replays strokes, and how long the full metric
/// set takes — measured, tabulated and written as tidy result tables.
///
/// **Throughput** (DESIGN.md, "Metrics"): for each dataset × pipeline,
/// ``Throughput/measure(pipeline:strokes:runs:warmupRuns:minimumRunSeconds:passes:options:cpuClock:live:scales:)`` replays
/// every stroke of every trace of the dataset, `passes` times per run (calibrated so a run
/// lasts at least ``Settings/minimumRunSeconds``), after untimed warm-up runs. Samples are the
/// samples fed to the pipeline — what its input view passes on: one per event for `main`,
/// every coalesced sample for `coalesced`.
///
/// **Metric cost** (issue 3: "all metrics over the whole of Datasets/ in under 5 s"): when
/// ``Settings/metricRuns`` is set, ``timeMetrics(traces:pipelines:options:runs:)`` calls
/// ``StrokeEvaluation/evaluate(stroke:pipeline:metadata:options:)`` on every stroke ×
/// pipeline, single-threaded, after one untimed warm-up run; the figure is the median of the
/// runs' total seconds.
///
/// **Rows** of `results.csv` (columns `dataset,trace,stroke,pipeline,metric,value,unit`): one
/// row per timed run and metric. A run times a whole dataset, so `trace` and `stroke` are
/// both ``allStrokes`` (`all`); the rows of one dataset × pipeline × metric are the runs in
/// order, and `summary.csv` summarises them (n = runs). Metrics: `throughput.samples_per_s`
/// (samples/s), `throughput.ns_per_sample` (ns), and with metric timing
/// `throughput.metrics_s` (s, all metrics over every stroke of the dataset) and
/// `throughput.metrics_samples_per_s` (samples/s, samples fed ÷ those seconds).
///
/// Speed is a benchmark's output, never a test's assertion: nothing here judges the numbers.
public enum Benchmark {
    /// The `trace` and `stroke` value of every benchmark row: a run times every stroke of
    /// every trace of its dataset.
    public static let allStrokes = "all"

    /// How to benchmark.
    public struct Settings: Hashable, Sendable {
        /// Timed runs per dataset × pipeline (default 7).
        public var runs: Int
        /// Untimed runs first (default 2); the first also calibrates the passes per run.
        public var warmupRuns: Int
        /// Shortest wanted timed run in seconds (default 0.05).
        public var minimumRunSeconds: Double
        /// Timed runs of the full metric set, or `nil` not to time it (default `nil`).
        public var metricRuns: Int?
        /// Metric options for the metric timing (default: the runner's defaults).
        public var metricOptions: MetricOptions
        /// Seed of the bootstrap intervals in `summary.csv` (default 1).
        public var seed: UInt64
        /// Bootstrap resamples in `summary.csv` (default 1000).
        public var resamples: Int

        /// Creates settings; every parameter has its default.
        public init(runs: Int = 7, warmupRuns: Int = 2, minimumRunSeconds: Double = 0.05, metricRuns: Int? = nil,
                    metricOptions: MetricOptions = MetricSettings().options, seed: UInt64 = 1, resamples: Int = 1000) {
            self.runs = runs
            self.warmupRuns = warmupRuns
            self.minimumRunSeconds = minimumRunSeconds
            self.metricRuns = metricRuns
            self.metricOptions = metricOptions
            self.seed = seed
            self.resamples = resamples
        }

        /// Problems with the values, one line each (empty when valid).
        public var problems: [String] {
            var p: [String] = []
            if !(1...1000).contains(runs) { p.append("runs must be in 1…1000 (got \(runs))") }
            if !(1...100).contains(warmupRuns) { p.append("warm-up runs must be in 1…100 (got \(warmupRuns)); the first calibrates the run length") }
            if !(minimumRunSeconds > 0 && minimumRunSeconds <= 60) { p.append("the minimum run time must be in (0, 60] s (got \(minimumRunSeconds))") }
            if let m = metricRuns, !(1...100).contains(m) { p.append("metric runs must be in 1…100 (got \(m))") }
            if !(0...100_000).contains(resamples) { p.append("bootstrap resamples must be in 0…100000 (got \(resamples))") }
            return p
        }
    }

    /// The throughput of one pipeline over one dataset.
    public struct ThroughputMeasurement: Sendable {
        /// Dataset name.
        public var dataset: String
        /// Pipeline name as written (the `pipeline` column).
        public var pipeline: String
        /// Strokes replayed per pass.
        public var strokes: Int
        /// The timing (canonical label, passes, per-run rates, checksum).
        public var result: Throughput.Result
    }

    /// The cost of the full metric set over every stroke × pipeline.
    public struct MetricsTiming: Sendable {
        /// The cost of one dataset × pipeline.
        public struct Cell: Sendable {
            /// Dataset name.
            public var dataset: String
            /// Pipeline name as written.
            public var pipeline: String
            /// Strokes evaluated per run.
            public var strokes: Int
            /// Samples fed to the pipeline per run (hold-out replays feed fewer).
            public var samples: Int
            /// Seconds of each timed run, in run order.
            public var seconds: [Double]
            /// Median of ``seconds``.
            public var medianSeconds: Double { Benchmark.median(seconds) }
        }
        /// One cell per dataset × pipeline, datasets then pipelines in order.
        public var cells: [Cell]
        /// Total seconds of each timed run (every cell), in run order.
        public var totalSeconds: [Double]
        /// Measurements produced over all runs, warm-up included: keeps the evaluations
        /// observable so the optimiser cannot drop them.
        public var measurementCount: Int
        /// Median of ``totalSeconds``: the figure compared with the 5 s target.
        public var medianTotalSeconds: Double { Benchmark.median(totalSeconds) }
        /// Stroke × pipeline evaluations per run.
        public var evaluations: Int { cells.reduce(0) { $0 + $1.strokes } }
        /// Samples fed per run, all cells.
        public var samples: Int { cells.reduce(0) { $0 + $1.samples } }
    }

    /// What a benchmark measured and wrote.
    public struct Report: Sendable {
        /// Throughput per dataset × pipeline, in order.
        public var throughput: [ThroughputMeasurement]
        /// Metric cost, when timed.
        public var metrics: MetricsTiming?
        /// The rows written to `results.csv`.
        public var rows: [ResultRow]
        /// The rows written to `summary.csv`.
        public var summary: [SummaryRow]
        /// The traces measured.
        public var traces: [LoadedTrace]
        /// The pipelines measured.
        public var pipelines: [ExperimentPipeline]
        /// Things the reader should know (a pipeline fed no sample, a debug build).
        public var notes: [String]
    }

    /// One dataset per path, as `strokelab bench --trace` gives them: named after the path
    /// (``DatasetLoader``'s rule: the last directory before any file name or glob), with
    /// `-2`, `-3`, … appended when two paths suggest the same name.
    public static func datasets(forPaths paths: [String]) -> [ExperimentSpec.Dataset] {
        var used: Set<String> = []
        return paths.map { path in
            let base = DatasetLoader.defaultName(for: path)
            var name = base
            var k = 2
            while !used.insert(name).inserted { name = "\(base)-\(k)"; k += 1 }
            return ExperimentSpec.Dataset(name: name, paths: [path], format: nil, optional: nil)
        }
    }

    /// Loads `datasets` (paths relative to `baseDirectory`) and resolves `pipelines`, measures
    /// them, and writes `results.csv`, `summary.csv` and `bench.json` into `outputDirectory`.
    ///
    /// Everything is loaded and validated before any timing or writing, so an unknown
    /// pipeline or a malformed trace leaves the output directory as it was; the three files
    /// replace the previous ones as one set (``StrokeIO/OutputSet``). Single-threaded: the
    /// figures are per core.
    /// - Throws: ``ExperimentError``, one line naming the file, pipeline or setting.
    public static func run(datasets: [ExperimentSpec.Dataset], pipelines labels: [String], baseDirectory: String = ".",
                           settings: Settings = Settings(), outputDirectory: String,
                           progress: Progress = .silent) throws(ExperimentError) -> Report {
        if let problem = settings.problems.first { throw ExperimentError(problem) }
        let pipelines = try PipelineSet.resolve((labels.isEmpty ? PipelineSet.seedPresets : labels).map { .init(label: $0) })
        guard !datasets.isEmpty else { throw ExperimentError("no traces to benchmark") }
        let (traces, loadNotes) = try DatasetLoader.load(datasets, relativeTo: baseDirectory)
        guard !traces.isEmpty else { throw ExperimentError("no traces to benchmark (every dataset was skipped)") }

        var notes = loadNotes
        if isDebugBuild {
            notes.append("this is a debug build: its timings are not representative (swift build -c release --product strokelab)")
        }
        let cells = traces.map(\.dataset).uniqued().count * pipelines.count
        progress.begin("timing \(cells) dataset × pipeline cells", total: cells)
        let throughput = measureThroughput(traces: traces, pipelines: pipelines, settings: settings) { progress.advance() }
        progress.end("timed \(cells) cells")
        for t in traces.map(\.dataset).uniqued() {
            for p in pipelines where !throughput.contains(where: { $0.dataset == t && $0.pipeline == p.name }) {
                notes.append("\(t) × \(p.name): no throughput: the pipeline was fed no sample")
            }
        }
        let metrics = settings.metricRuns.map {
            timeMetrics(traces: traces, pipelines: pipelines, options: settings.metricOptions, runs: $0)
        }
        let rows = Self.rows(throughput: throughput, metrics: metrics)
        let summary = ResultStatistics.summary(rows, settings: StatisticsSettings(seed: settings.seed, resamples: settings.resamples))
        let manifest = Self.manifest(traces: traces, pipelines: pipelines, settings: settings, throughput: throughput,
                                     metrics: metrics, notes: notes)
        do {
            // One set: results.csv, summary.csv and bench.json replace the previous ones together.
            let output = try OutputSet.begin(directory: outputDirectory)
            defer { output.abandon() }
            try AtomicFile.write(text: ResultsTable(rows: rows).csvText, to: output.path("results.csv"))
            try AtomicFile.write(text: SummaryTable(rows: summary).csvText, to: output.path("summary.csv"))
            try AtomicFile.write(text: manifest, to: output.path("bench.json"))
            try output.commit()
        } catch {
            throw ExperimentError(error.description)
        }
        return Report(throughput: throughput, metrics: metrics, rows: rows, summary: summary, traces: traces,
                      pipelines: pipelines, notes: notes)
    }

    /// Throughput of every pipeline over every dataset (all strokes of its traces), datasets
    /// in order of appearance, then pipelines in order. A dataset × pipeline that feeds no
    /// sample is left out. Takes about (warm-up + runs) × minimum run time per pair;
    /// `cellDone` is called after each pair (progress).
    public static func measureThroughput(traces: [LoadedTrace], pipelines: [ExperimentPipeline],
                                         settings: Settings, cellDone: () -> Void = {}) -> [ThroughputMeasurement] {
        var out: [ThroughputMeasurement] = []
        for dataset in traces.map(\.dataset).uniqued() {
            let members = traces.filter { $0.dataset == dataset }
            let strokes = members.flatMap(\.trace.strokes)
            let scales = members.flatMap { t in Array(repeating: t.trace.metadata.physicalScale, count: t.trace.strokes.count) }
            for pipeline in pipelines {
                defer { cellDone() }
                guard let result = Throughput.measure(pipeline: pipeline.description, strokes: strokes, runs: settings.runs,
                                                      warmupRuns: settings.warmupRuns,
                                                      minimumRunSeconds: settings.minimumRunSeconds, live: true,
                                                      scales: scales) else { continue }
                out.append(ThroughputMeasurement(dataset: dataset, pipeline: pipeline.name, strokes: strokes.count, result: result))
            }
        }
        return out
    }

    /// Times ``StrokeEvaluation/evaluate(stroke:pipeline:metadata:options:)`` — every metric —
    /// over every stroke of `traces` × `pipelines`, on the calling thread: one untimed
    /// warm-up run, then `runs` timed runs, each cell (dataset × pipeline) timed on its own
    /// with `ContinuousClock`; each stroke is prepared (``PreparedStroke``: hold-out, reference
    /// geometry) inside every cell's timed run, so a cell's time includes the preparation that
    /// `strokelab run` shares among the pipelines of a stroke. Samples fed per cell are counted
    /// in a separate untimed replay of the same fed stroke (recorded traces without a reference
    /// are fed all but their held-out samples).
    public static func timeMetrics(traces: [LoadedTrace], pipelines: [ExperimentPipeline], options: MetricOptions,
                                   runs: Int) -> MetricsTiming {
        struct Job { var dataset: String; var pipeline: ExperimentPipeline; var strokes: [(Stroke, TraceMetadata)] }
        var jobs: [Job] = []
        for dataset in traces.map(\.dataset).uniqued() {
            let strokes = traces.filter { $0.dataset == dataset }.flatMap { t in t.trace.strokes.map { ($0, t.trace.metadata) } }
            for pipeline in pipelines { jobs.append(Job(dataset: dataset, pipeline: pipeline, strokes: strokes)) }
        }
        var cells = jobs.map { job in
            var samples = 0
            for (stroke, metadata) in job.strokes {
                let prepared = PreparedStroke(stroke: stroke, metadata: metadata, options: options)
                var replayer = job.pipeline.description.resolved(for: metadata.physicalScale).makeReplayer()
                samples += replayer.replay(prepared.fed, options: prepared.replayOptions(for: job.pipeline.description)).samplesFed
            }
            return MetricsTiming.Cell(dataset: job.dataset, pipeline: job.pipeline.name, strokes: job.strokes.count,
                                      samples: samples, seconds: [])
        }
        let clock = ContinuousClock()
        var sink = 0
        var totals: [Double] = []
        for run in 0...max(runs, 1) {
            var total = 0.0
            for (j, job) in jobs.enumerated() {
                let start = clock.now
                for (stroke, metadata) in job.strokes {
                    let result = StrokeEvaluation.evaluate(stroke: stroke, pipeline: job.pipeline.description,
                                                           metadata: metadata, options: options)
                    sink &+= result.measurements.count
                }
                let seconds = (clock.now - start) / .seconds(1)
                total += seconds
                if run > 0 { cells[j].seconds.append(seconds) }
            }
            if run > 0 { totals.append(total) }
        }
        return MetricsTiming(cells: cells, totalSeconds: totals, measurementCount: sink)
    }

    /// The `results.csv` rows of a benchmark: per dataset × pipeline, one row per timed run
    /// of each metric (see the type's documentation), `trace` and `stroke` ``allStrokes``.
    public static func rows(throughput: [ThroughputMeasurement], metrics: MetricsTiming?) -> [ResultRow] {
        var rows: [ResultRow] = []
        func row(_ dataset: String, _ pipeline: String, _ metric: String, _ value: Double, _ unit: String) -> ResultRow {
            ResultRow(dataset: dataset, trace: allStrokes, stroke: allStrokes, pipeline: pipeline, metric: metric,
                      value: value, unit: unit)
        }
        for t in throughput {
            rows += t.result.samplesPerSecond.map { row(t.dataset, t.pipeline, "throughput.samples_per_s", $0, "samples/s") }
            rows += t.result.nanosecondsPerSample.map { row(t.dataset, t.pipeline, "throughput.ns_per_sample", $0, "ns") }
            rows += t.result.nanosecondsPerEvent.map { row(t.dataset, t.pipeline, "throughput.ns_per_event", $0, "ns") }
            rows += t.result.liveNanosecondsPerEvent.map { row(t.dataset, t.pipeline, "throughput.live_ns_per_event", $0, "ns") }
        }
        for c in metrics?.cells ?? [] {
            rows += c.seconds.map { row(c.dataset, c.pipeline, "throughput.metrics_s", $0, "s") }
            if c.samples > 0 {
                rows += c.seconds.map { row(c.dataset, c.pipeline, "throughput.metrics_samples_per_s", Double(c.samples) / max($0, 1e-12), "samples/s") }
            }
        }
        return rows
    }

    /// The text table `strokelab bench` prints: per dataset × pipeline the samples fed per
    /// pass, the median, interquartile range and min–max in millions of samples per second,
    /// the median ns per sample and the relative spread (IQR ÷ median); then the median ns per
    /// event of the replay and of the live stroke fed the same events (``StrokeSmoothing/LiveStroke``,
    /// what an app runs).
    public static func throughputTable(_ measurements: [ThroughputMeasurement]) -> String {
        var table = TextTable(header: ["dataset", "pipeline", "samples/pass", "median Msamples/s", "IQR", "min–max",
                                       "ns/sample", "spread", "events/pass", "replay ns/event", "live ns/event"])
        for m in measurements {
            let r = m.result
            let q = r.quartilesSamplesPerSecond
            let range = r.rangeSamplesPerSecond
            let mega = { (v: Double) in TextTable.fixed(v / 1e6, 1) }
            table.rows.append([m.dataset, m.pipeline, String(r.samplesPerRun / max(r.passesPerRun, 1)),
                               mega(r.medianSamplesPerSecond), mega(q.lower) + "–" + mega(q.upper),
                               mega(range.min) + "–" + mega(range.max), TextTable.fixed(r.medianNanosecondsPerSample, 1),
                               TextTable.fixed(r.relativeSpread * 100, 1) + "%", String(r.eventsPerPass),
                               TextTable.fixed(r.medianNanosecondsPerEvent, 1),
                               r.liveNanosecondsPerEvent.isEmpty ? "—" : TextTable.fixed(r.medianLiveNanosecondsPerEvent, 1)])
        }
        return table.text
    }

    /// The text table of the metric timing: per dataset × pipeline strokes, samples fed,
    /// median seconds and samples per second; then the total.
    public static func metricsTable(_ timing: MetricsTiming) -> String {
        var table = TextTable(header: ["dataset", "pipeline", "strokes", "samples", "median s", "samples/s"])
        for c in timing.cells {
            let s = c.medianSeconds
            table.rows.append([c.dataset, c.pipeline, String(c.strokes), String(c.samples), TextTable.fixed(s, 3),
                               TextTable.compact(Double(c.samples) / max(s, 1e-12))])
        }
        let t = timing.medianTotalSeconds
        table.rows.append(["total", "", String(timing.evaluations), String(timing.samples), TextTable.fixed(t, 3),
                           TextTable.compact(Double(timing.samples) / max(t, 1e-12))])
        return table.text
    }

    /// `bench.json`: the tool, version, git revision, build, machine and date (``RunManifest``'s
    /// helpers), the settings, the traces and pipelines, and per dataset × pipeline the
    /// passes per run, samples per run, medians and checksum; the metric timing's runs and
    /// median total. Deterministic apart from the date, revision, machine and timings.
    static func manifest(traces: [LoadedTrace], pipelines: [ExperimentPipeline], settings: Settings,
                         throughput: [ThroughputMeasurement], metrics: MetricsTiming?, notes: [String]) -> String {
        let q = JSONText.quoted
        let n = JSONText.number
        var lines: [String] = ["{"]
        lines += RunManifest.provenance(tool: "strokelab bench")
        lines.append("  \"build\": \(q(isDebugBuild ? "debug" : "release")),")
        lines.append("  \"settings\": {\"runs\": \(settings.runs), \"warmupRuns\": \(settings.warmupRuns), \"minimumRunSeconds\": \(n(settings.minimumRunSeconds)), \"metricRuns\": \(settings.metricRuns.map(String.init) ?? "null"), \"seed\": \(settings.seed), \"bootstrapResamples\": \(settings.resamples), \"samplesCounted\": \"fed to the pipeline (after the input view)\"},")
        lines += RunManifest.pipelinesAndTraces(pipelines, traces)
        lines.append("  \"throughput\": [")
        lines.append(throughput.map { t in
            let r = t.result
            return "    {\"dataset\": \(q(t.dataset)), \"pipeline\": \(q(t.pipeline)), \"canonical\": \(q(r.pipeline)), \"strokes\": \(t.strokes), \"passesPerRun\": \(r.passesPerRun), \"samplesPerRun\": \(r.samplesPerRun), \"medianSamplesPerSecond\": \(n(r.medianSamplesPerSecond.rounded())), \"medianNanosecondsPerSample\": \(n((r.medianNanosecondsPerSample * 1000).rounded() / 1000)), \"eventsPerRun\": \(r.eventsPerPass * r.passesPerRun), \"medianNanosecondsPerEvent\": \(n((r.medianNanosecondsPerEvent * 1000).rounded() / 1000)), \"medianLiveNanosecondsPerEvent\": \(r.liveNanosecondsPerEvent.isEmpty ? "null" : n((r.medianLiveNanosecondsPerEvent * 1000).rounded() / 1000)), \"relativeSpread\": \(n((r.relativeSpread * 10000).rounded() / 10000)), \"checksum\": \(r.checksum)}"
        }.joined(separator: ",\n"))
        lines.append("  ],")
        if let m = metrics {
            lines.append("  \"metrics\": {\"runs\": \(m.totalSeconds.count), \"evaluations\": \(m.evaluations), \"samples\": \(m.samples), \"totalSeconds\": [\(m.totalSeconds.map { n(($0 * 1e6).rounded() / 1e6) }.joined(separator: ", "))], \"medianTotalSeconds\": \(n((m.medianTotalSeconds * 1e6).rounded() / 1e6))},")
        } else {
            lines.append("  \"metrics\": null,")
        }
        lines.append("  \"notes\": [\(notes.map(q).joined(separator: ", "))]")
        lines.append("}")
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    /// Whether this code was compiled without optimisation (`swift build`'s default).
    public static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The median (type 7) of `values`; NaN when empty.
    public static func median(_ values: [Double]) -> Double { Summary.percentile(sorted: values.sorted(), 0.5) }
}

extension Array where Element: Hashable {
    /// The distinct elements in first-appearance order.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
