import RealModule
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing

/// The report's answer to "which smoothing should my app use?", as a value: per dataset ×
/// input kind, the evidence, every pipeline's numbers and coverage, the front, the
/// recommendation, the alternative for each priority, what to avoid and why, and the ties.
/// No HTML: the report renders it (``AnswerWords`` says it in words), `answer.csv` lists its
/// numbers (``AnswerTable``), and tests read it directly.
///
/// Built from an experiment's results by ``init(report:plan:)``:
/// - **numbers** come from `summary_paired.csv` (``Experiment/Report/paired``): each pipeline's
///   row over the strokes every ranked pipeline measured (its own strokes when it is below the
///   coverage floor), one set per pipeline; a log-ratio objective is shown as its geometric mean;
/// - **coverage** from the `coverage.drawn` rows of `results.csv`: a pipeline that draws fewer
///   than `minCoverage` of the group's strokes is not ranked and is listed under ``AnswerGroup/avoid``
///   with its own count;
/// - **evidence**: a group with fewer than `minStrokes` strokes or `minTraces` traces gets no
///   front and no recommendation (``VerdictRules``);
/// - **the front**: ``TradeOffRanking`` over the ranked pipelines (dominance only where the
///   paired interval excludes 0); **the recommendation**: the preference applied to the front
///   by ``PreferenceRule`` (limits, then objective by objective past a practical difference);
/// - objectives: the plan's (``TunePlan/objectives``; the defaults of
///   ``TuneSettings/Objective/defaults``), without the timing ones on a dataset whose timestamps
///   are synthetic (``AnswerGroup/objectives``).
public struct Answer: Sendable, Hashable {
    /// The rules the verdicts follow.
    public var rules: VerdictRules
    /// The preference the recommendations follow (per group, without timing limits on
    /// untimed datasets: ``AnswerGroup/preference``).
    public var preference: TuneSettings.Preference
    /// The groups: datasets in spec order, then stylus, finger, mouse.
    public var groups: [AnswerGroup]

    /// Creates an answer from its parts (tests build known answers this way).
    public init(rules: VerdictRules, preference: TuneSettings.Preference, groups: [AnswerGroup]) {
        self.rules = rules
        self.preference = preference
        self.groups = groups
    }

    /// The group of `dataset` × `kind`, if any.
    public func group(_ dataset: String, _ kind: String) -> AnswerGroup? {
        groups.first { $0.dataset == dataset && $0.kind == kind }
    }
}

/// One pipeline's value on one objective: a row of `summary_paired.csv` (its own row, the
/// baseline itself or its comparison with the baseline), in the scale the answer shows.
public struct AnswerValue: Sendable, Hashable {
    /// The metric id.
    public var metric: String
    /// The value shown: the mean, or for a log ratio the geometric mean exp(mean).
    public var shown: Double
    /// The shown interval (exp of the log interval for a log ratio; NaN: none).
    public var low: Double, high: Double
    /// The median, in the same scale.
    public var median: Double
    /// Strokes and traces it rests on.
    public var n: Int, traces: Int
    /// The unit of the results.
    public var unit: String
    /// The mean as `summary_paired.csv` writes it (the log mean for a log ratio): what the
    /// ranking and the preference compare.
    public var mean: Double
    /// Whether the metric is a log ratio (shown as exp).
    public var isLogRatio: Bool

    /// The value of a paired row.
    public init(_ row: PairedSummaryRow) {
        let log = MetricCatalog.definition(of: row.metric)?.isLogRatio ?? false
        func scale(_ v: Double) -> Double { log ? Double.exp(v) : v }
        metric = row.metric
        mean = row.mean
        shown = scale(row.mean)
        low = scale(row.ciLow)
        high = scale(row.ciHigh)
        median = scale(row.median)
        n = row.n
        traces = row.traces
        unit = row.unit
        isLogRatio = log
    }
}

/// How much of a group's strokes a pipeline drew (`coverage.drawn`, `coverage.path_ratio`).
public struct AnswerCoverage: Sendable, Hashable {
    /// The results' metric id of a stroke drawn or not.
    public static let drawnMetric = "coverage.drawn"
    /// The results' metric id of the ink's length over the pen path's.
    public static let pathRatioMetric = "coverage.path_ratio"

    /// Strokes with any ink.
    public var drawn: Int
    /// Strokes measured.
    public var strokes: Int
    /// Median ink length over pen path length (NaN when no stroke had a pen path of any length).
    public var pathRatioMedian: Double

