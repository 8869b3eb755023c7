import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

/// The report's answer: per dataset and input kind, which pipelines are the defensible
/// choices on the trade-off between lag, jaggedness and fidelity (``TradeOffRanking``), with
/// the best of each column highlighted and a sentence per choice saying what it means.
extension Builder {
    /// One group of strokes the answer ranks pipelines on: a dataset, or one input kind of it.
    struct AnswerGroup {
        /// The dataset.
        var dataset: String
        /// The input kind, when the dataset mixes kinds (otherwise its only kind).
        var kind: TouchKind?
        /// "dataset · kind".
        var label: String
        /// Strokes and traces in the group.
        var strokes: Int, traces: Int
        /// The ranking.
        var ranking: TradeOffRanking
        /// The paired comparisons it was ranked on (dataset column: `label`).
        var paired: [PairedSummaryRow]
    }

    /// The objectives the answer ranks on: lag (timed datasets only), bending ratio, fidelity.
    func answerObjectives(_ dataset: String) -> [TradeOffRanking.Objective] {
        TradeOffRanking.defaultObjectives.filter { isTimed(dataset) || !$0.metric.hasPrefix("lag.") }
    }

    /// The groups: each dataset split by input kind (stylus, finger, mouse), each ranked on
    /// paired comparisons over its own strokes (the same statistics settings as
    /// `summary_paired.csv`, restricted to the objective metrics).
    func answerGroups() -> [AnswerGroup] {
        var kindOf: [String: TouchKind] = [:]   // dataset · trace · stroke
        for t in experiment.traces {
            for s in t.trace.strokes { kindOf[t.dataset + "\u{1F}" + t.name + "\u{1F}" + s.id] = s.kind }
        }
        let names = experiment.pipelines.map(\.name)
        var groups: [AnswerGroup] = []
        for d in datasets {
            let objectives = answerObjectives(d)
            let metrics = Set(objectives.map(\.metric))
            let rows = experiment.rows.filter { $0.dataset == d && metrics.contains($0.metric) }
            var kinds: [TouchKind] = []
            for r in rows {
                if let k = kindOf[d + "\u{1F}" + r.trace + "\u{1F}" + r.stroke], !kinds.contains(k) { kinds.append(k) }
            }
            for k in TouchKind.allCases where kinds.contains(k) {
                let label = "\(d) · \(k.rawValue)"
                let mine = rows.filter { kindOf[d + "\u{1F}" + $0.trace + "\u{1F}" + $0.stroke] == k }.map { r -> ResultRow in
                    var r = r
                    r.dataset = label
                    return r
                }
                let paired = ResultStatistics.paired(mine, pipelines: names, settings: experiment.statistics)
                let ranking = TradeOffRanking(paired: paired, dataset: label, pipelines: names, objectives: objectives)
                guard !ranking.entries.isEmpty else { continue }
                let strokes = Set(mine.map { $0.trace + "\u{1F}" + $0.stroke }).count
                let traces = Set(mine.map(\.trace)).count
                groups.append(AnswerGroup(dataset: d, kind: k, label: label,
                                          strokes: strokes, traces: traces, ranking: ranking, paired: paired))
            }
        }
        return groups
    }

