import StrokeCore

/// Discrete curvature of a polyline: the turning angle at each interior vertex divided by
/// the arc length that vertex stands for.
///
/// For vertices q₀…qₙ with edges eⱼ = qⱼ₊₁ − qⱼ of length ℓⱼ, interior vertex i (1 ≤ i < n)
/// has turning angle θᵢ = atan2(eᵢ₋₁ × eᵢ, eᵢ₋₁ · eᵢ) ∈ (−π, π], dual length
/// λᵢ = (ℓᵢ₋₁ + ℓᵢ)/2 (the half-edges on either side, which tile the curve) and curvature
/// κᵢ = θᵢ/λᵢ in 1/units — the standard turning-angle discretisation of discrete
/// differential geometry (e.g. Bobenko & Suris; Crane's "Discrete Differential Geometry").
/// On a circle of radius r resampled at Δs ≪ r, κᵢ → 1/r. Sign: positive turns from +x
/// towards +y.
///
/// Vertices closer than 1e-6 of the mean edge to the previous kept vertex are merged first,
/// so a short closing edge cannot inject float-noise angles; a merged vertex keeps the
/// anchor flag of either. O(n) time and memory.
public struct DiscreteCurvature: Hashable, Sendable {
    /// The vertices kept (near-duplicates merged).
    public var vertices: [Point]
    /// θᵢ for interior vertices, index 0 is vertex 1 (radians).
    public var turning: [Double]
    /// λᵢ for interior vertices (units).
    public var dualLength: [Double]
    /// κᵢ = θᵢ/λᵢ (1/units).
    public var curvature: [Double]
    /// Whether each interior vertex is an anchor (a corner of the drawn path; empty flags
    /// given: none).
    public var isAnchor: [Bool]

    /// Computes the curvature of `polyline` (typically one resampled at a uniform step).
    public init(_ polyline: Polyline) {
        self.init(points: polyline.points, anchors: [])
    }

    /// Computes the curvature of `points`, carrying `anchors` (one flag per point, or empty).
    public init(points pts: [Point], anchors: [Bool]) {
        var kept: [Point] = []
        var keptAnchor: [Bool] = []
        kept.reserveCapacity(pts.count)
        keptAnchor.reserveCapacity(pts.count)
        var length = 0.0
        for i in pts.indices.dropFirst() { length += pts[i - 1].distance(to: pts[i]) }
        let mean = pts.count > 1 ? length / Double(pts.count - 1) : 0
        let minimum = mean * 1e-6
        for (i, p) in pts.enumerated() {
            let anchor = i < anchors.count ? anchors[i] : false
            if let last = kept.last, last.distance(to: p) <= minimum {
                // Keep the true end point: replace rather than drop the final vertex.
                if i == pts.count - 1, kept.count > 1 { kept[kept.count - 1] = p }
                if anchor { keptAnchor[keptAnchor.count - 1] = true }
                continue
            }
            kept.append(p)
            keptAnchor.append(anchor)
        }
        vertices = kept
        let interior = Swift.max(kept.count - 2, 0)
        turning = []
        dualLength = []
        curvature = []
        isAnchor = []
        turning.reserveCapacity(interior)
        dualLength.reserveCapacity(interior)
        curvature.reserveCapacity(interior)
        isAnchor.reserveCapacity(interior)
        guard kept.count >= 3 else { return }
        var previous = kept[1] - kept[0]
        var previousLength = previous.length
        for i in 1..<(kept.count - 1) {
            let edge = kept[i + 1] - kept[i]
            let length = edge.length
            let theta = previous.turningAngle(to: edge)
            let lambda = (previousLength + length) / 2
            turning.append(theta)
            dualLength.append(lambda)
            curvature.append(lambda > 0 ? theta / lambda : 0)
            isAnchor.append(keptAnchor[i])
            previous = edge
            previousLength = length
        }
    }
}
