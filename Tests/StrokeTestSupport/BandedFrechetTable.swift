import StrokeCore

/// The discrete Fréchet distance restricted to a band, from the whole n × m table (quadratic
/// memory): an oracle for `DiscreteFrechet.distance(_:_:band:)`, which keeps two rows.
///
/// The band is given normalised, as row i's first and last column `lows[i]`…`highs[i]`
/// (`DiscreteFrechet.normalized(band:columns:)`); every cell outside it is +∞. Each cell is
/// max(d², min(min(up, diagonal), left)) of the squared distance d² = ‖aᵢ − bⱼ‖², the same
/// operations in the same order, so the result is the same double bit for bit — the root of
/// the last cell, `nil` when it is not finite.
public enum BandedFrechetTable {
    /// The distance; `nil` for an empty curve or no finite coupling.
    /// - Precondition: `lows` and `highs` have one entry per point of `a`, within `b`'s indices.
    public static func distance(_ a: [Point], _ b: [Point], lows: [Int], highs: [Int]) -> Double? {
        guard !a.isEmpty, !b.isEmpty else { return nil }
        precondition(lows.count == a.count && highs.count == a.count, "one band row per point of a")
        let n = a.count, m = b.count
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