    /// Creates coverage.
    public init(drawn: Int, strokes: Int, pathRatioMedian: Double = .nan) {
        self.drawn = drawn
        self.strokes = strokes
        self.pathRatioMedian = pathRatioMedian
    }

    /// Strokes left blank.
    public var blank: Int { strokes - drawn }
    /// The fraction left blank (0 with no strokes).
    public var blankFraction: Double { strokes > 0 ? Double(blank) / Double(strokes) : 0 }
}

/// One pipeline in a group.
public struct AnswerEntry: Sendable, Hashable {
    /// Its name in the results.
    public var pipeline: String
    /// Its canonical label (what to paste).
    public var label: String
    /// What its stages declare they do.
    public var behaviour: StageBehaviour
    /// Per objective, its value (`nil` when it has none).
    public var values: [AnswerValue?]
    /// How much it drew.
    public var coverage: AnswerCoverage
    /// Whether it draws enough strokes to be ranked.
    public var eligible: Bool
    /// Its non-dominated layer (1: the front); `nil` when not ranked.
    public var layer: Int?
    /// The ranked pipelines that beat it outright.
    public var dominatedBy: [String]
    /// Objectives (indices) on which it is among the best (the best mean, or tied with it).
    public var bestIn: [Int]
    /// Objectives (indices) on which its mean is the best of all ranked.
    public var topIn: [Int]

    /// Creates an entry.
    public init(pipeline: String, label: String, behaviour: StageBehaviour, values: [AnswerValue?], coverage: AnswerCoverage,
                eligible: Bool, layer: Int?, dominatedBy: [String] = [], bestIn: [Int] = [], topIn: [Int] = []) {
        self.pipeline = pipeline
        self.label = label
        self.behaviour = behaviour
        self.values = values
        self.coverage = coverage
        self.eligible = eligible
        self.layer = layer
        self.dominatedBy = dominatedBy
        self.bestIn = bestIn
        self.topIn = topIn
    }

    /// Whether it is on the front.
    public var onFront: Bool { layer == 1 }
}

/// The recommendation of a group.
public struct AnswerRecommendation: Sendable, Hashable {
    /// The pipeline's name in the results.
    public var pipeline: String
    /// Its canonical label.
    public var label: String
    /// Whether it meets every limit of the preference.
    public var meetsLimits: Bool
    /// Front pipelines within the limits.
    public var withinLimits: Int
    /// Size of the front.
    public var frontSize: Int
    /// The objective (index) that set it apart, `nil` when the limits did or a tie remained.
    public var decidedBy: Int?
    /// Front pipelines still tied with it when the rule ran out of objectives.
    public var tiedWith: [String]
}

/// What to avoid, and why.
public struct AnswerAvoidance: Sendable, Hashable {
    /// Why.
    public enum Reason: Sendable, Hashable {
        /// It leaves too many strokes blank (below `minCoverage`).
        case coverage(AnswerCoverage)
        /// Other pipelines are significantly better on some objective and worse on none.
        case beaten(by: [String])
    }
    /// The pipeline.
    public var pipeline: String
    /// Why.
    public var reason: Reason
}

/// Pipelines the data cannot tell apart on one objective: the best, and those whose paired
/// interval against it holds 0.
public struct AnswerTie: Sendable, Hashable {
    /// The objective (index).
    public var objective: Int
    /// The pipelines, the best mean first.
    public var pipelines: [String]
    /// Per pipeline after the first, the paired interval of its difference from the first
    /// (shown scale: a ratio for a log ratio), `summary_paired.csv`'s `difference_ci_*`.
    public var intervals: [(low: Double, high: Double)]

    /// Creates a tie.
    public init(objective: Int, pipelines: [String], intervals: [(low: Double, high: Double)]) {
        self.objective = objective
        self.pipelines = pipelines
        self.intervals = intervals
    }

    public static func == (a: AnswerTie, b: AnswerTie) -> Bool {
        a.objective == b.objective && a.pipelines == b.pipelines
            && a.intervals.map(\.low) == b.intervals.map(\.low) && a.intervals.map(\.high) == b.intervals.map(\.high)
    }

    public func hash(into h: inout Hasher) {
        h.combine(objective)
        h.combine(pipelines)
    }
}

