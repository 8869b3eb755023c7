import StrokeCore

/// A pipeline running live, one touch event at a time: what an app ships.
///
/// Build one from a pipeline label (``init(label:registry:)``) or a resolved
/// ``PipelineDescription``, and call it from the touch handlers with what UIKit delivers —
/// ``began(_:predicted:time:)`` from `touchesBegan`, ``moved(_:predicted:time:)`` from
/// `touchesMoved`, ``ended(_:predicted:time:)`` and ``cancelled(_:predicted:time:)`` — each
/// with the event's coalesced samples in time order (the last is the main touch), its
/// predicted samples and its delivery time. After each call it says what to draw:
///
/// - ``newlyCommitted``: the range of ``committed`` appended by the call. Committed ink only
///   grows within a stroke and is never revised, so an app draws just these elements into its
///   cached image (the seeds' `drawingImage`);
/// - ``provisional``: the tail drawn now and replaced at the next call;
/// - ``predicted``: the predicted ink, straight segments from the drawn tip, also replaced at
///   the next call (``predictedSamples`` are the predictor's samples);
/// - ``outlineChanged``: the outline changed, for pipelines whose style makes one
///   (``appendOutline(to:)`` gives it).
///
/// Per event, the pipeline:
/// 1. takes the input view's samples (the main sample, or every coalesced sample) and derives
///    their speed and heading (`StrokeCore.SampleKinematics`);
/// 2. passes them through the filters in order, each emitting 0…n samples; the stroke's
///    terminal event goes to each filter's ``FilterStage/finish(_:into:)`` (its last sample
///    is the pen's last; the filter then flushes), and what it emits passes through the
///    filters after it;
/// 3. feeds the curve builder the result — its first sample ever to `begin`, samples of the
///    terminal event to `end`, the rest to `move` — and the terminal event `finish`es it;
/// 4. lets the predictor observe the same samples (one that reads a filter's state, such as
///    `predict:ink-kalman`, is then shown the last filter: ``PredictorStage/observe(lastFilter:)``);
///    outline makers among the styles observe them too;
/// 5. styles the newly committed elements (each style in order, starting from
///    `StrokeCore.InkAttributes.default`, or from the builder's own ink when it draws ink,
///    ``CurveStage/drawsInk``); when every style ignores the element
///    (``StyleStage/uniformInk(after:)``) and the builder draws no ink, they are folded into
///    one ink for the whole stroke instead, and nothing is styled per element;
/// 6. on a non-terminal event, draws the styled provisional tail, and the predictor's samples
///    as ink drawn straight from the tip; a terminal event draws neither (Scribble resets its
///    display to the committed image on `touchesEnded`).
///
/// ``PipelineReplayer`` is a recorder around this same loop: what StrokeLab measures is, byte
/// for byte, what a live stroke draws.
///
/// Strokes: the first event after ``reset()``, after a terminal event or ever starts a stroke
/// (whatever its phase); ``began(_:predicted:time:)`` during a stroke drops it and starts
/// anew. `cancelled` ends a stroke as `ended` does (the seeds treat it so); an app that wants
/// the ink gone clears it itself. One instance draws one stroke at a time: use one per touch
/// for several fingers.
///
/// Cost per call: O(k + c + t + p) for k samples fed (one per event with the `main` view,
/// every coalesced sample with `coalesced`; more or fewer after filters), c elements committed,
/// a provisional tail of t elements and p predicted samples — the curve builder's concrete type
/// is opened once per call and each stage runs its own specialised loop over the event's
/// samples, never one dynamic call per sample. It does not allocate once its buffers have
/// grown to the stroke's size (the committed ink grows with the stroke, amortised O(1) per
/// element; the per-event buffers keep their storage), provided the app does not keep the
/// values it reads (``committed``, ``provisional``, …) past the next call: they share storage
/// with the live stroke, which would then copy. An outline costs O(outline) when asked for.
///
/// A value type: copying one (to try a variant, or across threads: it is `Sendable`) copies
/// its state on the next write.
public struct LiveStroke: Sendable {
    var curve: any CurveStage
    var stages: LiveStages
    var output: LiveOutput
    /// The event being handled, in an array of one (the event loop takes an event with its
    /// array). Its sample arrays are let go after each call, so an app's reused buffers stay
    /// uniquely its own.
    private var eventSlot: [TouchEvent]

