import StrokeCore

/// A percentile-bootstrap confidence interval of a mean when the values come in clusters
/// (Efron & Tibshirani 1993, §13.3; the cluster bootstrap of Davison & Hinkley 1997, §3.8).
///
/// Strokes of one trace share a writer, a device and a session, so they are not independent:
/// resampling strokes as if they were gives intervals that are far too narrow (on recorded
/// data, 2.8–9.5× narrower than resampling traces). Here whole clusters (traces) are drawn
/// with replacement, `resamples` times, from a `SeededGenerator`; each draw's statistic is
/// the pooled mean of every value in the drawn clusters (the same estimator as the point
/// estimate, the mean over all values); the interval is the (1−level)/2 and (1+level)/2
/// quantiles of those means (type 7, ``Summary/percentile(sorted:_:)``).
///
/// With fewer than two clusters (or fewer than two values) there is nothing to resample: no
/// interval (`nil`), never a zero-width one. Values that are all equal give a zero-width
/// interval. Deterministic for a given seed. O(n + resamples · clusters).
public enum ClusterBootstrap {
    /// The interval of the mean of `values`, where `clusters[i]` names the cluster of
    /// `values[i]` (any integers; equal integers form one cluster). `nil` with fewer than two
    /// clusters or two values, or `resamples` < 1.
    public static func intervalOfMean(_ values: [Double], clusters: [Int], resamples: Int, seed: UInt64,
                                      level: Double = 0.95) -> (low: Double, high: Double)? {
        precondition(values.count == clusters.count, "one cluster per value")
        guard values.count > 1, resamples > 0 else { return nil }
        return ClusterTotals(values, clusters: clusters).intervalOfMean(resamples: resamples, seed: seed, level: level)
    }

    /// Sum and count of the values of each cluster, clusters in order of first appearance:
    /// what a resample draws. O(n); clusters already numbered 0, 1, 2, … in order of first
    /// appearance (as ``PairedComparison`` and StrokeLab's paired summary give them) are
    /// indexed directly, others through a dictionary — the same totals either way.
    struct ClusterTotals {
        /// Per cluster, the sum of its values, added in the order the values come.
        var sums: [Double] = []
        /// Per cluster, how many values it has.
        var counts: [Int] = []

        /// The totals of `values` by `clusters` (same length).
        init(_ values: [Double], clusters: [Int]) {
            var index: [Int: Int]? = nil
            for (v, c) in zip(values, clusters) {
                if index == nil {
                    if c >= 0 && c < sums.count {
                        sums[c] += v
                        counts[c] += 1
                        continue
                    }
                    if c == sums.count {
                        sums.append(v)
                        counts.append(1)
                        continue
                    }
                    // Not numbered in order of appearance: so far cluster c sits at index c.
                    index = Dictionary(uniqueKeysWithValues: sums.indices.map { ($0, $0) })
                }
                if let k = index![c] {
                    sums[k] += v
                    counts[k] += 1
                } else {
                    index![c] = sums.count
                    sums.append(v)
                    counts.append(1)
                }
            }
        }

        /// Clusters.
        var count: Int { sums.count }

        /// The percentile interval of the pooled mean over `resamples` draws of `count`
        /// clusters with replacement (cluster `next() % count` of a `SeededGenerator(seed:)`);
        /// `nil` with fewer than two clusters. O(resamples · clusters). (A remainder by
        /// multiplication instead of the division measured no faster here: the loop is bound
        /// by the generator and the loads, about 2.5 ns a draw.)
        func intervalOfMean(resamples: Int, seed: UInt64, level: Double) -> (low: Double, high: Double)? {
            let k = sums.count
            guard k > 1, resamples > 0 else { return nil }
            var rng = SeededGenerator(seed: seed)
            let clusters = UInt64(k)
            var means = [Double](repeating: 0, count: resamples)
            sums.withUnsafeBufferPointer { sums in
                counts.withUnsafeBufferPointer { counts in
                    means.withUnsafeMutableBufferPointer { means in
                        for r in 0..<resamples {
                            // The count is a whole number, exact in an Int as it was in a Double.
                            var sum = 0.0, count = 0
                            for _ in 0..<k {
                                let c = Int(rng.next() % clusters)
                                sum += sums[c]
                                count += counts[c]
                            }
                            means[r] = sum / Double(count)
                        }
                    }
                }
            }
            let tail = (1 - level) / 2
            let bounds = Summary.percentiles(selecting: &means, [tail, 1 - tail])
            return (bounds[0], bounds[1])
        }
    }
}
