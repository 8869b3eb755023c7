import StrokeCore

/// **Jumps** (Nancel et al., UIST 2016: the ink's end leaps): the refreshes at which the tip's
/// offset from the pen changes by at least `threshold` at once (``TipOffsetChanges``) — a
/// prediction drawn then thrown away, a predictor that swings, a curve builder that redraws
/// its tail.
///
/// A jump is |rⱼ| ≥ max(threshold, |Aⱼ − Aⱼ₋₁|) — a leap of at least `threshold` and larger than
/// the pen's own motion during the refresh (on a fast stroke, ink that advances unevenly by
/// less than the pen moved reads as uneven motion, not a leap) — except where the pen rests and
/// the tip moves back against its last heading (the ink springing back, ``SpringEffect``). A
/// large change inside a tremble counts both as a jump and towards ``PerceivedJitter``. Opportunities:
/// the refreshes with a change. Known answers: any steady drawing, 0; a prediction of length ℓ ≥
/// threshold drawn at one frame and absent at the next while the pen moves, one jump when it
/// disappears and one when it returns. O(refreshes).
public enum Jumps {
    /// The jump rate; `threshold` in trace units.
    public static func rate(_ changes: TipOffsetChanges, seen: SeenRefreshes, threshold: Double) -> SideEffectRate {
        var out = SideEffectRate()
        for c in changes.changes {
            let size = c.change.length
            out.count(size >= threshold && size >= c.penMotion.length && !SpringEffect.retreats(c, seen.refreshes[c.index]))
        }
        return out
    }
}