    /// The range of ``committed`` appended by the last call (empty when it committed nothing).
    public private(set) var newlyCommitted: Range<Int> = 0..<0
    /// Whether the last call changed the outline (pipelines with an outline maker only).
    public private(set) var outlineChanged = false

    /// A live stroke running `pipeline`, its stages in their initial state — built for the
    /// scale `pipeline` was resolved for (``PipelineDescription/resolved(for:)``: an app drawing
    /// in iOS points passes `PhysicalScale(stated: .pt)`), with its base ink.
    public init(_ pipeline: PipelineDescription) {
        self.init(input: pipeline.input, stages: pipeline.stages.map(\.implementation), baseInk: pipeline.baseInk)
    }

    /// A live stroke running the pipeline `label` names (`midpoint-bezier`,
    /// `coalesced|filter:one-euro|interp:catmull-rom|predict:kalman(horizon=16)`), its lengths
    /// as written, read in the app's units.
    /// - Throws: ``PipelineError`` naming the label and its problem.
    public init(label: String, registry: StageRegistry = .standard) throws(PipelineError) {
        self.init(try PipelineDescription(parsing: label, registry: registry))
    }

    /// A live stroke running the pipeline `label` names, built for an app whose touch locations
    /// are in units of `scale` (``PipelineDescription/resolved(for:)``): every length of the
    /// label, stated in pt or px, is converted to them — `PhysicalScale(stated: .pt)` for UIKit's
    /// points, `PhysicalScale(stated: .px)` for a web canvas's CSS pixels — so the app draws what
    /// StrokeLab measured on traces of that scale.
    /// - Throws: ``PipelineError`` naming the label and its problem.
    public init(label: String, scale: PhysicalScale, registry: StageRegistry = .standard) throws(PipelineError) {
        self.init(try PipelineDescription(parsing: label, registry: registry).resolved(for: scale))
    }

    /// A live stroke from built stages, in label order; `baseInk` is the ink styles start from
    /// and an unstyled pipeline draws with (``PipelineDescription/baseInk``).
    /// - Precondition: exactly one curve builder and at most one predictor (what
    ///   ``PipelineDescription`` guarantees).
    public init(input: InputView, stages list: [StageImplementation], baseInk: InkAttributes = .default) {
        var filters: [any FilterStage] = []
        var curve: (any CurveStage)? = nil
        var predictor: (any PredictorStage)? = nil
        var styles: [any StyleStage] = []
        for s in list {
            switch s {
            case .filter(let f): filters.append(f)
            case .curve(let c):
                precondition(curve == nil, "a pipeline has exactly one curve builder")
                curve = c
            case .predictor(let p):
                precondition(predictor == nil, "a pipeline has at most one predictor")
                predictor = p
            case .style(let st): styles.append(st)
            }
        }
        guard let curve else { preconditionFailure("a pipeline has exactly one curve builder") }
        self.curve = curve
        let drawsInk = type(of: curve).drawsInk
        stages = LiveStages(input: input, filters: filters, predictor: predictor, styles: styles, drawsInk: drawsInk,
                            baseInk: baseInk)
        output = LiveOutput(styled: stages.styled, drawsInk: drawsInk)
        eventSlot = [Self.idleEvent]
    }

    /// Main samples only, or every coalesced sample.
    public var input: InputView { stages.input }

    // MARK: Events

    /// `touchesBegan`: the pen or finger went down with `samples` (coalesced, in time order;
    /// the last is the main touch). Starts a stroke, dropping any stroke in progress.
    /// - Precondition: `samples` is not empty.
    public mutating func began(_ samples: [TouchSample], predicted: [TouchSample] = [], time: Double? = nil) {
        handle(TouchEvent(phase: .began, time: time, samples: samples, predicted: predicted))
    }

    /// `touchesMoved`: the samples since the last event, and the system's predicted samples.
    /// - Precondition: `samples` is not empty.
    public mutating func moved(_ samples: [TouchSample], predicted: [TouchSample] = [], time: Double? = nil) {
        handle(TouchEvent(phase: .moved, time: time, samples: samples, predicted: predicted))
    }

    /// `touchesEnded`: the last samples; the stroke is finished (its tail committed or dropped
    /// by the curve builder's tail policy) and nothing provisional or predicted is drawn.
    /// - Precondition: `samples` is not empty.
    public mutating func ended(_ samples: [TouchSample], predicted: [TouchSample] = [], time: Double? = nil) {
        handle(TouchEvent(phase: .ended, time: time, samples: samples, predicted: predicted))
    }

