import StrokeCore

/// Where along the pen's path a rendered tip lies: the match the lag metric turns into "how
/// long ago the pen was there".
///
/// The reference is searched only between times `low` and `high` (``Lag`` sets them: the
/// display time's search window, never before the previous refresh's match, never past the
/// shown frame's newest sample for a pipeline that does not predict, never across a
/// recording gap). Within that span:
///
/// 1. every reference segment (clipped to the span) gives its closest point to the tip and
///    that point's time, interpolated along the segment;
/// 2. the candidates are the local minima of that distance along the path — one per pass of
///    the pen near the tip — whose distance is within `tolerance` of the smallest
///    (``MetricOptions/lagMatchTolerance``);
/// 3. the pen's position at `anchor` (the shown frame's newest sample time) is a candidate too
///    when within ``tieFraction`` of the tolerance of the smallest distance, or within the
///    tolerance while the pen rests there (it moved less than the tolerance over the
///    ``restWindow`` before it); among the candidates the latest at or before `anchor` wins,
///    or, when all lie after it (a prediction ahead of the pen), the earliest.
///
/// Why: where the pen rests, retraces or hooks, several times fit the tip about equally well,
/// and sub-pixel jitter decides which is closest. Matching the pass of the newest sample the
/// pipeline has seen ties the tip to what it was drawn from: a resting pen's ink keeps the
/// lag it had when the pen stopped (the display latency and the sample's age) instead of
/// jumping to the window's limit, and a retrace matches its own pass. A distinct pass farther
/// than the tolerance never competes. The newest sample's place wins a near tie only on a
/// moving pen: a tip more than a tenth of the tolerance behind (or ahead of) where the newest
/// sample lies is matched where it lies, so its lag is resolved (before, a tip up to the whole
/// tolerance away read as showing the newest sample: 0.5 units, 1.25 ms at 400 units/s and
/// 5 ms at 100 units/s, went unseen; now 0.05 units, 0.125 ms and 0.5 ms). A pen that moved
/// less than the tolerance over ``restWindow`` (slower than 10 units/s at the default 0.5)
/// rests, and keeps the whole tolerance. O(segments in the span + log n).
public enum LagMatcher {
    /// How long the pen must have moved less than the tolerance, before the newest sample, to
    /// be resting there (s): 50 ms, three refreshes at 60 Hz — longer than the gap between two
    /// samples of any digitiser StrokeLab reads, so a moving pen always moves within it.
    public static let restWindow = 0.05

    /// The fraction of the tolerance within which the newest sample's place wins a tie on a
    /// moving pen (0.1): above the noise of a pen that has just stopped (with 0.05 units of
    /// jitter its tip and its newest sample's place differ by ~0.02 units more than the closest
    /// place: `LagRealDataTests`), below the lag worth resolving.
    public static let tieFraction = 0.1

    /// The result of a match.
    public struct Match: Hashable, Sendable {
        /// Time on the reference of the matched point (s).
        public var time: Double
        /// Distance from the tip to it (units): the off-path distance.
        public var distance: Double
    }

    /// Matches `tip` on `reference` within [`low`, `high`] (see the type's documentation);
    /// `nil` for an empty reference. `scratch` is reused between calls to avoid allocating.
    public static func match(_ tip: Point, on reference: ReferenceCurve, low: Double, high: Double, anchor: Double,
                             tolerance: Double, scratch: inout [(distance: Double, time: Double)]) -> Match? {
        let pts = reference.points
        guard !pts.isEmpty else { return nil }
        let low = Swift.min(low, high)
        if pts.count == 1 { return Match(time: pts[0].time, distance: tip.distance(to: pts[0].location)) }
        let first = reference.index(before: low)
        let last = Swift.min(reference.index(before: high), pts.count - 2)
        scratch.removeAll(keepingCapacity: true)
        var j = Swift.min(first, pts.count - 2)
        while j <= Swift.max(last, j) && j + 1 < pts.count {
            let a = pts[j], b = pts[j + 1]
            let duration = b.time - a.time
            // The part of the segment within [low, high], as parameters u0…u1.
            var u0 = 0.0, u1 = 1.0
            if duration > 0 {
                u0 = Swift.min(Swift.max((low - a.time) / duration, 0), 1)
                u1 = Swift.min(Swift.max((high - a.time) / duration, 0), 1)
            }
            let ab = b.location - a.location, ap = tip - a.location
            let len2 = ab.squaredLength
            let u = Swift.min(Swift.max(len2 > 0 ? ap.dot(ab) / len2 : 0, u0), u1)
            let dx = ap.dx - u * ab.dx, dy = ap.dy - u * ab.dy
            scratch.append(((dx * dx + dy * dy).squareRoot(), a.time + u * duration))
            if j >= last { break }
            j += 1
        }
        guard !scratch.isEmpty else {
            let p = reference.position(at: low)
            return Match(time: low, distance: tip.distance(to: p))
        }
        var smallest = Double.infinity
        for c in scratch { smallest = Swift.min(smallest, c.distance) }
        let limit = smallest + tolerance
        var latestBefore: Match? = nil
        var earliestAfter: Match? = nil
        let n = scratch.count
        for k in 0..<n {
            let d = scratch[k].distance
            guard d <= limit else { continue }
            if k > 0 && scratch[k - 1].distance < d { continue }
            if k + 1 < n && scratch[k + 1].distance < d { continue }
            let t = scratch[k].time
            if t <= anchor + 1e-9 {
                if latestBefore == nil || t >= latestBefore!.time { latestBefore = Match(time: t, distance: d) }
            } else if earliestAfter == nil {
                earliestAfter = Match(time: t, distance: d)
            }
        }
        // The newest sample's own place: the latest time a tip at the pen's newest position can
        // stand for.
        if anchor >= low && anchor <= high {
            let p = reference.position(at: anchor)
            let d = tip.distance(to: p)
            let rests = p.distance(to: reference.position(at: anchor - restWindow)) < Swift.max(tolerance, 1e-9)
            if d <= smallest + tolerance * tieFraction || (d <= limit && rests) {
                return Match(time: anchor, distance: d)
            }
        }
        if let m = latestBefore ?? earliestAfter { return m }
        // Unreachable in exact arithmetic (the global minimum is a local minimum); kept for NaN.
        let k = scratch.firstIndex { $0.distance == smallest } ?? 0
        return Match(time: scratch[k].time, distance: scratch[k].distance)
    }
}
