import StrokeCore

/// The discrete Fréchet distance between two polylines' vertex sequences (Eiter & Mannila,
/// "Computing Discrete Fréchet Distance", TU Wien CD-TR 94/64, 1994).
///
/// Definition: over all monotone couplings of a₀…aₙ₋₁ and b₀…bₘ₋₁ (walks from (0,0) to
/// (n−1,m−1) that advance i, j or both by one each step), the smallest possible largest
/// distance ‖aᵢ − bⱼ‖ — the "dog leash" for walkers who may stop but not go back. Unlike
/// Hausdorff it respects the order along the curves, so a stroke that doubles back or skips
/// a loop is penalised. Recurrence: `c(i,j) = max(d(i,j), min(c(i−1,j), c(i−1,j−1), c(i,j−1)))`.
///
/// Units: those of the points. Complexity O(n·m) time and O(m) memory: the dynamic
/// programme keeps one row (squared distances; the root is taken once at the end).
/// 10,000 × 10,000 vertices is 10⁸ cell updates. It bounds the continuous Fréchet distance
/// from above; on polylines resampled at step δ it exceeds it by at most about δ/2.
public enum DiscreteFrechet {
    /// The discrete Fréchet distance between `a` and `b`; `nil` when either is empty.
    public static func distance(_ a: [Point], _ b: [Point]) -> Double? {
        guard !a.isEmpty, !b.isEmpty else { return nil }
        let m = b.count
        var row = [Double](repeating: 0, count: m)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                row.withUnsafeMutableBufferPointer { row in
                    let a0 = a[0]
                    row[0] = a0.squaredDistance(to: b[0])
                    var j = 1
                    while j < m {
                        row[j] = Swift.max(row[j - 1], a0.squaredDistance(to: b[j]))
                        j += 1
                    }
                    var i = 1
                    while i < a.count {
                        let p = a[i]
                        var diagonal = row[0]                 // c(i−1, 0)
                        row[0] = Swift.max(diagonal, p.squaredDistance(to: b[0]))
                        var left = row[0]                     // c(i, j−1)
                        j = 1
                        while j < m {
                            let up = row[j]                   // c(i−1, j)
                            let reach = Swift.min(Swift.min(up, diagonal), left)
                            let dx = p.x - b[j].x, dy = p.y - b[j].y
                            let here = Swift.max(reach, dx * dx + dy * dy)
                            row[j] = here
                            diagonal = up
                            left = here
                            j += 1
                        }
                        i += 1
                    }
                }
            }
        }
        return row[m - 1].squareRoot()
    }
}

extension DiscreteFrechet {
    /// The discrete Fréchet distance over couplings restricted to a band: a[i] may be paired
    /// only with b[j] for j in `band[i]` (the Sakoe–Chiba idea, here with a band from time
    /// windows). The band is made monotone and connected first: its lower and upper ends are
    /// made non-decreasing, the first row starts at 0, the last row ends at m − 1, and each
    /// row reaches at least the previous row's end. The result is ≥ the unrestricted distance
    /// and equal to it when an optimal coupling lies in the band.
    ///
    /// O(Σ band widths) time and O(widest band) memory; `nil` when either curve is empty or
    /// `band.count != a.count`.
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
        // Row i holds c(i, j) for j in lows[i]…highs[i]; the previous row is kept beside it.
        var width = 1
        for i in 0..<n { width = Swift.max(width, highs[i] - lows[i] + 1) }
        var previous = [Double](repeating: .infinity, count: width)
        var current = [Double](repeating: .infinity, count: width)
        var previousLow = 0, previousHigh = -1
        for i in 0..<n {
            let p = a[i]
            let low = lows[i], high = highs[i]
            var left = Double.infinity
            for j in low...high {
                let d = p.squaredDistance(to: b[j])
                let value: Double
                if i == 0 && j == 0 {
                    value = d
                } else {
                    let up = j >= previousLow && j <= previousHigh ? previous[j - previousLow] : .infinity
                    let diagonal = j - 1 >= previousLow && j - 1 <= previousHigh ? previous[j - 1 - previousLow] : .infinity
                    value = Swift.max(d, Swift.min(Swift.min(up, diagonal), left))
                }
                current[j - low] = value
                left = value
            }
            swap(&previous, &current)
            previousLow = low
            previousHigh = high
        }
        let last = previous[m - 1 - previousLow]
        return last.isFinite ? last.squareRoot() : nil
    }
}
