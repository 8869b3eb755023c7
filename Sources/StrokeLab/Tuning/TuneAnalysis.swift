import StrokeCore
import StrokeIO
import StrokeMetrics

/// One objective of one setting on one dataset × input kind: the mean over its strokes and a
/// 95% bootstrap interval of that mean (``StrokeMetrics/ClusterBootstrap``, resampling
/// traces or strokes as the spec's `bootstrapBy` says; NaN bounds when there is nothing to
/// resample: one trace or one value).
public struct ObjectiveEstimate: Sendable, Hashable {
    /// Mean over the strokes with a value.
    public var mean: Double
    /// Lower bound of the 95% interval (NaN when none).
    public var low: Double
    /// Upper bound of the 95% interval (NaN when none).
    public var high: Double
    /// Strokes with a value.
    public var n: Int
    /// The metric's unit in the results.
    public var unit: String
}

/// One setting (pipeline) measured on one dataset × input kind, with its objectives and its
/// place on that group's Pareto front.
public struct TunePoint: Sendable, Hashable {
    /// The dataset.
    public var dataset: String
    /// `stylus`, `finger` or `mouse`.
    public var kind: String
    /// The pipeline's name in the results.
    public var pipeline: String
    /// Its canonical label: every stage with every parameter (what to paste into an app or spec).
    public var label: String
    /// Per objective (aligned with the plan's), its estimate; `nil` when no stroke has a value.
    public var estimates: [ObjectiveEstimate?]
    /// Whether the setting is on the group's Pareto front.
    public var onFront: Bool
    /// 1-based position on the front, in order of the first objective (best first); `nil` off the front.
    public var rank: Int?
    /// Whether it is one of the reference pipelines (seeds, peers' defaults).
    public var isReference: Bool
    /// The fraction of the group's strokes it drew (`coverage.drawn`); `nil` when the results
    /// have no coverage rows.
    public var coverage: Double? = nil
    /// Whether it draws enough of the group's strokes to be ranked (``VerdictRules/minCoverage``):
    /// a setting that is not is never on the front.
    public var eligible: Bool = true
    /// The group's strokes and traces (the evidence a recommendation needs, ``VerdictRules``);
    /// `nil` when not counted (a point built by hand).
    public var groupStrokes: Int? = nil, groupTraces: Int? = nil

    /// The objective vector turned so that smaller is better (NaN where missing).
    func badness(_ objectives: [TuneSettings.Objective]) -> [Double] {
        zip(objectives, estimates).map { o, e in e.map { o.badness($0.mean) } ?? .nan }
    }

    /// The means in objective order (NaN where missing).
    var means: [Double] { estimates.map { $0?.mean ?? .nan } }
}

/// The setting a preference picks from one front.
public struct Recommendation: Sendable, Hashable {
    /// The chosen point.
    public var point: TunePoint
    /// Whether it is within every limit of the preference (else it is the closest to them).
    public var meetsLimits: Bool
    /// How many front settings are within the limits.
    public var withinLimits: Int
    /// Size of the front.
    public var frontSize: Int
    /// The objective (index) that set it apart from the others left by the limits, `nil` when
    /// the limits alone did or it is the first of a tie (``PreferenceRule``).
    public var decidedBy: Int? = nil
}

