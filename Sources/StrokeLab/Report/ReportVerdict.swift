import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

/// The answer a reader came for, on the first screen: per dataset × input kind — the user's
/// recorded data first, synthetic data last — a card naming the pipeline to ship and the
/// label to paste, what it buys and costs against the seed default and the runner-up in plain
/// words, the choice for each other priority, what to avoid and why, and a picture
/// (``makeVerdictPictures(log:)``). The card says what the ``Answer`` value holds: every
/// number on it is one of its values (a pipeline's row of `summary_paired.csv` for that
/// dataset and kind, as the ranking table below shows it) or a paired difference of the same
/// table, tagged with what it is (``HTMLReport/Key``).
extension Builder {
    /// One card's content: the answer's group and what the card adds to it.
    struct Verdict {
        /// The answer for this dataset × kind.
        var group: AnswerGroup
        /// Whether the dataset is recorded (not synthetic).
        var recorded: Bool
        /// The display refresh rate of the group's traces (frames in words).
        var refreshRateHz: Double
        /// The seed default the pick is set against (the spec's baseline, else the first seed
        /// preset the experiment ran), and the runner-up: the preference applied to the front
        /// without the pick.
        var baseline: String?, runnerUp: String?
        /// The group's paired comparisons (`summary_paired.csv` rows of its dataset and kind).
        var paired: [PairedSummaryRow]

        /// "dataset · kind".
        var label: String { group.label }

        /// `pipeline`'s value on `metric`, as the answer shows it.
        func value(_ pipeline: String, _ metric: String) -> AnswerValue? {
            guard let k = group.objectives.firstIndex(where: { $0.metric == metric }) else { return nil }
            return group.entry(pipeline)?.values[k]
        }

        /// The paired difference `a − b` on `metric` with its interval, in the answer's scale:
        /// for a log ratio, the ratio of the geometric means `a ÷ b`; `nil` without a row.
        func difference(_ a: String, _ b: String, _ metric: String) -> PairedDifference? {
            PairedDifference(a, b, metric: metric, in: paired)
        }
    }

    /// The verdicts of the answer, recorded datasets first and synthetic ones last (spec order
    /// within each, then stylus, finger, mouse).
    func makeVerdicts() -> [Verdict] {
        guard let answer = self.answer ?? computeAnswer() else { return [] }
        var out: [Verdict] = []
        for g in answer.groups {
            let names = g.entries.map(\.pipeline)
            let seeds = experiment.pipelines.filter { names.contains($0.name) && PipelineSet.seedPresets.contains($0.description.label) }.map(\.name)
            let baseline = experiment.statistics.baseline.flatMap { names.contains($0) ? $0 : nil } ?? seeds.first
            // The runner-up: the preference over the front without the pick, in spec order.
            var runnerUp: String? = nil
            if let pick = g.recommendation?.pipeline {
                let rest = experiment.pipelines.compactMap { p in g.entries.first { $0.pipeline == p.name && $0.onFront && $0.pipeline != pick } }
                let units = g.objectives.indices.map { k in rest.lazy.compactMap { $0.values[k]?.unit }.first ?? "" }
                if let r = PreferenceRule.pick(rest.map { e in e.values.map { $0?.mean ?? .nan } }, objectives: g.objectives,
                                                units: units, preference: g.preference) {
                    runnerUp = rest[r.index].pipeline
                }
            }
            let refresh = experiment.traces.first { $0.dataset == g.dataset }?.trace.metadata.refreshRateHz ?? 60
            out.append(Verdict(group: g, recorded: !experiment.traces.contains { $0.dataset == g.dataset && isSynthetic($0) },
                               refreshRateHz: refresh, baseline: baseline, runnerUp: runnerUp,
                               paired: experiment.paired.filter { $0.dataset == g.dataset && $0.kind == g.kind }))
        }
        // Recorded data first: the reader's own question is about real pens.
        return out.filter(\.recorded) + out.filter { !$0.recorded }
    }

