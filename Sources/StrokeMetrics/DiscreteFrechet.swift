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
