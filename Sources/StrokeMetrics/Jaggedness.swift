import RealModule
import StrokeCore

/// Geometric jaggedness of a curve at arc-length scale Δs, from the discrete curvature
/// κᵢ = θᵢ/λᵢ (``DiscreteCurvature``) of the curve resampled at Δs.
///
/// The curve is a ``FineCurve`` (``InkGeometry``): ink with its curves cut into chords of at
/// most Δs/4 and its lines as drawn, or a reference joined by a smooth interpolant. It is
/// resampled into ⌈D/Δs⌉ equal steps between its corners (``CurveResampling/anchored(_:step:)``),
/// so a corner of the drawn path is always a resampled vertex. Then:
///
/// - `bendingEnergy` E = Σ κᵢ² λᵢ = Σ θᵢ²/λᵢ (1/units): the discrete elastic energy ∫κ² ds
///   of a thin rod (Euler's elastica; a fairness measure in curve design, e.g. Moreton &
///   Séquin 1992). It converges to ∫κ² ds for smooth curves (a circle of radius r: 2π/r per
///   turn, whatever its chord length in the input), and a *corner* of angle φ (a join of two
///   drawn elements, each at least Δs long, whose tangents differ) adds exactly φ²/Δs: its
///   turning is taken as spread over one step Δs wherever the grid falls (λ := Δs at corners).
///   Corners closer together than Δs, such as a polygon through samples less than Δs apart,
///   are resampled like any curve and measured at scale Δs. The value depends on Δs, which is
///   reported with every result (`jaggedness.step`).
/// - `curvatureVariation` V = Σ |κᵢ₊₁ − κᵢ| (1/units): total variation of curvature (a
///   polygon alternates between 0 and spikes; a G2 curve changes curvature gradually).
/// - `signChanges` (count): how often the curve switches between turning left and right, i.e.
///   inflections and wiggles.
/// - `kinks` (count): places where the tangent turns by more than θ within an arc-length
///   window w, counted once per place (``KinkCounter``, on the actual dual lengths).
///
/// Dead band: vertices with |θᵢ| ≤ ε count as straight (κᵢ = 0) in all three sums, so that
/// float noise on a straight line measures exactly nothing — no sign changes, and a zero
/// energy that makes a straight reference's ratio undefined rather than 10⁷:
/// ε = max(10⁻⁹, 4·u·M/Δs) rad, with M the largest coordinate magnitude as given and
/// u = 2⁻⁵² (`Double.ulpOfOne`). The geometry itself is computed relative to the first vertex,
/// so translation changes nothing else.
///
/// Edge cases: fewer than three resampled vertices (nothing drawn, a dot, a single segment)
/// give zero for every measure. Complexity O(n) in the fine and resampled vertex counts.
public struct Jaggedness: Hashable, Sendable {
    /// Σθ²/λ (1/units).
    public var bendingEnergy: Double
    /// Σ|Δκ| (1/units).
    public var curvatureVariation: Double
    /// Left/right turning switches (count).
    public var signChanges: Int
    /// Windowed kinks (count).
    public var kinks: Int
    /// Resampled vertices measured.
    public var vertexCount: Int
    /// The step Δs measured at (units).
    public var step: Double

    /// Measures `curve` at `step`.
    /// - Parameters:
    ///   - curve: the curve measured.
    ///   - step: Δs in units (> 0).
    ///   - kinkThreshold: θ in radians.
    ///   - kinkWindow: w in units.
    public init(curve: FineCurve, step: Double, kinkThreshold: Double, kinkWindow: Double) {
        self.step = step
        var magnitude = 0.0
        for p in curve.points { magnitude = Swift.max(magnitude, abs(p.x), abs(p.y)) }
        var local = curve
        if let origin = curve.points.first {
            for i in local.points.indices {
                local.points[i] = Point(x: local.points[i].x - origin.x, y: local.points[i].y - origin.y)
            }
        }
        let resampled = CurveResampling.anchored(local, step: step)
        let c = DiscreteCurvature(points: resampled.points, anchors: resampled.isAnchor)
        vertexCount = c.vertices.count
        let deadBand = Swift.max(1e-9, 4 * Double.ulpOfOne * magnitude / step)
        var energy = 0.0, variation = 0.0
        var previous = 0.0
        var changes = 0, lastSign = 0
        for i in c.turning.indices {
            let theta = c.turning[i]
            let lambda = c.isAnchor[i] ? step : c.dualLength[i]
            let kappa = abs(theta) > deadBand && lambda > 0 ? theta / lambda : 0
            energy += kappa * kappa * lambda
            if i > 0 { variation += abs(kappa - previous) }
            previous = kappa
            if kappa != 0 {
                let sign = theta > 0 ? 1 : -1
                if lastSign != 0 && sign != lastSign { changes += 1 }
                lastSign = sign
            }
        }
        bendingEnergy = energy
        curvatureVariation = variation
        signChanges = changes
        kinks = KinkCounter.count(turning: c.turning, dualLength: c.dualLength,
                                  threshold: kinkThreshold, window: kinkWindow)
    }

    /// Measures `polyline` as drawn ink: straight segments, with corners where two segments
    /// at least Δs long meet.
    public init(polyline: Polyline, step: Double, kinkThreshold: Double, kinkWindow: Double) {
        var path = Path()
        for (i, p) in polyline.points.enumerated() {
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        self.init(curve: InkGeometry.fineCurve(path: path, step: step, tolerance: 1), step: step,
                  kinkThreshold: kinkThreshold, kinkWindow: kinkWindow)
    }

    /// Measures a path (ink) with the options' step, tolerance and kink parameters; the step is
    /// coarsened for paths longer than `maximumResampledPoints` (2¹⁸) steps (``InkGeometry/step(forLength:options:)``).
    public init(path: Path, options: MetricOptions) {
        let step = InkGeometry.step(forLength: InkGeometry.lengthBound(of: path), options: options)
        self.init(curve: InkGeometry.fineCurve(path: path, step: step, tolerance: options.flatteningTolerance),
                  step: step, kinkThreshold: options.kinkThresholdDegrees * Double.pi / 180, kinkWindow: options.kinkWindow)
    }

    /// Measures a polyline (as drawn ink) with the options' step and kink parameters.
    public init(polyline: Polyline, options: MetricOptions) {
        let step = InkGeometry.step(forLength: polyline.length, options: options)
        self.init(polyline: polyline, step: step,
                  kinkThreshold: options.kinkThresholdDegrees * Double.pi / 180, kinkWindow: options.kinkWindow)
    }

    /// Measures the pen's path through `reference` (a smooth interpolant, ``InkGeometry``) at
    /// `step` with the options' kink parameters.
    public init(reference: ReferenceCurve, gaps: ReferenceGaps = ReferenceGaps(), step: Double, options: MetricOptions) {
        self.init(curve: InkGeometry.fineCurve(reference: reference, gaps: gaps, step: step), step: step,
                  kinkThreshold: options.kinkThresholdDegrees * Double.pi / 180, kinkWindow: options.kinkWindow)
    }
}