/// From the results of a tune run to Pareto fronts and recommendations, per dataset × input
/// kind (the kind a stroke records: stylus, finger, mouse).
public enum TuneAnalysis {
    /// The points of every dataset × kind group: groups in order of the datasets, then
    /// stylus, finger, mouse; in each group the front first (by rank), then the other
    /// settings in pipeline order. Points with no value for some objective, and points that
    /// draw fewer of the group's strokes than the coverage floor (``VerdictRules``), are kept
    /// but never on the front.
    /// With `datasets`, only the groups of those datasets (the others are not estimated).
    /// O(rows + groups · pipelines · (resamples · clusters + pipelines · objectives)).
    public static func points(report: Experiment.Report, plan: TunePlan, datasets only: Set<String>? = nil) -> [TunePoint] {
        let objectives = plan.objectives
        let metrics = Set(objectives.map(\.metric))
        let settings = report.statistics
        let kinds = StrokeKinds(traces: report.traces)
        struct Group: Hashable { var dataset: String; var kind: TouchKind }
        struct Cell: Hashable { var group: Group; var pipeline: String; var metric: String }
        var values: [Cell: (values: [Double], clusters: [Int], unit: String)] = [:]
        var groups: Set<Group> = []
        var clusterIds: [String: Int] = [:]
        var drawn: [Cell: (drawn: Int, strokes: Int)] = [:]
        let evidence = GroupEvidence(traces: report.traces)
        for (i, r) in report.rows.enumerated() where (metrics.contains(r.metric) || r.metric == AnswerCoverage.drawnMetric) && r.value.isFinite {
            guard let kind = kinds.kind(dataset: r.dataset, trace: r.trace, stroke: r.stroke) else { continue }
            let g = Group(dataset: r.dataset, kind: kind)
            if r.metric == AnswerCoverage.drawnMetric {
                drawn[Cell(group: g, pipeline: r.pipeline, metric: r.metric), default: (0, 0)].drawn += r.value > 0 ? 1 : 0
                drawn[Cell(group: g, pipeline: r.pipeline, metric: r.metric), default: (0, 0)].strokes += 1
                if !metrics.contains(r.metric) { continue }
            }
            groups.insert(g)
            let cluster: Int
            switch settings.unit {
            case .stroke: cluster = i
            case .trace:
                let key = r.dataset + "\u{1F}" + r.trace
                if let id = clusterIds[key] { cluster = id } else { cluster = clusterIds.count; clusterIds[key] = cluster }
            }
            let cell = Cell(group: g, pipeline: r.pipeline, metric: r.metric)
            values[cell, default: ([], [], r.unit)].values.append(r.value)
            values[cell]!.clusters.append(cluster)
        }
        var datasets: [String] = []
        for t in report.traces where !datasets.contains(t.dataset) && only.map({ $0.contains(t.dataset) }) ?? true {
            datasets.append(t.dataset)
        }
        let references = Set(plan.references)
        var out: [TunePoint] = []
        for dataset in datasets {
            for kind in TouchKind.allCases where groups.contains(Group(dataset: dataset, kind: kind)) {
                let g = Group(dataset: dataset, kind: kind)
                var points: [TunePoint] = report.pipelines.map { p in
                    let estimates = objectives.map { o -> ObjectiveEstimate? in
                        guard let cell = values[Cell(group: g, pipeline: p.name, metric: o.metric)] else { return nil }
                        var sum = 0.0
                        for v in cell.values { sum += v }
                        let seed = BootstrapInterval.seed(for: "tune\u{1F}\(dataset)\u{1F}\(kind.rawValue)\u{1F}\(p.name)\u{1F}\(o.metric)",
                                                          base: settings.seed)
                        let ci = ClusterBootstrap.intervalOfMean(cell.values, clusters: cell.clusters,
                                                                 resamples: settings.resamples, seed: seed)
                        return ObjectiveEstimate(mean: sum / Double(cell.values.count), low: ci?.low ?? .nan,
                                                 high: ci?.high ?? .nan, n: cell.values.count, unit: cell.unit)
                    }
                    let c = drawn[Cell(group: g, pipeline: p.name, metric: AnswerCoverage.drawnMetric)]
                    let e = evidence.counts(dataset: dataset, kind: kind)
                    return TunePoint(dataset: dataset, kind: kind.rawValue, pipeline: p.name, label: p.description.canonical,
                                     estimates: estimates, onFront: false, rank: nil, isReference: references.contains(p.name),
                                     coverage: c.map { Double($0.drawn) / Double(max($0.strokes, 1)) },
                                     eligible: c.map { settings.rules.covers(drawn: $0.drawn, of: $0.strokes) } ?? true,
                                     groupStrokes: e?.strokes ?? 0, groupTraces: e?.traces ?? 0)
                }
                // Points measured on none of the group's strokes (every objective missing) are not part of it.
                points = points.filter { $0.estimates.contains { $0 != nil } }
                // A setting below the coverage floor is never on the front (nor dominates anything).
                let vectors = points.map { p in p.eligible ? p.badness(objectives) : objectives.map { _ in Double.nan } }
                let front = ParetoFront.front(vectors)
                let ordered = front.sorted { a, b in
                    for k in objectives.indices where vectors[a][k] != vectors[b][k] { return vectors[a][k] < vectors[b][k] }
                    return a < b
                }
                for (rank, i) in ordered.enumerated() {
                    points[i].onFront = true
                    points[i].rank = rank + 1
                }
                out += ordered.map { points[$0] } + points.indices.filter { points[$0].rank == nil }.map { points[$0] }
            }
        }
        return out
    }

