import StrokeCore
import StrokeMetrics
import StrokeSmoothing

extension AnswerWords {
    /// How each side effect is named and counted in words: id → (name, "of …").
    static let sideEffectWords: [(id: String, name: String, among: String)] = [
        ("perceived.lateness_rate", "lateness (ink ≥ 1 mm behind the pen)", "refreshes"),
        ("perceived.over_anticipation_rate", "over-anticipation", "refreshes"),
        ("perceived.wrong_distance_rate", "wrong distance", "its drawn predictions"),
        ("perceived.wrong_orientation_rate", "wrong orientation", "its drawn predictions"),
        ("perceived.jitter_rate", "jitter", "refreshes"),
        ("perceived.jump_rate", "jumps", "refreshes"),
        ("perceived.spring_rate", "a spring effect", "stops"),
    ]

    /// Rates below this are said to be none (half a percent).
    static let noticeableRate = 0.005

    /// What people would see of a pipeline, in words: which side effects its prediction brings
    /// and how often, against the same pipeline without its predictor when the experiment ran
    /// it, and whether its end-to-end latency on the stated device is below the published
    /// thresholds for writing and scribbling (and the input kind's own). `nil` without timing.
    /// The side effects are StrokeLab's reading of Nancel et al. (UIST 2016) with its own
    /// thresholds (docs/guides/metrics.md#perceived-side-effects).
    public static func perception(_ e: AnswerEntry, in g: AnswerGroup) -> String? {
        guard let p = g.perception[e.pipeline] else { return nil }
        var sentences: [String] = []
        func rate(_ id: String, _ rates: [String: Double]) -> Double? { rates[id].flatMap { $0.isFinite ? $0 : nil } }
        func said(_ w: (id: String, name: String, among: String), _ v: Double) -> String {
            "\(w.name) at \(percent(v)) of \(w.among)"
        }
        let predictionEffects = sideEffectWords.filter { $0.id != "perceived.lateness_rate" }
        if e.behaviour.contains(.predicts) {
            let base = p.withoutPredictor.map { _ in p.baseRates }
            let brought = predictionEffects.compactMap { w -> String? in
                guard let v = rate(w.id, p.rates), v >= noticeableRate else { return nil }
                if let base, let b = rate(w.id, base) {
                    guard v > b + noticeableRate else { return nil }
                    return said(w, v) + " (\(percent(b)) without it)"
                }
                return said(w, v)
            }
            let none = predictionEffects.filter { w in !brought.contains { $0.hasPrefix(w.name + " at") } }.map(\.name)
            var text = brought.isEmpty ? "Its prediction brings none of the side effects people report"
                : "Its prediction brings " + list(brought)
            if p.withoutPredictor != nil, !brought.isEmpty, !none.isEmpty {
                let names = none.map { $0.replacingOccurrences(of: "a spring effect", with: "spring effect") }
                text += "; no more " + (names.count <= 2 ? names.joined(separator: " or ")
                                        : names.dropLast().joined(separator: ", ") + " or " + names.last!) + " than without it"
            }
            if let late = rate("perceived.lateness_rate", p.rates) {
                text += "; its ink is late at \(percent(late)) of refreshes"
                if let b = p.withoutPredictor.flatMap({ _ in rate("perceived.lateness_rate", p.baseRates) }) {
                    text += " (\(percent(b)) without its predictor)"
                }
            }
            if let base = p.withoutPredictor, let gain = p.lagGainMs {
                text += gain >= 0 ? ", for \(fixed(gain, decimals: 1)) ms less lag than \(base)"
                    : ", with \(fixed(-gain, decimals: 1)) ms more lag than \(base)"
            }
            sentences.append(text + ".")
        } else {
            var text = "It draws no prediction, so none of prediction's side effects"
            if let late = rate("perceived.lateness_rate", p.rates) { text += "; its ink is late at \(percent(late)) of refreshes" }
            let others = predictionEffects.compactMap { w -> String? in
                guard let v = rate(w.id, p.rates), v >= noticeableRate else { return nil }
                return said(w, v)
            }
            if !others.isEmpty { text += "; it shows " + list(others) }
            sentences.append(text + ".")
        }
        if let ms = p.endToEndMs { sentences.append(endToEnd(ms, kind: g.kind, device: g.device)) }
        return sentences.joined(separator: " ")
    }

    /// "End to end on the stated device (65 ms, 60 Hz): 57.3 ms (3.4 frames) — above the ~50 ms
    /// at which latency is perceived while writing (Annett et al., GI 2014) and above the ~7 ms
    /// while scribbling (Ng et al., CHI 2014)."
    public static func endToEnd(_ ms: Double, kind: String, device: DeviceLatency) -> String {
        var thresholds = [LatencyPerceptionThreshold.writing, LatencyPerceptionThreshold.scribbling]
        if let k = TouchKind(rawValue: kind), k != .stylus {
            thresholds += LatencyPerceptionThreshold.thresholds(for: k).filter { $0.kind == k }
        }
        let said = thresholds.map { t in
            "\(ms < t.latencyMs ? "below" : "above") the ~\(number(t.latencyMs)) ms at which latency is perceived while \(t.task == "writing and sketching" ? "writing" : t.task) (\(t.citation))"
        }
        return "End to end on the stated device (\(number(device.latencyMs)) ms, \(number(device.refreshHz)) Hz): "
            + "\(fixed(ms, decimals: 1)) ms (\(fixed(ms / device.frameMs, decimals: 1)) frames) — " + list(said) + "."
    }
}
