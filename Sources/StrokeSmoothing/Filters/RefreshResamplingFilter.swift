import StrokeCore

/// Resampling at a fixed interval before the refresh: the correction Antoine, Nancel, Ge,
/// Zheng, Zolghadr and Casiez propose for the jitter of asynchronous input and display rates
/// ("Modeling and Reducing Spatial Jitter caused by Asynchronous Input and Output Rates",
/// UIST 2020: "when the time of the next display refresh is known, … estimate (interpolate or
/// extrapolate) the user's position at a fixed time interval before that refresh"; "an
/// interval of 4 to 6 ms works well for a wide range of display refresh rates" with 125 Hz
/// input — abstract). Android's input resampling works the same way: it resamples each frame's
/// touches at the frame time minus `RESAMPLE_LATENCY` = 5 ms, extrapolating at most
/// `RESAMPLE_MAX_PREDICTION` = 8 ms and half the last interval (`InputTransport.cpp`, AOSP);
/// Chromium's `LinearResampling` copies it. The 5 ms default is theirs and the abstract's.
///
/// **Formula.** Each event is delivered at t_e (seconds, the trace's clock; in StrokeLab's time
/// model the display refresh it belongs to), told to the filter by ``deliver(at:)``. The target
/// is τ = t_e − `offset`. The samples with t ≤ τ are emitted; the later ones are held for the
/// next event (they belong to a later refresh). Then, when the newest emitted sample a is older
/// than τ and a held sample b follows it, one estimate at τ is emitted,
/// a + (b − a)·(τ − t_a)/(t_b − t_a), every attribute interpolated
/// (`StrokeCore.AttributedSample.interpolated(to:by:)`). The ink then ends where the pen was
/// `offset` before the refresh at every frame whose newest sample is younger than `offset`,
/// instead of at the newest sample, whose age changes from frame to frame when the rates do
/// not divide (`StrokeMetrics.AsynchronousJitter`): the lag is steady, L + max(offset, age),
/// and with `offset` at least the input period Tᵢ the jitter goes entirely, for `offset` minus
/// the mean age (Tᵢ/2 for unrelated rates) more lag.
///
/// **Extrapolation** (`extrapolate`, default 0: off, StrokeLab's choice). The paper and Android
/// also extrapolate: when no sample after τ is known yet and τ is at most `extrapolate` past the
/// newest real sample n, one estimate at τ is emitted on the line through the last two real
/// samples p, n: n + (n − p)·(τ − t_n)/(t_n − t_p) (location only; the other attributes are
/// n's). Then every refresh shows τ whatever the newest sample's age, so the jitter goes at any
/// offset for a pen at constant velocity. The price: the estimate is a guess committed to the
/// ink for good (drawing ahead is otherwise a `predict:` stage's job, replaced at the next
/// event), and a real sample that arrives later but older than an estimate already emitted is
/// not emitted (the ink has passed it; Android moves it onto the estimate instead), so with
/// extrapolation the filter no longer passes every real sample through.
///
/// **Edge cases.** Without delivery times (``deliver(at:)`` never called, as for a caller of
/// ``push(_:into:)`` alone) every sample passes through. The replay and `LiveStroke` always
/// deliver: an event without a stated time is taken as delivered at its newest sample, so the
/// filter then trails by its offset (an app should pass `UIEvent.timestamp`). A refresh with no later sample yet
/// shows the newest sample (nothing to interpolate towards), unless it may extrapolate. Repeated
/// timestamps add no estimate. The stroke's last event (``finish(_:into:)``) emits every held sample: the pen
/// has lifted. Interpolated samples lie on the chord between two real samples, so straight
/// ink is unchanged; a curve builder sees one more sample per frame.
///
/// **Complexity.** O(1) amortised per sample; the held samples are at most one frame's, kept
/// in storage reused from event to event.
public struct RefreshResamplingFilter: FilterStage {
    /// `filter:refresh-resample`.
    public static let kind = StageKind.filter
    /// `refresh-resample`.
    public static let id = "refresh-resample"
    /// What it does to a stroke (``StageBehaviour``): it holds back the samples newer than the
    /// target time, and passes every real sample through.
    public static let behaviour: StageBehaviour = [.passesThroughSamples, .holdsSamplesBack]
    /// One line.
    public static let summary = "the pen's position a fixed interval before each refresh, interpolated (Antoine et al.'s jitter correction)"
    /// Where it comes from.
    public static let source = "Antoine, Nancel, Ge, Zheng, Zolghadr, Casiez, UIST 2020 (resampling before the refresh)"

