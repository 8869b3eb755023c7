import StrokeIO
import StrokeMetrics

/// Pipelines ranked on a trade-off between several metrics (lag, jaggedness, fidelity by
/// default), calling a difference only where the paired comparison says it is real.
///
/// **Dominance with evidence.** Pipeline A *dominates* B when A is significantly better than B
/// on at least one objective and significantly worse on none. "Significantly better" on a
/// metric: the paired 95% interval of the difference over the strokes both measured
/// (`summary_paired.csv`, ``PairedSummaryRow/differenceExcludesZero``) excludes 0 and the
/// difference favours A in the metric's direction (lower, higher, or — for lag — closer to
/// zero, judged on the two means' magnitudes). Differences whose interval holds 0 are ties.
///
/// **Layers.** The pipelines no other dominates form layer 1 (the *front*: each is a defensible
/// choice, best for some weighting of the objectives); removing them, the next
/// non-dominated set is layer 2, and so on (non-dominated sorting, Deb et al. 2002, with
/// dominance as above). Within a layer the input order is kept. For each objective, the
/// *best* are the pipeline with the best mean and those not significantly worse than it.
///
/// Complexity O(p² · k) for p pipelines and k objectives, given the paired rows (looked up in
/// a dictionary). Pipelines missing an objective's row are left out of the ranking.
public struct TradeOffRanking: Sendable {
    /// An objective: a metric id and which way is better.
    public struct Objective: Hashable, Sendable {
        /// Metric id, e.g. `lag.mean_ms`.
        public var metric: String
        /// Which way is better.
        public var direction: MetricDirection
        /// Creates an objective; the direction defaults to the metric catalog's.
        public init(_ metric: String, direction: MetricDirection? = nil) {
            self.metric = metric
            self.direction = direction ?? MetricCatalog.definition(of: metric)?.direction ?? .lowerIsBetter
        }

        /// The objective of a tune objective, with its direction.
        public init(_ objective: TuneSettings.Objective) {
            let direction: MetricDirection
            switch objective.direction {
            case .min: direction = .lowerIsBetter
            case .max: direction = .higherIsBetter
            case .zero: direction = .closerToZeroIsBetter
            case .one: direction = .closerToOneIsBetter
            }
            self.init(objective.metric, direction: direction)
        }
    }

    /// One ranked pipeline.
    public struct Entry: Hashable, Sendable {
        /// The pipeline's name in the results.
        public var pipeline: String
        /// Its non-dominated layer, from 1 (the front).
        public var layer: Int
        /// Per objective (in order), its mean with the 95% interval on the common strokes.
        public var values: [PairedSummaryRow]
        /// The pipelines that dominate it, in input order.
        public var dominatedBy: [String]
        /// The objectives (indices) on which it is among the best.
        public var bestIn: [Int]
        /// The objectives (indices) on which its mean is the best of all.
        public var topIn: [Int]
    }

    /// The objectives, in order.
    public let objectives: [Objective]
    /// The ranked pipelines: by layer, then input order.
    public let entries: [Entry]

    /// The default objectives: the tune defaults (``TuneSettings/Objective/defaults``) with
    /// their directions.
    public static var defaultObjectives: [Objective] { TuneSettings.Objective.defaults.map(Objective.init) }

    /// Ranks `pipelines` of one dataset × input kind of `paired` rows on `objectives`.
    /// Pipelines not listed (below the coverage floor) are neither ranked nor dominate.
    public init(paired: [PairedSummaryRow], dataset: String, kind: String, pipelines: [String],
                objectives: [Objective] = TradeOffRanking.defaultObjectives) {
        self.objectives = objectives
        struct PairKey: Hashable { var metric: String; var pipeline: String; var baseline: String }
        var pairs: [PairKey: PairedSummaryRow] = [:]
        var own: [String: [String: PairedSummaryRow]] = [:]     // metric → pipeline → row with its mean
        for r in paired where r.dataset == dataset && r.kind == kind {
            pairs[PairKey(metric: r.metric, pipeline: r.pipeline, baseline: r.baseline)] = r
            // A pipeline's own mean: its row over the most strokes (a pipeline that measured
            // few strokes is compared on those only; ResultStatistics.paired).
            if let o = own[r.metric]?[r.pipeline], o.n >= r.n { continue }
            own[r.metric, default: [:]][r.pipeline] = r
        }
        let ranked = pipelines.filter { p in objectives.allSatisfy { own[$0.metric]?[p] != nil } }
        // +1: a better than b; -1: b better than a; 0: no evidence either way.
        func compare(_ a: String, _ b: String, _ o: Objective) -> Int {
            let difference: Double, real: Bool   // b − a
            if let r = pairs[PairKey(metric: o.metric, pipeline: b, baseline: a)] {
                difference = r.difference; real = r.differenceExcludesZero
            } else if let r = pairs[PairKey(metric: o.metric, pipeline: a, baseline: b)] {
                difference = -r.difference; real = r.differenceExcludesZero
            } else { return 0 }
            guard real else { return 0 }
            switch o.direction {
            case .lowerIsBetter: return difference > 0 ? 1 : -1
            case .higherIsBetter: return difference < 0 ? 1 : -1
            case .closerToZeroIsBetter, .closerToOneIsBetter:
                let worse = o.direction.worsening(from: own[o.metric]![a]!.mean, to: own[o.metric]![b]!.mean)   // b vs a
                return worse > 0 ? 1 : worse < 0 ? -1 : 0
            case .informational: return 0
            }
        }
        func dominates(_ a: String, _ b: String) -> Bool {
            var better = false
            for o in objectives {
                let c = compare(a, b, o)
                if c < 0 { return false }
                if c > 0 { better = true }
            }
            return better
        }
        // Best per objective: the best mean, and every pipeline not significantly worse.
        var best: [Set<String>] = [], top: [String?] = []
        for o in objectives {
            // Smaller is better: v, −v or |v| (how much worse than 0).
            func score(_ p: String) -> Double { o.direction.worsening(from: 0, to: own[o.metric]![p]!.mean) }
            guard let first = ranked.min(by: { score($0) < score($1) }) else { best.append([]); top.append(nil); continue }
            best.append(Set(ranked.filter { $0 == first || compare($0, first, o) >= 0 }))
            top.append(first)
        }
        var layerOf: [String: Int] = [:]
        var remaining = ranked
        var layer = 1
        while !remaining.isEmpty {
            let front = remaining.filter { p in !remaining.contains { $0 != p && dominates($0, p) } }
            for p in front { layerOf[p] = layer }
            remaining.removeAll { layerOf[$0] != nil }
            layer += 1
        }
        let entries = ranked.map { p in
            Entry(pipeline: p, layer: layerOf[p]!,
                  values: objectives.map { own[$0.metric]![p]! },
                  dominatedBy: ranked.filter { $0 != p && dominates($0, p) },
                  bestIn: objectives.indices.filter { best[$0].contains(p) },
                  topIn: objectives.indices.filter { top[$0] == p })
        }
        self.entries = entries.enumerated().sorted { ($0.element.layer, $0.offset) < ($1.element.layer, $1.offset) }.map(\.element)
    }

    /// The front: pipelines no other dominates.
    public var front: [Entry] { entries.filter { $0.layer == 1 } }

    /// The best of objective `index`: the best mean first, then those tied with it, by mean.
    public func best(_ index: Int) -> [Entry] {
        let o = objectives[index]
        func score(_ e: Entry) -> Double { o.direction.worsening(from: 0, to: e.values[index].mean) }
        return entries.filter { $0.bestIn.contains(index) }.sorted { score($0) < score($1) }
    }
}
