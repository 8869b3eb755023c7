import StrokeCore
import StrokeMetrics

/// Descriptive statistics of one (dataset, pipeline, metric) group: a row of `summary.csv`.
public struct SummaryRow: Hashable, Sendable {
    public var dataset: String
    public var pipeline: String
    public var metric: String
    public var unit: String
    /// Number of values.
    public var n: Int
    public var mean: Double
    public var median: Double
    /// 95th percentile (linear interpolation between order statistics, Hyndman & Fan type 7).
    public var p95: Double
    public var min: Double
    public var max: Double
    /// 95% bootstrap confidence interval of the mean (percentile method).
    public var ciLow: Double
    public var ciHigh: Double
}

/// Summaries of result rows (issue 3 item 4).
public enum ResultSummary {
    /// The header of `summary.csv`.
    public static let header = ["dataset", "pipeline", "metric", "unit", "n", "mean", "median", "p95", "min", "max", "ci_low", "ci_high"]

    /// The p-quantile (0 ≤ p ≤ 1) of sorted values, linear interpolation between order
    /// statistics (type 7, as `StrokeMetrics.Summary.percentile`). NaN for no values.
    public static func quantile(sorted x: [Double], _ p: Double) -> Double {
        x.isEmpty ? .nan : StrokeMetrics.Summary.percentile(sorted: x, p)
    }

    /// 95% percentile-bootstrap interval of the mean: `resamples` resamples with
    /// replacement, drawn from a ``SeededGenerator``; the 2.5% and 97.5% quantiles of their
    /// means. One value gives the degenerate interval [x, x].
    public static func bootstrapMeanInterval(_ values: [Double], resamples: Int, seed: UInt64) -> (Double, Double) {
        guard values.count > 1, resamples > 0 else { return (values.first ?? .nan, values.first ?? .nan) }
        var rng = SeededGenerator(seed: seed)
        var means = [Double](repeating: 0, count: resamples)
        let n = values.count
        for r in 0..<resamples {
            var sum = 0.0
            for _ in 0..<n { sum += values[Int(rng.next() % UInt64(n))] }
            means[r] = sum / Double(n)
        }
        means.sort()
        return (quantile(sorted: means, 0.025), quantile(sorted: means, 0.975))
    }

    /// 64-bit FNV-1a of a string: a seed derivation that is stable across runs and
    /// platforms (Swift's `Hasher` is randomly seeded per process).
    public static func fnv1a(_ s: String, seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    /// Groups rows by dataset × pipeline × metric (in order of first appearance) and
    /// summarises each group. Deterministic for a given seed.
    public static func summarize(_ rows: [ResultRow], seed: UInt64, resamples: Int) -> [SummaryRow] {
        struct Key: Hashable { var dataset: String; var pipeline: String; var metric: String }
        var order: [Key] = []
        var groups: [Key: (unit: String, values: [Double])] = [:]
        for r in rows {
            let k = Key(dataset: r.dataset, pipeline: r.pipeline, metric: r.metric)
            if groups[k] == nil { order.append(k); groups[k] = (r.unit, []) }
            groups[k]!.values.append(r.value)
        }
        return order.map { k in
            let (unit, values) = groups[k]!
            let sorted = values.sorted()
            let mean = values.reduce(0, +) / Double(values.count)
            let (lo, hi) = bootstrapMeanInterval(values, resamples: resamples,
                                                 seed: fnv1a("\(k.dataset)\u{1F}\(k.pipeline)\u{1F}\(k.metric)", seed: seed))
            return SummaryRow(dataset: k.dataset, pipeline: k.pipeline, metric: k.metric, unit: unit, n: values.count,
                              mean: mean, median: quantile(sorted: sorted, 0.5), p95: quantile(sorted: sorted, 0.95),
                              min: sorted[0], max: sorted[sorted.count - 1], ciLow: lo, ciHigh: hi)
        }
    }

    /// `summary.csv` text.
    public static func csv(_ rows: [SummaryRow]) -> String {
        let n = ResultsTable.number
        return ResultsTable.csv(header: header, rows: rows.map {
            [$0.dataset, $0.pipeline, $0.metric, $0.unit, String($0.n), n($0.mean), n($0.median), n($0.p95), n($0.min),
             n($0.max), n($0.ciLow), n($0.ciHigh)]
        })
    }
}
