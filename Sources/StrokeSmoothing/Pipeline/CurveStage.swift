import StrokeCore

/// A curve builder (`interp:`): "connects the dots". Fed one sample at a time, in the order
/// the app receives them, it appends *committed* elements to the stroke's ``Centerline`` and
/// can report a *provisional* tail (drawn now, replaced at the next event) — the way a
/// drawing app splits its cached `drawingImage` from what it shows.
///
/// The calls mirror a `UIView`'s touch handlers, so a seed view's code maps line for line:
/// ``begin(_:into:)`` is `touchesBegan` (the first sample the builder receives),
/// ``move(_:into:)`` one `touchesMoved` sample, ``end(_:into:)`` one sample delivered with
/// `touchesEnded`/`touchesCancelled` (or flushed by a filter then), and ``finish(into:)``
/// closes the stroke according to the builder's tail policy. Committed elements are never
/// revised.
///
/// Conformers are value types with fixed-size state: no call may allocate beyond the
/// amortised growth of the caller's buffers.
public protocol CurveStage: PipelineStage {
    /// Starts a stroke at its first sample, discarding any state from a previous stroke.
    mutating func begin(_ sample: AttributedSample, into line: inout Centerline)
    /// Feeds one sample of a `moved` event.
    mutating func move(_ sample: AttributedSample, into line: inout Centerline)
    /// Feeds one sample delivered with the terminal (`ended` or `cancelled`) event.
    mutating func end(_ sample: AttributedSample, into line: inout Centerline)
    /// Ends the stroke after its last sample: commits or drops what is pending according to
    /// the tail policy. The provisional tail is empty afterwards.
    mutating func finish(into line: inout Centerline)
    /// Appends the provisional tail to `tail`, which continues from `tail.currentPoint` (the
    /// end of the committed path; the tail starts with a `move` when it starts elsewhere).
    /// Empty for builders that commit every sample at once.
    func appendProvisionalTail(to tail: inout Centerline)
    /// Whether the builder may have a provisional tail (default true). Builders that commit
    /// every sample when it arrives, or whose tail policy draws none, say `false`, and the
    /// pipeline skips asking for one.
    var hasProvisionalTail: Bool { get }
    /// Provenance: the time (s) of the input sample at or just before the point where the next
    /// committed element will start — where the stretch of samples it will be built from
    /// begins (``ReplayFrame/origin``): the first sample of a window still being fitted, the
    /// last point a curve was drawn to while the next waits for a later point, however long
    /// ago. `nil` (the default) for builders that draw each sample's element as it arrives:
    /// their next element starts at the newest sample fed before (or, after a rest whose
    /// repeated samples drew nothing, at the same place). Read once per event, before its
    /// samples; computed from the builder's state, so nothing is stored per sample for it.
    var origin: Double? { get }
    /// Whether the builder computes its elements' ink itself (default false): signature_pad's
    /// width from pen velocity. Such a builder appends with ``Centerline/append(_:_:ink:)``,
    /// and its ink — not `StrokeCore.InkAttributes.default` — is what the pipeline's style
    /// stages start from (a pipeline without styles draws it as is).
    static var drawsInk: Bool { get }
    /// Feeds one event's samples: the stroke's first sample to ``begin(_:into:)`` when
    /// `startsStroke`, the rest to ``end(_:into:)`` when `terminal`, else to
    /// ``move(_:into:)``. Dispatched once per event; the default's loop is specialised for the
    /// concrete builder.
    mutating func process(_ samples: [AttributedSample], startsStroke: Bool, terminal: Bool, into line: inout Centerline)
    /// Handles one event of a ``LiveStroke``: the pipeline's event loop around this builder. Do
    /// not implement it: the default implementation is the loop, and declaring it here makes
    /// the compiler specialise it for every builder type.
    mutating func liveEvent(_ events: [TouchEvent], at index: Int, terminal: Bool, stages: inout LiveStages,
                            output: inout LiveOutput)
    /// Replays a whole stroke through the pipeline around this builder: the event loop of
    /// ``liveEvent(_:at:terminal:stages:output:)`` over every event, and a record of each frame
    /// (``PipelineReplayer``). Do not implement it, for the same reason.
    mutating func replayStroke(_ stroke: Stroke, options: ReplayOptions, stages: inout LiveStages) -> StrokeReplay
}

extension CurveStage {
    /// Most builders hold samples back.
    public var hasProvisionalTail: Bool { true }
    /// The newest sample fed before (see the requirement).
    public var origin: Double? { nil }
    /// Most builders leave ink to the style stages.
    public static var drawsInk: Bool { false }

    /// Routes each sample to begin, move or end.
    @inlinable
    public mutating func process(_ samples: [AttributedSample], startsStroke: Bool, terminal: Bool,
                                 into line: inout Centerline) {
        var first = startsStroke
        for i in samples.indices {
            if first {
                begin(samples[i], into: &line)
                first = false
            } else if terminal {
                end(samples[i], into: &line)
            } else {
                move(samples[i], into: &line)
            }
        }
    }
}

/// What a seed curve builder does with samples it holds when the stroke ends.
public enum TailPolicy: String, Sendable, Hashable, CaseIterable {
    /// Exactly the seed's behaviour: bezier4 drops its 1–2 leftover samples, midpoint-bezier
    /// leaves its pending samples undrawn, coalesced-only ignores the lift-off samples, and a
    /// tap draws nothing.
    case published
    /// Always reaches the last sample: pending samples are shown as a provisional tail while
    /// drawing and committed at the end; a tap or a one-sample stroke becomes a dot.
    case complete
}

/// The parameters of the seed curve builders: their tail policy.
public struct TailParameters: StageParameters {
    /// Published (default) or complete.
    public var tail: TailPolicy = .published
    /// Published tail.
    public init() {}
    /// The given tail policy.
    public init(tail: TailPolicy) { self.tail = tail }
    /// `tail`.
    public static let declarations: [ParameterDeclaration<TailParameters>] = [
        .choice(\.tail, "tail",
                help: "published: the seed's behaviour (leftover samples dropped, a tap draws nothing); complete: always reach the last sample, a tap is a dot"),
    ]
}
