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
    /// The band `distance(_:_:band:)` uses for `input` (one range per row) against a curve of
    /// `columns` vertices: each row's first and last column, made monotone and connected —
    /// ends clamped to 0…columns − 1 and made non-decreasing, the first row starting at 0,
    /// the last row ending at columns − 1, each row reaching at least the previous row's end.
    /// O(rows).
    /// - Precondition: `input` is not empty and `columns ≥ 1`.
    public static func normalized(band input: [ClosedRange<Int>], columns m: Int) -> (lows: [Int], highs: [Int]) {
        let n = input.count
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
        return (lows, highs)
    }

    /// The discrete Fréchet distance over couplings restricted to a band: a[i] may be paired
    /// only with b[j] for j in `band[i]` (the Sakoe–Chiba idea, here with a band from time
    /// windows). The band is made monotone and connected first: its lower and upper ends are
    /// made non-decreasing, the first row starts at 0, the last row ends at m − 1, and each
    /// row reaches at least the previous row's end. The result is ≥ the unrestricted distance
    /// and equal to it when an optimal coupling lies in the band.
    ///
    /// O(Σ band widths) time and O(widest band) memory; `nil` when either curve is empty or
    /// `band.count != a.count`. Each row is computed two cells at a time where it can be (the
    /// second cell's min and max regrouped, the same doubles), so a row waits on its running
    /// minimum half as often.
    public static func distance(_ a: [Point], _ b: [Point], band input: [ClosedRange<Int>]) -> Double? {
        guard !a.isEmpty, !b.isEmpty, input.count == a.count else { return nil }
        let n = a.count, m = b.count
        let (lows, highs) = normalized(band: input, columns: m)
        // Row i holds c(i, j) for j in lows[i]…highs[i] at index j − lows[i] + 1, behind one
        // cell of +∞ (index 0: the diagonal of its first cell when the previous row starts at
        // the same j); the previous row is kept beside it. A cell outside the previous row's
        // span reads +∞ there, so each row runs in three parts: under the previous row (up and
        // diagonal read from it), just past its end (up is +∞), and beyond (both +∞).
        var width = 1
        for i in 0..<n { width = Swift.max(width, highs[i] - lows[i] + 1) }
        var previousRow = [Double](repeating: .infinity, count: width + 1)
        var currentRow = [Double](repeating: .infinity, count: width + 1)
        var previousLow = 0, previousHigh = -1
        let finite = a.allSatisfy(\.isFinite) && b.allSatisfy(\.isFinite)
        @inline(__always) func cost(_ d: Double, _ up: Double, _ diagonal: Double, _ left: Double) -> Double {
            Swift.max(d, Swift.min(Swift.min(up, diagonal), left))
        }
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                previousRow.withUnsafeMutableBufferPointer { previousBuffer in
                    currentRow.withUnsafeMutableBufferPointer { currentBuffer in
                        var previous = previousBuffer.baseAddress!, current = currentBuffer.baseAddress!
                        for i in 0..<n {
                            let p = a[i]
                            let low = lows[i], high = highs[i]
                            var left = Double.infinity
                            var j = low
                            // The previous row holds c(i−1, j) at j − previousLow + 1 (index 0 is +∞).
                            let shift = 1 - previousLow
                            if i == 0 {
                                // c(0, 0) = d(0, 0); its neighbours lie outside the grid.
                                left = p.squaredDistance(to: b[0])
                                current[1] = left
                                j = 1
                            }
                            let under = Swift.min(high, previousHigh)
                            // Two cells at a time when no coordinate is NaN or infinite (then
                            // no cost is NaN and min and max are those of a total order): the
                            // second, max(d₁, min(m₁, c₀)) with c₀ = max(d₀, min(m₀, left)),
                            // is max(max(d₁, min(m₁, d₀)), min(min(m₁, m₀), left)) —
                            // the same double, as min and max only pick one of their operands —
                            // so each pair waits for `left` once, not twice.
                            while finite && j < under {
                                let up0 = previous[j + shift], up1 = previous[j + 1 + shift]
                                let d0 = p.squaredDistance(to: b[j]), d1 = p.squaredDistance(to: b[j + 1])
                                let m0 = Swift.min(up0, previous[j - 1 + shift]), m1 = Swift.min(up1, up0)
                                let first = Swift.max(d0, Swift.min(m0, left))
                                let second = Swift.max(Swift.max(d1, Swift.min(m1, d0)), Swift.min(Swift.min(m1, m0), left))
                                current[j - low + 1] = first
                                current[j - low + 2] = second
                                left = second
                                j += 2
                            }
                            while j <= under {
                                let value = cost(p.squaredDistance(to: b[j]), previous[j + shift], previous[j - 1 + shift], left)
                                current[j - low + 1] = value
                                left = value
                                j += 1
                            }
                            if j <= high && j == previousHigh + 1 {
                                let value = cost(p.squaredDistance(to: b[j]), .infinity, previous[j - 1 + shift], left)
                                current[j - low + 1] = value
                                left = value
                                j += 1
                            }
                            while j <= high {
                                let value = cost(p.squaredDistance(to: b[j]), .infinity, .infinity, left)
                                current[j - low + 1] = value
                                left = value
                                j += 1
                            }
                            swap(&previous, &current)
                            previousLow = low
                            previousHigh = high
                        }
                        if previous != previousBuffer.baseAddress! {
                            // The last row is in the other buffer: bring it here.
                            previousBuffer.baseAddress!.update(from: previous, count: width + 1)
                        }
                    }
                }
            }
        }
        let last = previousRow[m - 1 - previousLow + 1]
        return last.isFinite ? last.squareRoot() : nil
    }
}
