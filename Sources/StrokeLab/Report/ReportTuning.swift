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

    /// The plan the report ran (recomputed from the spec: deterministic, and valid because
    /// ``ReportBuilder/build(_:log:)`` already built it once).
    var tunePlan: TunePlan? { try? Self.tunePlan(for: spec, maximum: maximumPipelines) }

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

    /// The plan with the objectives `dataset` can measure: without real timing, lag is not
    /// measured, so lag objectives and limits go (the preference's `then` falls back to the
    /// first objective left).
    func tunePlan(_ plan: TunePlan, for dataset: String) -> TunePlan {
        guard !isTimed(dataset) else { return plan }
        var p = plan
        p.objectives = plan.objectives.filter { !$0.metric.hasPrefix("lag.") }
        guard !p.objectives.isEmpty else { return plan }
        p.preference.limits = plan.preference.limits.filter { !$0.key.hasPrefix("lag.") }
        if !p.objectives.contains(where: { $0.metric == p.preference.then }) { p.preference.then = p.objectives[0].metric }
        return p
    }

    /// The groups, in dataset order, then stylus, finger, mouse.
    func tuneGroups() -> [TuneGroup] {
        guard let plan = tunePlan else { return [] }
        var analysed: [String: [TunePoint]] = [:]   // by the objectives' metrics
        var groups: [TuneGroup] = []
        for d in datasets {
            let p = tunePlan(plan, for: d)
            let key = p.objectives.map(\.metric).joined(separator: ",")
            if analysed[key] == nil { analysed[key] = TuneAnalysis.points(report: experiment, plan: p) }
            let mine = analysed[key]!.filter { $0.dataset == d }
            var kinds: [String] = []
            for q in mine where !kinds.contains(q.kind) { kinds.append(q.kind) }
            for k in kinds {
                let points = mine.filter { $0.kind == k }
                groups.append(TuneGroup(dataset: d, kind: k, plan: p, points: points,
                                        recommendation: TuneAnalysis.recommendations(points, plan: p).first))
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

    /// The preference in words: "|lag| ≤ 20 ms, then the smoothest".
    static func preferenceText(_ plan: TunePlan) -> String {
        var parts: [String] = []
        for metric in plan.preference.limits.keys.sorted() {
            let limit = plan.preference.limits[metric]!
            let unit = metric.hasSuffix("_ms") ? " ms" : ""
            let name = metric == "lag.mean_ms" ? "lag" : metric
            switch plan.objectives.first(where: { $0.metric == metric })?.direction ?? .min {
            case .zero: parts.append("|\(name)| ≤ \(number(limit))\(unit)")
            case .min: parts.append("\(name) ≤ \(number(limit))\(unit)")
            case .max: parts.append("\(name) ≥ \(number(limit))\(unit)")
            }
        }
        let then: String
        switch plan.preference.then {
        case "jaggedness.bending_energy_ratio": then = "the smoothest (lowest bending energy ratio)"
        case "lag.mean_ms": then = "the most responsive (lag closest to 0)"
        case "fidelity.mean": then = "the most faithful (lowest mean distance)"
        default: then = "the best \(plan.preference.then)"
        }
        return parts.isEmpty ? then : parts.joined(separator: ", ") + ", then " + then
    }

    /// The objective values of a point in words: "lag 12.3 ms, bending ×1.05, fidelity 0.123".
    static func objectiveText(_ point: TunePoint, plan: TunePlan) -> String {
        zip(plan.objectives, point.estimates).compactMap { o, e -> String? in
            guard let e else { return nil }
            switch o.metric {
            case "lag.mean_ms": return String(format: "lag %.1f ms", e.mean)
            case "jaggedness.bending_energy_ratio": return String(format: "bending ×%.2f", e.mean)
            case "fidelity.mean": return String(format: "fidelity %.3f", e.mean)
            default: return "\(o.metric) \(number(e.mean))"
            }
        }.joined(separator: ", ")
    }

    /// The recommendation line of a group of the answer: the setting, its numbers, how many
    /// front settings meet the limits, and the canonical label to paste. `statisticalFront`:
    /// the answer's front for the same strokes, to say when the pick is not on it.
    func recommendationLine(_ g: TuneGroup, statisticalFront: [String]?) -> String {
        guard let r = g.recommendation else {
            return "Recommendation: none — no setting has every objective measured on \(g.dataset) · \(g.kind)."
        }
        let p = r.point
        var text = "Recommendation (\(Self.preferenceText(g.plan))): \(p.pipeline) — \(Self.objectiveText(p, plan: g.plan))"
        text += " (means over its strokes); "
        if r.meetsLimits {
            if !g.plan.preference.limits.isEmpty {
                text += r.withinLimits == 1 ? "it is the only one of the \(r.frontSize) settings on the front within the limits."
                    : "\(r.withinLimits) of the \(r.frontSize) settings on the front are within the limits."
            } else {
                text += "\(r.frontSize) settings are on the front."
            }
        } else {
            text += "none of the \(r.frontSize) settings on the front meets the limits, so this is the one that misses them least."
        }
        if let front = statisticalFront, !front.isEmpty, !front.contains(p.pipeline) {
            text += " The paired comparisons above put it off their front (beaten by \(front.prefix(3).joined(separator: ", ")) or others): its edge is within the noise."
        }
        text += " Label to paste into an app or a spec: \(p.label)"
        return text
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
            let recommended = g.recommendation?.point.pipeline
            let points = g.points.compactMap { p -> ParetoPoint? in
                guard let x = p.estimates[0]?.mean, let y = p.estimates[1]?.mean else { return nil }
                let c = o.count >= 3 ? p.estimates[2]?.mean ?? .nan : .nan
                return ParetoPoint(pipeline: p.pipeline, x: x, y: y, color: c, onFront: p.onFront,
                                   role: role(of: p.pipeline, plan: g.plan), recommended: p.pipeline == recommended)
            }
            guard !points.isEmpty else { continue }
            let strokes = g.points.compactMap { $0.estimates.compactMap { $0?.n }.max() }.max() ?? 0
            let colorIndex = min(2, o.count - 1)
            let unit = g.points.lazy.compactMap { $0.estimates[colorIndex]?.unit }.first ?? ""
            let figure = ReportFigures.paretoFront(
                points, title: "Pareto front: \(g.dataset) · \(g.kind) (\(points.count) settings, means)",
                xLabel: axisTitle(o[0], unit: unit), yLabel: axisTitle(o[1], unit: unit),
                colorLabel: axisTitle(o[colorIndex], unit: unit),
                isRatio: o[1].metric == "jaggedness.bending_energy_ratio")
            let front = g.points.filter(\.onFront).count
            try plot(figure, name: "pareto-\(g.dataset)-\(g.kind)", title: "Pareto front on \(g.dataset) · \(g.kind)",
                     caption: "Every setting measured on the \(g.kind) strokes of \(g.dataset) (up to \(strokes) strokes each): \(o[0].metric) (x, \(o[0].direction.phrase)) against \(o[1].metric) (y, \(o[1].direction.phrase))" + (o.count >= 3 ? ", filled with the colour of its \(o[2].metric) (colour box, \(o[2].direction.phrase))" : "; no lag: \(g.dataset) has no real timing") + ". Ringed: the \(front) settings on the Pareto front of the means over all \(o.count == 2 ? "both" : "\(o.count)") (no other setting is at least as good in every objective and better in one; tune_points.csv): a point can be on the front while another looks better in x and y, when it is more faithful. Red square: the recommendation (\(Self.preferenceText(g.plan))). Squares are the seed presets, diamonds the other presets at their defaults (the peers as apps ship them), both named where the names do not overlap (the tables above name every pipeline); triangles are other named pipelines, circles swept settings.")
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
                        points.append(SensitivityPoint(group: g.kind, parameters: coordinates, objectives: p.estimates.map { e in
                            e.map { Estimate($0.mean, low: $0.low, high: $0.high) } ?? Estimate(.nan)
                        }))
                    }
                }
                guard points.contains(where: { $0.objectives.contains(where: \.isFinite) }) else { continue }
                let ratios = Set(dplan.objectives.indices.filter { dplan.objectives[$0].metric == "jaggedness.bending_energy_ratio" })
                let figure = ReportFigures.sensitivity(points, parameters: parameters, objectives: dplan.objectives.map { shortTitle($0, unit: unitOf($0.metric)) },
                                                       ratioObjectives: ratios,
                                                       title: "Sensitivity: \(ReportFigures.legendLabel(family.label, limit: 60)) on \(d) (means, 95% CI)")
                try plot(figure, name: "sensitivity-\(fi + 1)-\(d)", title: "Parameter sensitivity of \(family.label) on \(d)",
                         caption: "Each of the \(family.members.count) settings of \(family.label) (\(family.method)\(family.keys.count > 1 ? " over \(family.keys.joined(separator: ", "))" : "")) on the strokes of \(d): one panel per objective (rows: \(dplan.objectives.map { "\($0.metric), \($0.direction.phrase)" }.joined(separator: "; "))) and swept parameter (columns), mean over the strokes with a 95% bootstrap interval, one colour per input kind.\(family.keys.count > 1 ? " The other parameters vary between the points of a panel too, so read the trend, not a curve." : "") Data: tune_points.csv.")
            }
        }
        if !groups.isEmpty {
            // One table over the plan's objectives: a dataset without timing has no lag values.
            let aligned = groups.flatMap { g in
                g.points.map { p -> TunePoint in
                    var q = p
                    q.estimates = plan.objectives.map { o in g.plan.objectives.firstIndex(of: o).flatMap { p.estimates[$0] } }
                    return q
                }
            }
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
        case "jaggedness.bending_energy_ratio": return "bending energy ratio"
        case "fidelity.mean": return "fidelity, mean distance" + (unit.isEmpty ? "" : " (\(unit))")
        default: return Self.title(of: o.metric) + (unit.isEmpty || unit == "ratio" || unit == "count" ? "" : " (\(unit))")
        }
    }

    /// The unit of `metric` in the results.
    func unitOf(_ metric: String) -> String { summary.unit(of: metric) }
}
