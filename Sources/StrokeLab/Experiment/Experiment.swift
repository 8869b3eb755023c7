import Foundation
import StrokeIO
import StrokeMetrics

/// An experiment end to end: load, run, summarise, write `results.csv`, `summary.csv`,
/// `summary_paired.csv` and `run.json` into an output directory.
public enum Experiment {
    /// What a finished experiment wrote.
    public struct Report: Sendable {
        /// Every measurement (the rows of `results.csv`).
        public var rows: [ResultRow]
        /// The rows of `summary.csv`.
        public var summary: [SummaryRow]
        /// The rows of `summary_paired.csv`: pipelines compared on the same strokes.
        public var paired: [PairedSummaryRow]
        /// How the summaries were computed (seed, resamples, bootstrap unit, baseline).
        public var statistics: StatisticsSettings
        /// The pipelines, resolved, in order.
        public var pipelines: [ExperimentPipeline]
        /// The traces measured.
        public var traces: [LoadedTrace]
        /// Things the reader should know (skipped datasets or metrics).
        public var notes: [String]
        /// Metrics some strokes have no value for, per dataset × pipeline, and why.
        public var omissions: [String]
        /// Which reference each dataset × pipeline was measured against (`analytic`,
        /// `dense-samples`, `hold-out(k=4)`, …).
        public var references: [String: Set<String>]
        /// Per dataset, how its strokes were held out (``ExperimentRunner/HoldOutCount``).
        public var holdOut: [(dataset: String, count: ExperimentRunner.HoldOutCount)]
        /// Seconds the run took.
        public var elapsedSeconds: Double
    }

    /// A replacement for the measuring step of ``run(_:into:settings:)``: a shard measures its
    /// slice of the work, a merge assembles the shards' units (``ShardRun``); everything around
    /// it — validation, summaries, tables — is the same.
    public typealias Measure = @Sendable ([LoadedTrace], [ExperimentPipeline], MetricOptions) async throws -> ExperimentRunner.Outcome

    /// How an experiment runs, beyond its spec.
    public struct Settings: Sendable {
        /// The most pipelines the spec may expand to (its pipelines plus every sweep's
        /// grid); more is refused with an error naming the sweep and the count
        /// (``PipelineSet/defaultMaximumPipelines``; `strokelab run --max-pipelines`).
        public var maximumPipelines: Int
        /// Where progress lines go (``Progress/silent`` by default).
        public var progress: Progress
        /// Strokes measured at once (default: every core).
        public var concurrency: Int
        /// Replaces the measuring step (`nil`: ``ExperimentRunner/run(traces:pipelines:options:concurrency:jobDone:)``).
        public var measure: Measure?
        /// Whether the spec's external pipelines may start their programs (`run --allow-external`);
        /// without it a spec that names one is refused (default false).
        public var allowExternal: Bool

        /// Creates settings.
        public init(maximumPipelines: Int = PipelineSet.defaultMaximumPipelines, progress: Progress = .silent,
                    concurrency: Int = ProcessInfo.processInfo.activeProcessorCount, measure: Measure? = nil,
                    allowExternal: Bool = false) {
            self.maximumPipelines = maximumPipelines
            self.progress = progress
            self.concurrency = concurrency
            self.measure = measure
            self.allowExternal = allowExternal
        }
    }

    /// An experiment loaded and validated, ready to measure: nothing has been written yet.
    public struct Prepared: Sendable {
        /// The spec.
        public var spec: ExperimentSpec
        /// The spec's file, when it came from one.
        public var specPath: String?
        /// The metric options, defaults filled in.
        public var options: MetricOptions
        /// The pipelines, sweeps expanded.
        public var pipelines: [ExperimentPipeline]
        /// The traces.
        public var traces: [LoadedTrace]
        /// Notes from loading (skipped datasets).
        public var notes: [String]
        /// How the summaries are computed (seed, resamples, bootstrap unit, baseline).
        public var statistics: StatisticsSettings
    }

