import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

/// The answer a reader came for, on the first screen: per dataset × input kind — the user's
/// recorded data first, synthetic data last — a card naming the pipeline to ship and the
/// label to paste, what it buys and costs against the seed default and the runner-up in plain
/// words, the pick for each other priority, what to avoid and why, and a picture
/// (``makeVerdictPictures(log:)``). Every number on a card is a mean, difference or interval
/// of the group's paired comparisons (the strokes every pipeline measured), tagged with what
/// it is (``HTMLReport/Key``) — the same numbers the ranking tables below show.
extension Builder {
    /// What one card says, gathered from the answer's ranking and recommendation.
    struct Verdict {
        /// The dataset and the input kind.
        var dataset: String, kind: String
        /// "dataset · kind": the group the numbers are about.
        var group: String
        /// Strokes and traces in the group.
        var strokes: Int, traces: Int
        /// Whether the dataset is recorded (not synthetic).
        var recorded: Bool
        /// The display refresh rate of the group's traces (frames in words).
        var refreshRateHz: Double
        /// The recommended pipeline and its canonical label, when there is one.
        var pick: String?, label: String?
        /// The preference that picked it, in words.
        var preference: String
        /// Why the pick: what the preference asked and whether it was met, in words.
        var reason: String
        /// The seed default it is compared with (the spec's baseline, else the first seed
        /// preset the experiment ran), and the runner-up under the same preference.
        var baseline: String?, runnerUp: String?
        /// The objectives' metric ids, in order.
        var objectives: [String]
        /// Per pipeline, its row per objective (mean and interval on the common strokes).
        var rows: [String: [PairedSummaryRow]]
        /// The group's paired comparisons.
        var paired: [PairedSummaryRow]
        /// Per objective, the best pipelines (the best mean first, then those that cannot be
        /// told apart from it).
        var best: [[String]]
        /// Pipelines significantly worse than the pick on every objective.
        var beatenEverywhere: [String]
        /// Per pipeline, the strokes it drew ink on and the strokes of the group.
        var coverage: [String: (drawn: Int, strokes: Int)]
        /// The unit of lengths in the group.
        var unit: String

        /// The paired difference `a − b` on `metric` with its interval, when the table has it.
        func difference(_ a: String, _ b: String, _ metric: String) -> (value: Double, low: Double, high: Double, real: Bool)? {
            if let r = paired.first(where: { $0.metric == metric && $0.pipeline == a && $0.baseline == b }) {
                return (r.difference, r.differenceLow, r.differenceHigh, r.differenceExcludesZero)
            }
            if let r = paired.first(where: { $0.metric == metric && $0.pipeline == b && $0.baseline == a }) {
                return (-r.difference, -r.differenceHigh, -r.differenceLow, r.differenceExcludesZero)
            }
            return nil
        }

        /// `pipeline`'s mean on `metric`.
        func mean(_ pipeline: String, _ metric: String) -> PairedSummaryRow? {
            guard let k = objectives.firstIndex(of: metric) else { return nil }
            return rows[pipeline]?[k]
        }
    }

