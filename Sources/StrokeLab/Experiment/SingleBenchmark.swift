import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing

/// One stage, or one pipeline, timed over the strokes of some traces: the figure the peer
/// benchmark (`scripts/peers/run`) sets beside each peer's own implementation.
///
/// A stage is run alone (``StrokeSmoothing/StageRun``); a pipeline is replayed in full
/// (``StrokeMetrics/Throughput``). Both use the same timing loop
/// (``StrokeMetrics/Throughput/time(inputsPerPass:runs:warmupRuns:minimumRunSeconds:passes:pass:)``).
/// Inputs are samples (for a style stage: the elements of the straight line through them).
public struct SingleBenchmark: Sendable {
    /// The label as given.
    public var label: String
    /// Its canonical form.
    public var canonical: String
    /// Inputs per pass.
    public var inputs: Int
    /// Passes per run.
    public var passes: Int
    /// Nanoseconds per input of each timed run.
    public var nanosecondsPerInput: [Double]
    /// CPU nanoseconds per input of each timed run (the measuring thread's CPU time: under
    /// load it counts the work, not the wait for a core).
    public var cpuNanosecondsPerInput: [Double] = []

    /// Median, smallest and largest nanoseconds per input.
    public var median: Double { Benchmark.median(nanosecondsPerInput) }

    /// One line of JSON: `{"label", "canonical", "inputs", "runs", "passes",
    /// "ns_per_input": {"median", "min", "max"}, "cpu_ns_per_input": {"median", "min", "max"}}`.
    public var json: String {
        func n(_ v: Double) -> String { v.isFinite ? JSONText.number(v) : "null" }
        return "{\"label\": \(JSONText.quoted(label)), \"canonical\": \(JSONText.quoted(canonical)), "
            + "\"inputs\": \(inputs), \"runs\": \(nanosecondsPerInput.count), \"passes\": \(passes), "
            + "\"ns_per_input\": {\"median\": \(n(median)), \"min\": \(n(nanosecondsPerInput.min() ?? .nan)), "
            + "\"max\": \(n(nanosecondsPerInput.max() ?? .nan))}, "
            + "\"cpu_ns_per_input\": {\"median\": \(n(cpuNanosecondsPerInput.isEmpty ? .nan : Benchmark.median(cpuNanosecondsPerInput))), "
            + "\"min\": \(n(cpuNanosecondsPerInput.min() ?? .nan)), \"max\": \(n(cpuNanosecondsPerInput.max() ?? .nan))}}"
    }

    /// Times the stage `label` (`kind:id(…)`, or a filter and the predictor that reads it)
    /// alone over every stroke of `traces`.
    /// - Throws: ``ExperimentError`` for a label that does not resolve or strokes with no sample.
    public static func stage(_ label: String, traces: [LoadedTrace], settings: Benchmark.Settings,
                             passes: Int?) throws(ExperimentError) -> SingleBenchmark {
        let stages: [ResolvedStage]
        do { stages = try PipelineDescription.resolveStages(label) } catch { throw ExperimentError(error.description) }
        var run = StageRun(stages, strokes: traces.flatMap(\.trace.strokes))
        let inputs = run.inputsPerPass
        guard inputs > 0 else { throw ExperimentError("stage '\(label)': the traces have no samples") }
        var checksum = 0
        let t = Throughput.time(inputsPerPass: inputs, runs: settings.runs, warmupRuns: settings.warmupRuns,
                                minimumRunSeconds: settings.minimumRunSeconds, passes: passes, cpuClock: ThreadCPUClock.seconds) {
            checksum &+= run.pass()
        }
        precondition(checksum != Int.min, "keeps the work observable")
        return SingleBenchmark(label: label, canonical: run.canonical, inputs: inputs, passes: t.passes,
                               nanosecondsPerInput: t.nanosecondsPerInput, cpuNanosecondsPerInput: t.cpuNanosecondsPerInput)
    }

    /// Times the pipeline `label`, replayed in full, over every stroke of `traces`.
    /// - Throws: ``ExperimentError`` for a label that does not resolve or strokes that feed no sample.
    public static func pipeline(_ label: String, traces: [LoadedTrace], settings: Benchmark.Settings,
                                passes: Int?) throws(ExperimentError) -> SingleBenchmark {
        let description: PipelineDescription
        do { description = try PipelineDescription(parsing: label) } catch { throw ExperimentError(error.description) }
        let scales = traces.flatMap { t in Array(repeating: t.trace.metadata.physicalScale, count: t.trace.strokes.count) }
        guard let r = Throughput.measure(pipeline: description, strokes: traces.flatMap(\.trace.strokes), runs: settings.runs,
                                         warmupRuns: settings.warmupRuns, minimumRunSeconds: settings.minimumRunSeconds,
                                         passes: passes, cpuClock: ThreadCPUClock.seconds, scales: scales) else {
            throw ExperimentError("pipeline '\(label)': the traces feed it no sample")
        }
        return SingleBenchmark(label: label, canonical: description.canonical, inputs: r.samplesPerRun / max(r.passesPerRun, 1),
                               passes: r.passesPerRun, nanosecondsPerInput: r.nanosecondsPerSample,
                               cpuNanosecondsPerInput: r.cpuNanosecondsPerSample)
    }

    /// Times the pipeline `label` as a live stroke alone: every event of every stroke of
    /// `traces` fed to one ``StrokeSmoothing/LiveStroke`` (inputs are events).
    /// - Throws: ``ExperimentError`` for a label that does not resolve or traces with no event.
    public static func live(_ label: String, traces: [LoadedTrace], settings: Benchmark.Settings,
                            passes: Int?) throws(ExperimentError) -> SingleBenchmark {
        let description: PipelineDescription
        do { description = try PipelineDescription(parsing: label) } catch { throw ExperimentError(error.description) }
        let strokes = traces.flatMap(\.trace.strokes)
        guard strokes.contains(where: { !$0.events.isEmpty }) else { throw ExperimentError("pipeline '\(label)': the traces have no event") }
        let r = Throughput.measureLive(pipeline: description, strokes: strokes, runs: settings.runs, warmupRuns: settings.warmupRuns,
                                       minimumRunSeconds: settings.minimumRunSeconds, passes: passes)
        precondition(r.checksum != Int.min, "keeps the work observable")
        return SingleBenchmark(label: label, canonical: "live " + description.canonical, inputs: r.eventsPerPass,
                               passes: r.passes, nanosecondsPerInput: r.nanosecondsPerEvent)
    }
}