    /// Loads and validates `spec` (paths relative to `baseDirectory`): metric options,
    /// pipelines (with the sweep cap of `settings`), every dataset. Writes nothing.
    /// - Throws: ``ExperimentError`` with one line naming the file and the problem.
    public static func prepare(_ spec: ExperimentSpec, specPath: String?, baseDirectory: String,
                               settings: Settings = Settings()) throws(ExperimentError) -> Prepared {
        let metricSettings = spec.metrics ?? MetricSettings()
        if let problem = metricSettings.problems.first { throw ExperimentError((specPath.map { "\($0): " } ?? "") + problem) }
        if let problem = spec.device?.problems.first { throw ExperimentError((specPath.map { "\($0): " } ?? "") + problem) }
        let resamples = spec.bootstrap ?? ExperimentSpec.Defaults.bootstrap
        guard (0...100_000).contains(resamples) else { throw ExperimentError("bootstrap must be in 0…100000, not \(resamples)") }
        guard let unit = BootstrapUnit(rawValue: spec.bootstrapBy ?? ExperimentSpec.Defaults.bootstrapBy) else {
            throw ExperimentError((specPath.map { "\($0): " } ?? "") + "bootstrapBy must be 'trace' or 'stroke', got '\(ErrorText.excerpt(spec.bootstrapBy ?? "", limit: 40))'")
        }
        let external = try ExternalPipeline.declared(in: spec, specPath: specPath, baseDirectory: baseDirectory)
        let pipelines = try PipelineSet.resolve(spec.pipelines ?? PipelineSet.seedPresets.map { .init(label: $0) },
                                                sweeps: spec.sweeps ?? [], maximum: settings.maximumPipelines,
                                                external: external.map(ExternalPipeline.init))
        guard !pipelines.isEmpty else { throw ExperimentError("the experiment has no pipelines") }
        if !settings.allowExternal, let e = pipelines.first(where: { $0.external != nil })?.external {
            throw ExperimentError("pipeline '\(e.declaration.label)' runs a program (\(ErrorText.excerpt(e.declaration.command.joined(separator: " "), limit: 120))); "
                + "external pipelines start only with 'strokelab run --allow-external'")
        }
        if let b = spec.baseline, !pipelines.contains(where: { $0.name == b }) {
            throw ExperimentError((specPath.map { "\($0): " } ?? "") + "baseline '\(ErrorText.excerpt(b, limit: 80))' is not one of the pipelines (\(pipelines.map(\.name).joined(separator: ", ")))")
        }
        let rules: VerdictRules
        do { rules = try VerdictRules(spec) } catch { throw ExperimentError((specPath.map { "\($0): " } ?? "") + error.description) }
        let statistics = StatisticsSettings(seed: spec.seed ?? ExperimentSpec.Defaults.seed, resamples: resamples, unit: unit,
                                            baseline: spec.baseline ?? pipelines.first?.name, rules: rules)
        let progress = settings.progress
        let (traces, notes) = try DatasetLoader.load(spec.datasets, relativeTo: baseDirectory, progress: progress)
        guard !traces.isEmpty else {
            throw ExperimentError("the experiment has no traces (every dataset was skipped: \(notes.joined(separator: "; ")))")
        }
        return Prepared(spec: spec, specPath: specPath, options: spec.metricOptions, pipelines: pipelines,
                        traces: traces, notes: notes, statistics: statistics)
    }

    /// Runs `spec` (paths relative to `baseDirectory`) and replaces the result set in
    /// `outputDirectory` with its `results.csv`, `summary.csv` and `run.json`.
    ///
    /// Everything is loaded and validated before anything is written, so a malformed trace
    /// or pipeline leaves the output directory as it was. The files are written into a
    /// staging folder and switched in together (``StrokeIO/OutputSet``): a run killed at any
    /// point leaves the previous set or the new one, and a second run on the same directory
    /// at the same time is refused.
    /// - Throws: ``ExperimentError`` with one line naming the file and the problem.
    public static func run(_ spec: ExperimentSpec, specPath: String?, baseDirectory: String,
                           outputDirectory: String, settings: Settings = Settings()) async throws(ExperimentError) -> Report {
        let prepared = try prepare(spec, specPath: specPath, baseDirectory: baseDirectory, settings: settings)
        let output = try beginOutput(outputDirectory)
        let report = try await run(prepared, into: output, settings: settings)
        do { try output.commit() } catch { throw ExperimentError(error.description) }
        return report
    }

    /// Takes `directory` for writing (``StrokeIO/OutputSet/begin(directory:observer:)``;
    /// `observer` hears of each step of the output set, for the crash-consistency test).
    public static func beginOutput(_ directory: String, observer: OutputSet.StepObserver? = nil) throws(ExperimentError) -> OutputSet {
        do { return try OutputSet.begin(directory: directory, observer: observer) } catch { throw ExperimentError(error.description) }
    }

