import StrokeCore

/// Where along the reference curve a point lies, searched only within a time window: the
/// projection the lag metric uses to turn a rendered tip into "how long ago the pen was
/// there".
///
/// Searches the reference segments overlapping [`around` − `back`, `around` + `ahead`] for
/// the closest point to `p` (exact point-to-segment distance) and returns it with its time,
/// interpolated along the segment. Windowing is what keeps loops and circles from aliasing:
/// the whole curve passes the same place once per revolution. Among equally close points
/// (a pen resting in place for a while) the one whose time is closest to `around` wins, so
/// a tip at a resting pen has zero lag rather than the length of the rest.
/// O(log n + segments in the window).
public enum ReferenceProjection {
    /// The result of a projection.
    public struct Match: Hashable, Sendable {
        /// Time on the reference of the closest point (s).
        public var time: Double
        /// Distance from the point to it (units): the off-path distance.
        public var distance: Double
    }

    /// Projects `p` onto `reference` near time `around`; `nil` for an empty reference.
    public static func project(_ p: Point, onto reference: ReferenceCurve, around: Double, back: Double,
                               ahead: Double) -> Match? {
        let pts = reference.points
        guard !pts.isEmpty else { return nil }
        if pts.count == 1 { return Match(time: pts[0].time, distance: p.distance(to: pts[0].location)) }
        let first = reference.index(before: around - back)
        let last = Swift.min(reference.index(before: around + ahead) + 1, pts.count - 1)
        var bestD2 = Double.infinity
        var bestTime = pts[first].time
        var i = first
        while i < Swift.max(last, first + 1) && i + 1 < pts.count {
            let a = pts[i], b = pts[i + 1]
            let ab = b.location - a.location, ap = p - a.location
            let len2 = ab.squaredLength
            let u = len2 > 0 ? Swift.min(Swift.max(ap.dot(ab) / len2, 0), 1) : 0
            let dx = ap.dx - u * ab.dx, dy = ap.dy - u * ab.dy
            let d2 = dx * dx + dy * dy
            let t = a.time + u * (b.time - a.time)
            let tie = Swift.max(bestD2.isFinite ? bestD2 : 0, d2) * 1e-12
            if !bestD2.isFinite || d2 < bestD2 - tie || (abs(d2 - bestD2) <= tie && abs(t - around) < abs(bestTime - around)) {
                bestD2 = d2
                bestTime = t
            }
            i += 1
        }
        return Match(time: bestTime, distance: bestD2.squareRoot())
    }
}
