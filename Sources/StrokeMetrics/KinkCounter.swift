/// Counts kinks: places where the tangent turns by more than a threshold θ within an
/// arc-length window w (DESIGN.md, "Metrics").
///
/// Model: each interior vertex's turning angle θᵢ is spread uniformly over its dual
/// interval (the half-edges on either side, ``DiscreteCurvature``), which tiles the curve.
/// The cumulative turning Θ(s) is then piecewise linear in arc length s, and the turning
/// within a window is T(s) = Θ(s + w) − Θ(s). A kink is a maximal run of window positions
/// with |T(s)| > θ (of one sign), counted once.
///
/// Why this shape: a polygon corner of angle φ that a resampling at Δs ≤ w/2 cuts into two
/// smaller turns still has both turns inside one window, so it counts as exactly one kink
/// wherever the resampling grid falls; a smooth curve of radius R turns by exactly w/R in
/// every window, so one with R > w/θ has no kinks (summing whole vertex angles instead
/// would see up to (w + Δs)/R and flag curves that are smooth). Corners closer together than
/// about w merge into one place.
///
/// Exact evaluation: T is piecewise linear with knots where s or s + w meets an interval
/// boundary, so |T| exceeds θ somewhere between two knots only if it does at one of them;
/// the knots are swept in order with two pointers. O(n) time, O(1) extra memory beyond the
/// input arrays. A curve shorter than w is one window.
public enum KinkCounter {
    /// Kinks of a curve given as turning angles `turning` (radians) at interior vertices
    /// whose dual lengths are `dualLength` (units, same count).
    /// - Parameters:
    ///   - turning: turning angles at the interior vertices, radians.
    ///   - dualLength: each vertex's dual length, units (as many as `turning`).
    ///   - threshold: θ in radians (> 0).
    ///   - window: w in units (> 0).
    public static func count(turning: [Double], dualLength: [Double], threshold: Double, window: Double) -> Int {
        let n = turning.count
        guard n > 0, n == dualLength.count else { return 0 }
        // Boundaries b₀…bₙ of the dual intervals, with Θ(bₖ) = Σ_{i<k} θᵢ.
        var bounds = [Double](repeating: 0, count: n + 1)
        var theta = [Double](repeating: 0, count: n + 1)
        for i in 0..<n {
            bounds[i + 1] = bounds[i] + dualLength[i]
            theta[i + 1] = theta[i] + turning[i]
        }
        let total = bounds[n]
        if total <= window {
            return abs(theta[n]) > threshold ? 1 : 0
        }
        // Θ at arc length s, with a pointer that only moves forwards.
        func cumulative(_ s: Double, _ k: inout Int) -> Double {
            while k < n - 1 && bounds[k + 1] <= s { k += 1 }
            let length = bounds[k + 1] - bounds[k]
            guard length > 0 else { return theta[k + 1] }
            let u = Swift.min(Swift.max((s - bounds[k]) / length, 0), 1)
            return theta[k] + u * (theta[k + 1] - theta[k])
        }
        let last = total - window          // window starts run over [0, last]
        var i = 0                          // next knot from the starts:   bounds[i]
        var j = 0                          // next knot from the ends:     bounds[j] − window
        while j <= n && bounds[j] - window < 0 { j += 1 }
        var kStart = 0, kEnd = 0
        var kinks = 0
        var runSign = 0                    // sign of the current run, 0 outside a run
        while true {
            let a = i <= n ? bounds[i] : .infinity
            let b = j <= n ? bounds[j] - window : .infinity
            let s = Swift.min(a, b)
            if s > last || !s.isFinite { break }
            if a <= b { i += 1 } else { j += 1 }
            let t = cumulative(s + window, &kEnd) - cumulative(s, &kStart)
            let sign = t > threshold ? 1 : (t < -threshold ? -1 : 0)
            if sign != 0 && sign != runSign { kinks += 1 }
            runSign = sign
        }
        // The final window position, in case it is not a knot itself.
        let t = cumulative(total, &kEnd) - cumulative(last, &kStart)
        let sign = t > threshold ? 1 : (t < -threshold ? -1 : 0)
        if sign != 0 && sign != runSign { kinks += 1 }
        return kinks
    }
}
