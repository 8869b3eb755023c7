import StrokeCore

/// **Jitter** (Nancel et al., UIST 2016: the ink's end trembles): the refreshes at which the
/// tip's offset from the pen keeps going back and forth (``TipOffsetChanges``).
///
/// Two consecutive changes *alternate* when both are at least `threshold` and the second points
/// against the first (rⱼ · rⱼ₋₁ < 0). A tremble is a run of at least three consecutive changes
/// each alternating with the one before (two reversals in a row): every refresh of it jitters.
/// A single excursion out and back (a corner, a prediction thrown away for one frame) is not a
/// tremble; large ones are jumps (``Jumps``). Opportunities: the refreshes with a change. It sees
/// trembling from any cause and of any size above the threshold: a predictor amplifying sensor
/// noise, a filter, or input and display rates that do not divide each other (Antoine et al.,
/// UIST 2020: 60 Hz input on a 120 Hz display moves the ink every other refresh, so its offset
/// from a steadily moving pen alternates by v/120 — ``AsynchronousJitter``). Known answers: a
/// constant-speed line drawn without noise at matched rates, 0; that line at 60 Hz input on a
/// 120 Hz display, every refresh once v/120 ≥ threshold. O(refreshes).
public enum PerceivedJitter {
    /// The jitter rate; `threshold` in trace units.
    public static func rate(_ changes: TipOffsetChanges, threshold: Double) -> SideEffectRate {
        let trembling = trembles(changes, threshold: threshold)
        var out = SideEffectRate()
        for t in trembling { out.count(t) }
        return out
    }

    /// For each change of `changes`, whether it belongs to a tremble. O(changes).
    public static func trembles(_ changes: TipOffsetChanges, threshold: Double) -> [Bool] {
        let c = changes.changes
        var out = [Bool](repeating: false, count: c.count)
        var runStart = 0
        func close(_ end: Int) {
            // Changes runStart…end alternate link by link; three or more make a tremble.
            if end - runStart >= 2 { for k in runStart...end { out[k] = true } }
        }
        for i in c.indices {
            let alternates = i > 0 && c[i].previous != nil && c[i].change.length >= threshold
                && c[i - 1].change.length >= threshold && c[i].change.dot(c[i - 1].change) < 0
            if !alternates {
                if i > 0 { close(i - 1) }
                runStart = i
            }
        }
        if !c.isEmpty { close(c.count - 1) }
        return out
    }
}