    /// `touchesCancelled`: ends the stroke as ``ended(_:predicted:time:)`` does.
    /// - Precondition: `samples` is not empty.
    public mutating func cancelled(_ samples: [TouchSample], predicted: [TouchSample] = [], time: Double? = nil) {
        handle(TouchEvent(phase: .cancelled, time: time, samples: samples, predicted: predicted))
    }

    /// Handles one event of any phase (what the four phase methods call).
    public mutating func handle(_ event: TouchEvent) {
        if event.phase == .began, stages.strokeOpen { reset() }
        let before = stages.strokeOpen ? output.line.count : 0
        eventSlot[0] = event
        curve.liveEvent(eventSlot, at: 0, terminal: event.phase.isTerminal, stages: &stages, output: &output)
        eventSlot[0].samples = []
        eventSlot[0].predicted = []
        newlyCommitted = before..<output.line.count
        outlineChanged = stages.makesOutline && output.state.started && (!stages.batch.isEmpty || event.phase.isTerminal)
    }

    /// Forgets the stroke in progress and its ink: the next event starts a new stroke. Keeps
    /// the buffers' storage.
    public mutating func reset() {
        stages.strokeOpen = false
        output.state = LoopState()
        stages.committedInk.clearKeepingStorage()
        output.line.reset()
        output.provisional.removeAll()
        output.predicted.clearKeepingStorage()
        output.predictedInk.removeAll()
        newlyCommitted = 0..<0
        outlineChanged = false
    }

    // MARK: What to draw

    /// Whether a stroke is in progress (it began and has not ended).
    public var isDrawing: Bool { stages.strokeOpen }

    /// The stroke's committed ink so far: final, append-only within a stroke. Shares storage
    /// with the live stroke (O(1), no copy). Draw ``newlyCommitted`` of it after each call.
    public var committed: InkPath {
        let line = output.line
        return InkPath(elements: line.elements,
                       attributes: stages.styled ? InkAttributeList(stages.committedInk)
                                                 : InkAttributeList(repeating: stages.uniformInk, count: line.count))
    }

    /// The provisional tail of the last call: drawn after the committed ink, replaced at the
    /// next call. Empty after a terminal event.
    public var provisional: InkPath { output.provisional }

    /// The predicted ink of the last call: a `move` to the drawn tip, then one straight segment
    /// per predicted sample. Replaced at the next call; empty after a terminal event.
    public var predicted: InkPath { output.predictedInk }

    /// The predictor's samples of the last call (times after the newest input sample).
    public var predictedSamples: [AttributedSample] { output.predicted }

    /// Everything on screen now: committed, provisional and predicted ink and the outline.
    /// Allocates the outline; for per-frame drawing read the parts.
    public var ink: Ink {
        var polygons: [[Point]] = []
        appendOutline(to: &polygons)
        return Ink(committed: committed, provisional: provisional, predicted: predicted, outline: polygons)
    }

    /// Appends the stroke's outline polygons as they stand (outline makers only: perfect-freehand's
    /// `getStroke` of the samples so far). O(outline).
    public func appendOutline(to polygons: inout [[Point]]) {
        guard stages.makesOutline, output.state.started else { return }
        for st in stages.styles.indices where type(of: stages.styles[st]).makesOutline {
            stages.styles[st].appendOutline(to: &polygons)
        }
    }

    /// Input samples fed to the pipeline in this stroke (after the input view, before filters).
    public var samplesFed: Int { output.state.samplesFed }

    /// Time of the newest input sample fed, in seconds.
    public var newestSampleTime: Double { output.state.newest }

    /// Where the predictor puts the pen `seconds` after the newest sample it observed, having
    /// seen `event` last; `nil` without a predictor or when it cannot say.
    public func predictedLocation(ahead seconds: Double, for event: TouchEvent) -> Point? {
        stages.predictor?.predictedLocation(ahead: seconds, for: event)
    }

    // MARK: Replay

    /// Replays a whole recorded stroke through this pipeline (``PipelineReplayer``).
    mutating func replay(_ stroke: Stroke, options: ReplayOptions) -> StrokeReplay {
        reset()
        return curve.replayStroke(stroke, options: options, stages: &stages)
    }

    /// What the event slot holds before the first call.
    private static let idleEvent = TouchEvent(phase: .ended, samples: [TouchSample(time: 0, x: 0, y: 0)])
}
