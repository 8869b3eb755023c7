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
        // Sum and count per cluster, clusters in first-appearance order.
        var index: [Int: Int] = [:]
        var sums: [Double] = [], counts: [Double] = []
        for (v, c) in zip(values, clusters) {
            if let k = index[c] {
                sums[k] += v
                counts[k] += 1
            } else {
                index[c] = sums.count
                sums.append(v)
                counts.append(1)
            }
        }
        let k = sums.count
        guard k > 1 else { return nil }
        var rng = SeededGenerator(seed: seed)
        var means = [Double](repeating: 0, count: resamples)
        for r in 0..<resamples {
            var sum = 0.0, count = 0.0
            for _ in 0..<k {
                let c = Int(rng.next() % UInt64(k))
                sum += sums[c]
                count += counts[c]
            }
            means[r] = sum / count
        }
        let tail = (1 - level) / 2
        let bounds = Summary.percentiles(selecting: &means, [tail, 1 - tail])
        return (bounds[0], bounds[1])
    }
}
