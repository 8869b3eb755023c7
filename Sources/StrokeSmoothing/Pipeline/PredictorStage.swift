import StrokeCore

/// A predictor (`predict:`) extrapolates the pen from the samples the curve builder received,
/// to hide latency (UIKit's predicted touches). Its output is provisional only: drawn from the
/// tip of the committed and provisional ink for one event, thrown away at the next event and
/// at the end of the stroke, as Scribble does.
///
/// Conformers are value types with fixed-size state; only the caller's output buffer grows.
public protocol PredictorStage: PipelineStage {
    /// Forgets everything about the previous stroke.
    mutating func reset()
    /// Feeds one sample the curve builder received (after filters).
    mutating func observe(_ sample: AttributedSample)
    /// Appends this event's predicted samples (times after the last observed sample) to
    /// `predicted`. Called once per non-terminal event, after its samples were observed;
    /// `tip` is where the drawn ink ends (committed + provisional), `nil` before any ink.
    mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample])
    /// Where the predictor puts the pen `ahead` seconds after the last observed sample, or
    /// `nil` when it cannot say (too few samples; recorded predictions that do not reach).
    /// Used to measure prediction error at fixed horizons, independent of the drawing horizon.
    func predictedLocation(ahead: Double, for event: TouchEvent) -> Point?
    /// Observes one event's samples in order (dispatched once per event; specialised loop).
    mutating func observe(_ samples: [AttributedSample])
    /// The filter (`kind:id`) whose state this predictor reads, which must then be the
    /// pipeline's last filter, or `nil` (the default: the predictor reads samples only).
    /// ink-stroke-modeler's predictors predict from its modeler's state and inputs rather than
    /// from the modeled points (`predict:ink-kalman`, `predict:stroke-end` need
    /// `filter:ink-modeler`); labels that break the rule are rejected when resolved.
    static var requiredFilter: String? { get }
    /// Called once per event, after the filters ran and the event's samples were observed,
    /// with the pipeline's last filter, when ``requiredFilter`` is set (also at the terminal
    /// event and when the filters emitted nothing). The filter is passed `inout` only so that
    /// it can be read in place (a copy of a modeler's state costs more than the read): the
    /// predictor must not change it. The default does nothing.
    mutating func observe(lastFilter: inout any FilterStage)
    /// ``observe(lastFilter:)`` for a caller that holds the filter with its type known (a
    /// generic or concrete value): no existential box is opened for the call. The same
    /// contract; the default passes the filter through an existential to
    /// ``observe(lastFilter:)`` when ``requiredFilter`` is set, and does nothing otherwise.
    mutating func observe<F: FilterStage>(lastFilterOf filter: inout F)
}

extension PredictorStage {
    /// A predictor draws ahead of the newest sample.
    public static var behaviour: StageBehaviour { .predicts }
    /// Reads samples only.
    public static var requiredFilter: String? { nil }
    /// Reads samples only.
    public mutating func observe(lastFilter: inout any FilterStage) {}

    /// Through an existential when the predictor reads a filter; nothing otherwise.
    public mutating func observe<F: FilterStage>(lastFilterOf filter: inout F) {
        guard Self.requiredFilter != nil else { return }
        var boxed: any FilterStage = filter
        observe(lastFilter: &boxed)
    }

    /// Observes each sample.
    @inlinable
    public mutating func observe(_ samples: [AttributedSample]) {
        for i in samples.indices { observe(samples[i]) }
    }
}

/// How far ahead predictors draw by default, and the allowed range.
public enum PredictionHorizon {
    /// Allowed drawing horizons in ms.
    public static let rangeMs: ClosedRange<Double> = 0...200
    /// One 60 Hz frame, in ms.
    public static let defaultMs = 16.7
    /// Spacing of multi-sample predictions, in seconds (180 Hz, ink's `min_output_rate`).
    public static let sampleInterval = 1.0 / 180
}