    /// The answer's first section: a card per verdict.
    func verdictSection() -> HTMLReport.Section {
        var blocks: [HTMLReport.Block] = []
        let verdicts = self.verdicts ?? makeVerdicts()
        if verdicts.isEmpty {
            blocks.append(.paragraph("No group of strokes has the objectives measured on any pipeline, so no pipeline can be recommended; the tables below show what was measured."))
        } else if let g = verdicts.first?.group {
            blocks.append(.rich([.text("Which smoothing to ship, for each set of strokes measured — recorded pens first. The pick follows the preference "),
                                 .strong(AnswerWords.preference(g.preference, objectives: g.objectives)),
                                 .text(" among the pipelines no other beats; differences are paired over the same strokes, with 95% intervals, and two pipelines whose interval holds 0 cannot be told apart. How it was decided, and every table, follow the contents below.")]))
        }
        for v in verdicts { blocks.append(.card(card(v))) }
        return HTMLReport.Section(title: "The answer: which smoothing to ship", blocks: blocks, id: "answer")
    }

    /// The card of one verdict.
    func card(_ v: Verdict) -> HTMLReport.Card {
        let g = v.group
        let id = "verdict-" + Self.anchorID(v.label)
        let meta = "\(g.evidence.strokes) \(v.recorded ? "recorded" : "synthetic") stroke\(g.evidence.strokes == 1 ? "" : "s") from \(g.evidence.traces) trace\(g.evidence.traces == 1 ? "" : "s"), "
            + (v.recorded ? "each measured against its own held-out samples" : "measured against the analytic curves they were drawn from")
        let avoid = avoid(v)
        guard let r = g.recommendation else {
            let why = !g.evidence.isEnough
                ? AnswerWords.notEnoughData(strokes: g.evidence.strokes, traces: g.evidence.traces, rules: experiment.statistics.rules)
                : AnswerWords.noneRanked(g, rules: experiment.statistics.rules)
            return HTMLReport.Card(id: id, heading: v.label, meta: meta,
                                   verdict: [.text("No recommendation — " + why.prefix(1).uppercased() + why.dropFirst() + ".")],
                                   label: nil, lists: [HTMLReport.CardList(title: "Avoid", items: avoid)], picture: nil)
        }
        let pick = r.pipeline
        var buys: [[HTMLReport.Inline]] = [own(v, pick)]
        if let b = v.baseline, b != pick {
            buys.append([.text("Against "), .code(b), .text(" (the seed default): ")] + comparison(v, pick, b))
        }
        if let ru = v.runnerUp, ru != v.baseline {
            buys.append([.text("Against "), .code(ru), .text(" (the runner-up): ")] + comparison(v, pick, ru))
        }
        let lists = [HTMLReport.CardList(title: "What it buys and what it costs", items: buys),
                     HTMLReport.CardList(title: "If another priority comes first", items: alternatives(v, pick)),
                     HTMLReport.CardList(title: "Avoid", items: avoid)]
        return HTMLReport.Card(id: id, heading: v.label, meta: meta,
                               verdict: [.text("Use "), .code(pick), .text(" — \(reason(v, r)).")],
                               label: r.label, lists: lists, picture: figures["verdict-\(v.label)"])
    }

    /// Why the recommendation was picked, in words: "the smoothest of the 3 pipelines on the
    /// front with |lag| ≤ 20 ms", or, when none meets the limits, that it misses them least.
    func reason(_ v: Verdict, _ r: AnswerRecommendation) -> String {
        let g = v.group
        let best = ObjectiveWords.of(g.preference.then).superlative
        let limits = AnswerWords.preference(TuneSettings.Preference(limits: g.preference.limits, then: g.preference.then),
                                            objectives: g.objectives).components(separatedBy: ", then ").first ?? ""
        var text: String
        if g.preference.limits.isEmpty {
            text = "the \(best) of the \(r.frontSize) pipelines no other beats"
        } else if !r.meetsLimits {
            text = "none of the \(r.frontSize) pipelines no other beats keeps \(limits); this one misses it least"
        } else {
            text = r.withinLimits == 1 ? "the only pipeline no other beats with \(limits)"
                : "the \(best) of the \(r.withinLimits) pipelines no other beats with \(limits)"
        }
        if !r.tiedWith.isEmpty {
            text += " (as good within practical differences: \(AnswerWords.list(r.tiedWith)))"
        }
        return text
    }

