/// A constant-jerk Kalman filter for one coordinate axis, with a unit time step per
/// observation: a port of ink-stroke-modeler's `AxisPredictor` + `KalmanFilter`
/// (google/ink-stroke-modeler, Apache-2.0, © 2022 Google LLC).
///
/// State x = (position, velocity, acceleration, jerk), in units per *sample* (the filter is
/// not time-aware; ``KalmanPredictor`` rescales by the observed sample interval).
/// - Transition F: `p' = p + v + a/2 + j/6`, `v' = v + a + j/2`, `a' = a + j`, `j' = j`.
/// - Process noise Q = q·g·gᵀ with g = (1/6, 1/2, 1, 1): a random force on the pen.
/// - Measurement H = (1, 0, 0, 0) (position only), noise variance r.
/// - First observation: sets the position, nothing else (P stays the identity).
/// - Later: predict (x = F·x, P = F·P·Fᵀ + Q), then update with the Joseph form
///   K = P·Hᵀ/(H·P·Hᵀ + r), x += K·(z − H·x), P = (I − K·H)·P·(I − K·H)ᵀ + K·r·Kᵀ.
/// - Stable after `minStableIteration` observations.
///
/// Units: q and r are variances in (trace units)²; their defaults in ``KalmanPredictor`` are
/// ink's test-suite values (given in cm²) scaled to points (×50²). O(1) per observation,
/// no allocation.
public struct AxisKalmanFilter: Hashable, Sendable {
    /// The estimated state (position, velocity, acceleration, jerk) in units per sample^k.
    public private(set) var state: SIMD4<Double> = .zero
    /// Observations since the last reset.
    public private(set) var iterations = 0
    /// Observations needed before ``isStable``.
    public let minStableIteration: Int

    private var covariance = Matrix4.identity
    private let transition: Matrix4
    private let processNoise: Matrix4
    private let measurementNoise: Double

    /// Creates the filter.
    /// - Parameters:
    ///   - processNoise: q, variance of the random force (units²), > 0.
    ///   - measurementNoise: r, variance of a position measurement (units²), > 0.
    ///   - minStableIteration: observations before the estimate is trusted (≥ 1).
    public init(processNoise: Double, measurementNoise: Double, minStableIteration: Int) {
        transition = Matrix4(SIMD4(1, 1, 0.5, 1.0 / 6), SIMD4(0, 1, 1, 0.5), SIMD4(0, 0, 1, 1), SIMD4(0, 0, 0, 1))
        let g = SIMD4<Double>(1.0 / 6, 0.5, 1, 1)
        self.processNoise = Matrix4.outer(g, g) * processNoise
        self.measurementNoise = measurementNoise
        self.minStableIteration = minStableIteration
    }

    /// True once ``iterations`` ≥ ``minStableIteration``.
    public var isStable: Bool { iterations >= minStableIteration }

    /// Forgets the stroke: zero state, identity covariance.
    public mutating func reset() {
        state = .zero
        covariance = .identity
        iterations = 0
    }

    /// Feeds one position observation.
    public mutating func update(_ observation: Double) {
        defer { iterations += 1 }
        if iterations == 0 {
            state[0] = observation
            return
        }
        state = transition * state
        covariance = transition * covariance * transition.transposed + processNoise
        // H = e₀, so H·x = x₀, P·Hᵀ is P's first column and H·P·Hᵀ = P₀₀.
        let column = SIMD4(covariance.rows.0[0], covariance.rows.1[0], covariance.rows.2[0], covariance.rows.3[0])
        let s = column[0] + measurementNoise
        let gain = column / s
        state += gain * (observation - state[0])
        let ikh = Matrix4.identity - Matrix4.outer(gain, SIMD4(1, 0, 0, 0))
        covariance = ikh * covariance * ikh.transposed + Matrix4.outer(gain, gain) * measurementNoise
    }
}