    /// Parameters of ``RefreshResamplingFilter``.
    public struct Parameters: StageParameters {
        /// How long before the refresh the pen's position is estimated, in ms (default 5: the
        /// middle of the 4–6 ms the paper's abstract reports for 125 Hz input).
        public var offsetMs = 5.0
        /// How far past the newest real sample the position at the target may be extrapolated
        /// when no later sample is known, in ms (default 0: interpolation only; Android's
        /// `RESAMPLE_MAX_PREDICTION` is 8).
        public var extrapolateMs = 0.0
        /// The defaults.
        public init() {}
        /// `offset`, `extrapolate`.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.offsetMs, "offset", in: 0...100, unit: "ms", help: "how long before the refresh the pen's position is estimated"),
            .number(\.extrapolateMs, "extrapolate", in: 0...100, unit: "ms",
                    help: "how far past the newest sample the position may be extrapolated when no later one is known (0: never)"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private let offset: Double
    private let extrapolation: Double
    private var target: Double? = nil
    private var held: [AttributedSample] = []
    private var newest = AttributedSample(time: 0, location: .zero)
    private var hasEmitted = false
    /// The last two real samples taken (for extrapolation), `realCount` of them so far (≤ 2).
    private var newestReal = AttributedSample(time: 0, location: .zero)
    private var previousReal = AttributedSample(time: 0, location: .zero)
    private var realCount = 0
    /// Whether the newest emitted sample is an extrapolated estimate.
    private var extrapolated = false

    /// Creates the filter.
    /// - Throws: ``StageParameterError`` when a parameter is out of range.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        offset = parameters.offsetMs / 1000
        extrapolation = parameters.extrapolateMs / 1000
        held.reserveCapacity(16)
    }

    /// Forgets the stroke.
    public mutating func reset() {
        target = nil
        held.removeAll(keepingCapacity: true)
        hasEmitted = false
        realCount = 0
        extrapolated = false
    }

    /// The event about to be processed is delivered at `time` (seconds): the target is
    /// `time − offset`.
    public mutating func deliver(at time: Double) {
        target = time - offset
    }

    /// Takes one sample, then emits what is due at the target (as ``process(_:into:)``).
    public mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample]) {
        held.append(sample)
        resample(into: &output)
    }

    /// Takes the event's samples; emits the samples up to the target, then the estimate at
    /// the target, and holds the rest.
    public mutating func process(_ input: [AttributedSample], into output: inout [AttributedSample]) {
        held.append(contentsOf: input)
        resample(into: &output)
    }

    /// Emits every held sample (the pen has lifted).
    public mutating func flush(into output: inout [AttributedSample]) {
        for s in held { emitReal(s, into: &output) }
        held.removeAll(keepingCapacity: true)
    }

    private mutating func resample(into output: inout [AttributedSample]) {
        guard let tau = target else {
            flush(into: &output)
            return
        }
        var k = 0
        while k < held.count && held[k].time <= tau {
            emitReal(held[k], into: &output)
            k += 1
        }
        held.removeFirst(k)
        guard hasEmitted, newest.time < tau else { return }
        if let next = held.first {
            guard next.time > newest.time else { return }
            emit(newest.interpolated(to: next, by: (tau - newest.time) / (next.time - newest.time)), into: &output)
        } else if extrapolation > 0, realCount == 2, newest.time == newestReal.time, tau - newestReal.time <= extrapolation,
                  newestReal.time > previousReal.time {
            var estimate = newestReal
            let k = (tau - newestReal.time) / (newestReal.time - previousReal.time)
            estimate.time = tau
            estimate.location = newestReal.location + (newestReal.location - previousReal.location) * k
            emit(estimate, into: &output)
            extrapolated = true
        }
    }

    /// Emits a real sample, unless an estimate already drawn is newer (only after an
    /// extrapolation); either way it is the newest real sample for the next extrapolation.
    private mutating func emitReal(_ s: AttributedSample, into output: inout [AttributedSample]) {
        if realCount == 0 || s.time > newestReal.time {
            previousReal = newestReal
            newestReal = s
            realCount = Swift.min(realCount + 1, 2)
        }
        guard !extrapolated || s.time >= newest.time else { return }
        emit(s, into: &output)
    }

    private mutating func emit(_ s: AttributedSample, into output: inout [AttributedSample]) {
        output.append(s)
        newest = s
        hasEmitted = true
        extrapolated = false
    }
}
