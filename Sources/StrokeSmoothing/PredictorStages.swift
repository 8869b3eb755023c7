/// The predictors as registered `predict:` stages. Every one takes `horizon` in ms (how far
/// ahead its drawn, provisional prediction reaches); their domains match the validation of
/// each predictor's `Parameters`, so building a stage from a resolved label cannot fail.
///
/// `linear` is both an interpolator and a predictor id: a label must then say which
/// (`interp:linear`, `predict:linear`); the resolver reports the ambiguity by name.
enum PredictorStages {
    static let horizon = ParameterSpec.number(
        "horizon", default: PredictionHorizon.defaultMs, in: PredictionHorizon.rangeMs, unit: "ms",
        help: "how far ahead of the newest sample the drawn prediction reaches")

    static let all: [StageDescriptor] = [
        StageDescriptor(
            kind: .predict, id: "linear", summary: "constant velocity from the last two samples",
            source: "first-order extrapolation (Chromium ui/base/prediction; Nancel et al., UIST 2016)",
            parameters: [horizon],
            make: { p in .predictor(LinearPredictor(build { () throws(PredictorParameterError) in
                try LinearPredictor.Parameters(horizonMs: p.number("horizon")) })) }),
        StageDescriptor(
            kind: .predict, id: "quadratic", summary: "constant acceleration from the last three samples",
            source: "second-order extrapolation (Chromium ui/base/prediction; Nancel et al., UIST 2016)",
            parameters: [horizon],
            make: { p in .predictor(QuadraticPredictor(build { () throws(PredictorParameterError) in
                try QuadraticPredictor.Parameters(horizonMs: p.number("horizon")) })) }),
        StageDescriptor(
            kind: .predict, id: "kalman",
            summary: "per-axis constant-jerk Kalman filter with damped acceleration/jerk and a confidence (ink-stroke-modeler)",
            source: "google/ink-stroke-modeler KalmanPredictor (Apache-2.0)",
            parameters: [
                horizon,
                .number("processNoise", default: 0.66145, in: KalmanPredictor.Parameters.noiseRange, unit: "units²",
                        help: "process-noise variance q per axis (ink's 0.00026458 cm² in points)"),
                .number("measurementNoise", default: 66.145, in: KalmanPredictor.Parameters.noiseRange, unit: "units²",
                        help: "measurement-noise variance r per axis (ink's 0.026458 cm² in points)"),
                .number("accelerationWeight", default: 0.5, in: KalmanPredictor.Parameters.weightRange,
                        help: "factor on the estimated acceleration (smaller = straighter predictions)"),
                .number("jerkWeight", default: 0.1, in: KalmanPredictor.Parameters.weightRange,
                        help: "factor on the estimated jerk"),
                .choice("confidence", ["on", "off"], default: "on",
                        help: "on: ink's confidence shortens the drawn prediction; off: always draw the full horizon"),
            ],
            make: { p in .predictor(KalmanPredictor(build { () throws(PredictorParameterError) in
                try KalmanPredictor.Parameters(
                    horizonMs: p.number("horizon"), processNoise: p.number("processNoise"),
                    measurementNoise: p.number("measurementNoise"),
                    accelerationWeight: p.number("accelerationWeight"), jerkWeight: p.number("jerkWeight"),
                    useConfidence: p.choice("confidence") != "off") })) }),
        StageDescriptor(
            kind: .predict, id: "recorded", summary: "the trace's own predicted samples (UIKit predictedTouches), when recorded",
            source: "seeds 000/002/004, Apple Pencil Tutorial (predicted touches)",
            parameters: [.number("horizon", default: PredictionHorizon.rangeMs.upperBound, in: PredictionHorizon.rangeMs,
                                 unit: "ms", help: "furthest recorded prediction drawn, after the newest sample")],
            make: { p in .predictor(RecordedPredictor(build { () throws(PredictorParameterError) in
                try RecordedPredictor.Parameters(horizonMs: p.number("horizon")) })) }),
    ]

    /// Builds validated parameters from values the stage's ``ParameterSpec``s already checked.
    /// The domains are the same constants, so this cannot fail; if they ever drift apart it
    /// stops with the predictor's own one-line message rather than run a broken predictor.
    private static func build<P>(_ make: () throws(PredictorParameterError) -> P) -> P {
        do { return try make() } catch { preconditionFailure("registry and predictor domains disagree: \(error)") }
    }
}
