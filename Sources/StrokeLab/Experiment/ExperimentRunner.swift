import Foundation
import StrokeCore
import StrokeMetrics
import StrokeIO
import StrokeSmoothing

/// Runs an experiment: every stroke of every trace through every pipeline, measured.
///
/// Each stroke is prepared once (``PreparedStroke``: its hold-out split, reference, gaps,
/// measuring step and reference geometry) and then measured through every pipeline. Strokes
/// run in parallel with structured concurrency (a task group bounded by the number of cores);
/// each result lands in the slot of its (trace, stroke) job, so the output order — dataset,
/// trace, stroke, pipeline, metric — is the same on every run.
public enum ExperimentRunner {
    /// How one dataset's strokes were split for the hold-out (``HoldOut``).
    public struct HoldOutCount: Hashable, Sendable {
        /// Strokes measured against held-out samples.
        public var strokes: Int = 0
        /// Distinct samples of those strokes fed to every pipeline.
        public var fed: Int = 0
        /// Samples of those strokes held out as their reference.
        public var heldOut: Int = 0
    }

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
        /// Per dataset (in order of appearance), how its strokes were held out; datasets whose
        /// strokes all carry their own reference are absent.
        public var holdOut: [(dataset: String, count: HoldOutCount)] = []
    }

    /// One stroke of one trace: a row of the work (its units are the stroke × each pipeline).
    public struct Job: Hashable, Sendable {
        /// Index of the trace in the experiment's traces.
        public var trace: Int
        /// Index of the stroke in the trace.
        public var stroke: Int
    }

    /// One stroke through one pipeline: its result rows and the notes on what it lacks.
    public struct UnitResult: Sendable {
        /// The measurements (finite values only).
        public var rows: [ResultRow]
        /// Why some metrics have no value.
        public var notes: [String]

        /// Creates a unit result.
        public init(rows: [ResultRow], notes: [String]) {
            self.rows = rows
            self.notes = notes
        }
    }

    /// One stroke through the pipelines that were measured on it (`nil` where a pipeline was
    /// left to another shard), with how the stroke was prepared.
    public struct JobResult: Sendable {
        /// Per pipeline of the experiment, its result or `nil` when not measured here.
        public var pipelines: [UnitResult?]
        /// The reference the stroke was measured against (`analytic`, `hold-out(k=4)`, …).
        public var reference: String
        /// Samples held out as the reference (hold-out strokes only).
        public var heldOut: Int
        /// Samples fed to every pipeline (hold-out strokes only).
        public var fed: Int

        /// Creates a job result.
        public init(pipelines: [UnitResult?], reference: String, heldOut: Int, fed: Int) {
            self.pipelines = pipelines
            self.reference = reference
            self.heldOut = heldOut
            self.fed = fed
        }
    }

    /// The strokes of `traces` in work order: trace by trace, stroke by stroke.
    public static func jobs(_ traces: [LoadedTrace]) -> [Job] {
        var jobs: [Job] = []
        for (t, loaded) in traces.enumerated() {
            for s in loaded.trace.strokes.indices { jobs.append(Job(trace: t, stroke: s)) }
        }
        return jobs
    }

    /// Measures `traces` × `pipelines`; `jobDone` is called (from any thread) after each
    /// stroke × pipeline, for progress.
    public static func run(traces: [LoadedTrace], pipelines: [ExperimentPipeline], options: MetricOptions,
                           concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                           jobDone: @escaping @Sendable () -> Void = {}) async -> Outcome {
        let results = await measure(traces: traces, pipelines: pipelines, options: options, concurrency: concurrency,
                                    unitDone: jobDone)
        return assemble(traces: traces, pipelines: pipelines, results: results)
    }

    /// Measures the units (stroke × pipeline) of `traces` × `pipelines` that `include` accepts
    /// (called with the job index in ``jobs(_:)`` order and the pipeline index); `unitDone` is
    /// called (from any thread) after each unit, `finished` after each stroke; a stroke no
    /// pipeline of which is included is not prepared and has a `nil` result. Strokes run in
    /// parallel (at most `concurrency` at once); the result of job i is at index i.
    public static func measure(traces: [LoadedTrace], pipelines: [ExperimentPipeline], options: MetricOptions,
                               concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
                               include: @escaping @Sendable (_ job: Int, _ pipeline: Int) -> Bool = { _, _ in true },
                               unitDone: @escaping @Sendable () -> Void = {},
                               finished: @escaping @Sendable (_ units: Int) -> Void = { _ in }) async -> [JobResult?] {
        let jobs = Self.jobs(traces)
        let wanted = jobs.indices.filter { j in pipelines.indices.contains { include(j, $0) } }
        var results = [JobResult?](repeating: nil, count: jobs.count)
        let width = max(1, concurrency)
        await withTaskGroup(of: (Int, JobResult).self) { group in
            var next = 0
            func submit() {
                let index = wanted[next]
                let job = jobs[index]
                next += 1
                group.addTask {
                    let loaded = traces[job.trace]
                    let prepared = PreparedStroke(stroke: loaded.trace.strokes[job.stroke], metadata: loaded.trace.metadata,
                                                  options: options)
                    var measured: [UnitResult?] = []
                    var count = 0
                    // The reference ink's polygons, made once for the stroke's pipelines.
                    var referencePolygons: InkPolygons? = nil
                    for (pi, p) in pipelines.enumerated() {
                        guard include(index, pi) else { measured.append(nil); continue }
                        let (rows, notes) = measure(prepared, in: loaded, pipeline: p, referencePolygons: &referencePolygons)
                        measured.append(UnitResult(rows: rows, notes: notes))
                        unitDone()
                        count += 1
                    }
                    finished(count)
                    return (index, JobResult(pipelines: measured, reference: prepared.kind.description,
                                             heldOut: prepared.heldOutCount, fed: prepared.fedCount))
                }
            }
            while next < min(width, wanted.count) { submit() }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < wanted.count { submit() }
            }
        }
        return results
    }

    /// The outcome of measured jobs (``measure(traces:pipelines:options:concurrency:include:finished:)``,
    /// or the union of shards' units): rows in job, pipeline, metric order; references,
    /// omission notes and hold-out counts over the units present.
    public static func assemble(traces: [LoadedTrace], pipelines: [ExperimentPipeline], results: [JobResult?]) -> Outcome {
        let jobs = Self.jobs(traces)
        var rows: [ResultRow] = []
        var references: [String: Set<String>] = [:]
        // Per dataset × pipeline: how many strokes each omission note applies to, so that a
        // mean over fewer strokes than the dataset has is explained.
        var omissions: [String: [String: Int]] = [:]
        var omissionOrder: [String] = []
        var strokesPerDataset: [String: Int] = [:]
        var holdOut: [(dataset: String, count: HoldOutCount)] = []
        for t in traces { strokesPerDataset[t.dataset, default: 0] += t.trace.strokes.count }
        for (job, result) in zip(jobs, results) {
            guard let result else { continue }
            let dataset = traces[job.trace].dataset
            if result.heldOut > 0 {
                if holdOut.last?.dataset != dataset && !holdOut.contains(where: { $0.dataset == dataset }) {
                    holdOut.append((dataset, HoldOutCount()))
                }
                let i = holdOut.firstIndex { $0.dataset == dataset }!
                holdOut[i].count.strokes += 1
                holdOut[i].count.fed += result.fed
                holdOut[i].count.heldOut += result.heldOut
            }
            for (p, measured) in zip(pipelines, result.pipelines) {
                guard let measured else { continue }
                rows += measured.rows
                let key = "\(dataset) × \(p.name)"
                references[key, default: []].insert(result.reference)
                for note in measured.notes where !traces[job.trace].trace.metadata.resampled || !note.contains("resampled") {
                    if omissions[key] == nil { omissionOrder.append(key) }
                    omissions[key, default: [:]][note, default: 0] += 1
                }
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
        notes += scaleNotes(traces)
        return Outcome(rows: rows, references: references, notes: notes, omissions: omissionLines, holdOut: holdOut)
    }

    /// One note per dataset with traces that record no physical scale, in order of appearance:
    /// which stated length their unit was taken at (``StrokeCore/TraceMetadata/physicalScale``),
    /// so lengths stated in pt or px — metric options, stage parameters — were converted with
    /// an assumed scale, e.g. "dataset 'bdalab-browser': 1 trace records no physical scale; its
    /// px are taken as CSS px (1/96 in = 0.26458 mm; 1 px = 1.375 pt) to convert lengths stated
    /// in pt and px".
    public static func scaleNotes(_ traces: [LoadedTrace]) -> [String] {
        var order: [String] = []
        var assumed: [String: [LengthUnit: Int]] = [:]
        for t in traces where !t.trace.metadata.physicalScale.recorded {
            if assumed[t.dataset] == nil { order.append(t.dataset) }
            assumed[t.dataset, default: [:]][t.trace.metadata.units, default: 0] += 1
        }
        return order.map { d in
            let parts = LengthUnit.allCases.compactMap { u -> String? in
                guard let n = assumed[d]?[u] else { return nil }
                return "\(n) trace\(n == 1 ? "" : "s") in \(u.rawValue) record\(n == 1 ? "s" : "") no physical scale; "
                    + Self.statedScaleText(u)
            }
            return "dataset '\(d)': " + parts.joined(separator: "; ") + ", to convert lengths stated in pt and px (metric options, stage parameters)"
        }
    }

    /// How a unit's stated length reads: `its px are taken as CSS px (1/96 in = 0.26458 mm; 1 px = 1.375 pt)`.
    static func statedScaleText(_ unit: LengthUnit) -> String {
        let mm = JSONText.number((unit.millimetres * 1e5).rounded() / 1e5)
        let pt = JSONText.number((unit.millimetres / LengthUnit.millimetresPerPoint * 1e4).rounded() / 1e4)
        switch unit {
        case .px: return "its px are taken as CSS px (1/96 in = \(mm) mm; 1 px = \(pt) pt)"
        case .pt: return "its units are taken as StrokeLab points (1/132 in = \(mm) mm)"
        case .mm: return "its units are millimetres"
        }
    }

    /// One prepared stroke through one pipeline: replay and every metric
    /// (``StrokeEvaluation/evaluate(_:pipeline:)``), as result rows and notes.
    public static func measure(_ prepared: PreparedStroke, in loaded: LoadedTrace, pipeline: ExperimentPipeline)
        -> (rows: [ResultRow], notes: [String])
    {
        var none: InkPolygons? = nil
        return measure(prepared, in: loaded, pipeline: pipeline, referencePolygons: &none)
    }

    /// ``measure(_:in:pipeline:)``, keeping the reference ink's capsule polygons in
    /// `referencePolygons` for the stroke's next pipeline
    /// (`StrokeEvaluation.evaluate(_:pipeline:referencePolygons:)`). The same rows.
    public static func measure(_ prepared: PreparedStroke, in loaded: LoadedTrace, pipeline: ExperimentPipeline,
                               referencePolygons: inout InkPolygons?) -> (rows: [ResultRow], notes: [String]) {
        let result: StrokeEvaluationResult
        if let external = pipeline.external {
            // A failure is kept by the external pipeline, which fails the run (Experiment.run).
            guard var replay = try? external.replay(prepared.fed, horizons: prepared.replayOptions(predicts: true).evaluationHorizons) else {
                return ([], [])
            }
            // Prediction is measured when the child predicted (as for a pipeline with a predict: stage).
            if replay.predicted.isEmpty { replay.horizons = []; replay.horizonPredictions = [] }
            result = StrokeEvaluation.measure(replay: replay, prepared: prepared)
        } else {
            result = StrokeEvaluation.evaluate(prepared, pipeline: pipeline.description, referencePolygons: &referencePolygons)
        }
        let rows = result.measurements.filter { $0.value.isFinite }.map {
            ResultRow(dataset: loaded.dataset, trace: loaded.name, stroke: prepared.stroke.id, pipeline: pipeline.name,
                      metric: $0.metric, value: $0.value, unit: $0.unit)
        }
        let dropped = result.measurements.filter { !$0.value.isFinite }.map { "\($0.metric): omitted: not a finite number" }
        return (rows, result.notes + dropped)
    }

    /// One stroke through one pipeline, prepared on the spot (tests and single measurements;
    /// the runner prepares each stroke once for all pipelines).
    public static func measure(stroke: Stroke, in loaded: LoadedTrace, pipeline: ExperimentPipeline,
                               options: MetricOptions) -> (rows: [ResultRow], reference: String, notes: [String]) {
        let prepared = PreparedStroke(stroke: stroke, metadata: loaded.trace.metadata, options: options)
        let (rows, notes) = measure(prepared, in: loaded, pipeline: pipeline)
        return (rows, prepared.kind.description, notes)
    }
}
