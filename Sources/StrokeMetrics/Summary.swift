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

    /// The `q`-quantiles (each 0 ≤ q ≤ 1, type 7) of `values`: the numbers
    /// ``percentile(sorted:_:)`` gives of them sorted, found by selecting only the order
    /// statistics they need (Hoare's FIND, as Wirth writes it), so O(n · qs) expected instead of
    /// O(n log n). `values` is left reordered. With a NaN among them they are sorted instead
    /// (NaN's place is the sort's); empty gives NaN.
    public static func percentiles(selecting values: inout [Double], _ qs: [Double]) -> [Double] {
        guard !values.isEmpty else { return qs.map { _ in .nan } }
        if values.contains(where: \.isNaN) {
            values.sort()
            return qs.map { percentile(sorted: values, $0) }
        }
        let n = values.count
        func ranks(_ q: Double) -> (lo: Int, hi: Int, fraction: Double) {
            let h = Double(n - 1) * Swift.min(Swift.max(q, 0), 1)
            let lo = Int(h.rounded(.down))
            return (lo, Swift.min(lo + 1, n - 1), h - Double(lo))
        }
        // Largest rank first: each selection leaves the smaller values below it, where the next
        // (smaller) rank is then selected, so no selection moves an order statistic found before.
        let needed = Set(qs.flatMap { q -> [Int] in let r = ranks(q); return [r.lo, r.hi] }).sorted(by: >)
        var upper = n - 1
        values.withUnsafeMutableBufferPointer { a in
            for k in needed {
                var l = 0, r = upper
                while l < r {
                    let x = a[k]
                    var i = l, j = r
                    repeat {
                        while a[i] < x { i += 1 }
                        while x < a[j] { j -= 1 }
                        if i <= j { a.swapAt(i, j); i += 1; j -= 1 }
                    } while i <= j
                    if j < k { l = i }
                    if k < i { r = j }
                }
                upper = k - 1
            }
        }
        return qs.map { q in
            let r = ranks(q)
            return values[r.lo] + r.fraction * (values[r.hi] - values[r.lo])
        }
    }
}
