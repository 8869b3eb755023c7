/// The difference between two pipelines measured on the same strokes: the mean of the
/// per-stroke differences, with a cluster-bootstrap confidence interval (``ClusterBootstrap``,
/// resampling traces).
///
/// Pairing removes what the strokes themselves contribute — a hard stroke is hard for every
/// pipeline — so a paired interval is usually much narrower than the two pipelines' own
/// intervals, and "A is smoother than B" can be said exactly when the paired interval of
/// A − B lies on one side of 0 (``Difference/excludesZero``). Only strokes both pipelines
/// measured are paired; the caller chooses which (StrokeLab uses the strokes every pipeline
/// of the comparison measured). A pipeline compared with itself has difference 0 and a
/// zero-width interval. O(n + resamples · clusters).
public enum PairedComparison {
    /// A paired difference.
    public struct Difference: Hashable, Sendable {
        /// Pairs (strokes) compared.
        public var count: Int
        /// Clusters (traces) they come from.
        public var clusters: Int
        /// Mean of the first pipeline's values over the pairs.
        public var meanA: Double
        /// Mean of the second pipeline's values over the pairs.
        public var meanB: Double
        /// Mean of the differences a − b (= meanA − meanB).
        public var mean: Double
        /// The interval of that mean, `nil` with fewer than two clusters.
        public var interval: (low: Double, high: Double)?

        /// Whether the interval lies strictly on one side of 0 (false without an interval).
        public var excludesZero: Bool {
            guard let i = interval else { return false }
            return i.low > 0 || i.high < 0
        }

        /// Equality on every member, the interval's ends included.
        public static func == (l: Difference, r: Difference) -> Bool {
            l.count == r.count && l.clusters == r.clusters && l.meanA == r.meanA && l.meanB == r.meanB && l.mean == r.mean
                && l.interval?.low == r.interval?.low && l.interval?.high == r.interval?.high
        }

        /// Hashes every member.
        public func hash(into h: inout Hasher) {
            h.combine(count); h.combine(clusters); h.combine(meanA); h.combine(meanB); h.combine(mean)
            h.combine(interval?.low); h.combine(interval?.high)
        }
    }

    /// The paired difference a − b over pairs (`a[i]`, `b[i]`) in clusters `clusters[i]`;
    /// `nil` for no pairs.
    public static func difference(_ a: [Double], _ b: [Double], clusters: [Int], resamples: Int, seed: UInt64,
                                  level: Double = 0.95) -> Difference? {
        precondition(a.count == b.count && a.count == clusters.count, "one value of each and one cluster per pair")
        guard !a.isEmpty else { return nil }
        var sumA = 0.0, sumB = 0.0
        var differences = [Double](repeating: 0, count: a.count)
        for i in a.indices {
            sumA += a[i]
            sumB += b[i]
            differences[i] = a[i] - b[i]
        }
        let n = Double(a.count)
        var sumD = 0.0
        for d in differences { sumD += d }
        let totals = ClusterBootstrap.ClusterTotals(differences, clusters: clusters)
        let interval = a.count > 1 ? totals.intervalOfMean(resamples: resamples, seed: seed, level: level) : nil
        return Difference(count: a.count, clusters: totals.count, meanA: sumA / n, meanB: sumB / n, mean: sumD / n,
                          interval: interval)
    }
}
