import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokePlot
import StrokeSmoothing

/// The report's tuning part: per dataset × input kind, the Pareto front of the experiment's
/// own settings (``TuneAnalysis``: every pipeline is a setting; sweeps and tune searches add
/// theirs), its figure, the setting the preference picks, and a sensitivity figure per swept
/// pipeline.
extension Builder {
    /// The tune plan of a report's spec: its searches sampled into settings, its objectives,
    /// preference and references (``TunePlan``). A spec naming no pipelines runs the seed
    /// presets, as `strokelab run` does. The report runs the plan's spec, so every setting of
    /// every search is measured.
    /// - Throws: ``ExperimentError`` for a tune section that does not resolve.
    static func tunePlan(for spec: ExperimentSpec, maximum: Int) throws(ExperimentError) -> TunePlan {
        var s = spec
        if (s.pipelines ?? []).isEmpty && (s.sweeps ?? []).isEmpty && (s.tune?.searches ?? []).isEmpty {
            s.pipelines = PipelineSet.seedPresets.map { .init(label: $0) }
        }
        return try TunePlan(s, maximum: maximum)
    }

    /// One dataset × input kind: its settings with the front marked, and the recommendation.
    struct TuneGroup {
        /// The dataset.
        var dataset: String
        /// `stylus`, `finger` or `mouse`.
        var kind: String
        /// The plan as applied to this dataset: lag objectives (and limits on them) dropped
        /// when the dataset has no real timing.
        var plan: TunePlan
        /// Every setting, front first (``TuneAnalysis/points(report:plan:)``).
        var points: [TunePoint]
        /// The setting the preference picks, when the front is not empty.
        var recommendation: Recommendation?
    }

    /// The groups, in dataset order, then stylus, finger, mouse.
    func tuneGroups() -> [TuneGroup] {
        guard let plan = tunePlan else { return [] }
        var groups: [TuneGroup] = []
        for d in TuneAnalysis.perDataset(report: experiment, plan: plan) {
            var kinds: [String] = []
            for q in d.points where !kinds.contains(q.kind) { kinds.append(q.kind) }
            for k in kinds {
                let points = d.points.filter { $0.kind == k }
                groups.append(TuneGroup(dataset: d.dataset, kind: k, plan: d.plan, points: points,
                                        recommendation: TuneAnalysis.recommendations(points, plan: d.plan, rules: experiment.statistics.rules).first))
            }
        }
        return groups
    }

    /// What kind of setting a pipeline is, for the figures' markers: a seed preset, another
    /// registry preset at its defaults (a peer's strategy as apps ship it), another pipeline
    /// the spec names, or a swept setting.
    func role(of pipeline: String, plan: TunePlan) -> ParetoPoint.Role {
        let label = experiment.pipelines.first { $0.name == pipeline }?.description.label ?? pipeline
        if PipelineSet.seedPresets.contains(label) { return .seed }
        if StageRegistry.standard.preset(named: label) != nil { return .preset }
        if plan.references.contains(pipeline) { return .reference }
        return .setting
    }

