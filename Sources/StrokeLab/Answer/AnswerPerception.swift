import StrokeCore
import StrokeIO
import StrokeMetrics

/// What people would see of one pipeline in one group: how often each perceived side effect
/// occurs (`perceived.*`), its end-to-end latency on the stated device (`latency.end_to_end_ms`)
/// against the published perception thresholds, and, when the experiment also ran it without
/// its predictor, what the predictor changed. Read from the group's rows of
/// `summary_paired.csv` (each pipeline's own row over the most strokes, as for the objectives);
/// ``AnswerWords/perception(_:in:)`` says it in words.
public struct AnswerPerception: Sendable, Hashable {
    /// Mean rate per side effect (ids of ``StrokeMetrics/PerceivedSideEffects/metrics``, in
    /// that order; `nil` where the pipeline has none, as the spring effect of strokes that
    /// never stop).
    public var rates: [String: Double]
    /// Mean end-to-end latency on the stated device (ms), `nil` without timing.
    public var endToEndMs: Double?
    /// The same pipeline without its `predict:` stage, when the experiment ran it (its name).
    public var withoutPredictor: String?
    /// Its side-effect rates, as ``rates``.
    public var baseRates: [String: Double]
    /// How much lag the predictor takes off: the paired mean of `lag.mean_ms` without it
    /// minus with it (ms), `nil` without the base or a paired row.
    public var lagGainMs: Double?

    /// Creates a perception.
    public init(rates: [String: Double], endToEndMs: Double?, withoutPredictor: String? = nil,
                baseRates: [String: Double] = [:], lagGainMs: Double? = nil) {
        self.rates = rates
        self.endToEndMs = endToEndMs
        self.withoutPredictor = withoutPredictor
        self.baseRates = baseRates
        self.lagGainMs = lagGainMs
    }

    /// The metric ids read: the seven side effects and the end-to-end latency.
    static let metrics = PerceivedSideEffects.metrics.map(\.id) + ["latency.end_to_end_ms"]

    /// Per pipeline of the group `dataset` × `kind` (names and canonical labels in spec
    /// order), its perception, from `paired` (every group's rows). A pipeline with no side-effect
    /// row (an untimed dataset) has none. O(rows + pipelines²).
    public static func make(dataset: String, kind: String, pipelines: [(name: String, label: String)],
                            paired: [PairedSummaryRow]) -> [String: AnswerPerception] {
        var own: [String: [String: PairedSummaryRow]] = [:]   // pipeline → metric → own row (most strokes)
        var lagDifference: [String: [String: Double]] = [:]    // pipeline → baseline → mean(pipeline − baseline)
        for r in paired where r.dataset == dataset && r.kind == kind {
            if r.metric == "lag.mean_ms", !r.baseline.isEmpty, r.baseline != r.pipeline {
                lagDifference[r.pipeline, default: [:]][r.baseline] = r.difference
            }
            guard metrics.contains(r.metric), r.mean.isFinite else { continue }
            if let o = own[r.pipeline]?[r.metric], o.n >= r.n { continue }
            own[r.pipeline, default: [:]][r.metric] = r
        }
        var out: [String: AnswerPerception] = [:]
        for p in pipelines {
            guard let rows = own[p.name], rows.keys.contains(where: { $0.hasPrefix("perceived.") }) else { continue }
            var perception = AnswerPerception(rates: rows.filter { $0.key.hasPrefix("perceived.") }.mapValues(\.mean),
                                              endToEndMs: rows["latency.end_to_end_ms"]?.mean)
            if let base = withoutPredictor(p.label), let b = pipelines.first(where: { $0.label == base }), b.name != p.name {
                perception.withoutPredictor = b.name
                perception.baseRates = (own[b.name] ?? [:]).filter { $0.key.hasPrefix("perceived.") }.mapValues(\.mean)
                if let d = lagDifference[p.name]?[b.name] {
                    perception.lagGainMs = -d
                } else if let d = lagDifference[b.name]?[p.name] {
                    perception.lagGainMs = d
                }
            }
            out[p.name] = perception
        }
        return out
    }

    /// The canonical label without its `predict:` stage, or `nil` when it has none.
    static func withoutPredictor(_ label: String) -> String? {
        let stages = label.split(separator: "|", omittingEmptySubsequences: false)
        let kept = stages.filter { !$0.hasPrefix("predict:") }
        return kept.count == stages.count ? nil : kept.joined(separator: "|")
    }
}
