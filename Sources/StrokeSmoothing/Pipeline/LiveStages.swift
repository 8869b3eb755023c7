import StrokeCore

/// The stages around a pipeline's curve builder, the scratch buffers the event loop reuses
/// from event to event, and the state of the stroke in progress: what a ``LiveStroke`` keeps
/// between calls. Built by ``LiveStroke``; stage authors never touch it.
public struct LiveStages: Sendable {
    let input: InputView
    var filters: [any FilterStage]
    var predictor: (any PredictorStage)?
    /// Whether there is a predictor (tested without copying the existential).
    let hasPredictor: Bool
    /// The styles that style element by element (empty when every style is uniform).
    var styles: [any StyleStage]
    /// The ink styles start from and unstyled elements get (``PipelineDescription/baseInk``:
    /// ``StrokeCore/InkAttributes/default``, its 2 pt width in the trace's units when the
    /// pipeline was resolved for a scale).
    let baseInk: InkAttributes
    /// The ink of every element when no style reads the elements: ``baseInk`` without styles,
    /// else what the uniform styles make of it (``StyleStage/uniformInk(after:)``).
    let uniformInk: InkAttributes
    let makesOutline: Bool
    /// Whether the committed ink is kept per element: style stages run, or the curve builder
    /// draws its own ink (``CurveStage/drawsInk``). Otherwise every element has ``uniformInk``.
    let styled: Bool
    /// Whether the predictor reads the last filter's state (``PredictorStage/requiredFilter``).
    let predictorReadsFilter: Bool
    /// Whether any stage besides the curve builder reads speed and heading.
    let stagesReadKinematics: Bool
    /// The loop a live event runs: which stages the pipeline has (``LoopMode``).
    let mode: LoopMode
    var kinematics = SampleKinematics()
    var batch: [AttributedSample] = []
    var scratch: [AttributedSample] = []
    var tail: Centerline
    var guess: Centerline
    var inkScratch: [InkAttributes] = []
    var predictedScratch: [AttributedSample] = []
    var outlineScratch: [[Point]] = []

    // The stroke in progress.
    /// Whether a stroke is in progress: its first event came and its terminal one did not.
    var strokeOpen = false
    /// The ink of every committed element (kept when ``styled``), styled as it is committed.
    var committedInk: [InkAttributes] = []

    init(input: InputView, filters: [any FilterStage], predictor: (any PredictorStage)?, styles: [any StyleStage],
         drawsInk: Bool = false, baseInk: InkAttributes = .default) {
        self.input = input
        self.baseInk = baseInk
        self.filters = filters
        self.predictor = predictor
        hasPredictor = predictor != nil
        // Styles that give every element the same ink are folded into one value, so the
        // pipeline records neither samples nor per-element ink for them.
        var uniform = baseInk
        var allUniform = !drawsInk
        for st in styles where allUniform {
            // (An outline maker is never folded: its outline comes from the stage itself.)
            if !type(of: st).makesOutline, let next = st.uniformInk(after: uniform) { uniform = next } else { allUniform = false }
        }
        self.styles = allUniform ? [] : styles
        uniformInk = allUniform ? uniform : baseInk
        makesOutline = styles.contains { type(of: $0).makesOutline }
        styled = !self.styles.isEmpty || drawsInk
        predictorReadsFilter = !filters.isEmpty && predictor.map { type(of: $0).requiredFilter != nil } == true
        stagesReadKinematics = filters.contains { type(of: $0).readsKinematics }
            || predictor.map { type(of: $0).readsKinematics } == true
            || self.styles.contains { type(of: $0).readsKinematics }
        tail = Centerline(recordsSamples: styled, recordsInk: drawsInk)
        guess = Centerline(recordsSamples: styled, recordsInk: drawsInk)
        mode = LoopMode(stages: filters.isEmpty && predictor == nil && !makesOutline, styles: !self.styles.isEmpty)
    }

    /// Starts a stroke: every stage forgets the previous one (styles begin at the stroke's
    /// first sample, curve builders at ``CurveStage/begin(_:into:)``).
    mutating func openStroke() {
        for i in filters.indices { filters[i].reset() }
        if hasPredictor { predictor!.reset() }
        kinematics.reset()
        strokeOpen = true
        committedInk.clearKeepingStorage()
    }

    // The stages are changed only through the methods below, kept out of line: a change of
    // `styles` or `filters` written in the event loop makes the optimiser hoist their
    // uniqueness checks to every event, even where the change itself folds away.

    /// Every style begins the stroke at its first sample.
    @inline(never)
    mutating func beginStyles(_ first: AttributedSample) {
        for st in styles.indices { styles[st].begin(first) }
    }