    /// The Pareto figure of every group and a sensitivity figure per swept pipeline and dataset.
    mutating func makeTuneFigures(log: (String) -> Void) throws(ExperimentError) {
        guard let plan = tunePlan else { return }
        let groups = tuneGroups()
        analysedTuneGroups = groups
        for g in groups {
            let o = g.plan.objectives
            // Two objectives (a dataset without timing): x and y, no colour.
            guard o.count >= 2 else { continue }
            // The answer's recommendation (the tables' front under the preference) is the one marked.
            let recommended = answer?.group(g.dataset, g.kind)?.recommendation?.pipeline
            // Log ratios are drawn as the geometric means the answer shows.
            func shown(_ k: Int, _ e: ObjectiveEstimate?) -> Double? {
                guard let m = e?.mean else { return nil }
                return isLogRatio(o[k].metric) ? exp(m) : m
            }
            let points = g.points.compactMap { p -> ParetoPoint? in
                guard let x = shown(0, p.estimates[0]), let y = shown(1, p.estimates[1]) else { return nil }
                let c = o.count >= 3 ? shown(2, p.estimates[2]) ?? .nan : .nan
                return ParetoPoint(pipeline: p.pipeline, x: x, y: y, color: c, onFront: p.onFront,
                                   role: role(of: p.pipeline, plan: g.plan), recommended: p.pipeline == recommended,
                                   ranked: p.eligible)
            }
            guard !points.isEmpty else { continue }
            let strokes = g.points.compactMap { $0.estimates.compactMap { $0?.n }.max() }.max() ?? 0
            let colorIndex = min(2, o.count - 1)
            let unit = g.points.lazy.compactMap { $0.estimates[colorIndex]?.unit }.first ?? ""
            let figure = ReportFigures.paretoFront(
                points, title: "Pareto front: \(g.dataset) · \(g.kind) (\(points.count) settings, means)",
                xLabel: axisTitle(o[0], unit: unit), yLabel: axisTitle(o[1], unit: unit),
                colorLabel: axisTitle(o[colorIndex], unit: unit),
                isRatio: o[1].metric == "jaggedness.bending_energy_ratio" || isLogRatio(o[1].metric))
            let front = g.points.filter(\.onFront).count
            try plot(figure, name: "pareto-\(g.dataset)-\(g.kind)", title: "Pareto front on \(g.dataset) · \(g.kind)",
                     caption: "Every setting measured on the \(g.kind) strokes of \(g.dataset) (up to \(strokes) strokes each): \(o[0].metric) (x, \(o[0].direction.phrase)) against \(o[1].metric) (y, \(o[1].direction.phrase))" + (o.count >= 3 ? ", filled with the colour of its \(o[2].metric) (colour box, \(o[2].direction.phrase))" : "; no lag: \(g.dataset) has no real timing") + ". Ringed: the \(front) settings on the Pareto front of the means over all \(o.count == 2 ? "both" : "\(o.count)") (no other setting is at least as good in every objective and better in one; tune_points.csv): a point can be on the front while another looks better in x and y, when it is more faithful. Red square: the answer's recommendation (\(AnswerWords.preference(g.plan.preference, objectives: g.plan.objectives))); settings drawing less than \(AnswerWords.percent(experiment.statistics.rules.minCoverage)) of the strokes are never on the front: they are grey crosses named \"not ranked\" (their means cover only the strokes they drew). Squares are the seed presets, diamonds the other presets at their defaults (the peers as apps ship them), both named where the names do not overlap (the tables above name every pipeline); triangles are other named pipelines, circles swept settings.")
        }
        // Sensitivity: one figure per swept pipeline and dataset, panels objective × parameter.
        for (fi, family) in plan.families.enumerated() where !family.members.isEmpty {
            let parameters = family.keys.indices.map { k -> SensitivityParameter in
                let values = family.members.map { $0.values[k] }
                if values.allSatisfy({ Double($0) != nil }) { return SensitivityParameter(name: family.keys[k]) }
                var categories: [String] = []
                for v in values where !categories.contains(v) { categories.append(v) }
                return SensitivityParameter(name: family.keys[k], categories: categories)
            }
            for d in datasets {
                let mine = groups.filter { $0.dataset == d }
                guard let dplan = mine.first?.plan else { continue }
                var points: [SensitivityPoint] = []
                for g in mine {
                    for m in family.members {
                        guard let p = g.points.first(where: { $0.pipeline == m.pipeline }) else { continue }
                        let coordinates = parameters.indices.map { k -> Double in
                            if let c = parameters[k].categories { return Double(c.firstIndex(of: m.values[k]) ?? 0) }
                            return Double(m.values[k]) ?? .nan
                        }
                        points.append(SensitivityPoint(group: g.kind, parameters: coordinates, objectives: zip(g.plan.objectives, p.estimates).map { o, e in
                            guard let e else { return Estimate(.nan) }
                            return isLogRatio(o.metric) ? Estimate(exp(e.mean), low: exp(e.low), high: exp(e.high)) : Estimate(e.mean, low: e.low, high: e.high)
                        }))
                    }
                }
                guard points.contains(where: { $0.objectives.contains(where: \.isFinite) }) else { continue }
                let ratios = Set(dplan.objectives.indices.filter { dplan.objectives[$0].metric == "jaggedness.bending_energy_ratio" || isLogRatio(dplan.objectives[$0].metric) })
                let figure = ReportFigures.sensitivity(points, parameters: parameters, objectives: dplan.objectives.map { shortTitle($0, unit: unitOf($0.metric)) },
                                                       ratioObjectives: ratios,
                                                       title: "Sensitivity: \(ReportFigures.legendLabel(family.label, limit: 60)) on \(d) (means, 95% CI)")
                try plot(figure, name: "sensitivity-\(fi + 1)-\(d)", title: "Parameter sensitivity of \(family.label) on \(d)",
                         caption: "Each of the \(family.members.count) settings of \(family.label) (\(family.method)\(family.keys.count > 1 ? " over \(family.keys.joined(separator: ", "))" : "")) on the strokes of \(d): one panel per objective (rows: \(dplan.objectives.map { "\($0.metric), \($0.direction.phrase)" }.joined(separator: "; "))) and swept parameter (columns), mean over the strokes with a 95% bootstrap interval, one colour per input kind.\(family.keys.count > 1 ? " The other parameters vary between the points of a panel too, so read the trend, not a curve." : "") Data: tune_points.csv.")
            }
        }
        if !groups.isEmpty {
            // One table over the plan's objectives: a dataset without timing has no lag values.
            let aligned = groups.flatMap { g in g.points.map { TuneAnalysis.align($0, from: g.plan, to: plan) } }
            try writeTable(TuneAnalysis.table(aligned, plan: plan, frontOnly: false), name: "tune_points.csv")
            log("  pareto fronts: \(groups.count) groups")
        }
    }

    /// An objective's axis title, with its unit and which way is better.
    func axisTitle(_ o: TuneSettings.Objective, unit: String = "") -> String {
        let name: String
        switch o.metric {
        case "lag.mean_ms": name = "lag, mean (ms)"
        case "jaggedness.bending_energy_ratio": name = "bending energy ratio (1 = the truth's)"
        case "jaggedness.bending_energy_log_ratio": name = "bending energy ratio, geometric mean (1 = the truth's)"
        case "fidelity.mean": name = "fidelity: mean distance to reference" + (unit.isEmpty ? "" : " (\(unit))")
        default:
            let unit = summary.unit(of: o.metric)
            name = Self.title(of: o.metric) + (unit.isEmpty || unit == "ratio" || unit == "count" ? "" : " (\(unit))")
        }
        return "\(name): \(o.direction.phrase)"
    }

    /// A short axis title for a panel: the objective and its unit, no direction.
    func shortTitle(_ o: TuneSettings.Objective, unit: String) -> String {
        switch o.metric {
        case "lag.mean_ms": return "lag, mean (ms)"
        case "jaggedness.bending_energy_ratio", "jaggedness.bending_energy_log_ratio": return "bending energy ratio"
        case "fidelity.mean": return "fidelity, mean distance" + (unit.isEmpty ? "" : " (\(unit))")
        default: return Self.title(of: o.metric) + (unit.isEmpty || unit == "ratio" || unit == "count" ? "" : " (\(unit))")
        }
    }

    /// The unit of `metric` in the results.
    func unitOf(_ metric: String) -> String { summary.unit(of: metric) }
}