    /// A value of `pipeline` on `metric` as a card shows it (the answer's number format),
    /// tagged.
    func shown(_ v: Verdict, _ pipeline: String, _ metric: String) -> HTMLReport.Inline? {
        guard let value = v.value(pipeline, metric), value.shown.isFinite else { return nil }
        return .value(HTMLReport.Value(ObjectiveWords.of(metric).number(value.shown),
                                       key: HTMLReport.Key(pipeline: pipeline, group: v.label, metric: metric)))
    }

    /// The unit of `metric`'s values in the group, with a leading space ("" for ratios).
    func unitText(_ v: Verdict, _ metric: String) -> String {
        guard let unit = v.group.entries.lazy.compactMap({ e in v.value(e.pipeline, metric)?.unit }).first,
              !ObjectiveWords.of(metric).isRatio, !["", "ratio", "count"].contains(unit) else { return "" }
        return " " + unit
    }

    /// The pick's own numbers in words: lag (in frames too), bending against the pen's,
    /// distance from the pen, and how many strokes it draws.
    func own(_ v: Verdict, _ p: String) -> [HTMLReport.Inline] {
        var parts: [[HTMLReport.Inline]] = []
        for o in v.group.objectives {
            guard let value = v.value(p, o.metric), let s = shown(v, p, o.metric) else { continue }
            switch o.metric {
            case "lag.mean_ms":
                let frames = value.shown / (1000 / v.refreshRateHz)
                parts.append([.text("ink "), s, .text(" ms behind the pen (\(AnswerWords.fixed(frames, decimals: 1)) frames at \(number(v.refreshRateHz)) Hz)")])
            case "jaggedness.bending_energy_log_ratio", "jaggedness.bending_energy_ratio":
                let asPen = value.low.isFinite ? value.low <= 1.1 && value.high >= 0.9 : abs(value.shown - 1) < 0.1
                parts.append(asPen ? [.text("as smooth as the pen ("), s, .text(" its bending)")]
                             : value.shown < 1 ? [.text("smoother than the pen ("), s, .text(" its bending)")]
                             : [.text("bends "), s, .text(" as much as the pen")])
            case "fidelity.mean":
                parts.append([.text("on average "), s, .text("\(unitText(v, o.metric)) from the pen's path")])
            case "lag.overshoot_rate":
                guard value.shown > 0.005 else { continue }
                parts.append([.text("ahead of the pen (overshoot) on a share "), s, .text(" of frames")])
            case "prediction.drawn_error_mean":
                guard value.shown > 0 else { continue }
                parts.append([.text("its drawn prediction "), s, .text("\(unitText(v, o.metric)) off the pen's path")])
            default:
                parts.append([.text("\(ObjectiveWords.of(o.metric).name) "), s, .text(unitText(v, o.metric))])
            }
        }
        parts.append(coverageWords(v, p))
        return [.strong("It draws"), .text(": ")] + joined(parts) + [.text(".")]
    }

    /// "ink on every stroke" or "nothing at all on 12 of 80 strokes (15 %)".
    func coverageWords(_ v: Verdict, _ p: String) -> [HTMLReport.Inline] {
        guard let c = v.group.entry(p)?.coverage, c.strokes > 0 else { return [] }
        if c.blank == 0 { return [.text("ink on every stroke")] }
        return [.text("nothing at all on \(c.blank) of \(c.strokes) strokes (\(AnswerWords.percent(c.blankFraction)))")]
    }

