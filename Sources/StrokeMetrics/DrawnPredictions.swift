import StrokeCore
import StrokeSmoothing

/// Every prediction a pipeline drew, beside what the pen then did: the ground of
/// ``WrongOrientation`` and ``WrongDistance``.
///
/// For each frame whose predicted ink draws something (a segment beyond its starting `move`):
/// the predicted motion p = D − K, from where the ink ends without the prediction (K, the
/// predicted ink's start) to its tip D; the pen's motion a = reference(t_p) − reference(t_n)
/// over the same time, from the frame's newest sample t_n to its last predicted sample's
/// time t_p (what the predictor claims the pen will do by then). Predictions that reach past
/// the pen's lift (t_p after the reference's end) or across a recording gap
/// (``ReferenceGaps``) are not compared and counted in ``unmeasured``. O(frames · log n).
public struct DrawnPredictions: Sendable {
    /// One drawn prediction.
    public struct Prediction: Hashable, Sendable {
        /// Index of its frame.
        public var frame: Int
        /// The predicted motion D − K.
        public var predicted: Vector
        /// The pen's motion over the same time.
        public var actual: Vector
    }

    /// The predictions compared, in frame order.
    public var predictions: [Prediction]
    /// Frames that drew a prediction (compared or not).
    public var drawn: Int
    /// Drawn predictions not compared (past the pen's lift, across a gap).
    public var unmeasured: Int { drawn - predictions.count }

    /// Collects the drawn predictions of `replay`.
    public init(replay: StrokeReplay, reference: ReferenceCurve, gaps: ReferenceGaps = ReferenceGaps()) {
        predictions = []
        drawn = 0
        guard !reference.isEmpty else { return }
        for (k, frame) in replay.frames.enumerated() {
            guard frame.predictedInk.count > 1, !frame.predicted.isEmpty, let tip = frame.tip else { continue }
            drawn += 1
            let base = replay.predictedInk.elements[frame.predictedInk.lowerBound].endPoint
            let start = frame.newestSampleTime, end = replay.predicted[frame.predicted.upperBound - 1].time
            guard end <= reference.endTime + 1e-9, start >= reference.startTime - 1e-9, end >= start else { continue }
            if !gaps.isEmpty {
                guard let span = gaps.span(around: start), end <= span.end else { continue }
            }
            predictions.append(Prediction(frame: k, predicted: tip - base,
                                          actual: reference.position(at: end) - reference.position(at: start)))
        }
    }
}