/// The evidence a group rests on.
public struct AnswerEvidence: Sendable, Hashable {
    /// Strokes of the group.
    public var strokes: Int
    /// Traces they come from.
    public var traces: Int
    /// Whether that is enough for a verdict (``VerdictRules/isEnough(strokes:traces:)``).
    public var isEnough: Bool
    /// Per objective (indices as the group's), strokes left out for a degenerate reference
    /// (log-ratio objectives; 0 for the others).
    public var degenerate: [Int]

    /// Creates evidence.
    public init(strokes: Int, traces: Int, isEnough: Bool, degenerate: [Int]) {
        self.strokes = strokes
        self.traces = traces
        self.isEnough = isEnough
        self.degenerate = degenerate
    }
}

/// The answer for one dataset × input kind.
public struct AnswerGroup: Sendable, Hashable {
    /// The dataset.
    public var dataset: String
    /// The input kind (`stylus`, `finger`, `mouse`).
    public var kind: String
    /// The objectives, in order.
    public var objectives: [TuneSettings.Objective]
    /// The preference as applied here (limits on objectives the group lacks dropped).
    public var preference: TuneSettings.Preference
    /// The evidence.
    public var evidence: AnswerEvidence
    /// Every pipeline with a value for some objective: ranked ones by layer then spec order,
    /// then the ones not ranked.
    public var entries: [AnswerEntry]
    /// The recommendation (`nil`: not enough data, or no front).
    public var recommendation: AnswerRecommendation?
    /// Per objective (in order), the front pipelines best on it, the best mean first: the
    /// choice for someone to whom that objective matters most.
    public var alternatives: [[String]]
    /// Pipelines not to use, and why: below the coverage floor, or beaten outright.
    public var avoid: [AnswerAvoidance]
    /// Per objective with more than one best, who cannot be told apart.
    public var ties: [AnswerTie]
    /// Per pipeline, what people would see of it (``AnswerPerception``); empty without timing.
    public var perception: [String: AnswerPerception] = [:]
    /// The device the end-to-end latencies are stated for (the spec's `device`).
    public var device = DeviceLatency()

    /// "dataset · kind".
    public var label: String { "\(dataset) · \(kind)" }
    /// The front's pipeline names, in order.
    public var front: [String] { entries.filter(\.onFront).map(\.pipeline) }
    /// The entry of `pipeline`.
    public func entry(_ pipeline: String) -> AnswerEntry? { entries.first { $0.pipeline == pipeline } }
}

extension Answer {
    /// Whether a metric needs real timestamps (lag, prediction, kinematic smoothness): a
    /// dataset whose traces are resampled in space has none of them.
    public static func needsTiming(_ metric: String) -> Bool {
        ["lag.", "prediction.", "smoothness.", "latency.", "perceived."].contains { metric.hasPrefix($0) }
    }

    /// The plan's objectives and preference as one dataset can use them: without real
    /// timing, timing objectives and limits go (a `then` on one falls back to the first left).
    static func objectives(_ plan: TunePlan, timed: Bool) -> ([TuneSettings.Objective], TuneSettings.Preference) {
        guard !timed else { return (plan.objectives, plan.preference) }
        let objectives = plan.objectives.filter { !needsTiming($0.metric) }
        guard !objectives.isEmpty else { return (plan.objectives, plan.preference) }
        var preference = plan.preference
        preference.limits = preference.limits.filter { !needsTiming($0.key) }
        if !objectives.contains(where: { $0.metric == preference.then }) { preference.then = objectives[0].metric }
        return (objectives, preference)
    }

