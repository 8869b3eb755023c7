import Foundation
import StrokeIO
import StrokeMetrics

/// The paired difference `a − b` of two pipelines on one metric, in the answer's scale: for a
/// log ratio the ratio of the geometric means `a ÷ b` (exp of the mean log difference), else
/// the mean difference in the metric's unit; with its 95 % interval, and whether that interval
/// excludes no difference. Read from `summary_paired.csv`'s rows in either order (`a` against
/// baseline `b`, or `b` against `a` turned round). The one place that looks it up.
public struct PairedDifference: Sendable, Hashable {
    /// The difference (or ratio), and its interval.
    public var value: Double, low: Double, high: Double
    /// Whether the interval excludes no difference (0, or a ratio of 1).
    public var real: Bool

    /// The difference of `a` and `b` on `metric` among `rows` (one dataset × kind), `nil` when
    /// no row pairs them. O(rows).
    public init?(_ a: String, _ b: String, metric: String, in rows: [PairedSummaryRow]) {
        let log = MetricCatalog.definition(of: metric)?.isLogRatio ?? false
        func scale(_ v: Double) -> Double { log ? Foundation.exp(v) : v }
        if let r = rows.first(where: { $0.metric == metric && $0.pipeline == a && $0.baseline == b }) {
            (value, low, high, real) = (scale(r.difference), scale(r.differenceLow), scale(r.differenceHigh), r.differenceExcludesZero)
        } else if let r = rows.first(where: { $0.metric == metric && $0.pipeline == b && $0.baseline == a }) {
            (value, low, high, real) = (scale(-r.difference), scale(-r.differenceHigh), scale(-r.differenceLow), r.differenceExcludesZero)
        } else {
            return nil
        }
    }
}