    /// The answer section: a verdict per group, its table and what each choice means.
    func answerSection() -> HTMLReport.Section {
        let groups = rankedGroups ?? answerGroups()
        var blocks: [HTMLReport.Block] = [
            .paragraph("Which pipeline to use, per dataset and input kind. A pipeline is on the front when no other is significantly better on one of lag, bending energy ratio and fidelity without being significantly worse on another — \"significantly\" meaning that the paired 95% interval of the difference over the strokes both measured excludes 0 (resampling traces); otherwise the difference is a tie. Every front pipeline is the best choice for some weighting of the three; the others are beaten outright. Highlighted cells: the best of a column and those not significantly worse than it. Lower is better in every column (lag: closer to 0). Rank 2, 3, …: the front once the better layers are removed."),
            .paragraph(Self.frontsSentence(tunePlan)),
        ]
        if groups.isEmpty {
            blocks.append(.paragraph("No dataset has the objective metrics on every pipeline, so no ranking can be given."))
        }
        let colors = pipelineColors
        let tune = analysedTuneGroups ?? tuneGroups()
        for g in groups {
            let r = g.ranking
            let front = r.front
            blocks.append(.paragraph("\(g.label) (\(g.strokes) strokes, \(g.traces) trace\(g.traces == 1 ? "" : "s")): " + verdict(r)))
            if let t = tune.first(where: { $0.dataset == g.dataset && $0.kind == g.kind?.rawValue }) {
                blocks.append(.paragraph(recommendationLine(t, statisticalFront: front.map(\.pipeline))))
            }
            if !front.isEmpty {
                blocks.append(.list(front.map { meaning($0, in: r, dataset: g.dataset) }))
            }
            let common = r.entries.flatMap { $0.values.map(\.n) }.max() ?? 0
            var highlighted = Set<HTMLReport.Table.Cell>()
            let rows = r.entries.enumerated().map { i, e -> [String] in
                for o in e.bestIn { highlighted.insert(HTMLReport.Table.Cell(row: i, column: 2 + o)) }
                let values = e.values.enumerated().map { oi, v in
                    Self.estimateText(v.mean, v.ciLow, v.ciHigh, decimals: Self.decimals(r.objectives[oi].metric))
                }
                var note = e.dominatedBy.isEmpty ? "front" : "beaten by " + e.dominatedBy.prefix(3).joined(separator: ", ")
                    + (e.dominatedBy.count > 3 ? " and \(e.dominatedBy.count - 3) more" : "")
                let fewest = e.values.map(\.n).min() ?? 0
                if fewest < common { note += " (compared on the \(fewest) of \(common) strokes it measured; run.json says why)" }
                return [e.pipeline, String(e.layer)] + values + [note]
            }
            let header = ["pipeline", "rank"] + r.objectives.map { o -> String in
                let unit = summary.unit(of: o.metric), title = Self.title(of: o.metric)
                let u = unit.isEmpty || unit == "ratio" || title.hasSuffix(" " + unit) ? "" : " (\(unit))"
                return title + u
            } + ["verdict"]
            blocks.append(.table(HTMLReport.Table(
                header: header, rows: rows,
                caption: "\(g.label): mean [95% bootstrap interval] over the strokes every pipeline measured; n = \(common) strokes",
                headerLinks: [nil, nil] + r.objectives.map { guideLink($0.metric) } + [nil],
                highlighted: highlighted,
                swatches: r.entries.map { colors.color($0.pipeline).hexString })))
        }
        // Groups the paired ranking could not rank still get their recommendation.
        for t in tune where !groups.contains(where: { $0.dataset == t.dataset && $0.kind?.rawValue == t.kind }) {
            blocks.append(.paragraph("\(t.dataset) · \(t.kind): " + recommendationLine(t, statisticalFront: nil)))
        }
        // The figures right after the tables: the fronts, then the parameters' effect.
        for t in tune {
            if let f = figures["pareto-\(t.dataset)-\(t.kind)"] { blocks.append(.figure(f)) }
        }
        for (fi, _) in (tunePlan?.families ?? []).enumerated() {
            for d in datasets {
                if let f = figures["sensitivity-\(fi + 1)-\(d)"] { blocks.append(.figure(f)) }
            }
        }
        return HTMLReport.Section(title: "Answer: which smoothing to use", blocks: blocks)
    }

    /// Decimals for an objective's cells.
    static func decimals(_ metric: String) -> Int {
        headline.first { $0.metric == metric }?.decimals ?? 2
    }

    /// One sentence naming the front and the best of each objective.
    func verdict(_ r: TradeOffRanking) -> String {
        let front = r.front.map(\.pipeline)
        var parts: [String] = []
        if front.count == r.entries.count {
            parts.append("no pipeline is beaten outright; all \(front.count) are on the front")
        } else {
            parts.append("\(front.count) of \(r.entries.count) pipelines are on the front: " + front.joined(separator: ", "))
        }
        for (oi, o) in r.objectives.enumerated() {
            let best = r.best(oi).map(\.pipeline)
            guard !best.isEmpty else { continue }
            let phrase: String
            switch o.metric {
            case "lag.mean_ms": phrase = "most responsive"
            case "jaggedness.bending_energy_ratio": phrase = "smoothest"
            case "fidelity.mean": phrase = "most faithful"
            default: phrase = "best in \(Self.title(of: o.metric))"
            }
            parts.append(best.count == 1 ? "\(phrase): \(best[0])"
                         : "\(phrase): \(best.prefix(4).joined(separator: " ≈ "))\(best.count > 4 ? " and \(best.count - 4) tied" : "")")
        }
        return parts.joined(separator: "; ") + "."
    }

