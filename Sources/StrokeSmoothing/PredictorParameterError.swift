/// A predictor parameter outside its domain, caught when the predictor is constructed.
///
/// The `predict:` stages of ``StageRegistry/standard`` declare the same domains in their
/// ``ParameterSpec``s, so a label never gets this far with a bad value; code that builds
/// predictors directly gets this error instead of a predictor that divides by zero later.
public struct PredictorParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The predictor id, e.g. `kalman`.
    public var predictor: String
    /// The parameter name as used in labels, e.g. `horizon`.
    public var parameter: String
    /// What is wrong, e.g. `must be in 0…200 ms, got -1`.
    public var problem: String

    /// Creates the error.
    public init(predictor: String, parameter: String, problem: String) {
        self.predictor = predictor
        self.parameter = parameter
        self.problem = problem
    }

    /// One line: `predict:kalman: horizon must be in 0…200 ms, got -1`.
    public var description: String { "predict:\(predictor): \(parameter) \(problem)" }

    /// Checks that `value` is finite and inside `range`.
    static func check(_ value: Double, in range: ClosedRange<Double>, unit: String = "",
                      predictor: String, parameter: String) throws(PredictorParameterError) {
        guard value.isFinite, range.contains(value) else {
            let u = unit.isEmpty ? "" : " " + unit
            throw PredictorParameterError(
                predictor: predictor, parameter: parameter,
                problem: "must be in \(ParameterValue.number(range.lowerBound))…\(ParameterValue.number(range.upperBound))\(u), got \(value)")
        }
    }
}

/// The domain every predictor's `horizon` parameter shares, in milliseconds: from nothing
/// to 200 ms (12 frames at 60 Hz), well past any useful prediction.
public enum PredictionHorizon {
    /// Allowed horizons in milliseconds.
    public static let rangeMs: ClosedRange<Double> = 0...200
    /// The default horizon in milliseconds: one 60 Hz frame (16.7 ms), what UIKit predicts.
    public static let defaultMs = 16.7
    /// Spacing of the samples curved predictors emit (quadratic, Kalman): 1/180 s, the
    /// `min_output_rate` of ink-stroke-modeler, fine enough that the drawn prediction looks
    /// curved at 60 Hz.
    public static let sampleInterval = 1.0 / 180
}
