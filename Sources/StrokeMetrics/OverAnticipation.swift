import StrokeCore

/// **Over-anticipation** (Nancel et al., UIST 2016: the ink runs ahead of the pen): the
/// refreshes at which the drawn tip is at least `threshold` ahead of the pen.
///
/// Ahead by a = max(s(T − lag) − s(T) when ``Lag`` placed the tip ahead on the pen's later
/// path (lag < 0), (D − A)·ĥ): the path length to where the pen will be, or the tip's lead
/// along the pen's heading ĥ — which also sees a tip past a pen that has stopped (its later
/// path goes nowhere). Over-anticipates when a ≥ threshold. Opportunities: refreshes after the
/// pen first moved (before that there is no direction to be ahead in). Known answer: a
/// straight line at speed v predicted h further than the lag ℓ is ahead by v·(h − ℓ) at every
/// refresh. O(refreshes · log n).
public enum OverAnticipation {
    /// The over-anticipation rate over `seen`; `threshold` in trace units.
    public static func rate(_ seen: SeenRefreshes, arcLength: ReferenceArcLength, threshold: Double) -> SideEffectRate {
        var out = SideEffectRate()
        for r in seen.refreshes {
            guard let heading = r.heading else { continue }
            var ahead = (r.tip - r.pen).dot(heading)
            if let lag = r.lagMs, lag < 0 { ahead = Swift.max(ahead, arcLength.distance(from: r.time, to: r.time - lag / 1000)) }
            out.count(ahead >= threshold)
        }
        return out
    }
}
