import ArgumentParser
import Foundation
import StrokeLab

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure pipeline throughput (samples per second) and, with --metrics, the cost of every metric.",
        discussion: """
            For each dataset × pipeline, replays every stroke of the dataset's traces, single-threaded: \
            --warmup untimed runs (the first calibrates how many passes make a run last --min-run-seconds), \
            then --runs timed runs. Prints the median samples per second, the interquartile range, min–max, \
            ns per sample and the relative spread (IQR ÷ median). Samples are the samples fed to the \
            pipeline: one per event for 'main' pipelines, every coalesced sample for 'coalesced' ones.

            --metrics also times StrokeEvaluation.evaluate (every metric: fidelity, jaggedness, smoothness, \
            lag, prediction) over every stroke × pipeline, single-threaded, after one warm-up run, and \
            prints the median seconds per dataset × pipeline and in total (same sample count). Prediction \
            metrics are computed only for pipelines with a predict: stage, so add one (e.g. \
            --pipeline 'midpoint-bezier|predict:kalman(horizon=16.7)') to time them too.

            Writes DIR/results.csv (dataset,trace,stroke,pipeline,metric,value,unit; one row per timed run; \
            trace and stroke are 'all' because a run times the whole dataset; metrics \
            throughput.samples_per_s, throughput.ns_per_sample and, with --metrics, throughput.metrics_s and \
            throughput.metrics_samples_per_s), DIR/summary.csv (n = runs, mean, median, p95, min, max, \
            bootstrap CI) and DIR/bench.json (build, machine, date, git revision, passes per run). \
            Without --trace it measures Datasets/synthetic; without --pipeline, the four seed presets. \
            Build with 'swift build -c release' for numbers that count. Nothing is written if any input is bad.

            --stage LABEL times one stage alone (kind:id(params): a filter, curve builder, predictor or \
            style) over every sample of every stroke, without the replay loop, frames or metrics — the figure \
            scripts/peers/run compares with the peers' own implementations. --json prints one JSON object \
            per measurement on stdout ({"label", "canonical", "inputs", "runs", "passes", "ns_per_input": \
            {"median", "min", "max"}}) instead of tables, for --stage or for each --pipeline; nothing is \
            written to --out then. --passes N makes every run exactly N passes (no calibration), so \
            instruction counts (valgrind --tool=callgrind) repeat. With --live, each --pipeline is timed \
            as a live stroke alone (LiveStroke fed every event, as an app calls it; inputs are events) \
            instead of replayed.

            The tables also give, per dataset × pipeline, the replay's ns per event and a live stroke's \
            (the same events fed one by one to one LiveStroke right after, with the same passes: the \
            replay's loop without its frame record); results.csv gains throughput.ns_per_event and \
            throughput.live_ns_per_event.

            \(WorkBudgetTable.helpText(for: "bench"))
            """)

    @Option(name: .customLong("trace"), help: "A trace file, directory or glob (repeatable); files from one folder form one dataset.")
    var traces: [String] = []

    @Option(name: .customLong("dataset"), help: "Name of the dataset the --trace files form (default: their folder's name).")
    var datasetName: String?

    @Option(name: .customLong("pipeline"), help: "A pipeline label (repeatable). Default: linear, bezier4, midpoint-bezier, coalesced-only.")
    var pipelines: [String] = []

    @Option(help: "Output directory.")
    var out: String = "out/bench"

    @Option(parsing: .unconditional, help: "Timed runs per dataset × pipeline (1…1000).")
    var runs: Int = 7

    @Option(parsing: .unconditional, help: "Untimed warm-up runs before them (1…100; the first calibrates the passes per run).")
    var warmup: Int = 2

    @Option(name: .customLong("min-run-seconds"), parsing: .unconditional, help: "Shortest timed run, in seconds (0…60).")
    var minimumRunSeconds: Double = 0.05

    @Flag(help: "Also time every metric (StrokeEvaluation.evaluate) over every stroke × pipeline.")
    var metrics = false

    @Option(name: .customLong("metric-runs"), parsing: .unconditional, help: "Timed runs of the metric timing after one warm-up (1…100).")
    var metricRuns: Int = 3

    @Option(name: .customLong("stage"), help: "Time one stage alone, e.g. 'filter:one-euro(beta=0.1)' (repeatable).")
    var stages: [String] = []

    @Flag(help: "Print one JSON object per measurement on stdout (for --stage or each --pipeline); write no files.")
    var json = false

    @Flag(help: "With --json or --stage: time each --pipeline as a live stroke fed every event (ns per event), not replayed.")
    var live = false

    @Option(parsing: .unconditional, help: "Passes per run, fixed (1…1000000; default: calibrated from --min-run-seconds).")
    var passes: Int?

    func validate() throws {
        guard (1...1000).contains(runs) else { throw ValidationError("--runs must be in 1…1000, not \(runs)") }
        guard (1...100).contains(warmup) else { throw ValidationError("--warmup must be in 1…100, not \(warmup)") }
        guard minimumRunSeconds > 0, minimumRunSeconds <= 60 else {
            throw ValidationError("--min-run-seconds must be in (0, 60], not \(minimumRunSeconds)")
        }
        guard (1...100).contains(metricRuns) else { throw ValidationError("--metric-runs must be in 1…100, not \(metricRuns)") }
        if let passes, !(1...1_000_000).contains(passes) { throw ValidationError("--passes must be in 1…1000000, not \(passes)") }
        if datasetName != nil && traces.isEmpty { throw ValidationError("--dataset names the dataset of the --trace files; give --trace too") }
    }

    func run() throws {
        let datasets: [ExperimentSpec.Dataset]
        if traces.isEmpty {
            guard FileManager.default.fileExists(atPath: "Datasets/synthetic") else {
                throw CommandFailure("no traces: give --trace PATH (Datasets/synthetic is not in the current directory)")
            }
            datasets = [ExperimentSpec.Dataset(name: "synthetic", paths: ["Datasets/synthetic"], format: nil, optional: nil)]
        } else {
            // Command-line paths are relative to the working directory, so make them absolute.
            let cwd = FileManager.default.currentDirectoryPath
            datasets = DatasetLoader.datasets(forTracePaths: traces.map { $0.hasPrefix("/") ? $0 : cwd + "/" + $0 }, name: datasetName)
        }
        let settings = Benchmark.Settings(runs: runs, warmupRuns: warmup, minimumRunSeconds: minimumRunSeconds,
                                          metricRuns: metrics ? metricRuns : nil)
        if json || !stages.isEmpty || live {
            try single(datasets: datasets, settings: settings)
            return
        }
        let report: Benchmark.Report
        do {
            report = try Benchmark.run(datasets: datasets, pipelines: pipelines, settings: settings, outputDirectory: out,
                                         progress: Progress(quiet: json))
        } catch { throw CommandFailure(error.description) }
        for note in report.notes { print("note: \(note)") }
        let strokes = report.traces.reduce(0) { $0 + $1.trace.strokes.count }
        print("throughput: \(report.traces.count) traces, \(strokes) strokes; \(runs) timed runs after \(warmup) warm-up, single-threaded (\(Benchmark.isDebugBuild ? "debug" : "release") build)")
        print(Benchmark.throughputTable(report.throughput))
        if let timing = report.metrics {
            print("")
            print("all metrics (StrokeEvaluation.evaluate): every stroke × pipeline, single-threaded, median of \(timing.totalSeconds.count) run\(timing.totalSeconds.count == 1 ? "" : "s") after 1 warm-up")
            print(Benchmark.metricsTable(timing))
        }
        print("→ \(out)/results.csv, summary.csv, bench.json")
    }

    /// `--stage` and `--json`: each stage or pipeline timed on its own over all the traces.
    private func single(datasets: [ExperimentSpec.Dataset], settings: Benchmark.Settings) throws {
        if let problem = settings.problems.first { throw CommandFailure(problem) }
        let traces: [LoadedTrace]
        do { traces = try DatasetLoader.load(datasets, relativeTo: ".").traces } catch { throw CommandFailure(error.description) }
        guard !traces.isEmpty else { throw CommandFailure("no traces to benchmark") }
        var results: [SingleBenchmark] = []
        do {
            for label in stages { results.append(try SingleBenchmark.stage(label, traces: traces, settings: settings, passes: passes)) }
            if stages.isEmpty || !pipelines.isEmpty {
                for label in pipelines.isEmpty ? PipelineSet.seedPresets : pipelines {
                    results.append(live ? try SingleBenchmark.live(label, traces: traces, settings: settings, passes: passes)
                                        : try SingleBenchmark.pipeline(label, traces: traces, settings: settings, passes: passes))
                }
            }
        } catch { throw CommandFailure(error.description) }
        for r in results {
            if json {
                print(r.json)
            } else {
                let spread = (r.nanosecondsPerInput.min() ?? .nan, r.nanosecondsPerInput.max() ?? .nan)
                print("\(r.canonical): median \(String(format: "%.1f", r.median)) ns per input (\(String(format: "%.1f", spread.0))–\(String(format: "%.1f", spread.1))), \(r.inputs) inputs × \(r.passes) passes, \(r.nanosecondsPerInput.count) runs\(Benchmark.isDebugBuild ? " (debug build)" : "")")
            }
        }
    }
}
