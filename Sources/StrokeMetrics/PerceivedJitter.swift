import StrokeCore

/// **Jitter** (Nancel et al., UIST 2016: the ink's end trembles): the refreshes at which the
/// ink's end wobbles around its steady course behind the pen, again and again.
///
/// With the tip's offset E = D − Ã from the delayed pen (``SeenRefreshes``: where the pen was
/// the stroke's typical lag earlier, so a steady lag has a steady offset, on curves too), its
/// local course M is the interquartile mean of E (per coordinate: the mean of the middle half)
/// over the refreshes within ±``window`` (at most ``maximumHalfWidth`` on each side; a gap in the refreshes ends the window; unlike a
/// mean, it is not moved by a single excursion, and unlike a median it stays between the two
/// levels of an alternation). A refresh *deviates* when |E − M| ≥ `threshold`/2 (the wobble
/// is at least `threshold` peak to peak); it jitters when it deviates and at least three
/// refreshes of its window do — an uneven course, not a single excursion (a corner, a spring,
/// a prediction thrown away for one frame: see ``WrongOrientation``, ``SpringEffect``,
/// ``Jumps``). Opportunities: refreshes whose window holds at least three refreshes.
///
/// It sees unevenness from any cause: a predictor amplifying sensor noise, a filter, or input
/// and display rates that do not divide each other (Antoine et al., UIST 2020,
/// ``AsynchronousJitter``): 60 Hz input on a 120 Hz display alternates the ink's lag by
/// 8.3 ms, 125 Hz touch on 60 Hz saws it by 7.3 ms every 12 refreshes. Known answers: a
/// noiseless constant-speed line at rates that divide, 0; that line at 60 Hz input on a
/// 120 Hz display, every refresh when the alternation (speed × 8.3 ms) is well above the
/// threshold (0.64 mm at 400 pt/s). O(refreshes · w log w), w ≤ 49 refreshes per window.
public enum PerceivedJitter {
    /// Half-width of the window of the local course, in seconds (±100 ms: six refreshes at
    /// 60 Hz, longer than the 12-refresh saw of 125 Hz touch on 60 Hz is half of).
    public static let window = 0.1
    /// At most this many refreshes on each side of the window, whatever the refresh rate
    /// (±100 ms at 240 Hz), so the work stays linear in the refreshes.
    public static let maximumHalfWidth = 24

    /// The jitter rate over `seen`, whose refreshes are `period` seconds apart; `threshold`
    /// (peak to peak) in trace units.
    public static func rate(_ seen: SeenRefreshes, period: Double, threshold: Double) -> SideEffectRate {
        let r = seen.refreshes
        var out = SideEffectRate()
        guard !r.isEmpty else { return out }
        // Chains of consecutive refreshes (one period apart); windows never cross a break.
        var chain = [Int](repeating: 0, count: r.count)
        for j in 1..<max(r.count, 1) {
            let consecutive = abs(r[j].time - r[j - 1].time - period) <= period * 1e-6
            chain[j] = consecutive ? chain[j - 1] : chain[j - 1] + 1
        }
        let offsets = r.map { $0.tip - $0.delayedPen }
        func windowRange(_ j: Int) -> ClosedRange<Int> {
            var lo = j, hi = j
            while lo > 0 && j - lo < maximumHalfWidth && chain[lo - 1] == chain[j] && r[j].time - r[lo - 1].time <= window + 1e-9 {
                lo -= 1
            }
            while hi + 1 < r.count && hi - j < maximumHalfWidth && chain[hi + 1] == chain[j]
                    && r[hi + 1].time - r[j].time <= window + 1e-9 { hi += 1 }
            return lo...hi
        }
        var deviates = [Bool](repeating: false, count: r.count)
        var xs: [Double] = [], ys: [Double] = []
        for j in r.indices {
            let w = windowRange(j)
            xs.removeAll(keepingCapacity: true)
            ys.removeAll(keepingCapacity: true)
            for k in w {
                xs.append(offsets[k].dx)
                ys.append(offsets[k].dy)
            }
            let course = Vector(dx: interquartileMean(&xs), dy: interquartileMean(&ys))
            deviates[j] = (offsets[j] - course).length >= threshold / 2
        }
        for j in r.indices {
            let w = windowRange(j)
            guard w.count >= 3 else { continue }
            out.count(deviates[j] && w.filter { deviates[$0] }.count >= 3)
        }
        return out
    }

    /// The mean of the middle half of `values` (a quarter dropped from each end, rounded
    /// down); sorts `values`.
    static func interquartileMean(_ values: inout [Double]) -> Double {
        values.sort()
        let drop = values.count / 4
        let middle = values[drop..<(values.count - drop)]
        return middle.reduce(0, +) / Double(middle.count)
    }
}
