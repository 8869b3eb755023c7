import StrokeCore

/// ink-stroke-modeler's stroke-end predictor (google/ink-stroke-modeler
/// `stroke_end_predictor.cc`, Apache-2.0, © 2022 Google LLC; reimplemented):
/// `predict:stroke-end`. It predicts the stroke as if the pen lifted now: the modeler's
/// spring-mass tip is run through the end-of-stroke catch-up towards the newest
/// (wobble-corrected) input — steps of 1/`minOutputRate` s, overshooting steps halved, until
/// the tip is within `endOfStrokeStoppingDistance` of the input or `endOfStrokeMaxIterations`
/// are spent — and the steps get stylus values projected from the inputs like modeled points
/// (``InkStrokeModeler/predictStrokeEnd(into:)``). It never extrapolates past the pen; it
/// hides the spring model's lag. It reads the modeler's state, so it needs `filter:ink-modeler`
/// as the pipeline's last filter (``requiredFilter``), and takes no parameters of its own (ink's
/// `StrokeEndPredictorParams` is empty): its step and stopping rule are the modeler's.
///
/// ``predictedLocation(ahead:for:)`` (prediction error at fixed horizons): the newest
/// (wobble-corrected) input, at every horizon — the pen is predicted to stop there; the
/// catch-up is the ink's way to it. No prediction when the tip already sits on the input.
/// Per event O(steps) ≤ `endOfStrokeMaxIterations`; no allocation once the buffer has grown.
public struct StrokeEndPredictor: PredictorStage {
    /// `predict:stroke-end`.
    public static let kind = StageKind.predict
    /// `stroke-end`.
    public static let id = "stroke-end"
    /// One line.
    public static let summary = "ink-stroke-modeler's stroke-end prediction: the modeler's catch-up to the pen as if it lifted now (needs filter:ink-modeler)"
    /// Where it comes from.
    public static let source = "google/ink-stroke-modeler 3fa5129e StrokeEndPredictor (Apache-2.0, © Google LLC)"
    /// Reads the modeler, not the samples' kinematics.
    public static let readsKinematics = false
    /// ink predicts from its modeler's state.
    public static let requiredFilter: String? = "filter:ink-modeler"

    /// No parameters (ink's `StrokeEndPredictorParams` is empty).
    public typealias Parameters = NoParameters

    /// The (empty) parameters.
    public let parameters: NoParameters
    private var results: [InkModeledResult] = []
    private var pending: [AttributedSample] = []
    private var anchor: Point?
    private var heading = Vector(dx: 1, dy: 0)

    /// Creates the predictor.
    public init(_ parameters: NoParameters = NoParameters()) throws(StageParameterError) {
        self.parameters = parameters
    }

    /// Forgets the stroke.
    public mutating func reset() {
        pending.clearKeepingStorage()
        anchor = nil
        heading = Vector(dx: 1, dy: 0)
    }

    /// Keeps the modeled points' heading (for predicted samples at a standstill).
    public mutating func observe(_ sample: AttributedSample) { heading = sample.heading }

    /// Keeps the newest sample's heading.
    public mutating func observe(_ samples: [AttributedSample]) {
        if let last = samples.last { heading = last.heading }
    }

    /// Computes ink's stroke-end prediction from the modeler's state after this event.
    public mutating func observe(lastFilter: inout any FilterStage) {
        observe(lastFilterOf: &lastFilter)
    }

    /// ``observe(lastFilter:)`` with the filter's type known (read in place, no box opened).
    public mutating func observe<F: FilterStage>(lastFilterOf filter: inout F) {
        pending.clearKeepingStorage()
        anchor = nil
        InkModelerFilter.withModeler(&filter) { self.predict(from: &$0) }
    }

    private mutating func predict(from filter: inout InkModelerFilter) {
        guard filter.modeler.isStrokeInProgress else { return }
        results.clearKeepingStorage()
        filter.modeler.predictStrokeEndInPlace(into: &results)
        var h = heading
        let template = filter.newest, scale = filter.forceScale
        for r in results { pending.append(InkModelerFilter.attributed(r, template: template, forceScale: scale, heading: &h)) }
        anchor = filter.modeler.kalmanInput?.position
    }

    /// Appends the prediction computed for this event.
    public mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample]) {
        predicted.append(contentsOf: pending)
    }

    /// Where this predictor puts the pen `ahead` seconds after the newest input: where the
    /// newest input is (it predicts the stroke ends there; the catch-up it draws is the ink's
    /// way there, not the pen's). `nil` when it predicts nothing (no stroke, tip already there).
    public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? {
        guard !pending.isEmpty else { return nil }
        return anchor
    }
}
