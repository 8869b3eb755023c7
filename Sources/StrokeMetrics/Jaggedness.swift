import RealModule
import StrokeCore

/// Geometric jaggedness of a curve, measured on its polyline resampled at a uniform arc-length
/// step Δs (the path is first flattened at a tolerance far below Δs), from the discrete
/// curvature κᵢ = θᵢ/λᵢ of ``DiscreteCurvature``:
///
/// - `bendingEnergy` E = Σ κᵢ² λᵢ (1/units): the discrete elastic energy ∫κ² ds of a thin rod
///   (Euler's elastica; used as a fairness measure in curve design, e.g. Moreton & Séquin
///   1992). A circle of radius r has 2π/r per turn; a corner of angle φ adds about φ²/Δs, so
///   the value depends on Δs, which is recorded with every result.
/// - `curvatureVariation` V = Σ |κᵢ₊₁ − κᵢ| (1/units): total variation of curvature (a
///   polygon alternates between 0 and spikes; a G2 curve changes curvature gradually).
/// - `signChanges` (count): how often the curve switches between turning left and right, i.e.
///   inflections and wiggles.
///
/// Dead band: vertices with |θᵢ| ≤ ε count as straight (κᵢ = 0) in all three sums, so that
/// float noise on a straight line measures exactly nothing — no sign changes, and a zero
/// energy that makes a straight reference's ratio undefined rather than 10⁷:
/// ε = max(10⁻⁹, 4·u·M/Δs) rad, with M the largest coordinate magnitude as given and
/// u = 2⁻⁵² (`Double.ulpOfOne`): the turning that a few ulps of position error over one step can fake.
/// Rounding of the input is the only noise it absorbs (a straight line at 10⁹ measures zero);
/// a real curve keeps its curvature wherever it is (a circle of radius 100 at 10¹² turns
/// 5·10⁻³ rad per 0.5-unit step, above ε ≈ 1.8·10⁻³), and the geometry itself is computed
/// relative to the first vertex so translation changes nothing else.
/// - `kinks` (count): places where the tangent turns by more than θ within an arc-length
///   window w, counted once per place (``KinkCounter``).
///
/// Edge cases: fewer than three resampled vertices (nothing drawn, a dot, a single segment)
/// give zero for every measure. Complexity O(n) in the resampled vertex count.
public struct Jaggedness: Hashable, Sendable {
    /// Σκ²λ (1/units).
    public var bendingEnergy: Double
    /// Σ|Δκ| (1/units).
    public var curvatureVariation: Double
    /// Left/right turning switches (count).
    public var signChanges: Int
    /// Windowed kinks (count).
    public var kinks: Int
    /// Resampled vertices measured.
    public var vertexCount: Int

    /// Measures `polyline` (flattened already) resampled at `step`.
    /// - Parameters:
    ///   - step: Δs in units (> 0).
    ///   - kinkThreshold: θ in radians.
    ///   - kinkWindow: w in units.
    public init(polyline: Polyline, step: Double, kinkThreshold: Double, kinkWindow: Double) {
        // Measured in coordinates relative to the first vertex: curvature does not depend on
        // where the stroke is, and a stroke drawn at 10¹² must not lose its curvature to the
        // dead band (below), which scales with the coordinates' magnitude.
        // The dead band follows the precision of the coordinates as given (their magnitude),
        // the geometry is done in local coordinates.
        var magnitude = 0.0
        for p in polyline.points { magnitude = Swift.max(magnitude, abs(p.x), abs(p.y)) }
        var local = polyline
        if let origin = polyline.points.first {
            for i in local.points.indices {
                local.points[i] = Point(x: local.points[i].x - origin.x, y: local.points[i].y - origin.y)
            }
        }
        let resampled = local.isEmpty ? local : local.resampled(step: step)
        let c = DiscreteCurvature(resampled)
        vertexCount = c.vertices.count
        let deadBand = Swift.max(1e-9, 4 * Double.ulpOfOne * magnitude / step)
        var energy = 0.0, variation = 0.0
        var previous = 0.0
        var changes = 0, lastSign = 0
        for i in c.curvature.indices {
            let theta = c.turning[i]
            let kappa = abs(theta) > deadBand ? c.curvature[i] : 0
            energy += kappa * kappa * c.dualLength[i]
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

    /// Measures a path: flattened at `options.flatteningTolerance`, resampled at
    /// `options.resampleStep`, kinks at `options.kinkThresholdDegrees` within `options.kinkWindow`.
    public init(path: Path, options: MetricOptions) {
        self.init(polyline: path.flattened(tolerance: options.flatteningTolerance), options: options)
    }

    /// Measures a polyline with the options' step and kink parameters.
    public init(polyline: Polyline, options: MetricOptions) {
        self.init(polyline: polyline, step: options.resampleStep,
                  kinkThreshold: options.kinkThresholdDegrees * Double.pi / 180, kinkWindow: options.kinkWindow)
    }
}
