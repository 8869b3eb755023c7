import StrokeCore

/// A smoothing pipeline with concrete stage types: input view → filter → interpolator →
/// predictor. Generic over its stages so the per-sample calls are statically dispatched;
/// only the pipeline as a whole is boxed (see ``StrokeReplaying``).
public struct Pipeline<Filter: SampleFilter, Interpolator: StreamingInterpolator, Predictor: StrokePredictor>:
    StrokeReplaying
{
    /// Main samples only, or every coalesced sample.
    public var input: InputView
    /// The input filter (``IdentityFilter`` when none).
    public var filter: Filter
    /// The interpolator.
    public var interpolator: Interpolator
    /// The predictor (``NoPredictor`` when none).
    public var predictor: Predictor

    /// Creates a pipeline.
    public init(input: InputView, filter: Filter, interpolator: Interpolator, predictor: Predictor) {
        self.input = input
        self.filter = filter
        self.interpolator = interpolator
        self.predictor = predictor
    }

    /// Replays `stroke` as UIKit would deliver it and records each event's frame.
    ///
    /// Per event: the samples of the input view (the main sample, or all coalesced samples)
    /// go through the filter, then to the interpolator — the stroke's very first sample to
    /// `begin`, samples of a terminal event to `end`, the rest to `move` — and to the
    /// predictor. A non-terminal event then records the provisional tail and the predicted
    /// samples; a terminal event calls `finish` and records no prediction (Scribble resets
    /// its display to the committed image on `touchesEnded`).
    ///
    /// Hold-out (``ReplayOptions/holdOutStride`` k): only the first sample, every k-th
    /// sample after it, and the stroke's last sample are fed; events whose samples are all
    /// held out still produce a frame, as a display refresh with no new input would.
    ///
    /// Complexity O(samples + output); allocation only for the record's buffers, reserved
    /// up front.
    ///
    /// Pipelines are built from runtime labels, so `replay` would run as unspecialised
    /// generic code (a witness-table call per stage per sample); the seed combinations are
    /// pre-specialised below so the runtime jumps to code with every stage call inlined
    /// (about 4× faster).
    @_specialize(where Filter == IdentityFilter, Interpolator == LinearInterpolator, Predictor == NoPredictor)
    @_specialize(where Filter == IdentityFilter, Interpolator == FourPointBezierInterpolator, Predictor == NoPredictor)
    @_specialize(where Filter == IdentityFilter, Interpolator == MidpointBezierInterpolator, Predictor == NoPredictor)
    public mutating func replay(_ stroke: Stroke, options: ReplayOptions = ReplayOptions()) -> StrokeReplay {
        var record = StrokeReplay()
        let total = stroke.sampleCount
        record.path.reserveCapacity(total + 4)
        record.frames.reserveCapacity(stroke.events.count)
        record.horizons = options.evaluationHorizons
        filter.reset()
        predictor.reset()
        let stride = max(options.holdOutStride ?? 1, 1)
        let lastEventIndex = stroke.events.count - 1
        var started = false
        var seen = 0          // samples of the input view seen, for hold-out
        var newest = stroke.startTime

        // Index-based access: binding each `event` by value would retain and release its two
        // arrays on every event.
        let events = stroke.events
        do {
            for eventIndex in events.indices {
                let terminal = events[eventIndex].phase.isTerminal || eventIndex == lastEventIndex
                let count = events[eventIndex].samples.count
                var i = input == .main ? count - 1 : 0
                while i < count {
                    let isLastOfStroke = eventIndex == lastEventIndex && i == count - 1
                    defer { i += 1; seen += 1 }
                    if stride > 1, started, seen % stride != 0, !isLastOfStroke { continue }
                    let sample = filter.filter(events[eventIndex].samples[i])
                    if !started {
                        interpolator.begin(sample, path: &record.path)
                        started = true
                    } else if terminal {
                        interpolator.end(sample, path: &record.path)
                    } else {
                        interpolator.move(sample, path: &record.path)
                    }
                    predictor.observe(sample)
                    newest = sample.time
                    record.samplesFed += 1
                }

                let provisionalStart = record.provisional.count
                let predictedStart = record.predicted.count
                if terminal {
                    interpolator.finish(path: &record.path)
                } else {
                    interpolator.appendProvisionalTail(to: &record.provisional, from: record.path.currentPoint)
                    predictor.appendPrediction(for: events[eventIndex], to: &record.predicted)
                }
                for h in options.evaluationHorizons {
                    record.horizonPredictions.append(terminal ? nil : predictor.predictedLocation(ahead: h, for: events[eventIndex]))
                }
                let tip = record.predicted.count > predictedStart ? record.predicted[record.predicted.count - 1].location
                    : record.provisional.count > provisionalStart ? record.provisional[record.provisional.count - 1].endPoint
                    : record.path.currentPoint
                record.frames.append(ReplayFrame(
                    eventIndex: eventIndex, phase: events[eventIndex].phase, time: events[eventIndex].time,
                    newestSampleTime: newest, samplesFed: record.samplesFed, committedCount: record.path.elements.count,
                    provisional: provisionalStart..<record.provisional.count,
                    predicted: predictedStart..<record.predicted.count, tip: tip))
            }
        }
        return record
    }
}
