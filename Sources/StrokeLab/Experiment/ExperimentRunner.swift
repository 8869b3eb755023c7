import Foundation
import StrokeCore
import StrokeMetrics
import StrokeIO
import StrokeSmoothing

/// Runs an experiment: every stroke of every trace through every pipeline, measured.
///
/// Strokes run in parallel with structured concurrency (a task group bounded by the number
/// of cores); each result lands in the slot of its (trace, stroke, pipeline) job, so the
/// output order — dataset, trace, stroke, pipeline, metric — is the same on every run.
public enum ExperimentRunner {
    /// What a run produced.
    public struct Outcome: Sendable {
        /// Every measurement, in deterministic order.
        public var rows: [ResultRow]
        /// Which reference each (dataset, pipeline) was measured against, e.g. `analytic`.
        public var references: [String: Set<String>]
        /// Things the reader should know (skipped datasets, timing metrics not reported).
        public var notes: [String]
        /// Per dataset × pipeline, the metrics some strokes have no value for and why
        /// ("synthetic × bezier4: 8 of 32 strokes: fidelity, jaggedness: omitted: nothing was
        /// drawn"): why a mean covers fewer strokes than the dataset has.
        public var omissions: [String]
    }

    /// Measures `traces` × `pipelines`; `jobDone` is called (from any thread) after each
    /// stroke × pipeline, for progress.
    public static func run(traces: [LoadedTrace], pipelines: [ExperimentPipeline], options: MetricOptions,
                           concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                           jobDone: @escaping @Sendable () -> Void = {}) async -> Outcome {
        struct Job: Sendable { var trace: Int; var stroke: Int; var pipeline: Int }
        var jobs: [Job] = []
        for (t, loaded) in traces.enumerated() {
            for s in loaded.trace.strokes.indices {
                for p in pipelines.indices { jobs.append(Job(trace: t, stroke: s, pipeline: p)) }
            }
        }
        struct JobResult: Sendable { var rows: [ResultRow]; var reference: String; var notes: [String] }
        var results = [JobResult?](repeating: nil, count: jobs.count)
        let width = max(1, concurrency)
        await withTaskGroup(of: (Int, JobResult).self) { group in
            var next = 0
            func submit() {
                let index = next
                let job = jobs[index]
                next += 1
                group.addTask {
                    let loaded = traces[job.trace]
                    let stroke = loaded.trace.strokes[job.stroke]
                    let pipeline = pipelines[job.pipeline]
                    let (rows, kind, notes) = measure(stroke: stroke, in: loaded, pipeline: pipeline, options: options)
                    jobDone()
                    return (index, JobResult(rows: rows, reference: kind, notes: notes))
                }
            }
            while next < min(width, jobs.count) { submit() }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < jobs.count { submit() }
            }
        }
        var rows: [ResultRow] = []
        var references: [String: Set<String>] = [:]
        // Per dataset × pipeline: how many strokes each omission note applies to, so that a
        // mean over fewer strokes than the dataset has is explained.
        var omissions: [String: [String: Int]] = [:]
        var omissionOrder: [String] = []
        var strokesPerDataset: [String: Int] = [:]
        for t in traces { strokesPerDataset[t.dataset, default: 0] += t.trace.strokes.count }
        for (job, result) in zip(jobs, results) {
            guard let result else { continue }
            rows += result.rows
            let key = "\(traces[job.trace].dataset) × \(pipelines[job.pipeline].name)"
            references[key, default: []].insert(result.reference)
            for note in result.notes where !traces[job.trace].trace.metadata.resampled || !note.contains("resampled") {
                if omissions[key] == nil { omissionOrder.append(key) }
                omissions[key, default: [:]][note, default: 0] += 1
            }
        }
        var omissionLines: [String] = []
        for key in omissionOrder {
            let total = strokesPerDataset[String(key.split(separator: " × ")[0])] ?? 0
            for (note, count) in omissions[key]!.sorted(by: { $0.key < $1.key }) {
                omissionLines.append("\(key): \(count) of \(total) strokes: \(note)")
            }
        }
        var notes: [String] = []
        let resampled = Set(traces.filter { $0.trace.metadata.resampled }.map(\.dataset))
        for d in resampled.sorted() {
            notes.append("dataset '\(d)' is spatially resampled (synthetic timestamps): timing metrics are not reported for it")
        }
        return Outcome(rows: rows, references: references, notes: notes, omissions: omissionLines)
    }

    /// One stroke through one pipeline: reference selection, replay and every metric
    /// (``StrokeEvaluation/evaluate(stroke:pipeline:metadata:options:)``).
    public static func measure(stroke: Stroke, in loaded: LoadedTrace, pipeline: ExperimentPipeline,
                               options: MetricOptions) -> (rows: [ResultRow], reference: String, notes: [String]) {
        let result = StrokeEvaluation.evaluate(stroke: stroke, pipeline: pipeline.description,
                                               metadata: loaded.trace.metadata, options: options)
        let rows = result.measurements.filter { $0.value.isFinite }.map {
            ResultRow(dataset: loaded.dataset, trace: loaded.name, stroke: stroke.id, pipeline: pipeline.name,
                      metric: $0.metric, value: $0.value, unit: $0.unit)
        }
        let dropped = result.measurements.filter { !$0.value.isFinite }.map { "\($0.metric): omitted: not a finite number" }
        return (rows, result.referenceKind.description, result.notes + dropped)
    }
}