    /// What a front pipeline's result means: its numbers, what it is best at, and why, from
    /// what its stages do.
    func meaning(_ e: TradeOffRanking.Entry, in r: TradeOffRanking, dataset: String) -> String {
        let canonical = experiment.pipelines.first { $0.name == e.pipeline }?.description.canonical ?? e.pipeline
        var numbers: [String] = []
        var lag: Double? = nil, bend: Double? = nil
        for (oi, o) in r.objectives.enumerated() {
            let m = e.values[oi].mean
            switch o.metric {
            case "lag.mean_ms": numbers.append(String(format: "lag %.1f ms", m)); lag = m
            case "jaggedness.bending_energy_ratio": numbers.append(String(format: "bending ×%.2f", m)); bend = m
            case "fidelity.mean": numbers.append(String(format: "fidelity %.3f", m))
            default: numbers.append("\(Self.title(of: o.metric)) \(number(m))")
            }
        }
        func quality(_ oi: Int) -> String {
            switch r.objectives[oi].metric {
            case "lag.mean_ms": return "responsiveness"
            case "jaggedness.bending_energy_ratio": return "smoothness"
            case "fidelity.mean": return "fidelity"
            default: return Self.title(of: r.objectives[oi].metric)
            }
        }
        let tops = e.topIn.map(quality), ties = e.bestIn.filter { !e.topIn.contains($0) }.map(quality)
        var text = "\(e.pipeline) — \(numbers.joined(separator: ", "))"
        if !tops.isEmpty {
            text += ": the pick for \(tops.joined(separator: " and "))"
            text += ties.isEmpty ? "." : "; tied with the best in \(ties.joined(separator: " and "))."
        } else if !ties.isEmpty {
            text += ": statistically tied with the best in \(ties.joined(separator: " and ")) (the paired interval holds 0; with few traces the intervals are wide), and beaten by none."
        } else {
            text += ": on the front as a compromise, best in no single column but beaten by none."
        }
        // Why, from the stages.
        let hasFilter = canonical.contains("|filter:"), predicts = canonical.contains("|predict:")
        let frame = 1000 / 60.0
        if predicts, let l = lag, l < 2.5 * frame {
            text += " Its predictor draws ahead of the newest sample, which takes lag off (below the 2.5 frames a 60 Hz display costs without prediction); the price is overshoot where the pen turns or stops."
        }
        if let b = bend, b >= 3, !hasFilter {
            text += " Its ink passes through (or close to) every sample it is fed, so the samples' noise and jitter are drawn too — that is its bending energy, \(String(format: "%.0f", b))× the pen's."
        } else if let b = bend, b < 1.5, hasFilter {
            text += " Its filter smooths the samples before the curve is built, which is where its smoothness comes from."
        } else if let b = bend, b < 1.5, canonical.contains("midpoint") || canonical.contains("catmull") || canonical.contains("fit-curve") {
            text += " Its curves join with continuous tangents, so the ink has no corners."
        }
        if hasFilter, let l = lag, l > 3 * frame {
            text += " Its filter holds the ink back behind the pen by design."
        }
        return text
    }

    /// The one sentence relating the two fronts of the answer: the tables' (paired
    /// statistics) and the Pareto figures' (means), and how the recommendation picks.
    static func frontsSentence(_ plan: TunePlan?) -> String {
        let preference = plan.map(preferenceText) ?? "the spec's preference"
        return "The recommendation line under each verdict and the Pareto figures below use the front of the means (a setting is on it when no other setting's means are at least as good on every objective (lag, bending ratio and fidelity; the last two where a dataset has no real timing) and better on one, each over the strokes it measured; tune_points.csv) — the tables' statistical front additionally keeps every setting whose difference from a better one is within the noise, so it is usually the larger — and the recommendation is the setting on the front of the means closest to the preference: \(preference)."
    }
}
