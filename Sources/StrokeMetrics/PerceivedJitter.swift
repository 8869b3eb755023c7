import StrokeCore

/// **Jitter** (Nancel et al., UIST 2016: the ink's end trembles): the refreshes at which the
/// tip's offset from the pen keeps going back and forth (``TipOffsetChanges``).
///
/// A change rⱼ *reverses* when it points against the previous one (rⱼ · rⱼ₋₁ < 0), both are at
/// least `threshold`, and rⱼ is smaller than a jump (`jumpThreshold`, ``Jumps``). Refresh j
/// jitters when rⱼ reverses and rⱼ₋₁ reversed too: a tremble, not a single excursion out and
/// back (a corner, a glitch). Opportunities: the refreshes with a previous change. It sees
/// trembling from any cause: a predictor amplifying sensor noise, a filter, or input and
/// display rates that do not divide each other (Antoine et al., UIST 2020: 60 Hz input on a
/// 120 Hz display moves the ink every other refresh, so its offset from a steadily moving pen
/// alternates by v/120 — ``AsynchronousJitter``). Known answers: a constant-speed line drawn
/// without noise at matched rates, 0; that line at 60 Hz input on a 120 Hz display, every
/// refresh but the first two once v/120 ≥ threshold. O(refreshes).
public enum PerceivedJitter {
    /// The jitter rate; thresholds in trace units.
    public static func rate(_ changes: TipOffsetChanges, threshold: Double, jumpThreshold: Double) -> SideEffectRate {
        var out = SideEffectRate()
        var reversedBefore = false
        for c in changes.changes {
            guard let previous = c.previous else {
                reversedBefore = false
                continue
            }
            let size = c.change.length
            let reverses = size >= threshold && size < jumpThreshold && previous.length >= threshold && c.change.dot(previous) < 0
            out.count(reverses && reversedBefore)
            reversedBefore = reverses
        }
        return out
    }
}