    /// The verdicts, recorded datasets first and synthetic ones last (spec order within each),
    /// then stylus, finger, mouse.
    func makeVerdicts() -> [Verdict] {
        let groups = rankedGroups ?? answerGroups()
        let tune = analysedTuneGroups ?? tuneGroups()
        var kindOf: [String: TouchKind] = [:]
        for t in experiment.traces {
            for s in t.trace.strokes { kindOf[t.dataset + "\u{1F}" + t.name + "\u{1F}" + s.id] = s.kind }
        }
        var out: [Verdict] = []
        for g in groups {
            let kind = g.kind?.rawValue ?? "all"
            let r = g.ranking
            let names = r.entries.map(\.pipeline)
            var rows: [String: [PairedSummaryRow]] = [:]
            for e in r.entries { rows[e.pipeline] = e.values }
            let t = tune.first { $0.dataset == g.dataset && $0.kind == kind }
            var pick = t?.recommendation?.point.pipeline
            if let p = pick, rows[p] == nil { pick = nil }
            let label = pick.flatMap { p in experiment.pipelines.first { $0.name == p }?.description.canonical }
            let seeds = names.filter { n in PipelineSet.seedPresets.contains(experiment.pipelines.first { $0.name == n }?.description.label ?? "") }
            let baseline = experiment.statistics.baseline.flatMap { names.contains($0) ? $0 : nil } ?? seeds.first
            var runnerUp: String? = nil
            if let t, let p = pick {
                let rest = t.points.filter { $0.pipeline != p }
                runnerUp = TuneAnalysis.recommendations(rest, plan: t.plan).first.map(\.point.pipeline)
                if let ru = runnerUp, rows[ru] == nil { runnerUp = nil }
            }
            var coverage: [String: (Int, Int)] = [:]
            var strokesOf: Set<String> = []
            var drawn: [String: Set<String>] = [:]
            for row in experiment.rows where row.dataset == g.dataset && kindOf[row.dataset + "\u{1F}" + row.trace + "\u{1F}" + row.stroke]?.rawValue == kind {
                let key = row.trace + "\u{1F}" + row.stroke
                strokesOf.insert(key)
                if row.metric == "fidelity.mean", row.value.isFinite { drawn[row.pipeline, default: []].insert(key) }
            }
            for n in names { coverage[n] = (drawn[n]?.count ?? 0, strokesOf.count) }
            var beaten: [String] = []
            if let p = pick {
                for n in names where n != p {
                    let everywhere = r.objectives.allSatisfy { o in
                        guard let d = Verdict.differenceOf(g.paired, p, n, o.metric), d.real else { return false }
                        return o.direction.worsening(from: rows[n]![r.objectives.firstIndex(of: o)!].mean,
                                                     to: rows[p]![r.objectives.firstIndex(of: o)!].mean) < 0
                    }
                    if everywhere { beaten.append(n) }
                }
            }
            let refresh = experiment.traces.first { $0.dataset == g.dataset }?.trace.metadata.refreshRateHz ?? 60
            out.append(Verdict(dataset: g.dataset, kind: kind, group: g.label, strokes: g.strokes, traces: g.traces,
                               recorded: !experiment.traces.contains { $0.dataset == g.dataset && isSynthetic($0) },
                               refreshRateHz: refresh, pick: pick, label: label,
                               preference: t.map { Self.preferenceText($0.plan) } ?? "the spec's preference",
                               reason: t.map(Self.pickReason) ?? "",
                               baseline: baseline, runnerUp: runnerUp, objectives: r.objectives.map(\.metric), rows: rows,
                               paired: g.paired, best: r.objectives.indices.map { r.best($0).map(\.pipeline) },
                               beatenEverywhere: beaten, coverage: coverage, unit: summary.unit(of: "fidelity.mean")))
        }
        // Recorded data first: the reader's own question is about real pens.
        return out.filter(\.recorded) + out.filter { !$0.recorded }
    }

    /// The answer's first section: a card per verdict.
    func verdictSection() -> HTMLReport.Section {
        var blocks: [HTMLReport.Block] = []
        let verdicts = self.verdicts ?? makeVerdicts()
        if verdicts.isEmpty {
            blocks.append(.paragraph("No group of strokes has lag, bending and fidelity measured on every pipeline, so no pipeline can be recommended; the tables below show what was measured."))
        } else {
            blocks.append(.rich([.text("Which smoothing to ship, for each set of strokes measured — recorded pens first. The pick follows the preference "),
                                 .strong(verdicts.first?.preference ?? ""),
                                 .text("; differences are paired over the same strokes with 95% intervals, and two pipelines whose interval holds 0 "),
                                 .text("cannot be told apart. How it was decided, and every table, follow the contents below.")]))
        }
        for v in verdicts { blocks.append(.card(card(v))) }
        return HTMLReport.Section(title: "The answer: which smoothing to ship", blocks: blocks, id: "answer")
    }

