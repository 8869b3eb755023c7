/// ink-stroke-modeler's stroke-end predictor (google/ink-stroke-modeler
/// `stroke_end_predictor.cc`, Apache-2.0, © 2022 Google LLC), re-derived: it predicts the
/// stroke as if the last input were its end — a copy of the spring-mass tip is run through
/// the end-of-stroke catch-up (``InkEndOfStrokeCatchUp``) towards the last (wobble-corrected)
/// input position, with the same position and sampling parameters as the model. It does not
/// extrapolate past the pen; it lets the drawn stroke reach the pen now instead of after the
/// spring's lag.
///
/// No prediction before the stroke's first input; none when the tip is already within the
/// stopping distance of it. O(1) per prediction step, no allocation.
struct InkStrokeEndPredictor: Sendable {
    /// A prediction in progress: ``next()`` yields the predicted tip states.
    struct Prediction: Sendable {
        var model: InkPositionModeler
        var catchUp: InkEndOfStrokeCatchUp?

        /// The next predicted tip state, or `nil` when done.
        mutating func next() -> InkTipState? {
            guard catchUp != nil else { return nil }
            return catchUp!.next(&model)
        }
    }

    private let template: InkPositionModeler
    private let sampling: InkStrokeModeler.SamplingParameters
    /// The last input position seen this stroke.
    private(set) var lastPosition: InkVec2?

    /// Creates the predictor with the model's parameters.
    init(position: InkStrokeModeler.PositionParameters, sampling: InkStrokeModeler.SamplingParameters) {
        template = InkPositionModeler(position)
        self.sampling = sampling
    }

    /// Forgets the stroke.
    mutating func reset() { lastPosition = nil }

    /// Records an input position (the time does not matter to this predictor).
    mutating func update(position: InkVec2) { lastPosition = position }

    /// The prediction from tip state `tip` (empty before any input).
    func prediction(from tip: InkTipState) -> Prediction {
        var model = template
        model.reset(tip)
        return Prediction(model: model,
                          catchUp: lastPosition.map { InkEndOfStrokeCatchUp(anchor: $0, sampling: sampling) })
    }
}
