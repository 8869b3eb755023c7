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
public struct LinearPredictor: PredictorStage {
    /// `predict:linear`.
    public static let kind = StageKind.predict
    /// `linear`.
    public static let id = "linear"
    /// One line.
    public static let summary = "constant velocity from the last two samples"
    /// Where it comes from.
    public static let source = "first-order extrapolation (Chromium ui/base/prediction; Nancel et al., UIST 2016)"
    /// Positions and channels only: no derived speed or heading.
    public static let readsKinematics = false

    /// Parameters of ``LinearPredictor``: the drawing horizon.
    public typealias Parameters = HorizonParameters

    /// The validated parameters.
    public let parameters: HorizonParameters
    private let horizon: Double
    private var history = RecentSamples()

    /// Creates the predictor.
    /// - Throws: ``StageParameterError`` when the horizon is outside ``PredictionHorizon/rangeMs``.
    public init(_ parameters: HorizonParameters = HorizonParameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        horizon = parameters.horizonMs / 1000
    }

    /// Forgets the stroke's samples.
    public mutating func reset() { history.reset() }

    /// Records the sample as the newest (see `RecentSamples` for repeated timestamps). O(1).
    public mutating func observe(_ sample: AttributedSample) { history.add(sample) }

    /// Appends one sample at `t₁ + horizon` on the velocity line; nothing with fewer than two times.
    public mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample]) {
        guard horizon > 0, let p = predictedLocation(ahead: horizon, for: event) else { return }
        var s = history.newest
        s.time += horizon
        s.location = p
        predicted.append(s)
    }

    /// `p₁ + v·ahead`, or `nil` with fewer than two distinct timestamps.
    public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? {
        guard let v = history.velocity else { return nil }
        return history.newest.location + v * ahead
    }
}
