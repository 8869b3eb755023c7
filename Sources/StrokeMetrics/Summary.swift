/// Summary statistics of a sample of values, as the per-stroke metrics report them.
///
/// `p95` is the 95th percentile with linear interpolation between order statistics
/// (Hyndman & Fan 1996 type 7, NumPy's and R's default): for n sorted values x₀…xₙ₋₁,
/// position h = (n − 1)·0.95, value x⌊h⌋ + (h − ⌊h⌋)(x⌊h⌋₊₁ − x⌊h⌋).
public struct Summary: Hashable, Sendable {
    /// Number of values.
    public var count: Int
    /// Arithmetic mean.
    public var mean: Double
    /// 95th percentile (type 7).
    public var p95: Double
    /// Largest value.
    public var max: Double
    /// Smallest value.
    public var min: Double

    /// Summarises `values`; `nil` when empty. Sorts a copy: O(n log n).
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        count = sorted.count
        var sum = 0.0
        for v in sorted { sum += v }
        mean = sum / Double(sorted.count)
        p95 = Summary.percentile(sorted: sorted, 0.95)
        max = sorted[sorted.count - 1]
        min = sorted[0]
    }

    /// The `q`-quantile (0 ≤ q ≤ 1) of ascending `sorted` values, type 7; `nan` when empty.
    public static func percentile(sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let h = Double(sorted.count - 1) * Swift.min(Swift.max(q, 0), 1)
        let lo = Int(h.rounded(.down))
        let hi = Swift.min(lo + 1, sorted.count - 1)
        return sorted[lo] + (h - Double(lo)) * (sorted[hi] - sorted[lo])
    }
}
