import StrokeCore

/// Replays the trace's own predicted samples (UIKit's `predictedTouches`, recorded with each
/// event) as a predictor, so a device's built-in prediction can be measured like any other.
///
/// Drawing: the event's recorded predicted samples whose time is after the newest observed
/// sample and at most `horizon` after it, in order. Location at a horizon h: linear
/// interpolation along (newest observed sample, recorded predicted samples) at time
/// `t_newest + h`; `nil` when the recording does not reach that far (or has no predicted
/// samples), never an extrapolation of our own.
///
/// Edge cases: events without `predicted` draw nothing; predicted samples at or before the
/// newest observed time are skipped; repeated predicted timestamps never divide by zero.
/// O(predicted samples of the event) per event, no allocation.
public struct RecordedPredictor: PredictorStage {
    /// `predict:recorded`.
    public static let kind = StageKind.predict
    /// `recorded`.
    public static let id = "recorded"
    /// One line.
    public static let summary = "the trace's own predicted samples (UIKit predictedTouches), when recorded"
    /// Where it comes from.
    public static let source = "seeds 000/002/004, Apple Pencil Tutorial (predicted touches)"
    /// Positions and channels only: no derived speed or heading.
    public static let readsKinematics = false

    /// Parameters of ``RecordedPredictor``.
    public struct Parameters: StageParameters {
        /// The furthest recorded prediction drawn, in ms after the newest sample; default
        /// 200 ms, which keeps every prediction a device records (UIKit predicts about one
        /// frame ahead).
        public var horizonMs = PredictionHorizon.rangeMs.upperBound
        /// The defaults.
        public init() {}
        /// `horizon`.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.horizonMs, "horizon", in: PredictionHorizon.rangeMs, unit: "ms",
                    help: "furthest recorded prediction drawn, after the newest sample"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private let horizon: Double
    private var newest = AttributedSample(time: 0, location: .zero)
    private var observed = false

    /// Creates the predictor.
    /// - Throws: ``StageParameterError`` when the horizon is outside ``PredictionHorizon/rangeMs``.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        horizon = parameters.horizonMs / 1000
    }

    /// Forgets the newest observed sample.
    public mutating func reset() { observed = false }

    /// Remembers the sample's time and location as the newest observed.
    public mutating func observe(_ sample: AttributedSample) {
        newest = sample
        observed = true
    }

    /// Appends the event's recorded predictions after the newest sample, up to the horizon.
    /// Each is attributed with its speed and direction from the sample before it.
    public mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample]) {
        guard observed else { return }
        let limit = newest.time + horizon
        var kinematics = SampleKinematics()
        _ = kinematics.attribute(newest.touch)
        for s in event.predicted where s.time > newest.time {
            if s.time > limit + 1e-9 { break }
            predicted.append(kinematics.attribute(s))
        }
    }

    /// Interpolates the recorded predictions at `ahead` seconds; `nil` beyond the last one.
    public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? {
        guard observed else { return nil }
        let target = newest.time + ahead
        var previous = TimedPoint(time: newest.time, location: newest.location)
        for s in event.predicted where s.time > newest.time {
            if s.time >= target {
                let dt = s.time - previous.time
                guard dt > 0 else { return s.location }
                return previous.location.interpolated(to: s.location, by: (target - previous.time) / dt)
            }
            previous = TimedPoint(time: s.time, location: s.location)
        }
        // Exactly at the last recorded time (within rounding) still counts as reached.
        return abs(previous.time - target) <= 1e-9 && previous.time > newest.time ? previous.location : nil
    }
}
