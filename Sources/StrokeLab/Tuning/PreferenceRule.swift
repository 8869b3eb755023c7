import StrokeMetrics

/// The preference rule (``TuneSettings/Preference``) applied to a set of candidates (a front):
/// which one it picks, and whether that one meets the limits. One rule for `strokelab tune`'s
/// recommendations and the report's answer.
///
/// With limits L_k on objectives k, a `then` objective t and the objectives' badness b (v, −v,
/// |v| or |v − 1|; smaller is better):
///
/// 1. excess E = Σ_k max(0, b(v_k) − b(L_k)) / max(|L_k|, 10⁻¹²); the candidates with E = 0
///    are *within the limits*. When some are, they alone stay; when none is, those whose E is
///    within τ_E of the smallest stay, τ_E the smallest practical difference of a limited
///    objective relative to its limit (1 ms of lag under a 20 ms limit: 0.05) — so float noise
///    in a limit's excess never decides;
/// 2. then, objective by objective in the order t, then the others as listed: the candidates
///    within the objective's **practical difference** (``StrokeMetrics/MetricDefinition/practicalDifference(at:unit:)``:
///    1 ms of lag, 0.05 of a log ratio, else max(5 % of |value|, the unit's floor)) of the best
///    stay, the others go; the rule moves to the next objective only while more than one is left;
/// 3. the first candidate left (the earlier rank) wins.
///
/// A missing value counts as the worst. O(candidates · objectives).
public enum PreferenceRule {
    /// What the rule picked.
    public struct Pick: Hashable, Sendable {
        /// Index of the chosen candidate.
        public var index: Int
        /// Whether it is within every limit (else it is among those that miss them least).
        public var meetsLimits: Bool
        /// How many candidates are within the limits.
        public var withinLimits: Int
        /// The objective (index) that set the chosen one apart from the others still in the
        /// running, `nil` when the limits alone did or a tie remained to the end (the first
        /// kept).
        public var decidedBy: Int?
        /// The candidates (indices) still tied with the chosen one after every objective.
        public var tiedWith: [Int]
    }

    /// Applies `preference` to candidates whose objective values (means, in the objectives'
    /// order, NaN when missing) are `values`, written in `units` (the results' unit symbols,
    /// aligned with the objectives, for the practical differences). Candidates are in rank
    /// order: ties left at the end go to the earlier. `nil` when there is no candidate or
    /// `then` is not an objective.
    public static func pick(_ values: [[Double]], objectives: [TuneSettings.Objective], units: [String],
                            preference: TuneSettings.Preference) -> Pick? {
        guard !values.isEmpty, let thenIndex = objectives.firstIndex(where: { $0.metric == preference.then }) else { return nil }
        func badness(_ i: Int, _ k: Int) -> Double {
            let v = values[i][k]
            return v.isNaN ? .infinity : objectives[k].badness(v)
        }
        func practical(_ k: Int, at value: Double) -> Double {
            guard let d = MetricCatalog.definition(of: objectives[k].metric) else { return 0 }
            return d.practicalDifference(at: value, unit: k < units.count ? units[k] : "")
        }
        // 1. The limits.
        var excess = [Double](repeating: 0, count: values.count)
        var tolerance = Double.infinity
        for (metric, limit) in preference.limits {
            guard let k = objectives.firstIndex(where: { $0.metric == metric }) else { continue }
            let scale = max(abs(limit), 1e-12)
            tolerance = min(tolerance, practical(k, at: limit) / scale)
            for i in values.indices { excess[i] += max(0, badness(i, k) - objectives[k].badness(limit)) / scale }
        }
        let within = values.indices.filter { excess[$0] == 0 }
        var pool: [Int]
        if !within.isEmpty {
            pool = within
        } else {
            let least = excess.min()!
            pool = values.indices.filter { excess[$0] <= least + (tolerance.isFinite ? tolerance : 0) }
        }
        // 2. Objective by objective, past a practical difference only.
        var decidedBy: Int? = nil
        for k in [thenIndex] + objectives.indices.filter({ $0 != thenIndex }) where pool.count > 1 {
            guard let best = pool.min(by: { badness($0, k) < badness($1, k) }) else { break }
            let b = badness(best, k)
            guard b.isFinite else { continue }
            let kept = pool.filter { badness($0, k) <= b + practical(k, at: values[best][k]) }
            if kept.count == 1 { decidedBy = k }
            pool = kept
        }
        // 3. The earlier rank.
        let chosen = pool.min()!
        return Pick(index: chosen, meetsLimits: !within.isEmpty, withinLimits: within.count, decidedBy: decidedBy,
                    tiedWith: pool.filter { $0 != chosen })
    }
}