    /// The points of every dataset under the objectives it can measure: a dataset without real
    /// timing drops the timing objectives and limits (``Answer/objectives(_:timed:)``). In
    /// dataset order; the datasets sharing the same objectives are analysed together, once,
    /// and no dataset is estimated under another's objectives.
    public static func perDataset(report: Experiment.Report, plan: TunePlan) -> [(dataset: String, plan: TunePlan, points: [TunePoint])] {
        var datasets: [String] = []
        var timed: [String: Bool] = [:]
        for t in report.traces {
            if !datasets.contains(t.dataset) { datasets.append(t.dataset) }
            if !t.trace.metadata.resampled { timed[t.dataset] = true }
        }
        let plans = datasets.map { d in
            var p = plan
            (p.objectives, p.preference) = Answer.objectives(plan, timed: timed[d] ?? false)
            return p
        }
        // The objectives' metrics of each dataset, and the datasets that share them.
        let keys = plans.map { $0.objectives.map(\.metric).joined(separator: ",") }
        var sharing: [String: Set<String>] = [:]
        for (d, key) in zip(datasets, keys) { sharing[key, default: []].insert(d) }
        var analysed: [String: [TunePoint]] = [:]
        return datasets.indices.map { i in
            let key = keys[i]
            if analysed[key] == nil { analysed[key] = points(report: report, plan: plans[i], datasets: sharing[key]) }
            return (datasets[i], plans[i], analysed[key]!.filter { $0.dataset == datasets[i] })
        }
    }

    /// `point` (measured under `from`'s objectives) with its estimates aligned to `to`'s
    /// objectives: `nil` where `from` dropped one.
    public static func align(_ point: TunePoint, from: TunePlan, to: TunePlan) -> TunePoint {
        var q = point
        q.estimates = to.objectives.map { o in from.objectives.firstIndex(of: o).flatMap { point.estimates[$0] } }
        return q
    }

    /// The recommendation of every group (in the order of `points`) with enough evidence
    /// (``VerdictRules/isEnough(strokes:traces:)``): the preference applied to the group's
    /// front by ``PreferenceRule`` — within the limits, then objective by objective, moving to
    /// the next only past a practical difference (when no setting meets the limits, float noise
    /// in a lag excess never decides). A group with too few strokes or traces gets none.
    public static func recommendations(_ points: [TunePoint], plan: TunePlan, rules: VerdictRules = VerdictRules()) -> [Recommendation] {
        var out: [Recommendation] = []
        var seen: Set<String> = []
        for p in points where seen.insert(p.dataset + "\u{1F}" + p.kind).inserted {
            if let strokes = p.groupStrokes, let traces = p.groupTraces, !rules.isEnough(strokes: strokes, traces: traces) { continue }
            let front = points.filter { $0.dataset == p.dataset && $0.kind == p.kind && $0.onFront }.sorted { ($0.rank ?? 0) < ($1.rank ?? 0) }
            guard !front.isEmpty else { continue }
            let units = plan.objectives.indices.map { k in front.lazy.compactMap { $0.estimates[k]?.unit }.first ?? "" }
            guard let pick = PreferenceRule.pick(front.map(\.means), objectives: plan.objectives, units: units,
                                                 preference: plan.preference) else { continue }
            out.append(Recommendation(point: front[pick.index], meetsLimits: pick.meetsLimits, withinLimits: pick.withinLimits,
                                      frontSize: front.count, decidedBy: pick.decidedBy))
        }
        return out
    }

