import StrokeCore

/// An input filter (`filter:`): samples in, samples out, streaming. It may emit zero, one or
/// several samples per input (a stabilizer emits nothing until the pen has moved far enough;
/// a modeler upsamples), and emits what it still holds at the end of the stroke
/// (``flush(into:)``). Filters chain: each one's output is the next one's input.
///
/// The stroke's terminal event goes through ``finish(_:into:)`` instead of ``process(_:into:)``:
/// its batch's last sample is the pen's last (ink-stroke-modeler models it as the pen lifting),
/// and the filter then flushes. The default processes the batch and flushes.
///
/// Outputs are appended to the caller's buffer, which the pipeline reuses event after event,
/// so a filter must not allocate per sample. A filter that moves samples should refresh their
/// derived `StrokeCore.AttributedSample.speed` and `StrokeCore.AttributedSample.direction`
/// (`StrokeCore.SampleKinematics.reattribute(_:)`) unless it models them itself.
public protocol FilterStage: PipelineStage {
    /// Forgets everything about the previous stroke.
    mutating func reset()
    /// Feeds one sample; appends 0…n outputs to `output`, in time order.
    mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample])
    /// The stroke has ended: appends whatever the filter still holds.
    mutating func flush(into output: inout [AttributedSample])
    /// Feeds `input` in order. The default calls ``push(_:into:)`` for each sample; as a
    /// protocol requirement it is dispatched once per event, and its loop is specialised
    /// for the concrete filter.
    mutating func process(_ input: [AttributedSample], into output: inout [AttributedSample])
    /// The stroke ends with `input` (possibly empty): feeds it, knowing that its last sample is
    /// the pen's last, then appends what the filter still holds. Called once per stroke, at its
    /// terminal event, instead of ``process(_:into:)``. The default is ``process(_:into:)``
    /// then ``flush(into:)``; a filter overrides it when the last sample is special to it.
    mutating func finish(_ input: [AttributedSample], into output: inout [AttributedSample])
    /// The event whose samples come next is delivered at `time` (seconds, the trace's clock): a
    /// display refresh. Called once per event, before ``process(_:into:)`` or
    /// ``finish(_:into:)``. The default ignores it; a filter that resamples at the refresh
    /// (``RefreshResamplingFilter``) needs it.
    mutating func deliver(at time: Double)
    /// One stroke's events through the filter alone, as the live loop feeds them: reset, then
    /// per event told its delivery time, its samples processed (the terminal event's
    /// ``finish(_:into:)``ed), every output appended to `output`. Returns the outputs made.
    /// What ``StageRun`` times; the default (in `StageRun.swift`) is that loop. A requirement
    /// so that a caller holding `any FilterStage` enters the filter's own specialised loop once
    /// per stroke, as an app holding the concrete filter runs it (not an existential call per
    /// event). O(the stroke's samples) plus the filter's own cost.
    mutating func runStroke(_ events: [(event: TouchEvent, samples: [AttributedSample])],
                            into output: inout [AttributedSample]) -> Int
    /// ``runStroke(_:into:)`` with `predictor` reading this filter, as the live loop runs them:
    /// per event, the filter's output for the event (in `samples`, cleared first) observed,
    /// the predictor shown the filter (``PredictorStage/observe(lastFilterOf:)``), and one
    /// prediction (into `predicted`, cleared first) after every event but the terminal one.
    /// Returns the samples and predictions made. The default (in `StageRun.swift`) is that
    /// loop, specialised for the filter.
    mutating func runStroke<P: PredictorStage>(_ events: [(event: TouchEvent, samples: [AttributedSample])],
                                               predictor: inout P, samples: inout [AttributedSample],
                                               predicted: inout [AttributedSample]) -> Int
}

extension FilterStage {
    /// Pushes every sample of `input`.
    @inlinable
    public mutating func process(_ input: [AttributedSample], into output: inout [AttributedSample]) {
        for i in input.indices { push(input[i], into: &output) }
    }
    /// Holds nothing back by default.
    @inlinable
    public mutating func flush(into output: inout [AttributedSample]) {}
    /// Ignores the delivery time.
    @inlinable
    public mutating func deliver(at time: Double) {}
    /// Processes the last batch, then flushes.
    @inlinable
    public mutating func finish(_ input: [AttributedSample], into output: inout [AttributedSample]) {
        process(input, into: &output)
        flush(into: &output)
    }
}
