import StrokeCore

/// The discrete Fréchet distance restricted to a band, from the whole n × m table (quadratic
/// memory): an oracle for `DiscreteFrechet.distance(_:_:band:)`, which keeps two rows.
///
/// The band is normalised by the rule that function documents (ends made non-decreasing, the
/// first row from 0, the last row to m − 1, each row reaching the previous row's end); every
/// cell outside it is +∞. Each cell is max(d², min(min(up, diagonal), left)) of the squared
/// distance d² = ‖aᵢ − bⱼ‖², the same operations in the same order, so the result is the same
/// double bit for bit — the root of the last cell, `nil` when it is not finite.
public enum BandedFrechetTable {
    /// The distance; `nil` for an empty curve, a band of the wrong length or no finite coupling.
    public static func distance(_ a: [Point], _ b: [Point], band input: [ClosedRange<Int>]) -> Double? {
        guard !a.isEmpty, !b.isEmpty, input.count == a.count else { return nil }
        let n = a.count, m = b.count
        var lows = [Int](repeating: 0, count: n), highs = [Int](repeating: 0, count: n)
        var lo = 0, hi = 0
        for i in 0..<n {
            lo = Swift.min(Swift.max(input[i].lowerBound, lo, 0), m - 1)
            hi = Swift.min(Swift.max(input[i].upperBound, hi, lo), m - 1)
            lows[i] = lo
            highs[i] = hi
        }
        lows[0] = 0
        highs[n - 1] = m - 1
        for i in stride(from: n - 2, through: 0, by: -1) where highs[i] < lows[i + 1] - 1 { highs[i] = lows[i + 1] - 1 }
        for i in 1..<Swift.max(n, 1) where lows[i] > highs[i - 1] + 1 { lows[i] = highs[i - 1] + 1 }
        for i in 0..<n where highs[i] < lows[i] { highs[i] = lows[i] }
        var c = [[Double]](repeating: [Double](repeating: .infinity, count: m), count: n)
        func at(_ i: Int, _ j: Int) -> Double { i >= 0 && j >= 0 ? c[i][j] : .infinity }
        for i in 0..<n {
            for j in lows[i]...highs[i] {
                let d = a[i].squaredDistance(to: b[j])
                c[i][j] = i == 0 && j == 0 ? d : Swift.max(d, Swift.min(Swift.min(at(i - 1, j), at(i - 1, j - 1)), at(i, j - 1)))
            }
        }
        let last = c[n - 1][m - 1]
        return last.isFinite ? last.squareRoot() : nil
    }
}