    /// The answer of an experiment under `plan`'s objectives and preference, with the rules of
    /// its statistics. O(rows + groups · pipelines² · objectives).
    public init(report: Experiment.Report, plan: TunePlan) {
        let rules = report.statistics.rules
        let kinds = StrokeKinds(traces: report.traces)
        var datasets: [String] = []
        for t in report.traces where !datasets.contains(t.dataset) { datasets.append(t.dataset) }
        struct Key: Hashable { var dataset: String; var kind: String }
        // Evidence: strokes and traces per group.
        let groupCounts = GroupEvidence(traces: report.traces)
        var timed: [String: Bool] = [:]
        for t in report.traces where !t.trace.metadata.resampled { timed[t.dataset] = true }
        // Coverage per group × pipeline, and which strokes measured a ratio's base but not the ratio.
        struct Cell: Hashable { var key: Key; var pipeline: String }
        var drawn: [Cell: (drawn: Int, strokes: Int, ratios: [Double])] = [:]
        var measured: [Key: [String: Set<String>]] = [:]   // group → metric → strokes with a value
        let logRatios = plan.objectives.map(\.metric).filter { MetricCatalog.definition(of: $0)?.isLogRatio ?? false }
        let bases = Set(logRatios.map(Self.ratioBase))
        for r in report.rows where r.value.isFinite {
            guard let kind = kinds.kind(dataset: r.dataset, trace: r.trace, stroke: r.stroke)?.rawValue else { continue }
            let key = Key(dataset: r.dataset, kind: kind)
            switch r.metric {
            case AnswerCoverage.drawnMetric:
                drawn[Cell(key: key, pipeline: r.pipeline), default: (0, 0, [])].strokes += 1
                if r.value > 0 { drawn[Cell(key: key, pipeline: r.pipeline), default: (0, 0, [])].drawn += 1 }
            case AnswerCoverage.pathRatioMetric:
                drawn[Cell(key: key, pipeline: r.pipeline), default: (0, 0, [])].ratios.append(r.value)
            case let m where bases.contains(m) || logRatios.contains(m):
                measured[key, default: [:]][m, default: []].insert(r.trace + "\u{1F}" + r.stroke)
            default: break
            }
        }
        var groups: [AnswerGroup] = []
        for d in datasets {
            let (objectives, preference) = Self.objectives(plan, timed: timed[d] ?? false)
            for touchKind in TouchKind.allCases {
                let kind = touchKind.rawValue
                let key = Key(dataset: d, kind: kind)
                guard let counts = groupCounts.counts(dataset: d, kind: touchKind) else { continue }
                let n = counts.strokes
                let evidence = AnswerEvidence(
                    strokes: n, traces: counts.traces,
                    isEnough: rules.isEnough(strokes: n, traces: counts.traces),
                    degenerate: objectives.map { o in
                        guard logRatios.contains(o.metric), let m = measured[key] else { return 0 }
                        return m[Self.ratioBase(o.metric), default: []].subtracting(m[o.metric, default: []]).count
                    })
                let coverage = { (p: String) -> AnswerCoverage in
                    guard let c = drawn[Cell(key: key, pipeline: p)] else { return AnswerCoverage(drawn: n, strokes: n) }
                    return AnswerCoverage(drawn: c.drawn, strokes: c.strokes,
                                          pathRatioMedian: c.ratios.isEmpty ? .nan : Summary.percentile(sorted: c.ratios.sorted(), 0.5))
                }
                let pipelines = report.pipelines.map { (name: $0.name, label: $0.description.canonical, behaviour: $0.description.behaviour) }
                var group = AnswerGroup.make(dataset: d, kind: kind, objectives: objectives, preference: preference,
                                             evidence: evidence, pipelines: pipelines, coverage: coverage,
                                             paired: report.paired, rules: rules)
                group.perception = AnswerPerception.make(dataset: d, kind: kind, pipelines: pipelines.map { ($0.name, $0.label) },
                                                         paired: report.paired)
                group.device = plan.spec.metricOptions.device
                groups.append(group)
            }
        }
        self.init(rules: rules, preference: plan.preference, groups: groups.filter { !$0.entries.isEmpty })
    }

    /// `jaggedness.bending_energy` for `jaggedness.bending_energy_log_ratio`.
    static func ratioBase(_ metric: String) -> String {
        metric.hasSuffix("_log_ratio") ? String(metric.dropLast("_log_ratio".count)) : metric
    }
}

