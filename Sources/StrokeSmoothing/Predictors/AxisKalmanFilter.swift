/// A constant-jerk Kalman filter for one coordinate axis, with a unit time step per
/// observation: a port of ink-stroke-modeler's `AxisPredictor` + `KalmanFilter`
/// (google/ink-stroke-modeler, Apache-2.0, © 2022 Google LLC).
///
/// State x = (position, velocity, acceleration, jerk), in units per *sample* (the filter is
/// not time-aware; ``KalmanPredictor`` rescales by the observed sample interval).
/// - Transition F: `p' = p + v + a/2 + j/6`, `v' = v + a + j/2`, `a' = a + j`, `j' = j`.
/// - Process noise Q = q·g·gᵀ with g = (1/6, 1/2, 1, 1): a random force on the pen.
/// - Measurement H = (1, 0, 0, 0) (position only), noise variance r.
/// - First observation: sets the position, nothing else (P stays v·I, ink's identity at v = 1).
/// - Later: predict (x = F·x, P = F·P·Fᵀ + Q), then update: K = P·Hᵀ/(H·P·Hᵀ + r),
///   x += K·(z − H·x), P = (I − K·H)·P·(I − K·H)ᵀ + K·r·Kᵀ (ink's Joseph form, computed as
///   the equal P − (P·Hᵀ)(P·Hᵀ)ᵀ/(H·P·Hᵀ + r)).
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

    private var covariance: Matrix4
    private let initialCovariance: Matrix4
    private let processNoise: Matrix4
    private let measurementNoise: Double

    /// Creates the filter.
    /// - Parameters:
    ///   - processNoise: q, variance of the random force (units²), > 0.
    ///   - measurementNoise: r, variance of a position measurement (units²), > 0.
    ///   - minStableIteration: observations before the estimate is trusted (≥ 1).
    ///   - initialVariance: v, the covariance v·I the state starts from (units², > 0; ink's
    ///     identity is v = 1 in the units its noises are stated in).
    public init(processNoise: Double, measurementNoise: Double, minStableIteration: Int, initialVariance: Double = 1) {
        initialCovariance = initialVariance == 1 ? .identity : Matrix4.identity * initialVariance
        covariance = initialCovariance
        let g = SIMD4<Double>(1.0 / 6, 0.5, 1, 1)
        self.processNoise = Matrix4.outer(g, g) * processNoise
        self.measurementNoise = measurementNoise
        self.minStableIteration = minStableIteration
    }

    /// True once ``iterations`` ≥ ``minStableIteration``.
    public var isStable: Bool { iterations >= minStableIteration }

    /// Forgets the stroke: zero state, the initial covariance.
    public mutating func reset() {
        state = .zero
        covariance = initialCovariance
        iterations = 0
    }

    /// Feeds one position observation.
    public mutating func update(_ observation: Double) {
        defer { iterations += 1 }
        if iterations == 0 {
            state[0] = observation
            return
        }
        state = Self.propagate(state)
        covariance = Self.propagate(covariance) + processNoise
        // H = e₀, so H·x = x₀, c = P·Hᵀ is P's first column and H·P·Hᵀ = P₀₀.
        let column = SIMD4(covariance.rows.0[0], covariance.rows.1[0], covariance.rows.2[0], covariance.rows.3[0])
        let s = column[0] + measurementNoise
        let gain = column / s
        state += gain * (observation - state[0])
        // ink's Joseph form (I − K·H)·P·(I − K·H)ᵀ + K·r·Kᵀ equals P − c·cᵀ/s exactly for
        // this (optimal) gain and a symmetric P; the short form is four times cheaper and
        // agrees with ink's vectors to 1e-12.
        covariance = covariance - Matrix4.outer(column, column) * (1 / s)
    }

    /// Feeds one observation to each of two filters made with the same parameters that have
    /// seen equally many observations (``KalmanPredictor``'s x and y): the covariance and gain
    /// do not depend on the observations, so they are computed once and shared — the same
    /// values, operation for operation, as `a.update(za)` and `b.update(zb)`, at about half
    /// the cost. O(1), no allocation.
    static func update(_ a: inout AxisKalmanFilter, _ za: Double, _ b: inout AxisKalmanFilter, _ zb: Double) {
        assert(a.iterations == b.iterations && a.covariance == b.covariance && a.processNoise == b.processNoise
               && a.measurementNoise == b.measurementNoise, "filters in step")
        defer { a.iterations += 1; b.iterations += 1 }
        if a.iterations == 0 {
            a.state[0] = za
            b.state[0] = zb
            return
        }
        a.state = propagate(a.state)
        b.state = propagate(b.state)
        let covariance = propagate(a.covariance) + a.processNoise
        let column = SIMD4(covariance.rows.0[0], covariance.rows.1[0], covariance.rows.2[0], covariance.rows.3[0])
        let s = column[0] + a.measurementNoise
        let gain = column / s
        a.state += gain * (za - a.state[0])
        b.state += gain * (zb - b.state[0])
        let next = covariance - Matrix4.outer(column, column) * (1 / s)
        a.covariance = next
        b.covariance = next
    }

    /// F·x for the constant-jerk transition with unit step, written out (F is sparse).
    @inline(__always)
    static func propagate(_ x: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(x[0] + x[1] + 0.5 * x[2] + x[3] / 6, x[1] + x[2] + 0.5 * x[3], x[2] + x[3], x[3])
    }

    /// F·P·Fᵀ, written out: rows of F·P, then each row through F again (P is symmetric).
    @inline(__always)
    static func propagate(_ p: Matrix4) -> Matrix4 {
        let (p0, p1, p2, p3) = p.rows
        let fp = Matrix4(p0 + p1 + 0.5 * p2 + p3 / 6, p1 + p2 + 0.5 * p3, p2 + p3, p3)
        return Matrix4(propagate(fp.rows.0), propagate(fp.rows.1), propagate(fp.rows.2), propagate(fp.rows.3))
    }
}
