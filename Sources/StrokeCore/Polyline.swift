/// A sequence of points joined by straight segments: what curves are flattened into and
/// what metrics measure.
public struct Polyline: Hashable, Sendable {
    /// The vertices in order. Consecutive duplicates are allowed (zero-length segments).
    public var points: [Point]

    /// Creates a polyline.
    @inlinable
    public init(points: [Point]) { self.points = points }

    /// Number of vertices.
    @inlinable public var count: Int { points.count }
    /// True when there are no vertices.
    @inlinable public var isEmpty: Bool { points.isEmpty }

    /// Total length Σ‖pᵢ₊₁ − pᵢ‖ in trace units; 0 for fewer than two vertices. O(n).
    public var length: Double {
        var total = 0.0
        var i = 1
        while i < points.count {
            total += points[i - 1].distance(to: points[i])
            i += 1
        }
        return total
    }

    /// Arc length at each vertex: `s₀ = 0`, `sᵢ = sᵢ₋₁ + ‖pᵢ − pᵢ₋₁‖`. O(n).
    public var cumulativeLengths: [Double] {
        var s: [Double] = []
        s.reserveCapacity(points.count)
        var total = 0.0
        for i in points.indices {
            if i > 0 { total += points[i - 1].distance(to: points[i]) }
            s.append(total)
        }
        return s
    }

    /// The polyline resampled at uniform arc-length spacing `step`: points at arc length
    /// 0, step, 2·step, … along the original, plus the original end point when the last
    /// regular sample falls short of it by more than `step`·1e-9 (so the end is never lost
    /// and the final spacing is in (0, step]).
    ///
    /// Edge cases: an empty polyline gives an empty one; a polyline of zero length gives its
    /// first point alone. Zero-length segments are skipped, so repeated vertices never
    /// divide by zero. Complexity O(n + length/step).
    /// - Precondition: `step > 0`.
    public func resampled(step: Double) -> Polyline {
        precondition(step > 0, "resampling step must be positive")
        guard let first = points.first else { return self }
        var out: [Point] = [first]
        let total = length
        guard total > 0 else { return Polyline(points: out) }
        out.reserveCapacity(Int((total / step).rounded(.up)) + 2)
        var k = 1                // index of the next output point, at arc length k·step
        var next = step          // k·step, recomputed (not accumulated) so it never drifts
        var s0 = 0.0             // arc length at the start of segment i−1 → i
        var i = 1
        while i < points.count {
            let a = points[i - 1], b = points[i]
            let segment = a.distance(to: b)
            if segment > 0 {
                let s1 = s0 + segment
                while next <= s1 {
                    out.append(a.interpolated(to: b, by: (next - s0) / segment))
                    k += 1
                    next = Double(k) * step
                }
                s0 = s1
            }
            i += 1
        }
        let last = points[points.count - 1]
        if total - Double(k - 1) * step > step * 1e-9 { out.append(last) }
        return Polyline(points: out)
    }

    /// The point at arc length `s` (clamped to [0, length]). O(n).
    public func point(atArcLength s: Double) -> Point? {
        guard var previous = points.first else { return nil }
        var walked = 0.0
        for p in points.dropFirst() {
            let d = previous.distance(to: p)
            if d > 0, walked + d >= s {
                return previous.interpolated(to: p, by: Swift.max(0, s - walked) / d)
            }
            walked += d
            previous = p
        }
        return previous
    }
}