    /// The card of one verdict.
    func card(_ v: Verdict) -> HTMLReport.Card {
        let id = "verdict-" + Self.anchorID(v.group)
        let meta = "\(v.strokes) \(v.recorded ? "recorded" : "synthetic") strokes from \(v.traces) trace\(v.traces == 1 ? "" : "s"), "
            + (v.recorded ? "each measured against its own held-out samples" : "measured against the analytic curves they were drawn from")
        guard let pick = v.pick else {
            return HTMLReport.Card(id: id, heading: v.group, meta: meta,
                                   verdict: [.text("No recommendation: no pipeline has every objective measured on these strokes.")],
                                   label: nil, lists: [], picture: nil)
        }
        var lists: [HTMLReport.CardList] = []
        var buys: [[HTMLReport.Inline]] = []
        if let b = v.baseline, b != pick {
            buys.append([.text("Against "), .code(b), .text(" (the seed default): ")] + comparison(v, pick, b))
        }
        if let r = v.runnerUp, r != pick, r != v.baseline {
            buys.append([.text("Against "), .code(r), .text(" (the runner-up): ")] + comparison(v, pick, r))
        }
        lists.append(HTMLReport.CardList(title: "What it buys and what it costs", items: buys.isEmpty ? [own(v, pick)] : [own(v, pick)] + buys))
        lists.append(HTMLReport.CardList(title: "If another priority comes first", items: alternatives(v, pick)))
        lists.append(HTMLReport.CardList(title: "Avoid", items: avoid(v, pick)))
        return HTMLReport.Card(id: id, heading: v.group, meta: meta,
                               verdict: [.text("Use "), .code(pick), .text(" — \(v.reason).")],
                               label: v.label, lists: lists, picture: figures["verdict-\(v.group)"])
    }

    /// Why the recommendation was picked, in words: "the smoothest of the 4 pipelines on the
    /// front with |lag| ≤ 20 ms", or, when none meets the limits, that it misses them least.
    static func pickReason(_ t: TuneGroup) -> String {
        guard let r = t.recommendation else { return "" }
        let best: String
        switch t.plan.preference.then {
        case "jaggedness.bending_energy_ratio": best = "the smoothest"
        case "lag.mean_ms": best = "the most responsive"
        case "fidelity.mean": best = "the most faithful"
        default: best = "the best in \(title(of: t.plan.preference.then))"
        }
        let limits = t.plan.preference.limits.keys.sorted().map { metric -> String in
            let limit = number(t.plan.preference.limits[metric]!)
            return metric == "lag.mean_ms" ? "|lag| ≤ \(limit) ms" : "\(title(of: metric)) within \(limit)"
        }.joined(separator: " and ")
        if limits.isEmpty { return "\(best) of the \(r.frontSize) pipelines no other beats on every objective" }
        if !r.meetsLimits { return "no pipeline keeps \(limits); this one misses it least" }
        return "\(best) of the \(r.withinLimits) pipeline\(r.withinLimits == 1 ? "" : "s") on the front with \(limits)"
    }

    /// A value of `pipeline` on `metric` as shown on a card, tagged.
    func shown(_ v: Verdict, _ pipeline: String, _ metric: String) -> HTMLReport.Inline? {
        guard let row = v.mean(pipeline, metric), row.mean.isFinite else { return nil }
        return .value(HTMLReport.Value(Self.cardNumber(metric, row.mean), key: HTMLReport.Key(pipeline: pipeline, group: v.group, metric: metric)))
    }

