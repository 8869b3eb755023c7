import StrokeCore

/// **Spring effect** (Nancel et al., UIST 2016: when the pen stops, the ink goes past it and
/// comes back): the stops at which the tip moves back against the pen's last heading by at
/// least `threshold`.
///
/// A stop is a run of consecutive refreshes at which the pen rests (``SeenRefreshes``: speed
/// below the rest speed) after it moved. Along the heading ĥ it last had, the tip's position
/// is xⱼ = Dⱼ·ĥ from the refresh before the stop to the stop's end; the tip springs back when
/// its largest retreat from the farthest point reached so far, max over j of
/// (max_{i≤j} xᵢ − xⱼ), is at least `threshold` — a net return, not trembling in place.
/// Opportunities: the stops (none for a stroke drawn in one motion: the rate is then
/// omitted). Known answers: a pipeline without prediction, whose tip never passes the pen,
/// never springs back; a prediction that overshoots a stop by ℓ ≥ threshold and collapses
/// springs back at that stop. O(refreshes).
public enum SpringEffect {
    /// The spring-effect rate over the stops of `seen`; `threshold` in trace units.
    public static func rate(_ seen: SeenRefreshes, period: Double, threshold: Double) -> SideEffectRate {
        var out = SideEffectRate()
        let r = seen.refreshes
        var j = 1
        while j < r.count {
            // A stop starts where the pen rests after a moving refresh one period earlier.
            guard !r[j].moving, r[j - 1].moving, let heading = r[j].heading,
                  abs(r[j].time - r[j - 1].time - period) <= period * 1e-6 else {
                j += 1
                continue
            }
            var farthest = (r[j - 1].tip - Point.zero).dot(heading), retreat = 0.0
            var k = j
            while k < r.count && !r[k].moving && abs(r[k].time - r[k - 1].time - period) <= period * 1e-6 {
                let x = (r[k].tip - Point.zero).dot(heading)
                farthest = Swift.max(farthest, x)
                retreat = Swift.max(retreat, farthest - x)
                k += 1
            }
            out.count(retreat >= threshold)
            j = k
        }
        return out
    }

    /// Whether a change is the tip moving back against the pen's last heading while the pen
    /// rests (what ``Jumps`` leaves to this side effect).
    static func retreats(_ c: TipOffsetChanges.Change, _ refresh: SeenRefreshes.Refresh) -> Bool {
        guard !refresh.moving, let heading = refresh.heading else { return false }
        return c.tipMotion.dot(heading) < 0
    }
}