    /// The pick against another pipeline, objective by objective: the paired difference with
    /// its interval, or "cannot be told apart" (gathered in one phrase).
    func comparison(_ v: Verdict, _ p: String, _ other: String) -> [HTMLReport.Inline] {
        var parts: [[HTMLReport.Inline]] = []
        var ties: [String] = []
        for o in v.group.objectives {
            let metric = o.metric
            let w = ObjectiveWords.of(metric)
            guard let d = v.difference(p, other, metric), d.value.isFinite else { continue }
            guard d.real, let mine = shown(v, p, metric), let theirs = shown(v, other, metric) else {
                ties.append(w.name)
                continue
            }
            let key = HTMLReport.Key(pipeline: p, group: v.label, metric: metric, stat: "diff:\(other)")
            switch metric {
            case "lag.mean_ms":
                let frames = abs(d.value) / (1000 / v.refreshRateHz)
                let less = abs(v.value(p, metric)?.shown ?? 0) < abs(v.value(other, metric)?.shown ?? 0)
                let range = d.low.isFinite && d.high.isFinite
                    ? "; 95% CI \(AnswerWords.fixed(min(abs(d.low), abs(d.high)), decimals: 1)) to \(AnswerWords.fixed(max(abs(d.low), abs(d.high)), decimals: 1)) ms" : ""
                parts.append([.value(HTMLReport.Value(AnswerWords.fixed(abs(d.value), decimals: 1), key: key)),
                              .text(" ms \(less ? "less" : "more") lag (\(AnswerWords.fixed(frames, decimals: 1)) frames at \(number(v.refreshRateHz)) Hz\(range))")])
            case "jaggedness.bending_energy_log_ratio", "jaggedness.bending_energy_ratio":
                parts.append([.text(d.value < (w.isRatio && isLogRatio(metric) ? 1 : 0) ? "smoother (" : "less smooth ("), mine,
                              .text(" the pen's bending against "), theirs, .text(")")])
            case "fidelity.mean":
                parts.append([.text(d.value < 0 ? "closer to the pen (" : "farther from the pen ("), mine, .text(" against "), theirs,
                              .text("\(unitText(v, metric)))")])
            case "lag.overshoot_rate":
                parts.append([.text(d.value < 0 ? "overshoots less (a share " : "overshoots more (a share "), mine, .text(" of frames against "), theirs, .text(")")])
            case "prediction.drawn_error_mean":
                parts.append([.text(d.value < 0 ? "a closer drawn prediction (" : "a farther drawn prediction ("), mine, .text(" against "), theirs,
                              .text("\(unitText(v, metric)))")])
            default:
                parts.append([.text("\(w.name) "), mine, .text("\(unitText(v, metric)) against "), theirs, .text(unitText(v, metric))])
            }
        }
        if !ties.isEmpty { parts.append([.text("\(AnswerWords.list(ties)) cannot be told apart")]) }
        if let a = v.group.entry(p)?.coverage, let b = v.group.entry(other)?.coverage, a.drawn != b.drawn {
            parts.append([.text(a.drawn > b.drawn ? "draws \(a.drawn - b.drawn) more strokes" : "draws \(b.drawn - a.drawn) fewer strokes")])
        }
        return joined(parts) + [.text(".")]
    }