    /// A number as a card writes it: lag "29.8 ms", a bending ratio "×1.03", a length "0.36".
    static func cardNumber(_ metric: String, _ x: Double) -> String {
        switch metric {
        case "lag.mean_ms": return String(format: "%.1f ms", x)
        case "jaggedness.bending_energy_ratio": return String(format: x >= 10 ? "×%.0f" : "×%.2f", x)
        default: return String(format: abs(x) >= 10 ? "%.1f" : "%.2f", x)
        }
    }

    /// The pick's own numbers in words: lag (in frames too), bending against the pen's,
    /// distance from the pen, and how many strokes it draws.
    func own(_ v: Verdict, _ p: String) -> [HTMLReport.Inline] {
        var parts: [[HTMLReport.Inline]] = []
        if let lag = v.mean(p, "lag.mean_ms"), let shown = shown(v, p, "lag.mean_ms") {
            let frames = lag.mean / (1000 / v.refreshRateHz)
            parts.append([.text("ink "), shown, .text(" behind the pen (\(String(format: "%.1f", frames)) frames at \(number(v.refreshRateHz)) Hz)")])
        }
        if let bend = v.mean(p, "jaggedness.bending_energy_ratio"), let shown = shown(v, p, "jaggedness.bending_energy_ratio") {
            let same = bend.ciLow.isFinite ? bend.ciLow <= 1.1 && bend.ciHigh >= 0.9 : abs(bend.mean - 1) < 0.1
            parts.append(same ? [.text("as smooth as the pen ("), shown, .text(" its bending)")]
                         : bend.mean < 1 ? [.text("smoother than the pen ("), shown, .text(" its bending)")]
                         : [.text("bends "), shown, .text(" as much as the pen")])
        }
        if let shown = shown(v, p, "fidelity.mean") {
            parts.append([.text("on average "), shown, .text(" \(v.unit) from the pen's path")])
        }
        parts.append(coverageWords(v, p))
        return [.strong("It draws")] + [.text(": ")] + joined(parts) + [.text(".")]
    }

    /// "draws every stroke" or "draws nothing on 12 of 80 strokes (15%)".
    func coverageWords(_ v: Verdict, _ p: String) -> [HTMLReport.Inline] {
        guard let c = v.coverage[p], c.strokes > 0 else { return [] }
        if c.drawn == c.strokes { return [.text("ink on every stroke")] }
        let blank = c.strokes - c.drawn
        return [.text("nothing at all on \(blank) of \(c.strokes) strokes (\(Self.percent(Double(blank) / Double(c.strokes))))")]
    }

