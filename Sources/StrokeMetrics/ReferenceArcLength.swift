import StrokeCore

/// Distance travelled along the pen's path between two times: the reference curve's
/// cumulative arc length, interpolated linearly within a segment as `StrokeCore.ReferenceCurve.position(at:)`
/// interpolates position.
///
/// s(t) = Σ of segment lengths up to the point before t + the fraction of the next segment up
/// to t; ``distance(from:to:)`` = |s(b) − s(a)|. Times outside the curve are clamped to its
/// ends; repeated timestamps never divide by zero (the later point wins, as for position).
/// O(n) to build, O(log n) per query.
public struct ReferenceArcLength: Sendable {
    private let reference: ReferenceCurve
    private let cumulative: [Double]

    /// Prepares `reference`.
    public init(_ reference: ReferenceCurve) {
        self.reference = reference
        var out: [Double] = []
        out.reserveCapacity(reference.points.count)
        var s = 0.0
        for (i, p) in reference.points.enumerated() {
            if i > 0 { s += p.location.distance(to: reference.points[i - 1].location) }
            out.append(s)
        }
        cumulative = out
    }

    /// The arc length s(t) from the curve's start to `time` (0 for an empty curve).
    public func length(at time: Double) -> Double {
        let pts = reference.points
        guard !pts.isEmpty else { return 0 }
        let i = reference.index(before: time)
        guard i + 1 < pts.count else { return cumulative[i] }
        let dt = pts[i + 1].time - pts[i].time
        guard dt > 0 else { return cumulative[i + 1] }
        let u = min(max((time - pts[i].time) / dt, 0), 1)
        return cumulative[i] + u * (cumulative[i + 1] - cumulative[i])
    }

    /// How far the pen travelled between `a` and `b` (either order), along its path.
    public func distance(from a: Double, to b: Double) -> Double { abs(length(at: b) - length(at: a)) }
}