    /// Measures a prepared experiment and writes `results.csv`, `summary.csv` and `run.json`
    /// into `output`'s staging folder; the caller commits (or abandons) the set.
    public static func run(_ prepared: Prepared, into output: OutputSet, settings: Settings = Settings()) async throws(ExperimentError)
        -> Report
    {
        let start = ContinuousClock.now
        let spec = prepared.spec
        let traces = prepared.traces, pipelines = prepared.pipelines, options = prepared.options
        let resamples = spec.bootstrap ?? ExperimentSpec.Defaults.bootstrap
        let progress = settings.progress
        let statistics = prepared.statistics

        let strokes = traces.reduce(0) { $0 + $1.trace.strokes.count }
        var outcome: ExperimentRunner.Outcome
        if let measure = settings.measure {
            do { outcome = try await measure(traces, pipelines, options) } catch let error as ExperimentError { throw error } catch {
                throw ExperimentError("\(error)")
            }
        } else {
            progress.begin("measuring \(strokes) strokes × \(pipelines.count) pipelines", total: strokes * pipelines.count)
            outcome = await ExperimentRunner.run(traces: traces, pipelines: pipelines, options: options,
                                                 concurrency: settings.concurrency) { progress.advance() }
            progress.end("measured \(strokes) strokes × \(pipelines.count) pipelines")
        }
        // An external pipeline that failed fails the run, before anything is written (its
        // children are told to finish either way).
        for p in pipelines { p.external?.finish() }
        if let failure = pipelines.lazy.compactMap({ $0.external?.failed }).first { throw ExperimentError(failure) }
        outcome.notes = prepared.notes + outcome.notes
        if spec.throughput ?? ExperimentSpec.Defaults.throughput {
            // Timing is the one measurement that is not deterministic, so it is opt-in: with it
            // results.csv holds every metric id of DESIGN.md, without it the same spec always
            // gives the same bytes.
            // An external pipeline's cost is its child's, behind a pipe: StrokeLab cannot time it
            // as it times its own loop (its description is only a placeholder), so it has none.
            let timed = pipelines.filter { $0.external == nil }
            progress.note("timing \(timed.count) pipelines (throughput)…")
            let measured = Benchmark.measureThroughput(traces: traces, pipelines: timed, settings: Benchmark.Settings())
            outcome.rows += Benchmark.rows(throughput: measured, metrics: nil)
            outcome.notes.append("throughput.* rows are timings on this machine (median of 7 runs in `strokelab bench`'s method); they vary from run to run")
            if timed.count < pipelines.count {
                outcome.notes.append("external pipelines have no throughput.* rows: their cost is the child process's (scripts/peers/external times peers' drivers alone)")
            }
        }
        let rows = outcome.rows
        let kinds = StrokeKinds(traces: traces)
        let parameters = PipelineSet.parameterColumns(pipelines)
        // results.csv needs no statistic: it is written on one core while the statistics run
        // on the others (the text does not depend on the order the two finish in).
        let resultsPath = output.path("results.csv")
        async let resultsWritten: String? = {
            do { try AtomicFile.write(ResultsTable(rows: rows, parameters: parameters).csvUTF8, to: resultsPath) } catch {
                return "\(error)"
            }
            return nil
        }()
        let (summary, paired) = progress.during("summarising \(rows.count) measurements (bootstrap \(resamples) by \(statistics.unit.rawValue))") {
            (ResultStatistics.summary(rows, settings: statistics),
             ResultStatistics.paired(rows, pipelines: pipelines.map(\.name), settings: statistics, kinds: kinds))
        }
        progress.note("summarised \(outcome.rows.count) measurements into \(summary.count) rows and \(paired.count) paired rows (bootstrap \(resamples) by \(statistics.unit.rawValue))")
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        let manifest = RunManifest.json(specPath: prepared.specPath, spec: spec, pipelines: pipelines, traces: traces, outcome: outcome,
                                        options: options, statistics: statistics, elapsed: elapsed)
        progress.note("writing results.csv (\(outcome.rows.count) rows, begun with the summaries)…")
        if let failure = await resultsWritten { throw ExperimentError(failure) }
        try progress.during("writing summary.csv, summary_paired.csv, run.json") { () throws(ExperimentError) in
            do {
                try AtomicFile.write(text: SummaryTable(rows: summary, parameters: parameters).csvText, to: output.path("summary.csv"))
                try AtomicFile.write(text: PairedSummaryTable(rows: paired).csvText, to: output.path("summary_paired.csv"))
                try AtomicFile.write(text: manifest, to: output.path("run.json"))
            } catch {
                throw ExperimentError("\(error)")
            }
        }
        return Report(rows: outcome.rows, summary: summary, paired: paired, statistics: statistics, pipelines: pipelines,
                      traces: traces, notes: outcome.notes, omissions: outcome.omissions, references: outcome.references,
                      holdOut: outcome.holdOut, elapsedSeconds: elapsed)
    }
}
