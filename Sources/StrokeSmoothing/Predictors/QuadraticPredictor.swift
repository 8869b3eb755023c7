import StrokeCore

/// Constant-acceleration extrapolation: the parabola through the last three samples.
///
/// Formula (Newton's divided differences over the three newest samples of distinct times
/// (t₀,p₀), (t₁,p₁), (t₂,p₂)): `d₁ = (p₂ − p₁)/(t₂ − t₁)`, `d₀ = (p₁ − p₀)/(t₁ − t₀)`,
/// `a₂ = (d₁ − d₀)/(t₂ − t₀)` (half the acceleration), and the pen `h` seconds after t₂ is
/// `p₂ + d₁·h + a₂·h·(h + t₂ − t₁)`. Exact for motion with constant acceleration; the
/// second-order predictor of Chromium's `ui/base/prediction` and of Nancel et al. (UIST 2016).
/// It follows curves better than ``LinearPredictor`` and amplifies noise more.
///
/// Edge cases: with two distinct timestamps it falls back to constant velocity, with one it
/// predicts nothing; repeated timestamps never divide by zero (see `RecentSamples`).
/// Output: samples every ``PredictionHorizon/sampleInterval`` up to exactly the horizon, so
/// the drawn prediction is curved; provisional only. O(1) per sample, no allocation.
public struct QuadraticPredictor: PredictorStage {
    /// `predict:quadratic`.
    public static let kind = StageKind.predict
    /// `quadratic`.
    public static let id = "quadratic"
    /// One line.
    public static let summary = "constant acceleration from the last three samples"
    /// Where it comes from.
    public static let source = "second-order extrapolation (Chromium ui/base/prediction; Nancel et al., UIST 2016)"
    /// Positions and channels only: no derived speed or heading.
    public static let readsKinematics = false

    /// Parameters of ``QuadraticPredictor``: the drawing horizon.
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

    /// Appends ⌈horizon·180 Hz⌉ samples of the parabola, the last exactly at the horizon.
    public mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample]) {
        let h = horizon
        guard h > 0, history.count >= 2 else { return }
        let n = Swift.max(1, Int((h / PredictionHorizon.sampleInterval).rounded(.up)))
        for j in 1...n {
            let ahead = h * Double(j) / Double(n)
            guard let p = predictedLocation(ahead: ahead, for: event) else { return }
            var s = history.newest
            s.time += ahead
            s.location = p
            predicted.append(s)
        }
    }

    /// The parabola (or, with two samples, the line) `h` seconds after the newest sample.
    public func predictedLocation(ahead h: Double, for event: TouchEvent) -> Point? {
        guard let d1 = history.velocity else { return nil }
        let p2 = history.newest.location
        guard history.count >= 3 else { return p2 + d1 * h }
        let t2 = history.newest.time, t1 = history.middle.time, t0 = history.older.time
        let d0 = (history.middle.location - history.older.location) / (t1 - t0)
        let a2 = (d1 - d0) / (t2 - t0)
        return p2 + d1 * h + a2 * (h * (h + t2 - t1))
    }
}
