import StrokeCore

/// Speed and curvature along a stroke, for figure (g).
///
/// Computed from timed points (a stroke's coalesced samples or its reference curve):
/// - arc length `s_i` = cumulative distance along the points;
/// - speed at point i = `|p_{i+1} − p_{i−1}| / (t_{i+1} − t_{i−1})` (central difference;
///   one-sided at the ends), in units per second; NaN where the time step is zero (repeated
///   timestamps are legal and must not divide by zero), so gnuplot leaves a gap;
/// - curvature at interior point i = signed Menger curvature of (p_{i−1}, p_i, p_{i+1}):
///   `κ = 2 · cross(b − a, c − b) / (|b − a| · |c − b| · |c − a|)`, in 1/units, positive when
///   the path turns clockwise on screen (y down); NaN where two of the points coincide.
/// O(n). Raw samples give noisy curvature (it amplifies position noise by 1/Δs²); pass a
/// reference curve or resampled points for a clean profile.
public struct StrokeProfile: Hashable, Sendable {
    /// Arc length at each point, from 0, in trace units.
    public var arcLength: [Double]
    /// Time at each point, seconds.
    public var time: [Double]
    /// Speed at each point, units per second (NaN where undefined).
    public var speed: [Double]
    /// Signed curvature at each point, 1/units (NaN at the ends and where undefined).
    public var curvature: [Double]

    /// Computes the profile of `points` (in time order).
    public init(points: [TimedPoint]) {
        let n = points.count
        var s = [Double](repeating: 0, count: n)
        for i in stride(from: 1, to: n, by: 1) {
            s[i] = s[i - 1] + points[i].location.distance(to: points[i - 1].location)
        }
        var v = [Double](repeating: .nan, count: n)
        var k = [Double](repeating: .nan, count: n)
        if n >= 2 {
            for i in 0..<n {
                let a = max(i - 1, 0), b = min(i + 1, n - 1)
                let dt = points[b].time - points[a].time
                if dt > 0 { v[i] = points[b].location.distance(to: points[a].location) / dt }
            }
        }
        if n >= 3 {
            for i in 1..<(n - 1) {
                let a = points[i - 1].location, b = points[i].location, c = points[i + 1].location
                let ab = b - a, bc = c - b
                let denominator = ab.length * bc.length * (c - a).length
                if denominator > 0 { k[i] = 2 * (ab.dx * bc.dy - ab.dy * bc.dx) / denominator }
            }
        }
        arcLength = s
        time = points.map(\.time)
        speed = v
        curvature = k
    }

    /// The profile of a stroke's coalesced samples.
    public init(samplesOf stroke: Stroke) {
        self.init(points: stroke.samples.map { TimedPoint(time: $0.time, location: $0.location) })
    }
}
