import Foundation
import StrokeMetrics
import StrokeSmoothing

/// Whether `metric` is a log ratio, shown as exp (``StrokeMetrics/MetricDefinition/isLogRatio``).
func isLogRatio(_ metric: String) -> Bool { MetricCatalog.definition(of: metric)?.isLogRatio ?? false }

/// How the answer speaks of one objective: the one place that maps a metric id to words.
public struct ObjectiveWords: Sendable, Hashable {
    /// "most responsive": the best pipeline on it.
    public var superlative: String
    /// "responsiveness": what being best on it buys.
    public var quality: String
    /// "lag": the value's name in a list of numbers.
    public var name: String
    /// Decimals of its values.
    public var decimals: Int
    /// Whether values are ratios, written "×1.05".
    public var isRatio: Bool

    /// The words for `metric` (an objective's id; catalog title for any other).
    public static func of(_ metric: String) -> ObjectiveWords {
        switch metric {
        case "lag.mean_ms":
            return ObjectiveWords(superlative: "most responsive", quality: "responsiveness", name: "lag", decimals: 1, isRatio: false)
        case "jaggedness.bending_energy_log_ratio", "jaggedness.bending_energy_ratio":
            return ObjectiveWords(superlative: "smoothest", quality: "smoothness", name: "bending", decimals: 2, isRatio: true)
        case "fidelity.mean":
            return ObjectiveWords(superlative: "most faithful", quality: "fidelity", name: "fidelity", decimals: 3, isRatio: false)
        case "lag.overshoot_rate":
            return ObjectiveWords(superlative: "least overshoot", quality: "little overshoot", name: "overshoot", decimals: 2, isRatio: false)
        case "latency.end_to_end_ms":
            return ObjectiveWords(superlative: "quickest end to end", quality: "end-to-end latency", name: "end-to-end latency",
                                  decimals: 1, isRatio: false)
        case "prediction.drawn_error_mean":
            return ObjectiveWords(superlative: "most accurate prediction", quality: "accurate prediction", name: "drawn prediction error",
                                  decimals: 2, isRatio: false)
        default:
            let title = Builder.title(of: metric)
            return ObjectiveWords(superlative: "best in \(title)", quality: title, name: title, decimals: 2, isRatio: false)
        }
    }

    /// A number in this objective's format: "12.3", "×1.05"; "—" when not finite.
    public func number(_ v: Double) -> String {
        guard v.isFinite else { return "—" }
        return (isRatio ? "×" : "") + AnswerWords.fixed(v, decimals: decimals)
    }

    /// A value with its name and unit: "lag 12.3 ms", "bending ×1.05", "fidelity 0.123 pt".
    public func named(_ v: Double, unit: String) -> String {
        let u = isRatio || ["", "ratio", "count"].contains(unit) ? "" : " " + unit
        return "\(name) \(number(v))\(u)"
    }

    /// "m [l, h]" (the mean alone without an interval).
    public func estimate(_ v: AnswerValue) -> String { estimate(shown: v.shown, low: v.low, high: v.high) }

    /// "m [l, h]" of a shown value and interval (the value alone without an interval).
    public func estimate(shown: Double, low: Double, high: Double) -> String {
        low.isFinite && high.isFinite ? "\(number(shown)) [\(number(low)), \(number(high))]" : number(shown)
    }
}

/// The thresholds behind the answer's explanatory sentences, named once. Each gates a claim
/// about why a pipeline scored as it did; the claims themselves come from what its stages
/// declare (``StrokeSmoothing/StageBehaviour``).
public enum AnswerThresholds {
    /// One display frame at 60 Hz, in ms: the unit of the lag thresholds.
    public static let frameMs = 1000 / 60.0
    /// Lag, in frames, a 60 Hz display costs without prediction (WWDC 2015: 2.5 frames): a
    /// predictor below it is said to take lag off.
    public static let unpredictedLagFrames = 2.5
    /// Lag, in frames, above which a smoothing filter is said to hold the ink back by design.
    public static let filterLagFrames = 3.0
    /// Bending ratio (geometric mean) from which ink through every sample is said to draw the
    /// samples' noise.
    public static let noisyBendingRatio = 3.0
    /// Bending ratio below which a filter or tangent-continuous curves are said to be why the
    /// ink is smooth.
    public static let smoothBendingRatio = 1.5
    /// Median ink length over pen path length below which the ink is said to stop short.
    public static let shortPathRatio = 0.9
}