extension AnswerGroup {
    /// One group's answer from its paired rows (`paired`, every group's; this group's are
    /// picked by dataset and kind), its pipelines in spec order (name, canonical label,
    /// declared behaviour) and their coverage.
    public static func make(dataset: String, kind: String, objectives: [TuneSettings.Objective],
                            preference: TuneSettings.Preference, evidence: AnswerEvidence,
                            pipelines: [(name: String, label: String, behaviour: StageBehaviour)],
                            coverage: (String) -> AnswerCoverage, paired: [PairedSummaryRow], rules: VerdictRules) -> AnswerGroup {
        let mine = paired.filter { $0.dataset == dataset && $0.kind == kind }
        // A pipeline's own row per objective: the one over the most strokes.
        var own: [String: [String: PairedSummaryRow]] = [:]   // metric → pipeline → row
        for r in mine {
            if let o = own[r.metric]?[r.pipeline], o.n >= r.n { continue }
            own[r.metric, default: [:]][r.pipeline] = r
        }
        let measured = pipelines.filter { p in objectives.contains { own[$0.metric]?[p.name] != nil } }
        let eligible = measured.filter { p in
            let c = coverage(p.name)
            return rules.covers(drawn: c.drawn, of: c.strokes)
        }
        let ranking = TradeOffRanking(paired: mine, dataset: dataset, kind: kind, pipelines: eligible.map(\.name),
                                      objectives: objectives.map(TradeOffRanking.Objective.init))
        let ranked = evidence.isEnough ? ranking.entries : []
        var entries: [AnswerEntry] = []
        for e in ranked {
            let p = measured.first { $0.name == e.pipeline }!
            entries.append(AnswerEntry(pipeline: p.name, label: p.label, behaviour: p.behaviour,
                                       values: objectives.map { o in own[o.metric]?[p.name].map(AnswerValue.init) },
                                       coverage: coverage(p.name), eligible: true, layer: e.layer, dominatedBy: e.dominatedBy,
                                       bestIn: e.bestIn, topIn: e.topIn))
        }
        for p in measured where !entries.contains(where: { $0.pipeline == p.name }) {
            let c = coverage(p.name)
            entries.append(AnswerEntry(pipeline: p.name, label: p.label, behaviour: p.behaviour,
                                       values: objectives.map { o in own[o.metric]?[p.name].map(AnswerValue.init) },
                                       coverage: c, eligible: rules.covers(drawn: c.drawn, of: c.strokes), layer: nil))
        }
        var group = AnswerGroup(dataset: dataset, kind: kind, objectives: objectives, preference: preference, evidence: evidence,
                                entries: entries, recommendation: nil, alternatives: objectives.map { _ in [] }, avoid: [], ties: [])
        // What to avoid: below the floor (always said, evidence or not), then beaten outright.
        group.avoid = entries.filter { !$0.eligible }.map { AnswerAvoidance(pipeline: $0.pipeline, reason: .coverage($0.coverage)) }
            + entries.filter { !$0.dominatedBy.isEmpty }.map { AnswerAvoidance(pipeline: $0.pipeline, reason: .beaten(by: $0.dominatedBy)) }
        guard evidence.isEnough else { return group }
        let front = entries.filter(\.onFront)
        // Per objective: the front's best (top mean first, then those tied with it), and the ties.
        for (k, o) in objectives.enumerated() {
            let direction = TradeOffRanking.Objective(o).direction
            func score(_ e: AnswerEntry) -> Double { e.values[k].map { direction.worsening(from: 0, to: $0.mean) } ?? .infinity }
            let best = ranking.best(k).map(\.pipeline)
            group.alternatives[k] = front.filter { best.contains($0.pipeline) }.sorted { score($0) < score($1) }.map(\.pipeline)
            if group.alternatives[k].isEmpty, let top = front.min(by: { score($0) < score($1) }) {
                group.alternatives[k] = [top.pipeline]
            }
            guard best.count > 1 else { continue }
            let first = best[0]
            let intervals = best.dropFirst().map { p -> (low: Double, high: Double) in
                PairedDifference(p, first, metric: o.metric, in: mine).map { ($0.low, $0.high) } ?? (.nan, .nan)
            }
            group.ties.append(AnswerTie(objective: k, pipelines: best, intervals: intervals))
        }
        // The recommendation: the preference over the front, in spec order.
        let units = objectives.indices.map { k in front.lazy.compactMap { $0.values[k]?.unit }.first ?? "" }
        let inOrder = pipelines.compactMap { p in front.first { $0.pipeline == p.name } }
        if let pick = PreferenceRule.pick(inOrder.map { e in e.values.map { $0?.mean ?? .nan } }, objectives: objectives,
                                          units: units, preference: preference) {
            let e = inOrder[pick.index]
            group.recommendation = AnswerRecommendation(pipeline: e.pipeline, label: e.label, meetsLimits: pick.meetsLimits,
                                                        withinLimits: pick.withinLimits, frontSize: front.count,
                                                        decidedBy: pick.decidedBy, tiedWith: pick.tiedWith.map { inOrder[$0].pipeline })
        }
        return group
    }
}
