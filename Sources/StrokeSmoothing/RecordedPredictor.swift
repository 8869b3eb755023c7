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
public struct RecordedPredictor: StrokePredictor {
    /// Parameters of ``RecordedPredictor``.
    public struct Parameters: Hashable, Sendable {
        /// The furthest recorded prediction drawn, in seconds after the newest sample.
        public var horizon: Double

        /// Validates the parameters.
        /// - Parameter horizonMs: in ``PredictionHorizon/rangeMs``; default 200 ms, which keeps
        ///   every prediction a device records (UIKit predicts about one frame ahead).
        /// - Throws: ``PredictorParameterError`` when out of range or not finite.
        public init(horizonMs: Double = PredictionHorizon.rangeMs.upperBound) throws(PredictorParameterError) {
            try PredictorParameterError.check(horizonMs, in: PredictionHorizon.rangeMs, unit: "ms",
                                              predictor: "recorded", parameter: "horizon")
            horizon = horizonMs / 1000
        }
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var newest = TimedPoint(time: 0, location: .zero)
    private var observed = false

    /// Creates the predictor.
    public init(_ parameters: Parameters) { self.parameters = parameters }

    /// Forgets the newest observed sample.
    public mutating func reset() { observed = false }

    /// Remembers the sample's time and location as the newest observed.
    public mutating func observe(_ sample: TouchSample) {
        newest = TimedPoint(time: sample.time, location: sample.location)
        observed = true
    }

    /// Appends the event's recorded predictions after the newest sample, up to the horizon.
    public mutating func appendPrediction(for event: TouchEvent, to predicted: inout [TouchSample]) {
        guard observed else { return }
        let limit = newest.time + parameters.horizon
        for s in event.predicted where s.time > newest.time {
            if s.time > limit + 1e-9 { break }
            predicted.append(s)
        }
    }

    /// Interpolates the recorded predictions at `ahead` seconds; `nil` beyond the last one.
    public func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? {
        guard observed else { return nil }
        let target = newest.time + ahead
        var previous = newest
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