    /// The pick against another pipeline, objective by objective: the paired difference with
    /// its interval, or "cannot be told apart".
    func comparison(_ v: Verdict, _ p: String, _ other: String) -> [HTMLReport.Inline] {
        var parts: [[HTMLReport.Inline]] = []
        for metric in v.objectives {
            guard let d = v.difference(p, other, metric), d.value.isFinite else { continue }
            let key = HTMLReport.Key(pipeline: p, group: v.group, metric: metric, stat: "diff:\(other)")
            func tagged(_ text: String) -> HTMLReport.Inline { .value(HTMLReport.Value(text, key: key)) }
            let interval = d.low.isFinite && d.high.isFinite ? "95% CI \(Self.signed(metric, d.low)) to \(Self.signed(metric, d.high))" : ""
            let theirs = shown(v, other, metric)
            switch metric {
            case "lag.mean_ms":
                guard d.real else {
                    parts.append([.text("lag cannot be told apart (difference "), tagged(Self.signed(metric, d.value)),
                                  .text(interval.isEmpty ? ")" : "; \(interval))")])
                    continue
                }
                let frames = abs(d.value) / (1000 / v.refreshRateHz)
                let less = abs(v.mean(p, metric)?.mean ?? 0) < abs(v.mean(other, metric)?.mean ?? 0)
                let range = d.low.isFinite && d.high.isFinite
                    ? String(format: "; 95%% CI %.1f to %.1f ms", min(abs(d.low), abs(d.high)), max(abs(d.low), abs(d.high))) : ""
                parts.append([tagged(String(format: "%.1f ms", abs(d.value))),
                              .text(" \(less ? "less" : "more") lag (\(String(format: "%.1f", frames)) frames at \(number(v.refreshRateHz)) Hz\(range))")])
            case "jaggedness.bending_energy_ratio":
                guard d.real, let mine = shown(v, p, metric), let theirs else {
                    parts.append([.text("bending cannot be told apart (difference "), tagged(Self.signed(metric, d.value)),
                                  .text(interval.isEmpty ? ")" : "; \(interval))")])
                    continue
                }
                parts.append([.text(d.value < 0 ? "smoother (" : "less smooth ("), mine, .text(" the pen's bending against "), theirs, .text(")")])
            case "fidelity.mean":
                guard d.real, let mine = shown(v, p, metric), let theirs else {
                    parts.append([.text("distance from the pen cannot be told apart (difference "), tagged(Self.signed(metric, d.value)),
                                  .text(" \(v.unit)" + (interval.isEmpty ? ")" : "; \(interval))"))])
                    continue
                }
                parts.append([.text(d.value < 0 ? "closer to the pen (" : "farther from the pen ("), mine, .text(" against "), theirs, .text(" \(v.unit))")])
            default:
                parts.append([.text("\(Self.title(of: metric)) "), tagged(Self.signed(metric, d.value)), .text(interval.isEmpty ? "" : " (\(interval))")])
            }
        }
        if let a = v.coverage[p], let b = v.coverage[other], a.drawn != b.drawn {
            parts.append([.text(a.drawn > b.drawn ? "draws \(a.drawn - b.drawn) more strokes" : "draws \(b.drawn - a.drawn) fewer strokes")])
        }
        return joined(parts) + [.text(".")]
    }

    /// The best pipeline for each objective other than the pick's reason, one line each with
    /// what it costs; ties named as such.
    func alternatives(_ v: Verdict, _ p: String) -> [[HTMLReport.Inline]] {
        var items: [[HTMLReport.Inline]] = []
        for (k, metric) in v.objectives.enumerated() {
            let best = v.best[k]
            guard let top = best.first else { continue }
            let priority: String
            switch metric {
            case "lag.mean_ms": priority = "Most responsive"
            case "jaggedness.bending_energy_ratio": priority = "Smoothest"
            case "fidelity.mean": priority = "Most faithful"
            default: priority = "Best \(Self.title(of: metric))"
            }
            var line: [HTMLReport.Inline] = [.strong(priority + ": "), .code(top)]
            if let value = shown(v, top, metric) { line += [.text(" ("), value, .text(")")] }
            if top == p { line.append(.text(" — the pick itself")) }
            // What it costs: its worst objective relative to the pick.
            else if let cost = costWords(v, top, against: p, except: metric) { line += [.text(", but ")] + cost }
            let tied = best.dropFirst()
            if !tied.isEmpty {
                line.append(.text("; cannot be told apart from it: "))
                for (i, t) in tied.prefix(4).enumerated() { line += (i > 0 ? [.text(", ")] : []) + [.code(t)] }
                if tied.count > 4 { line.append(.text(" and \(tied.count - 4) more")) }
            }
            items.append(line)
        }
        return items
    }

    /// How `a` is worse than `b` on the objectives other than `except`, where it significantly
    /// is: "×40 the pen's bending, 62.0 ms lag".
    func costWords(_ v: Verdict, _ a: String, against b: String, except: String) -> [HTMLReport.Inline]? {
        var parts: [[HTMLReport.Inline]] = []
        for metric in v.objectives where metric != except {
            guard let d = v.difference(a, b, metric), d.real, let mine = v.mean(a, metric), let theirs = v.mean(b, metric),
                  let direction = MetricCatalog.definition(of: metric)?.direction,
                  direction.worsening(from: theirs.mean, to: mine.mean) > 0, let shown = shown(v, a, metric) else { continue }
            switch metric {
            case "lag.mean_ms": parts.append([shown, .text(" lag")])
            case "jaggedness.bending_energy_ratio": parts.append([shown, .text(" the pen's bending")])
            case "fidelity.mean": parts.append([shown, .text(" \(v.unit) from the pen")])
            default: parts.append([.text("\(Self.title(of: metric)) "), shown])
            }
        }
        if let c = v.coverage[a], c.drawn < c.strokes { parts.append(coverageWords(v, a)) }
        return parts.isEmpty ? nil : joined(parts)
    }

