/// A summary statistic with its confidence interval, as in `summary.csv` (`mean`, `ci_low`,
/// `ci_high`: a seeded 95% bootstrap interval of the mean).
public struct Estimate: Hashable, Sendable {
    /// The point estimate (usually the mean).
    public var value: Double
    /// Lower end of the interval.
    public var low: Double
    /// Upper end of the interval.
    public var high: Double

    /// An estimate with an interval. Bounds given in the wrong order are swapped.
    public init(_ value: Double, low: Double, high: Double) {
        self.value = value
        self.low = Swift.min(low, high)
        self.high = Swift.max(low, high)
    }

    /// An exact value (zero-width interval).
    public init(_ value: Double) {
        self.init(value, low: value, high: value)
    }

    /// True when the value is finite (bounds may be NaN when n < 2).
    public var isFinite: Bool { value.isFinite }

    /// The interval's lower bound, or the value when the bound is not finite.
    var safeLow: Double { low.isFinite ? low : value }
    /// The interval's upper bound, or the value when the bound is not finite.
    var safeHigh: Double { high.isFinite ? high : value }
}
