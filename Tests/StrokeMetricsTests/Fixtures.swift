import StrokeCore
import StrokeMetrics
import StrokeSmoothing

/// Evaluation helpers for the metric tests (the known-answer strokes they evaluate are
/// StrokeTestSupport's `KnownAnswerStrokes`: analytic circles and lines with a reference
/// sampled at 20× the sample rate, so every sample time is also a reference time).
enum Fixtures {
    static let synthetic = TraceMetadata(source: "synthetic:test", refreshRateHz: 60)

    static func pipeline(_ label: String) -> PipelineDescription {
        do { return try PipelineDescription(parsing: label) } catch { fatalError("bad test label \(label): \(error)") }
    }

    static func evaluate(_ stroke: Stroke, _ label: String, options: MetricOptions = MetricOptions(),
                         metadata: TraceMetadata = synthetic) -> StrokeEvaluationResult {
        StrokeEvaluation.evaluate(stroke: stroke, pipeline: pipeline(label), metadata: metadata, options: options)
    }
}

/// The seeded generator random tests use (SplitMix64, StrokeCore's ``SeededGenerator``).
typealias SplitMix64 = SeededGenerator