    /// The predictor reads the last filter's state (``PredictorStage/observe(lastFilter:)``).
    @inline(never)
    mutating func predictorObservesLastFilter() {
        predictor!.observe(lastFilter: &filters[filters.count - 1])
    }

    /// The outline makers among the styles observe the event's batch.
    @inline(never)
    mutating func outlinesObserveBatch(terminal: Bool) {
        for st in styles.indices where type(of: styles[st]).makesOutline {
            styles[st].observe(batch, terminal: terminal)
        }
    }

    /// Runs `batch` through every filter (one call per filter), each told first when the event
    /// is delivered (``FilterStage/deliver(at:)``). At the end of the stroke each filter
    /// instead ``FilterStage/finish(_:into:)``es with its input: what it emits, flushed
    /// samples included, goes through the filters after it.
    @inline(never)
    mutating func runFilters(terminal: Bool, deliveredAt time: Double) {
        for f in filters.indices {
            scratch.clearKeepingStorage()
            filters[f].deliver(at: time)
            if terminal {
                filters[f].finish(batch, into: &scratch)
            } else {
                filters[f].process(batch, into: &scratch)
            }
            swap(&batch, &scratch)
        }
    }

    /// Styles the elements of `line` committed since the last call, appending their ink to
    /// ``committedInk``: the builder's own ink (or the base ink), then every style in order. A
    /// style's ink for an element depends only on the element, its start point and its two
    /// samples (``StyleStage``), so styling a stroke in pieces gives the ink of styling it whole.
    /// Takes the line's arrays, not the line: passed whole, the line would be passed by
    /// address, and the event loop could no longer keep it in registers (every append would
    /// check its buffers' uniqueness again).
    @inline(never)
    mutating func styleCommitted(elements: [PathElement], samples: [AttributedSample], inks: [InkAttributes],
                                 recordsInk: Bool) {
        let from = committedInk.count
        guard from < elements.count else { return }
        if recordsInk {
            committedInk.append(contentsOf: inks[from...])
        } else {
            let d = baseInk
            for _ in from..<elements.count { committedInk.append(d) }
        }
        let start = from > 0 ? elements[from - 1].endPoint : nil
        let previous = from > 0 ? samples[from - 1] : nil
        for s in styles.indices {
            styles[s].style(&committedInk, range: from..<elements.count, elements: elements, samples: samples,
                            start: start, previous: previous)
        }
    }

    /// Appends a whole (per-event) centre line to `path`, styled; its ink is built in a scratch
    /// buffer that keeps its storage from frame to frame.
    @inline(never)
    mutating func append(_ line: Centerline, to path: inout InkPath, start: Point?, previous: AttributedSample?) {
        guard !line.isEmpty else { return }
        if styles.isEmpty {
            if line.recordsInk {
                path.append(line.elements, attributes: line.inks)
            } else {
                path.append(line.elements, uniform: uniformInk)
            }
            return
        }
        var ink = inkScratch
        inkScratch = []
        line.startingInk(into: &ink, base: baseInk)
        for s in styles.indices {
            styles[s].style(&ink, range: 0..<line.count, elements: line.elements, samples: line.samples,
                            start: start, previous: previous)
        }
        path.append(line.elements, attributes: ink)
        inkScratch = ink
    }
}

/// Which stages an event loop may meet, decided once per pipeline (and per replay, whose
/// options may ask for more): all of them, a curve builder with styles, or a curve builder
/// alone. The loop is compiled once per mode (``ReplayMode``), so the branches of absent
/// stages fold away.
enum LoopMode: Sendable {
    /// Filters, a predictor, outline makers, evaluation horizons or recorded curve input.
    case allStages
    /// A curve builder and styles that style element by element.
    case curveAndStyles
    /// A curve builder alone (its styles, if any, uniform).
    case curveOnly

    init(stages curveAndStyles: Bool, styles: Bool) {
        self = !curveAndStyles ? .allStages : styles ? .curveAndStyles : .curveOnly
    }
}

/// A ``LoopMode`` as a type, for the loop's generic parameter.
protocol ReplayMode {
    /// Filters, a predictor, outline makers, evaluation horizons or recorded curve input.
    static var allStages: Bool { get }
    /// Styles that style element by element.
    static var styles: Bool { get }
}
/// A pipeline with any stages.
enum AllStages: ReplayMode {
    static var allStages: Bool { true }
    static var styles: Bool { true }
}
/// A curve builder and styles: no filter, predictor or outline maker, nothing extra recorded.
enum CurveAndStyles: ReplayMode {
    static var allStages: Bool { false }
    static var styles: Bool { true }
}
/// A curve builder alone (its styles, if any, uniform): nothing extra recorded.
enum CurveOnly: ReplayMode {
    static var allStages: Bool { false }
    static var styles: Bool { false }
}
