import StrokeCore

/// **Lateness** (Nancel et al., UIST 2016: the ink visibly trails the pen): the refreshes at
/// which the drawn tip is at least `threshold` behind the pen along its path.
///
/// At each refresh where ``Lag`` placed the tip on the pen's path (``SeenRefreshes/Refresh/lagMs``),
/// the tip is behind by the path length the pen covered since it was there:
/// b = s(T) − s(T − lag) (``ReferenceArcLength``) when lag > 0, else 0. Late when b ≥ threshold.
/// Opportunities: the refreshes lag measured; the pen may rest (ink still catching up with a
/// resting pen is late too). Known answer: a straight line at speed v with no prediction and a
/// lag of ℓ seconds is late at every refresh when v·ℓ ≥ threshold, at none otherwise.
/// O(refreshes · log n).
public enum Lateness {
    /// The lateness rate over `seen`; `threshold` in trace units.
    public static func rate(_ seen: SeenRefreshes, arcLength: ReferenceArcLength, threshold: Double) -> SideEffectRate {
        var out = SideEffectRate()
        for r in seen.refreshes {
            guard let lag = r.lagMs else { continue }
            let behind = lag > 0 ? arcLength.distance(from: r.time - lag / 1000, to: r.time) : 0
            out.count(behind >= threshold)
        }
        return out
    }
}