    /// What to avoid: pipelines that leave strokes blank, and those the pick beats on every
    /// objective.
    func avoid(_ v: Verdict, _ p: String) -> [[HTMLReport.Inline]] {
        var items: [[HTMLReport.Inline]] = []
        let blank = v.coverage.filter { $0.value.strokes > 0 && $0.value.drawn < $0.value.strokes }
            .sorted { ($0.value.drawn, $0.key) < ($1.value.drawn, $1.key) }
        for (name, _) in blank.prefix(3) {
            items.append([.code(name), .text(" — draws ")] + coverageWords(v, name) + [.text(".")])
        }
        let beaten = v.beatenEverywhere.filter { n in !blank.contains { $0.key == n } }
        if !beaten.isEmpty {
            var line: [HTMLReport.Inline] = []
            for (i, n) in beaten.prefix(6).enumerated() { line += (i > 0 ? [.text(", ")] : []) + [.code(n)] }
            if beaten.count > 6 { line.append(.text(" and \(beaten.count - 6) more")) }
            line += [.text(" — \(beaten.count == 1 ? "is" : "are") worse than "), .code(p), .text(" on every measure here (lag, bending and fidelity).")]
            items.append(line)
        }
        return items
    }

    /// `text` as an element id: letters and digits kept (lower-cased), every other run of
    /// characters one "-".
    static func anchorID(_ text: String) -> String {
        var out = "", dash = false
        for c in text.lowercased().unicodeScalars {
            if (c.properties.isAlphabetic || ("0"..."9").contains(c)) && c.isASCII { out.unicodeScalars.append(c); dash = false }
            else if !dash && !out.isEmpty { out += "-"; dash = true }
        }
        return dash ? String(out.dropLast()) : out
    }

    /// Parts joined by ", ".
    func joined(_ parts: [[HTMLReport.Inline]]) -> [HTMLReport.Inline] {
        var out: [HTMLReport.Inline] = []
        for (i, p) in parts.enumerated() where !p.isEmpty { out += (i > 0 && !out.isEmpty ? [.text(", ")] : []) + p }
        return out
    }

    /// A difference with its sign: "−0.4 ms", "+0.05".
    static func signed(_ metric: String, _ x: Double) -> String {
        let s = metric == "lag.mean_ms" ? String(format: "%.1f ms", abs(x)) : String(format: "%.2f", abs(x))
        return (x < 0 ? "−" : "+") + s
    }

    /// A fraction as a whole percentage ("15%"), or "<1%".
    static func percent(_ f: Double) -> String {
        let p = f * 100
        return p > 0 && p < 1 ? "<1%" : String(format: "%.0f%%", p)
    }
}

extension Builder.Verdict {
    /// The paired difference `a − b` on `metric` in `rows`.
    static func differenceOf(_ rows: [PairedSummaryRow], _ a: String, _ b: String, _ metric: String) -> (value: Double, real: Bool)? {
        if let r = rows.first(where: { $0.metric == metric && $0.pipeline == a && $0.baseline == b }) {
            return (r.difference, r.differenceExcludesZero)
        }
        if let r = rows.first(where: { $0.metric == metric && $0.pipeline == b && $0.baseline == a }) {
            return (-r.difference, r.differenceExcludesZero)
        }
        return nil
    }
}
