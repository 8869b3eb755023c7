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

    /// The most points ``resampled(step:budget:)`` produces by default: 2¹⁸ = 262,144
    /// (4 MiB of points). A stroke 130,000 units long still resamples at Δs = 0.5 within it
    /// (real strokes are a few thousand); absurd sizes (a stroke 10¹² units long, or a step
    /// of 10⁻³⁰⁰) are bounded by it, and with them every metric that works on the resampled
    /// points.
    public static let defaultResamplingBudget = 1 << 18

    /// The step ``resampled(step:budget:)`` actually uses: `step`, or the smallest larger step
    /// that keeps the output within `budget` points, `length / (budget − 2)`.
    ///
    /// The count is compared as a `Double`, never converted unchecked to `Int`, so any
    /// length and step are safe. Edge cases: a polyline of zero or non-finite length, or a
    /// non-finite `step`, gives `step` unchanged. O(n) (it measures the length).
    /// - Parameters:
    ///   - step: the requested arc-length spacing, in trace units (> 0).
    ///   - budget: the most output points allowed (≥ 3; smaller values count as 3).
    public func resamplingStep(_ step: Double, budget: Int = Polyline.defaultResamplingBudget) -> Double {
        Self.resamplingStep(step, length: length, budget: budget)
    }

    /// ``resamplingStep(_:budget:)`` for a known `length`. O(1).
    @inlinable
    public static func resamplingStep(_ step: Double, length: Double, budget: Int = Polyline.defaultResamplingBudget) -> Double {
        guard length > 0, length.isFinite, step.isFinite else { return step }
        // Output: ⌈length/step⌉ + 1 regular points, plus possibly the end point.
        let interior = Double(Swift.max(budget, 3) - 2)
        return length / step > interior ? length / interior : step
    }

    /// The polyline resampled at uniform arc-length spacing: points at arc length 0, δ, 2δ, …
    /// along the original, plus the original end point when the last regular sample falls
    /// short of it by more than δ·10⁻⁹ (so the end is never lost and the final spacing is in
    /// (0, δ]).
    ///
    /// **Bounded.** δ is `step`, unless that would produce more than `budget` points: then δ
    /// is widened to ``resamplingStep(_:budget:)`` (length / (budget − 2)), so the work and
    /// the memory never exceed `budget` points whatever the coordinates or the step (a
    /// stroke 2·10¹² units long at Δs = 0.5, or Δs = 10⁻³⁰⁰). Callers that must know
    /// the spacing used ask ``resamplingStep(_:budget:)``; callers that must refuse instead
    /// use ``resampled(exactStep:budget:)``.
    ///
    /// Edge cases: an empty polyline gives an empty one; a polyline of zero length gives its
    /// first point alone; a polyline whose length is not finite (coordinates near ±10³⁰⁸)
    /// gives its first and last points. Zero-length segments are skipped, so repeated
    /// vertices never divide by zero. Complexity O(n + min(length/step, budget)).
    /// - Precondition: `step > 0` (NaN is not).
    public func resampled(step: Double, budget: Int = Polyline.defaultResamplingBudget) -> Polyline {
        precondition(step > 0, "resampling step must be positive")
        guard let first = points.first else { return self }
        let total = length
        guard total > 0 else { return Polyline(points: [first]) }
        guard total.isFinite else { return Polyline(points: [first, points[points.count - 1]]) }
        return resampled(spacing: Self.resamplingStep(step, length: total, budget: budget), total: total)
    }

    /// The polyline resampled at exactly `step`, or an error when that would take more than
    /// `budget` points (or the length is not finite). Same output as ``resampled(step:budget:)``
    /// whenever it succeeds. O(n + length/step).
    public func resampled(exactStep step: Double, budget: Int = Polyline.defaultResamplingBudget)
        throws(GeometryBudgetExceeded) -> Polyline
    {
        precondition(step > 0, "resampling step must be positive")
        guard let first = points.first else { return self }
        let total = length
        guard total > 0 else { return Polyline(points: [first]) }
        guard total.isFinite, Self.resamplingStep(step, length: total, budget: budget) == step else {
            throw GeometryBudgetExceeded(what: "resampling", requested: total / step, budget: budget)
        }
        return resampled(spacing: step, total: total)
    }

    /// The resampling itself, `spacing` already within budget and `total` finite and > 0.
    private func resampled(spacing step: Double, total: Double) -> Polyline {
        var out: [Point] = [points[0]]
        // Within budget by construction: total/step ≤ budget − 2, so this conversion is safe.
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
