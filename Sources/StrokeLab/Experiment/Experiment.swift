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

    /// A replacement for the measuring step of ``run(_:specPath:baseDirectory:outputDirectory:measure:)``.
    public typealias Measure = @Sendable ([LoadedTrace], [ExperimentPipeline], MetricOptions) async throws -> ExperimentRunner.Outcome

    /// Runs `spec` (paths relative to `baseDirectory`) and writes the result tables into
    /// `outputDirectory`.
    ///
    /// Everything is loaded and validated before anything is written, so a malformed trace
    /// or pipeline leaves the output directory as it was. Each file is written atomically.
    /// `measure` replaces the measuring step (``ExperimentRunner/run(traces:pipelines:options:concurrency:)``):
    /// a shard measures its slice of the work, a merge assembles the shards' units
    /// (``ShardRun``); everything around it — validation, summaries, tables — is the same.
    /// - Throws: ``ExperimentError`` with one line naming the file and the problem.
    public static func run(_ spec: ExperimentSpec, specPath: String?, baseDirectory: String,
                           outputDirectory: String, measure: Measure? = nil) async throws(ExperimentError) -> Report {
        let start = ContinuousClock.now
        let settings = spec.metrics ?? MetricSettings()
        if let problem = settings.problems.first { throw ExperimentError((specPath.map { "\($0): " } ?? "") + problem) }
        let options = settings.options
        let pipelines = try PipelineSet.resolve(spec.pipelines ?? PipelineSet.seedPresets.map { .init(label: $0) },
                                                sweeps: spec.sweeps ?? [])
        guard !pipelines.isEmpty else { throw ExperimentError("the experiment has no pipelines") }
        let (traces, loadNotes) = try DatasetLoader.load(spec.datasets, relativeTo: baseDirectory)
        guard !traces.isEmpty else { throw ExperimentError("the experiment has no traces (every dataset was skipped)") }
        let seed = spec.seed ?? 1
        let resamples = spec.bootstrap ?? 1000
        guard (0...100_000).contains(resamples) else { throw ExperimentError("bootstrap must be in 0…100000") }
        guard let unit = BootstrapUnit(rawValue: spec.bootstrapBy ?? "trace") else {
            throw ExperimentError((specPath.map { "\($0): " } ?? "") + "bootstrapBy must be 'trace' or 'stroke', got '\(spec.bootstrapBy ?? "")'")
        }
        if let b = spec.baseline, !pipelines.contains(where: { $0.name == b }) {
            throw ExperimentError((specPath.map { "\($0): " } ?? "") + "baseline '\(b)' is not one of the pipelines (\(pipelines.map(\.name).joined(separator: ", ")))")
        }
        let statistics = StatisticsSettings(seed: seed, resamples: resamples, unit: unit, baseline: spec.baseline ?? pipelines.first?.name)

        var outcome: ExperimentRunner.Outcome
        if let measure {
            do { outcome = try await measure(traces, pipelines, options) } catch let error as ExperimentError { throw error } catch {
                throw ExperimentError("\(error)")
            }
        } else {
            outcome = await ExperimentRunner.run(traces: traces, pipelines: pipelines, options: options)
        }
        outcome.notes = loadNotes + outcome.notes
        if spec.throughput == true {
            // Timing is the one measurement that is not deterministic, so it is opt-in: with it
            // results.csv holds every metric id of DESIGN.md, without it the same spec always
            // gives the same bytes.
            let measured = Benchmark.measureThroughput(traces: traces, pipelines: pipelines, settings: Benchmark.Settings())
            outcome.rows += Benchmark.rows(throughput: measured, metrics: nil)
            outcome.notes.append("throughput.* rows are timings on this machine (median of 7 runs in `strokelab bench`'s method); they vary from run to run")
        }
        let summary = ResultStatistics.summary(outcome.rows, settings: statistics)
        let paired = ResultStatistics.paired(outcome.rows, pipelines: pipelines.map(\.name), settings: statistics)
        let elapsed = (ContinuousClock.now - start) / .seconds(1)
        let manifest = RunManifest.json(specPath: specPath, spec: spec, pipelines: pipelines, traces: traces, outcome: outcome,
                                        options: options, statistics: statistics, elapsed: elapsed)
        do {
            try AtomicFile.write(text: ResultsTable(rows: outcome.rows).csvText, to: outputDirectory + "/results.csv")
            try AtomicFile.write(text: SummaryTable(rows: summary).csvText, to: outputDirectory + "/summary.csv")
            try AtomicFile.write(text: PairedSummaryTable(rows: paired).csvText, to: outputDirectory + "/summary_paired.csv")
            try AtomicFile.write(text: manifest, to: outputDirectory + "/run.json")
        } catch {
            throw ExperimentError("\(error)")
        }
        return Report(rows: outcome.rows, summary: summary, paired: paired, statistics: statistics, pipelines: pipelines,
                      traces: traces, notes: outcome.notes, omissions: outcome.omissions, references: outcome.references,
                      holdOut: outcome.holdOut, elapsedSeconds: elapsed)
    }
}
