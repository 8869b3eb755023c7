import StrokeCore

/// A predictor extrapolates the pen from the samples seen so far, to hide latency (UIKit's
/// predicted touches). Its output is provisional only: drawn on top of the stroke for one
/// event, thrown away at the next event and at the end of the stroke, as Scribble does.
///
/// Conformers are value types with fixed-size state; only the caller's output buffer grows.
public protocol StrokePredictor: Sendable {
    /// Forgets everything about the previous stroke.
    mutating func reset()
    /// Feeds one sample the interpolator received (after filters).
    mutating func observe(_ sample: TouchSample)
    /// Appends this event's predicted samples (times after the last observed sample) to
    /// `predicted`. Called once per non-terminal event, after its samples were observed.
    mutating func appendPrediction(for event: TouchEvent, to predicted: inout [TouchSample])
    /// Where the predictor puts the pen `ahead` seconds after the last observed sample, or
    /// `nil` when it cannot say (too few samples; recorded predictions that do not reach).
    /// Used to measure prediction error at fixed horizons, independent of the predictor's
    /// own drawing horizon.
    func predictedLocation(ahead: Double, for event: TouchEvent) -> Point?
}

/// The predictor that predicts nothing: what a pipeline without a `predict:` stage runs.
public struct NoPredictor: StrokePredictor {
    /// Creates the empty predictor.
    public init() {}
    /// Nothing to forget.
    @inlinable public mutating func reset() {}
    /// Ignores the sample.
    @inlinable public mutating func observe(_ sample: TouchSample) {}
    /// Predicts nothing.
    @inlinable public mutating func appendPrediction(for event: TouchEvent, to predicted: inout [TouchSample]) {}
    /// Always `nil`.
    @inlinable public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? { nil }
}