/// The answer in words: every sentence the report says about a verdict, from the
/// ``AnswerGroup`` value alone.
public enum AnswerWords {
    /// "96 %", "0.4 %", "100 %".
    public static func percent(_ fraction: Double) -> String {
        let p = 100 * fraction
        if p > 0 && p < 1 { return String(format: "%.1f %%", p) }
        if p < 100 && p > 99 { return String(format: "%.1f %%", p) }
        return String(format: "%.0f %%", p)
    }

    /// `v` with `decimals` decimals, "—" when not finite; never "-0.00" (a value that rounds to
    /// zero has no sign).
    public static func fixed(_ v: Double, decimals: Int) -> String {
        guard v.isFinite else { return "—" }
        let text = String(format: "%.\(decimals)f", v)
        return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
    }

    /// "a", "a and b", "a, b and c".
    public static func list(_ items: [String]) -> String {
        items.count <= 2 ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// "1 stroke", "12 strokes".
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// "not enough data: 1 stroke from 1 trace (a verdict needs at least 10 strokes from 2
    /// traces: minStrokes, minTraces)".
    public static func notEnoughData(strokes: Int, traces: Int, rules: VerdictRules) -> String {
        "not enough data: \(count(strokes, "stroke")) from \(count(traces, "trace")) (a verdict needs at least \(count(rules.minStrokes, "stroke")) from \(count(rules.minTraces, "trace")): the spec's minStrokes, minTraces)"
    }

    /// "draws nothing on 96 % of these strokes (1161 of 1172)".
    public static func blank(_ c: AnswerCoverage) -> String {
        "draws nothing on \(percent(c.blankFraction)) of these strokes (\(c.blank) of \(c.strokes))"
    }

    /// The group's heading line: its evidence.
    public static func heading(_ g: AnswerGroup) -> String {
        "\(g.label) (\(count(g.evidence.strokes, "stroke")), \(count(g.evidence.traces, "trace")))"
    }

    /// Per objective, the strokes every ranked pipeline measured (its rows' most strokes; the
    /// group's strokes when nothing is ranked).
    public static func commonStrokes(_ g: AnswerGroup) -> [Int] {
        g.objectives.indices.map { k in
            g.entries.filter(\.eligible).compactMap { $0.values[k]?.n }.max() ?? g.evidence.strokes
        }
    }

    /// "The bending ratio is compared on 122 of the 182 strokes: 60 have a degenerate reference
    /// (…)", per objective that left strokes out.
    public static func degenerate(_ g: AnswerGroup) -> [String] {
        g.objectives.indices.filter { g.evidence.degenerate[$0] > 0 }.map { k in
            let left = g.evidence.degenerate[k]
            return "The \(ObjectiveWords.of(g.objectives[k].metric).name) ratio is compared on \(g.evidence.strokes - left) of the \(g.evidence.strokes) strokes: \(left) have a degenerate reference (fewer than \(StrokeEvaluation.minimumRatioReferencePoints) points, or it hardly bends), and a ratio to it would measure noise."
        }
    }

    /// "the preference in words": "|lag| ≤ 20 ms, then the smoothest".
    public static func preference(_ p: TuneSettings.Preference, objectives: [TuneSettings.Objective]) -> String {
        var parts: [String] = []
        for metric in p.limits.keys.sorted() {
            let limit = p.limits[metric]!
            let w = ObjectiveWords.of(metric)
            let unit = metric.hasSuffix("_ms") ? " ms" : ""
            let shown = isLogRatio(metric) ? w.number(exp(limit)) : number(limit)
            // A limit at a published perception threshold says where it comes from.
            let source = metric == "latency.end_to_end_ms"
                ? LatencyPerceptionThreshold.published.first { $0.latencyMs == limit }.map { " (perceived while \($0.task == "writing and sketching" ? "writing" : $0.task) above it: \($0.citation))" } ?? ""
                : ""
            switch objectives.first(where: { $0.metric == metric })?.direction ?? .min {
            case .zero where metric == "latency.end_to_end_ms": parts.append("\(w.name) ≤ \(shown)\(unit)\(source)")
            case .zero: parts.append("|\(w.name)| ≤ \(shown)\(unit)")
            case .min: parts.append("\(w.name) ≤ \(shown)\(unit)")
            case .max: parts.append("\(w.name) ≥ \(shown)\(unit)")
            case .one: parts.append("|\(w.name) − 1| ≤ \(shown)\(unit)")
            }
        }
        let then = "the " + ObjectiveWords.of(p.then).superlative
        return parts.isEmpty ? then : parts.joined(separator: ", ") + ", then " + then
    }

    /// Why no pipeline of a group with enough data is ranked: every one leaves more strokes
    /// blank than `minCoverage` allows, or none has every objective measured.
    public static func noneRanked(_ g: AnswerGroup, rules: VerdictRules) -> String {
        g.entries.allSatisfy({ !$0.eligible })
            ? "no pipeline draws at least \(percent(rules.minCoverage)) of these strokes (the spec's minCoverage), so none is ranked"
            : "no pipeline has every objective measured on enough strokes, so none is ranked"
    }

    /// The verdict: the front and the best of each objective, ties as "cannot be told apart
    /// (interval …)", and every pipeline below the coverage floor with its coverage. Not enough
    /// data says so instead of a front.
    public static func verdict(_ g: AnswerGroup, rules: VerdictRules) -> String {
        var parts: [String] = []
        let ranked = g.entries.filter { $0.layer != nil }
        if !g.evidence.isEnough {
            parts.append(notEnoughData(strokes: g.evidence.strokes, traces: g.evidence.traces, rules: rules)
                         + "; no front and no recommendation")
        } else if ranked.isEmpty {
            parts.append(noneRanked(g, rules: rules))
        } else {
            let front = g.front
            parts.append(front.count == ranked.count ? "no ranked pipeline is beaten outright; all \(front.count) are on the front"
                         : "\(front.count) of \(ranked.count) ranked pipelines are on the front: " + front.joined(separator: ", "))
            for (k, o) in g.objectives.enumerated() {
                let w = ObjectiveWords.of(o.metric)
                if let tie = g.ties.first(where: { $0.objective == k }) {
                    parts.append("\(w.superlative): " + tieText(tie, in: g))
                } else if let best = g.alternatives[k].first {
                    parts.append("\(w.superlative): \(best)")
                }
            }
        }
        let below = g.entries.filter { !$0.eligible }
        if !below.isEmpty {
            parts.append("not ranked (they draw less than \(percent(rules.minCoverage)) of the strokes, the spec's minCoverage): "
                         + below.map { "\($0.pipeline) \(blank($0.coverage))" }.joined(separator: "; "))
        }
        let text = parts.joined(separator: "; ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }

    /// "A, B and C cannot be told apart (paired interval of B − A: [−0.3, 0.5] ms; of C − A: …)".
    public static func tieText(_ tie: AnswerTie, in g: AnswerGroup) -> String {
        let o = g.objectives[tie.objective]
        let w = ObjectiveWords.of(o.metric)
        let unit = g.entries.lazy.compactMap { $0.values[tie.objective]?.unit }.first ?? ""
        let log = isLogRatio(o.metric)
        let u = log || ["", "ratio", "count"].contains(unit) ? "" : " " + unit
        let names = list(tie.pipelines)
        // Identical on every stroke (a paired interval of exactly 0, or 1 for a ratio): equal.
        let same = log ? 1.0 : 0.0
        if tie.intervals.allSatisfy({ $0.low == same && $0.high == same }) {
            let v = g.entry(tie.pipelines[0])?.values[tie.objective]?.shown ?? .nan
            return "\(names) are equal (\(w.number(v))\(u) on every stroke)"
        }
        let intervals = zip(tie.pipelines.dropFirst(), tie.intervals).map { p, i in
            let what = log ? "\(p) ÷ \(tie.pipelines[0])" : "\(p) − \(tie.pipelines[0])"
            return "\(what): [\(fixed(i.low, decimals: w.decimals)), \(fixed(i.high, decimals: w.decimals))]\(u)"
        }
        return "\(names) cannot be told apart (paired 95% interval of " + intervals.joined(separator: "; of ") + ")"
    }

    /// The recommendation line: the pick with its numbers (the same row of the table), how it
    /// was chosen, its coverage, and the label to paste. Without one, why not.
    public static func recommendation(_ g: AnswerGroup, rules: VerdictRules) -> String {
        let wanted = Self.preference(g.preference, objectives: g.objectives)
        guard let r = g.recommendation, let e = g.entry(r.pipeline) else {
            if !g.evidence.isEnough {
                return "Recommendation: none — " + notEnoughData(strokes: g.evidence.strokes, traces: g.evidence.traces, rules: rules) + "."
            }
            return "Recommendation: none — " + noneRanked(g, rules: rules) + "."
        }
        var text = "Recommendation (\(wanted)): \(r.pipeline) — " + numbers(e, in: g) + " (its row of the table below). "
        if r.meetsLimits {
            text += g.preference.limits.isEmpty ? "\(r.frontSize) pipelines are on the front"
                : r.withinLimits == 1 ? "It is the only one of the \(r.frontSize) on the front within the limits"
                : "\(r.withinLimits) of the \(r.frontSize) on the front are within the limits"
        } else {
            text += "None of the \(r.frontSize) on the front meets the limits, so this is one that misses them least (within a practical difference)"
        }
        if let k = r.decidedBy {
            text += "; it is ahead on \(ObjectiveWords.of(g.objectives[k].metric).quality) by more than a practical difference"
        }
        if !r.tiedWith.isEmpty {
            text += "; \(r.tiedWith.joined(separator: ", ")) \(r.tiedWith.count == 1 ? "is" : "are") as good within practical differences on every objective (the spec's earlier pipeline is named)"
        }
        text += ". It draws " + (e.coverage.blank == 0 ? "every one of the \(e.coverage.strokes) strokes"
                                 : "\(e.coverage.drawn) of the \(e.coverage.strokes) strokes") + "."
        if let seen = perception(e, in: g) { text += " " + seen }
        text += " Label to paste into an app or a spec: \(r.label)"
        return text
    }

    /// "lag 12.3 ms, bending ×1.05, fidelity 0.123 pt".
    public static func numbers(_ e: AnswerEntry, in g: AnswerGroup) -> String {
        zip(g.objectives, e.values).compactMap { o, v in v.map { ObjectiveWords.of(o.metric).named($0.shown, unit: $0.unit) } }
            .joined(separator: ", ")
    }

    /// "If responsiveness matters most: A; smoothness: B; fidelity: C or D (tied)."
    public static func alternatives(_ g: AnswerGroup) -> String? {
        let parts = g.objectives.indices.compactMap { k -> String? in
            let names = g.alternatives[k]
            guard let first = names.first else { return nil }
            return "\(ObjectiveWords.of(g.objectives[k].metric).quality): \(first)"
                + (names.count > 1 ? " (tied with \(names.dropFirst().joined(separator: ", ")))" : "")
        }
        guard !parts.isEmpty else { return nil }
        return "If one thing matters most — " + parts.joined(separator: "; ") + "."
    }

    /// What to avoid and why, one item per pipeline.
    public static func avoid(_ g: AnswerGroup) -> [String] {
        g.avoid.map { a in
            switch a.reason {
            case .coverage(let c):
                return "\(a.pipeline): \(blank(c)) — a blank stroke is a failure, not an omission, so it is not ranked"
            case .beaten(let by):
                return "\(a.pipeline): beaten outright by " + by.prefix(3).joined(separator: ", ")
                    + (by.count > 3 ? " and \(by.count - 3) more" : "") + " (significantly worse on one objective, better on none)"
            }
        }
    }

    /// What a front pipeline's result means: its numbers, what it is best at, and why, from
    /// what its stages declare (``StrokeSmoothing/StageBehaviour``) and the thresholds of
    /// ``AnswerThresholds``.
    public static func meaning(_ e: AnswerEntry, in g: AnswerGroup) -> String {
        func value(_ metric: String) -> Double? {
            g.objectives.firstIndex { $0.metric == metric }.flatMap { e.values[$0]?.shown }
        }
        let lag = value("lag.mean_ms")
        let bend = value("jaggedness.bending_energy_log_ratio") ?? value("jaggedness.bending_energy_ratio")
        let tops = e.topIn.map { ObjectiveWords.of(g.objectives[$0].metric).quality }
        let ties = e.bestIn.filter { !e.topIn.contains($0) }.map { ObjectiveWords.of(g.objectives[$0].metric).quality }
        var text = "\(e.pipeline) — \(numbers(e, in: g))"
        if !tops.isEmpty {
            text += ": the pick for \(list(tops))"
            text += ties.isEmpty ? "." : "; it cannot be told apart from the best in \(list(ties))."
        } else if !ties.isEmpty {
            text += ": it cannot be told apart from the best in \(list(ties)) (the paired interval holds 0), and nothing beats it."
        } else {
            text += ": on the front as a compromise, best in no single objective but beaten by none."
        }
        let b = e.behaviour, t = AnswerThresholds.self
        // Whether anything was drawn ahead: the drawn prediction's error is 0 when nothing was.
        let drewAhead = value("prediction.drawn_error_mean").map { $0 > 0 }
        if b.contains(.predicts), drewAhead == false {
            text += " Its predictor draws nothing ahead on these strokes (the trace records no predictions, or its horizon is 0), so it neither takes lag off nor costs anything."
        } else if b.contains(.predicts), let l = lag, l < t.unpredictedLagFrames * t.frameMs {
            text += " Its predictor draws ahead of the newest sample, which takes lag off (below the \(number(t.unpredictedLagFrames)) frames a 60 Hz display costs without prediction); the price is overshoot where the pen turns or stops."
        }
        if let r = bend, r >= t.noisyBendingRatio, b.contains(.passesThroughSamples), !b.contains(.smoothsSamples) {
            text += " Its ink passes through every sample it is fed, so the samples' noise and jitter are drawn too — that is its bending energy, \(String(format: "%.0f", r))× the pen's."
        } else if let r = bend, r < t.smoothBendingRatio, b.contains(.smoothsSamples) {
            text += " Its filter smooths the samples before the curve is built, which is where its smoothness comes from."
        } else if let r = bend, r < t.smoothBendingRatio, b.contains(.continuousTangents) {
            text += " Its curves join with continuous tangents, so the ink has no corners."
        }
        if b.contains(.smoothsSamples), let l = lag, l > t.filterLagFrames * t.frameMs {
            text += " Its filter holds the ink back behind the pen by design."
        } else if b.contains(.holdsSamplesBack), !b.contains(.predicts), let l = lag, l > t.unpredictedLagFrames * t.frameMs {
            text += " It commits ink for a sample only once later samples arrive, which is part of its lag."
        }
        if b.contains(.canDrawNothing), e.coverage.blank > 0 {
            text += " Its dead zone leaves \(e.coverage.blank) of the \(e.coverage.strokes) strokes blank."
        }
        if e.coverage.pathRatioMedian < t.shortPathRatio {
            text += " Its ink covers a median \(percent(e.coverage.pathRatioMedian)) of the pen's path."
        }
        if let seen = perception(e, in: g) { text += " " + seen }
        return text
    }

    /// The note of a table row: front, beaten, not ranked and why, and the strokes its numbers
    /// rest on when they are fewer than the common ones of an objective (`common`, per
    /// objective: the strokes every ranked pipeline measured).
    public static func rowNote(_ e: AnswerEntry, in g: AnswerGroup, common: [Int]) -> String {
        var note: String
        if !e.eligible {
            note = "not ranked: " + blank(e.coverage)
        } else if e.layer == nil {
            note = g.evidence.isEnough ? "not ranked: an objective has no value" : "not ranked: not enough data"
        } else if e.dominatedBy.isEmpty {
            note = "front"
        } else {
            note = "beaten by " + e.dominatedBy.prefix(3).joined(separator: ", ") + (e.dominatedBy.count > 3 ? " and \(e.dominatedBy.count - 3) more" : "")
        }
        let fewer = g.objectives.indices.filter { k in e.values[k].map { $0.n < common[k] } ?? false }
        if let k = fewer.first, let n = e.values[k]?.n {
            let what = fewer.count == g.objectives.count ? "its numbers" : list(fewer.map { ObjectiveWords.of(g.objectives[$0].metric).name })
            note += " (\(what): on the \(n) of those \(common[k]) strokes it drew)"
        }
        return note
    }
}
