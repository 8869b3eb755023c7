import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokePlot

/// The report's answer section: the ``Answer`` of the experiment (per dataset × input kind:
/// verdict, recommendation, alternatives, what to avoid, ties, coverage, evidence) rendered as
/// HTML, with ``AnswerWords`` for every sentence. The value is built once by
/// ``makeAnswer()`` and written as `answer.csv`.
extension Builder {
    /// The answer of this report's experiment under the spec's tune plan (its objectives and
    /// preference; the defaults when the spec has no `tune:`).
    func computeAnswer() -> Answer? {
        guard let plan = tunePlan else { return nil }
        return Answer(report: experiment, plan: plan)
    }

    /// Builds the answer and writes `answer.csv`.
    mutating func makeAnswer() throws(ExperimentError) {
        guard let a = computeAnswer() else { return }
        answer = a
        try writeTable(AnswerTable.csv(a), name: "answer.csv")
    }

    /// The answer section: a verdict per group, its recommendation, alternatives, what to avoid
    /// and its table.
    func answerSection() -> HTMLReport.Section {
        let answer = self.answer ?? computeAnswer()
        var blocks: [HTMLReport.Block] = [
            .paragraph("Which pipeline to use, per dataset and input kind. A pipeline is ranked only when it draws at least \(AnswerWords.percent(experiment.statistics.rules.minCoverage)) of the strokes (minCoverage): a stroke left blank is a failure, not a missing value. A ranked pipeline is on the front when no other is significantly better on one objective without being significantly worse on another — \"significantly\" meaning that the paired 95% interval of the difference over the strokes both measured excludes 0 (resampling traces); otherwise the two cannot be told apart. Ratios (bending energy) are compared on a log scale: geometric means, with the median beside; strokes whose reference is too short or too straight for a ratio are left out of it and counted. No verdict is given on fewer than \(experiment.statistics.rules.minStrokes) strokes or \(experiment.statistics.rules.minTraces) traces. The recommendation applies the preference to the front, moving from one objective to the next only past a practical difference (1 ms of lag, 5 % of a ratio). Every number comes from summary_paired.csv (dataset, kind) and is listed in answer.csv. Highlighted cells: the best of a column and those that cannot be told apart from it."),
        ]
        let groups = answer?.groups ?? []
        if groups.isEmpty {
            blocks.append(.paragraph("No dataset has the objective metrics on any pipeline, so no ranking can be given."))
        }
        let colors = pipelineColors
        let rules = experiment.statistics.rules
        for g in groups {
            blocks.append(.paragraph(AnswerWords.heading(g) + ": " + AnswerWords.verdict(g, rules: rules)))
            blocks.append(.paragraph(AnswerWords.recommendation(g, rules: rules)))
            if let alternatives = AnswerWords.alternatives(g) { blocks.append(.paragraph(alternatives)) }
            let front = g.entries.filter(\.onFront)
            if !front.isEmpty { blocks.append(.list(front.map { AnswerWords.meaning($0, in: g) })) }
            let avoid = AnswerWords.avoid(g)
            if !avoid.isEmpty {
                blocks.append(.paragraph("Avoid on \(g.label):"))
                blocks.append(.list(avoid))
            }
            for note in AnswerWords.degenerate(g) { blocks.append(.paragraph(note)) }
            blocks.append(.table(answerTable(g, colors: colors)))
        }
        // The figures right after the tables: the fronts, then the parameters' effect.
        if (analysedTuneGroups ?? []).contains(where: { figures["pareto-\($0.dataset)-\($0.kind)"] != nil }) {
            blocks.append(.paragraph(Self.frontsSentence(tunePlan)))
        }
        for t in analysedTuneGroups ?? tuneGroups() {
            if let f = figures["pareto-\(t.dataset)-\(t.kind)"] { blocks.append(.figure(f)) }
        }
        for (fi, _) in (tunePlan?.families ?? []).enumerated() {
            for d in datasets {
                if let f = figures["sensitivity-\(fi + 1)-\(d)"] { blocks.append(.figure(f)) }
            }
        }
        return HTMLReport.Section(title: "Answer: which smoothing to use", blocks: blocks)
    }

    /// One group's table: every pipeline, its rank, its value per objective (geometric mean
    /// and median for ratios), its coverage and its verdict.
    func answerTable(_ g: AnswerGroup, colors: PipelineColors) -> HTMLReport.Table {
        let common = AnswerWords.commonStrokes(g)
        var highlighted = Set<HTMLReport.Table.Cell>()
        let rows = g.entries.enumerated().map { i, e -> [String] in
            for k in e.bestIn { highlighted.insert(HTMLReport.Table.Cell(row: i, column: 2 + k)) }
            let values = g.objectives.indices.map { k -> String in
                guard let v = e.values[k] else { return "—" }
                let w = ObjectiveWords.of(g.objectives[k].metric)
                return w.estimate(v) + (v.isLogRatio ? " median \(w.number(v.median))" : "")
            }
            let drawn = "\(e.coverage.drawn) of \(e.coverage.strokes)"
            return [e.pipeline, e.layer.map(String.init) ?? "—"] + values + [drawn, AnswerWords.rowNote(e, in: g, common: common)]
        }
        let header = ["pipeline", "rank"] + g.objectives.map { o -> String in
            let unit = g.entries.lazy.compactMap { e in e.values[g.objectives.firstIndex(of: o)!]?.unit }.first ?? ""
            let title = isLogRatio(o.metric) ? Self.title(of: Answer.ratioBase(o.metric) + "_ratio") + " (geometric mean)" : Self.title(of: o.metric)
            let u = unit.isEmpty || unit == "ratio" || isLogRatio(o.metric) || title.hasSuffix(" " + unit) ? "" : " (\(unit))"
            return title + u
        } + ["strokes drawn", "verdict"]
        return HTMLReport.Table(
            header: header, rows: rows,
            caption: "\(g.label): mean [95% bootstrap interval] over the strokes every ranked pipeline measured — n = \(zip(g.objectives, common).map { "\(ObjectiveWords.of($0.metric).name) \($1)" }.joined(separator: ", ")) (summary_paired.csv, dataset \(g.dataset), kind \(g.kind); answer.csv); a row whose numbers rest on fewer strokes says so",
            headerLinks: [nil, nil] + g.objectives.map { guideLink($0.metric) } + [guideLink(AnswerCoverage.drawnMetric), nil],
            highlighted: highlighted,
            swatches: g.entries.map { colors.color($0.pipeline).hexString },
            tags: g.entries.map { e in
                [nil, nil] + g.objectives.indices.map { k in
                    e.values[k] == nil ? nil : HTMLReport.Key(pipeline: e.pipeline, group: g.label, metric: g.objectives[k].metric)
                }
            })
    }

    /// The one sentence relating the answer's front to the Pareto figures' (means).
    static func frontsSentence(_ plan: TunePlan?) -> String {
        let preference = plan.map { AnswerWords.preference($0.preference, objectives: $0.objectives) } ?? "the spec's preference"
        return "The Pareto figures below ring the front of the means (a setting is on it when no other setting's means are at least as good on every objective and better on one, each over the strokes it measured; tune_points.csv), which ignores the noise the tables' front allows for; the red square marks the answer's recommendation (\(preference))."
    }
}
