import StrokeCore

/// **Jumps** (Nancel et al., UIST 2016: the ink's end leaps): the refreshes at which the tip's
/// offset from the pen changes by at least `threshold` at once (``TipOffsetChanges``) — a
/// prediction drawn then thrown away, a predictor that swings, a curve builder that redraws
/// its tail.
///
/// A jump is |rⱼ| ≥ threshold, except where the pen rests and the tip moves back against its
/// last heading: that is the ink springing back (``SpringEffect``). Opportunities: the
/// refreshes with a change. Known answers: any steady drawing, 0; a prediction of length ℓ ≥
/// threshold drawn at one frame and absent at the next while the pen moves, one jump when it
/// disappears and one when it returns. O(refreshes).
public enum Jumps {
    /// The jump rate; `threshold` in trace units.
    public static func rate(_ changes: TipOffsetChanges, seen: SeenRefreshes, threshold: Double) -> SideEffectRate {
        var out = SideEffectRate()
        for c in changes.changes {
            out.count(c.change.length >= threshold && !SpringEffect.retreats(c, seen.refreshes[c.index]))
        }
        return out
    }
}