    /// The answer's alternative for each objective, one line each with what it costs against
    /// the pick; ties named as such, with their paired interval.
    func alternatives(_ v: Verdict, _ p: String) -> [[HTMLReport.Inline]] {
        var items: [[HTMLReport.Inline]] = []
        let g = v.group
        for (k, o) in g.objectives.enumerated() {
            guard let top = g.alternatives[k].first else { continue }
            // The most accurate drawn prediction of a pipeline that predicts nothing says nothing.
            if o.metric == "prediction.drawn_error_mean", !(g.entry(top)?.behaviour.contains(.predicts) ?? false) { continue }
            let w = ObjectiveWords.of(o.metric)
            var line: [HTMLReport.Inline] = [.strong(w.superlative.prefix(1).uppercased() + w.superlative.dropFirst() + ": "), .code(top)]
            if let s = shown(v, top, o.metric) {
                line += o.metric == "lag.overshoot_rate" ? [.text(" (ahead of the pen on a share "), s, .text(" of frames)")]
                    : [.text(" ("), s, .text("\(unitText(v, o.metric)))")]
            }
            if top == p { line.append(.text(" — the pick itself")) }
            else if let cost = costWords(v, top, against: p, except: o.metric) { line += [.text(", but ")] + cost }
            if let tie = g.ties.first(where: { $0.objective == k }), tie.pipelines.count > 1 {
                // Identical on every stroke (an interval of exactly 0, or 1 for a ratio): equal.
                let same = isLogRatio(o.metric) ? 1.0 : 0.0
                let equal = tie.intervals.allSatisfy { $0.low == same && $0.high == same }
                line.append(.text(equal ? "; equal on every stroke: " : "; cannot be told apart from it: "))
                for (i, (name, interval)) in zip(tie.pipelines.dropFirst(), tie.intervals).prefix(3).enumerated() {
                    line += (i > 0 ? [.text(", ")] : []) + [.code(name)]
                    if !equal {
                        let what = isLogRatio(o.metric) ? "ratio" : "difference"
                        line.append(.text(" (95% interval of the \(what): \(AnswerWords.fixed(interval.low, decimals: w.decimals)) to \(AnswerWords.fixed(interval.high, decimals: w.decimals))\(unitText(v, o.metric)))"))
                    }
                }
                if tie.pipelines.count > 4 { line.append(.text(" and \(tie.pipelines.count - 4) more")) }
            }
            items.append(line)
        }
        return items
    }

    /// How `a` is worse than `b` on the objectives other than `except`, where it significantly
    /// is: "×40 the pen's bending, 62.0 ms lag".
    func costWords(_ v: Verdict, _ a: String, against b: String, except: String) -> [HTMLReport.Inline]? {
        var parts: [[HTMLReport.Inline]] = []
        for o in v.group.objectives where o.metric != except {
            let metric = o.metric
            guard let d = v.difference(a, b, metric), d.real, let mine = v.value(a, metric), let theirs = v.value(b, metric),
                  o.badness(mine.mean) > o.badness(theirs.mean), let s = shown(v, a, metric) else { continue }
            switch metric {
            case "lag.mean_ms": parts.append([s, .text(" ms lag")])
            case "jaggedness.bending_energy_log_ratio", "jaggedness.bending_energy_ratio": parts.append([s, .text(" the pen's bending")])
            case "fidelity.mean": parts.append([s, .text("\(unitText(v, metric)) from the pen")])
            case "lag.overshoot_rate": parts.append([.text("overshoots on a share "), s, .text(" of frames")])
            case "prediction.drawn_error_mean": parts.append([.text("its prediction "), s, .text("\(unitText(v, metric)) off")])
            default: parts.append([.text("\(ObjectiveWords.of(metric).name) "), s, .text(unitText(v, metric))])
            }
        }
        if let c = v.group.entry(a)?.coverage, c.blank > 0 { parts.append(coverageWords(v, a)) }
        return parts.isEmpty ? nil : joined(parts)
    }

    /// What to avoid, from the answer: pipelines that leave strokes blank (below the coverage
    /// floor, with their counts), then those beaten outright, in one line.
    func avoid(_ v: Verdict) -> [[HTMLReport.Inline]] {
        var items: [[HTMLReport.Inline]] = []
        var beaten: [String] = []
        for a in v.group.avoid {
            switch a.reason {
            case .coverage(let c):
                items.append([.code(a.pipeline), .text(" — \(AnswerWords.blank(c)): a blank stroke is a failure.")])
            case .beaten:
                beaten.append(a.pipeline)
            }
        }
        if !beaten.isEmpty {
            var line: [HTMLReport.Inline] = []
            for (i, n) in beaten.prefix(8).enumerated() { line += (i > 0 ? [.text(", ")] : []) + [.code(n)] }
            if beaten.count > 8 { line.append(.text(" and \(beaten.count - 8) more")) }
            line.append(.text(" — beaten outright: another pipeline is significantly better on one measure and worse on none (the table below says by whom)."))
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
        for p in parts where !p.isEmpty { out += (out.isEmpty ? [] : [.text(", ")]) + p }
        return out
    }
}
