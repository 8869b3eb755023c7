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
    /// The styles the pipeline runs: every style when one of them styles element by element
    /// (``stylesElements``), else only the outline makers (their ink folded into
    /// ``uniformInk``, their outline still theirs); empty for a pipeline without either.
    var styles: [any StyleStage]
    /// Whether ``styles`` style element by element: some style reads the element or its
    /// samples (``StyleStage/uniformInk(after:)`` is `nil`), or the builder draws its own ink.
    let stylesElements: Bool
    /// The indices in ``styles`` of the outline makers.
    let outlineMakers: [Int]
    /// Whether the first of ``styles`` replaces the ink it is given (``StyleStage/replacesInk``).
    let firstStyleReplacesInk: Bool
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
    /// The ink of one event's newly committed elements, as it is styled (its count only grows).
    var eventInk: [InkAttributes] = []
    var predictedScratch: [AttributedSample] = []
    var outlineScratch: [[Point]] = []
    /// The stroke's first sample, as the curve builder received it (``beginStyles()``).
    var firstSample = AttributedSample(time: 0, location: .zero)

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
        // pipeline records neither samples nor per-element ink for them. (An outline maker's
        // ink is folded too; the stage stays, for its outline.)
        var uniform = baseInk
        var allUniform = !drawsInk
        for st in styles where allUniform {
            if let next = st.uniformInk(after: uniform) { uniform = next } else { allUniform = false }
        }
        let kept = allUniform ? styles.filter { type(of: $0).makesOutline } : styles
        self.styles = kept
        stylesElements = !allUniform && !styles.isEmpty
        outlineMakers = kept.indices.filter { type(of: kept[$0]).makesOutline }
        firstStyleReplacesInk = kept.first.map { type(of: $0).replacesInk } ?? false
        uniformInk = allUniform ? uniform : baseInk
        makesOutline = !outlineMakers.isEmpty
        styled = stylesElements || drawsInk
        predictorReadsFilter = !filters.isEmpty && predictor.map { type(of: $0).requiredFilter != nil } == true
        stagesReadKinematics = filters.contains { type(of: $0).readsKinematics }
            || predictor.map { type(of: $0).readsKinematics } == true
            || self.styles.contains { type(of: $0).readsKinematics }
        tail = Centerline(recordsSamples: styled, recordsInk: drawsInk)
        guess = Centerline(recordsSamples: styled, recordsInk: drawsInk)
        mode = LoopMode(stages: filters.isEmpty && predictor == nil && !makesOutline, styles: stylesElements)
    }

    /// Starts a stroke: every stage forgets the previous one (styles begin at the stroke's
    /// first sample, curve builders at ``CurveStage/begin(_:into:)``).
    mutating func openStroke() {
        for i in filters.indices { filters[i].reset() }
        if hasPredictor { predictor!.reset() }
        kinematics.reset()
        strokeOpen = true
        committedInk.clearKeepingStorageOfAnySize()
    }

    // The stages are changed only through the methods below, kept out of line: a change of
    // `styles` or `filters` written in the event loop makes the optimiser hoist their
    // uniqueness checks to every event, even where the change itself folds away.

    /// Every style begins the stroke at its first sample.
    @inline(never)
    mutating func beginStyles(_ first: AttributedSample) {
        for st in styles.indices { styles[st].begin(first) }
    }

    /// Every style begins the stroke at ``firstSample`` (where the event loop keeps the
    /// stroke's first sample: kept in a local, the loop carries it in registers from event to
    /// event).
    @inline(never)
    mutating func beginStyles() {
        for st in styles.indices { styles[st].begin(firstSample) }
    }

    /// The predictor reads the last filter's state (``PredictorStage/observe(lastFilter:)``).
    @inline(never)
    mutating func predictorObservesLastFilter() {
        predictor!.observe(lastFilter: &filters[filters.count - 1])
    }

    /// The outline makers among the styles observe the event's batch.
    @inline(never)
    mutating func outlinesObserveBatch(terminal: Bool) {
        for st in outlineMakers { styles[st].observe(batch, terminal: terminal) }
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
    /// ``committedInk`` (the live stroke's per-event styling): the ink is written into
    /// ``eventInk``, which keeps its storage, then appended in one copy
    /// (``writeInk(_:range:elements:samples:inks:recordsInk:styles:base:firstStyleReplacesInk:)``).
    /// A style's ink for an element depends only on the element, its start point and its two
    /// samples (``StyleStage``), so styling a stroke in pieces gives the ink of styling it
    /// whole (what a replay does, ``styledInk(elements:samples:inks:recordsInk:)``).
    /// O(newly committed elements).
    ///
    /// Takes the line's arrays, not the line: passed whole, the line would be passed by
    /// address, and the event loop could no longer keep it in registers.
    @inline(never)
    mutating func styleCommitted(elements: [PathElement], samples: [AttributedSample], inks: [InkAttributes],
                                 recordsInk: Bool) {
        let from = committedInk.count
        guard from < elements.count else { return }
        let n = elements.count - from
        // The buffers are moved out (and back), and the closures below see only locals: a
        // closure that used `self` would copy the whole value at every event.
        var scratch = eventInk
        eventInk = []
        var committed = committedInk
        committedInk = []
        if scratch.count < n { scratch.append(contentsOf: repeatElement(baseInk, count: n - scratch.count)) }
        let styles = styles, base = baseInk, replaces = firstStyleReplacesInk
        elements.withUnsafeBufferPointer { e in
            samples.withUnsafeBufferPointer { s in
                inks.withUnsafeBufferPointer { k in
                    scratch.withUnsafeMutableBufferPointer { buffer in
                        let ink = UnsafeMutableBufferPointer(rebasing: buffer[..<n])
                        Self.writeInk(ink, range: from..<e.count, elements: e, samples: s, inks: k, recordsInk: recordsInk,
                                      styles: styles, base: base, firstStyleReplacesInk: replaces)
                        committed.append(contentsOf: UnsafeBufferPointer(ink))
                    }
                }
            }
        }
        committedInk = committed
        eventInk = scratch
    }

    /// The ink of every element of a whole stroke's centre line (a replay styles the stroke
    /// once, at its end, ``writeInk(_:range:elements:samples:inks:recordsInk:styles:base:firstStyleReplacesInk:)``): a new array,
    /// written once per element. O(elements).
    /// - Precondition: `samples` (and `inks` when `recordsInk`) are index-aligned with `elements`.
    @inline(never)
    func styledInk(elements: [PathElement], samples: [AttributedSample], inks: [InkAttributes],
                   recordsInk: Bool) -> [InkAttributes] {
        let n = elements.count
        return elements.withUnsafeBufferPointer { e in
            samples.withUnsafeBufferPointer { s in
                inks.withUnsafeBufferPointer { k in
                    [InkAttributes](unsafeUninitializedCapacity: n) { buffer, count in
                        // (InkAttributes is trivial: assigning to uninitialised memory initialises it.)
                        let ink = UnsafeMutableBufferPointer(rebasing: buffer[..<n])
                        Self.writeInk(ink, range: 0..<n, elements: e, samples: s, inks: k, recordsInk: recordsInk,
                                      styles: styles, base: baseInk, firstStyleReplacesInk: firstStyleReplacesInk)
                        count = n
                    }
                }
            }
        }
    }

    /// Writes the ink of elements `range` into `ink` (`range.count` entries, initialised or
    /// not: the type is trivial): the builder's own ink (`inks`, when `recordsInk`) or `base`
    /// — not written when the first style replaces it (`firstStyleReplacesInk`), which then
    /// writes every entry — then every one of `styles` in order
    /// (``StyleStage/style(_:elements:samples:start:previous:)``, one dynamic call each, on the
    /// stage in place: an element of the array read by value would be copied, and the copy
    /// destroyed, at every call). O(range.count).
    @inline(__always)
    static func writeInk(_ ink: UnsafeMutableBufferPointer<InkAttributes>, range: Range<Int>,
                         elements: UnsafeBufferPointer<PathElement>, samples: UnsafeBufferPointer<AttributedSample>,
                         inks: UnsafeBufferPointer<InkAttributes>, recordsInk: Bool, styles: [any StyleStage],
                         base: InkAttributes, firstStyleReplacesInk: Bool) {
        precondition(ink.count == range.count && range.lowerBound >= 0 && range.upperBound <= elements.count
                     && range.upperBound <= samples.count && (!recordsInk || range.upperBound <= inks.count),
                     "ink range out of bounds")
        if !firstStyleReplacesInk {      // (always so without styles)
            if recordsInk {
                _ = ink.update(fromContentsOf: UnsafeBufferPointer(rebasing: inks[range]))
            } else {
                ink.update(repeating: base)
            }
        }
        guard !styles.isEmpty else { return }
        let e = UnsafeBufferPointer(rebasing: elements[range])
        let s = UnsafeBufferPointer(rebasing: samples[range])
        let start = range.lowerBound > 0 ? elements[range.lowerBound - 1].endPoint : nil
        let previous = range.lowerBound > 0 ? samples[range.lowerBound - 1] : nil
        styles.withUnsafeBufferPointer { st in
            guard let first = st.baseAddress else { return }
            // Called as a mutating method (which writes nothing): the existential is opened
            // where it is stored. A call through the pointer's read access copies the stage
            // into a temporary and destroys it after (about 40 Ir per style and event).
            var stage = UnsafeMutablePointer(mutating: first)
            for _ in 0..<st.count {
                stage.pointee.styleWhereStored(ink, elements: e, samples: s, start: start, previous: previous)
                stage += 1
            }
        }
    }

    /// Appends a whole (per-event) centre line to `path`, styled; its ink is built in a scratch
    /// buffer that keeps its storage from frame to frame.
    @inline(never)
    mutating func append(_ line: Centerline, to path: inout InkPath, start: Point?, previous: AttributedSample?) {
        guard !line.isEmpty else { return }
        if !stylesElements {
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

extension StyleStage {
    /// ``style(_:elements:samples:start:previous:)``, reached through a mutable access so that an
    /// existential stage is opened in place instead of copied (``LiveStages``'s `writeInk`).
    /// Writes nothing to the stage.
    @inline(__always)
    mutating func styleWhereStored(_ ink: UnsafeMutableBufferPointer<InkAttributes>, elements: UnsafeBufferPointer<PathElement>,
                                   samples: UnsafeBufferPointer<AttributedSample>, start: Point?, previous: AttributedSample?) {
        style(ink, elements: elements, samples: samples, start: start, previous: previous)
    }
}
