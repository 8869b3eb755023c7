import StrokeCore

/// Constant-velocity extrapolation: the pen keeps the velocity of its last two samples.
///
/// Formula: with the two newest samples (t₀, p₀), (t₁, p₁) of distinct times,
/// `v = (p₁ − p₀) / (t₁ − t₀)` and the pen `h` seconds after t₁ is `p₁ + v·h`. Exact for a
/// straight line at constant speed; on a curve it overshoots outwards along the tangent.
/// This is the "velocity" predictor of Chromium's `ui/base/prediction` (linear_predictor,
/// first order) and the simplest of the predictors surveyed by Nancel et al. (UIST 2016).
///
/// Edge cases: fewer than two distinct timestamps → no prediction (`nil`, nothing drawn);
/// repeated timestamps never divide by zero (see `RecentSamples`). Output is provisional:
/// one predicted sample at `t₁ + horizon` per event (a straight segment needs no more), which
/// the pipeline throws away at the next event and at the end of the stroke.
/// O(1) per sample, no allocation.
public struct LinearPredictor: StrokePredictor {
    /// Parameters of ``LinearPredictor``.
    public struct Parameters: Hashable, Sendable {
        /// How far ahead the drawn prediction reaches, in seconds.
        public var horizon: Double

        /// Validates the parameters.
        /// - Parameter horizonMs: drawing horizon in milliseconds, in ``PredictionHorizon/rangeMs``
        ///   (default one 60 Hz frame, 16.7 ms).
        /// - Throws: ``PredictorParameterError`` when the horizon is outside its range or not finite.
        public init(horizonMs: Double = PredictionHorizon.defaultMs) throws(PredictorParameterError) {
            try PredictorParameterError.check(horizonMs, in: PredictionHorizon.rangeMs, unit: "ms",
                                              predictor: "linear", parameter: "horizon")
            horizon = horizonMs / 1000
        }
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var history = RecentSamples()

    /// Creates the predictor.
    public init(_ parameters: Parameters) { self.parameters = parameters }

    /// Forgets the stroke's samples.
    public mutating func reset() { history.reset() }

    /// Records the sample as the newest (see `RecentSamples` for repeated timestamps). O(1).
    public mutating func observe(_ sample: TouchSample) { history.add(sample) }

    /// Appends one sample at `t₁ + horizon` on the velocity line; nothing with fewer than two times.
    public mutating func appendPrediction(for event: TouchEvent, to predicted: inout [TouchSample]) {
        guard parameters.horizon > 0, let p = predictedLocation(ahead: parameters.horizon, for: event) else { return }
        var s = history.newest
        s.time += parameters.horizon
        s.location = p
        predicted.append(s)
    }

    /// `p₁ + v·ahead`, or `nil` with fewer than two distinct timestamps.
    public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? {
        guard let v = history.velocity else { return nil }
        return history.newest.location + v * ahead
    }
}