    /// `pareto.csv` (front settings only) or `tune_points.csv` (every setting, with a `front`
    /// column): tidy, one row per setting × objective:
    /// `dataset,kind,pipeline,label,rank,objective,direction,mean,ci_low,ci_high,n,unit`
    /// (`tune_points.csv` has `front`, `reference`, `coverage` — the fraction of the group's
    /// strokes the setting drew — and `ranked` — 1 when that is at least `minCoverage`, so the
    /// setting may be on the front — after `rank`; rank empty off the front).
    public static func table(_ points: [TunePoint], plan: TunePlan, frontOnly: Bool) -> String {
        let header = ["dataset", "kind", "pipeline", "label", "rank"] + (frontOnly ? [] : ["front", "reference", "coverage", "ranked"])
            + ["objective", "direction", "mean", "ci_low", "ci_high", "n", "unit"]
        var rows: [[String]] = []
        for p in points where p.onFront || !frontOnly {
            for (o, e) in zip(plan.objectives, p.estimates) {
                var row = [p.dataset, p.kind, p.pipeline, p.label, p.rank.map(String.init) ?? ""]
                if !frontOnly {
                    row += [p.onFront ? "1" : "0", p.isReference ? "1" : "0", CSVTable.number(p.coverage ?? .nan), p.eligible ? "1" : "0"]
                }
                row += [o.metric, o.direction.rawValue, CSVTable.number(e?.mean ?? .nan), CSVTable.number(e?.low ?? .nan),
                        CSVTable.number(e?.high ?? .nan), String(e?.n ?? 0), e?.unit ?? ""]
                rows.append(row)
            }
        }
        return CSVTable.text(header: header, rows: rows)
    }

    /// `recommendations.csv`: one row per dataset × kind × objective:
    /// `dataset,kind,pipeline,label,meets_limits,within_limits,front_size,preference,objective,mean,ci_low,ci_high,unit`.
    public static func recommendationTable(_ recommendations: [Recommendation], plan: TunePlan) -> String {
        let header = ["dataset", "kind", "pipeline", "label", "meets_limits", "within_limits", "front_size", "preference",
                      "objective", "mean", "ci_low", "ci_high", "unit"]
        var rows: [[String]] = []
        for r in recommendations {
            for (o, e) in zip(plan.objectives, r.point.estimates) {
                rows.append([r.point.dataset, r.point.kind, r.point.pipeline, r.point.label, r.meetsLimits ? "1" : "0",
                             String(r.withinLimits), String(r.frontSize), plan.preference.description, o.metric,
                             CSVTable.number(e?.mean ?? .nan), CSVTable.number(e?.low ?? .nan), CSVTable.number(e?.high ?? .nan),
                             e?.unit ?? ""])
            }
        }
        return CSVTable.text(header: header, rows: rows)
    }

    /// `tune.json`: the objectives, the preference, the references and every family with its
    /// settings' parameter values (so figures need not parse labels). Deterministic: no date.
    public static func planJSON(_ plan: TunePlan) -> String {
        let q = JSONText.quoted
        var lines = ["{", "  \"format\": \"strokelab.tune\",", "  \"version\": 1,"]
        lines.append("  \"objectives\": [" + plan.objectives.map { "{\"metric\": \(q($0.metric)), \"direction\": \(q($0.direction.rawValue))}" }
            .joined(separator: ", ") + "],")
        lines.append("  \"preference\": {\"limits\": {" + plan.preference.limits.keys.sorted().map { "\(q($0)): \(JSONText.number(plan.preference.limits[$0]!))" }
            .joined(separator: ", ") + "}, \"then\": \(q(plan.preference.then)), \"text\": \(q(plan.preference.description))},")
        lines.append("  \"references\": [" + plan.references.map(q).joined(separator: ", ") + "],")
        lines.append("  \"duplicatesDropped\": \(plan.duplicatesDropped),")
        lines.append("  \"families\": [")
        lines.append(plan.families.map { f in
            "    {\"label\": \(q(f.label)), \"method\": \(q(f.method)), \"parameters\": [\(f.keys.map(q).joined(separator: ", "))], \"settings\": [\n"
                + f.members.map { "      {\"pipeline\": \(q($0.pipeline)), \"values\": [\($0.values.map(q).joined(separator: ", "))]}" }
                .joined(separator: ",\n") + "]}"
        }.joined(separator: ",\n"))
        lines.append("  ]")
        lines.append("}")
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }
}
