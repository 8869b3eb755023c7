import StrokeCore

/// Runs a pipeline over strokes exactly as an app receives them, and records its ink.
///
/// Per event (one `touchesBegan`/`touchesMoved`/`touchesEnded` call):
/// 1. the input view's samples (the main sample, or every coalesced sample) get their derived
///    speed and heading (``StrokeCore/SampleKinematics``);
/// 2. they pass through the filters in order, each emitting 0…n samples; the stroke's
///    terminal event goes to each filter's ``FilterStage/finish(_:into:)`` (its last sample
///    is the pen's last; the filter then flushes), and what it emits passes through the
///    filters after it;
/// 3. the curve builder receives the result — its first sample ever to `begin`, samples of the
///    terminal event to `end`, the rest to `move` — and the terminal event `finish`es it;
/// 4. the predictor observes the same samples (one that reads a filter's state, such as
///    `predict:ink-kalman`, is then shown the last filter: ``PredictorStage/observe(lastFilter:)``);
///    outline makers among the styles observe them too;
/// 5. committed elements are styled (each style in order, starting from
///    ``StrokeCore/InkAttributes/default``, or from the builder's own ink when it draws ink,
///    ``CurveStage/drawsInk``) — once, at the end of the stroke, since a style's ink for an
///    element depends only on that element, its samples and the stroke's first sample
///    (styles are pure per element, ``StyleStage``); when every style ignores the element
///    (``StyleStage/uniformInk(after:)``) and the builder draws no ink, they are folded into
///    one ink for the whole stroke instead;
/// 6. a non-terminal event then records the styled provisional tail, and the predictor's
///    samples as ink drawn straight from the tip; a terminal event records neither (Scribble
///    resets its display to the committed image on `touchesEnded`);
/// 7. the frame (committed count, ranges, tip, predictions at the evaluation horizons).
///
/// Dispatch: the loop itself is ``CurveStage/replayStroke(_:options:stages:)``, a protocol
/// requirement whose default implementation is specialised for each curve builder type, so
/// every call to the curve builder is static and inlinable — without a list of pre-specialised
/// combinations — and compiled three times (``ReplayMode``: a curve builder alone, with
/// styles, or with any stages), so the branches of absent stages fold away. Filters, the
/// predictor and styles are called once per event with the
/// event's batch (each specialised inside for its own type, ``FilterStage/process(_:into:)``).
/// Scratch buffers are reused across events and strokes; a replay allocates only its record's
/// buffers (amortised growth). Complexity O(samples + output).
public struct PipelineReplayer: StrokeReplaying {
    /// Main samples only, or every coalesced sample.
    public var input: InputView { stages.input }
    private var curve: any CurveStage
    private var stages: ReplayStages

    /// Creates a replayer from built stages, in label order.
    /// - Precondition: exactly one curve builder and at most one predictor (what
    ///   ``PipelineDescription`` guarantees).
    public init(input: InputView, stages list: [StageImplementation]) {
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
        stages = ReplayStages(input: input, filters: filters, predictor: predictor, styles: styles,
                              drawsInk: type(of: curve).drawsInk)
    }

    /// Replays `stroke` as the app would receive it and records the ink of every frame.
    public mutating func replay(_ stroke: Stroke, options: ReplayOptions = ReplayOptions()) -> StrokeReplay {
        curve.replayStroke(stroke, options: options, stages: &stages)
    }
}

/// The stages around a pipeline's curve builder, and the scratch buffers the replay loop
/// reuses from event to event. Built by ``PipelineReplayer``; stage authors never touch it.
public struct ReplayStages: Sendable {
    let input: InputView
    var filters: [any FilterStage]
    var predictor: (any PredictorStage)?
    /// Whether there is a predictor (tested without copying the existential).
    let hasPredictor: Bool
    /// The styles that style element by element (empty when every style is uniform).
    var styles: [any StyleStage]
    /// The ink of every element when no style reads the elements: ``StrokeCore/InkAttributes/default``
    /// without styles, else what the uniform styles make of it (``StyleStage/uniformInk(after:)``).
    let uniformInk: InkAttributes
    let makesOutline: Bool
    /// Whether the predictor reads the last filter's state (``PredictorStage/requiredFilter``).
    let predictorReadsFilter: Bool
    /// Whether any stage besides the curve builder reads speed and heading.
    let stagesReadKinematics: Bool
    var kinematics = SampleKinematics()
    var batch: [AttributedSample] = []
    var scratch: [AttributedSample] = []
    var tail: Centerline
    var guess: Centerline
    var inkScratch: [InkAttributes] = []
    var predictedScratch: [AttributedSample] = []
    var outlineScratch: [[Point]] = []

    init(input: InputView, filters: [any FilterStage], predictor: (any PredictorStage)?, styles: [any StyleStage],
         drawsInk: Bool = false) {
        self.input = input
        self.filters = filters
        self.predictor = predictor
        hasPredictor = predictor != nil
        // Styles that give every element the same ink are folded into one value, so the
        // pipeline records neither samples nor per-element ink for them.
        var uniform = InkAttributes.default
        var allUniform = !drawsInk
        for st in styles where allUniform {
            // (An outline maker is never folded: its outline comes from the stage itself.)
            if !type(of: st).makesOutline, let next = st.uniformInk(after: uniform) { uniform = next } else { allUniform = false }
        }
        self.styles = allUniform ? [] : styles
        uniformInk = allUniform ? uniform : .default
        makesOutline = styles.contains { type(of: $0).makesOutline }
        predictorReadsFilter = !filters.isEmpty && predictor.map { type(of: $0).requiredFilter != nil } == true
        stagesReadKinematics = filters.contains { type(of: $0).readsKinematics }
            || predictor.map { type(of: $0).readsKinematics } == true
            || self.styles.contains { type(of: $0).readsKinematics }
        tail = Centerline(recordsSamples: !self.styles.isEmpty || drawsInk, recordsInk: drawsInk)
        guess = Centerline(recordsSamples: !self.styles.isEmpty || drawsInk, recordsInk: drawsInk)
    }

    /// Runs `batch` through every filter (one call per filter). At the end of the stroke each
    /// filter instead ``FilterStage/finish(_:into:)``es with its input: what it emits, flushed
    /// samples included, goes through the filters after it.
    mutating func runFilters(terminal: Bool) {
        for f in filters.indices {
            scratch.clearKeepingStorage()
            if terminal {
                filters[f].finish(batch, into: &scratch)
            } else {
                filters[f].process(batch, into: &scratch)
            }
            swap(&batch, &scratch)
        }
    }

    /// The ink of every element of a stroke's committed `line` (``Centerline/startingInk()``),
    /// styled.
    func strokeInk(_ line: Centerline) -> [InkAttributes] {
        var ink = line.startingInk()
        applyStyles(line, to: &ink, start: nil, previous: nil)
        return ink
    }

    /// Appends a whole (per-event) centre line to `path`, styled; its ink is built in a scratch
    /// buffer that keeps its storage from frame to frame.
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
        line.startingInk(into: &ink)
        applyStyles(line, to: &ink, start: start, previous: previous)
        path.append(line.elements, attributes: ink)
        inkScratch = ink
    }

    /// Runs every style stage, in order, over all of `line`'s elements: `ink` (index-aligned
    /// with `line`) holds the ink they start from. `start` and `previous` are where and with
    /// what sample the line begins.
    private func applyStyles(_ line: Centerline, to ink: inout [InkAttributes], start: Point?, previous: AttributedSample?) {
        for s in styles.indices {
            styles[s].style(&ink, range: 0..<line.count, elements: line.elements, samples: line.samples,
                            start: start, previous: previous)
        }
    }
}

extension CurveStage {
    /// The replay loop of ``PipelineReplayer`` (its documentation lists the steps), written
    /// once and specialised by the compiler for every curve builder type through this
    /// requirement's witness. Curve builders do not implement it.
    public mutating func replayStroke(_ stroke: Stroke, options: ReplayOptions, stages s: inout ReplayStages) -> StrokeReplay {
        // A pipeline that is a curve builder alone (the seeds' presets), or one followed by
        // styles, runs the same loop compiled with every other stage's branch folded away.
        let curveAndStyles = s.filters.isEmpty && !s.hasPredictor && !s.makesOutline && !options.recordsCurveInput
            && options.evaluationHorizons.isEmpty
        if curveAndStyles, s.styles.isEmpty {
            var record = StrokeReplay()
            replayLoop(stroke, options: options, stages: &s, mode: CurveOnly.self, into: &record)
            return record
        }
        return curveAndStyles ? replay(stroke, options: options, stages: &s, mode: CurveAndStyles.self)
                              : replay(stroke, options: options, stages: &s, mode: AllStages.self)
    }

    /// The loop for pipelines with more than a curve builder, specialised per mode in a
    /// function of its own (the curve builder alone has it inlined above: one call site each
    /// keeps the optimiser seeing the whole loop).
    @inline(never)
    private mutating func replay<Mode: ReplayMode>(_ stroke: Stroke, options: ReplayOptions, stages s: inout ReplayStages,
                                                   mode: Mode.Type) -> StrokeReplay {
        var record = StrokeReplay()
        replayLoop(stroke, options: options, stages: &s, mode: mode, into: &record)
        return record
    }

    /// The loop of ``replayStroke(_:options:stages:)``, generic over which stages the pipeline
    /// may have, so the compiler folds away the branches of absent ones. Writes into a fresh
    /// `record` (returning one would copy it once more per stroke).
    @inline(__always)
    private mutating func replayLoop<Mode: ReplayMode>(_ stroke: Stroke, options: ReplayOptions, stages s: inout ReplayStages,
                                                       mode: Mode.Type, into record: inout StrokeReplay) {
        let total = stroke.sampleCount
        // Frames and the sample count are kept in locals and handed to the record at the end:
        // the optimiser then proves the frame buffer unique once, not on every append.
        var frames: [ReplayFrame] = []
        frames.reserveCapacity(stroke.events.count)
        var samplesFed = 0
        record.horizons = options.evaluationHorizons
        record.horizonPredictions.reserveCapacity(stroke.events.count * options.evaluationHorizons.count)
        if Mode.allStages && s.hasPredictor {
            // A few predicted samples per event (a one-frame horizon at 180 Hz is 3–6); growing
            // these by doubling would copy them a dozen times per stroke.
            record.predicted.reserveCapacity(stroke.events.count * 6)
            record.predictedInk.reserveCapacity(stroke.events.count * 7)
        }
        for i in s.filters.indices { s.filters[i].reset() }
        if Mode.allStages && s.hasPredictor { s.predictor!.reset() }
        s.kinematics.reset()
        // Styled: style stages run, or the builder draws its own ink (kept per element).
        // (The curve-and-styles mode runs only with styles: a constant there, so the branches
        // on it fold away.)
        let styled = (Mode.allStages ? !s.styles.isEmpty : Mode.styles) || Self.drawsInk
        // The committed centre line: the whole stroke, handed to the record at the end.
        var line = Centerline(recordsSamples: styled, recordsInk: Self.drawsInk)
        line.reserveCapacity(total + 4)
        var started = false
        var newest = stroke.startTime
        let lastEventIndex = stroke.events.count - 1
        let hasPredictor = Mode.allStages && s.hasPredictor
        let hasHorizons = Mode.allStages && !options.evaluationHorizons.isEmpty
        let direct = !Mode.allStages || s.filters.isEmpty    // samples go straight from the input view to the curve
        let makesOutline = Mode.allStages && s.makesOutline
        let recordsCurveInput = Mode.allStages && options.recordsCurveInput
        let needsBatch = Mode.allStages && (!direct || hasPredictor || makesOutline || recordsCurveInput)
        let main = s.input == .main
        let kinematic = Self.readsKinematics || s.stagesReadKinematics

        // Index-based access: binding each `event` by value would retain and release its two
        // arrays on every event.
        let events = stroke.events
        for eventIndex in events.indices {
            let terminal = events[eventIndex].phase.isTerminal || eventIndex == lastEventIndex

            // 1–3. Input view, filters, curve builder.
            if Mode.allStages { s.batch.clearKeepingStorage() }   // only they fill it
            let count = events[eventIndex].samples.count
            var i = main ? count - 1 : 0
            while i < count {
                let sample = kinematic ? s.kinematics.attribute(events[eventIndex].samples[i])
                                       : AttributedSample(events[eventIndex].samples[i])
                samplesFed += 1
                newest = sample.time
                if direct {
                    if !started {
                        if styled { for st in s.styles.indices { s.styles[st].begin(sample) } }
                        begin(sample, into: &line)
                        started = true
                    } else if terminal {
                        end(sample, into: &line)
                    } else {
                        move(sample, into: &line)
                    }
                }
                if needsBatch { s.batch.append(sample) }
                i += 1
            }
            if !direct {
                s.runFilters(terminal: terminal)
                if !s.batch.isEmpty {
                    if !started { for st in s.styles.indices { s.styles[st].begin(s.batch[0]) } }
                    process(s.batch, startsStroke: !started, terminal: terminal, into: &line)
                    started = true
                }
            }
            if recordsCurveInput { record.curveInput.append(contentsOf: s.batch) }

            // 4. Predictor and outline makers.
            if hasPredictor, !s.batch.isEmpty { s.predictor!.observe(s.batch) }
            if Mode.allStages, s.predictorReadsFilter { s.predictor!.observe(lastFilter: &s.filters[s.filters.count - 1]) }
            if makesOutline, started {
                for st in s.styles.indices where type(of: s.styles[st]).makesOutline {
                    s.styles[st].observe(s.batch, terminal: terminal)
                }
            }
            if terminal, started { finish(into: &line) }

            // 5. Committed elements are styled once, after the loop: a style's ink for an
            //    element depends only on the element, its samples and the stroke's first
            //    sample, so styling them as they are committed would give the same ink.

            // 6. Provisional tail and prediction.
            let provisionalStart = record.provisional.count
            let predictedStart = record.predicted.count
            let predictedInkStart = record.predictedInk.count
            // The committed line's last sample is read only where a tail or a prediction is
            // styled, not on every event.
            var tailSample: AttributedSample? = nil
            if !terminal, started, hasProvisionalTail {
                s.tail.reset(currentPoint: line.currentPoint)
                appendProvisionalTail(to: &s.tail)
                if !s.tail.isEmpty {
                    let tail = s.tail
                    s.append(tail, to: &record.provisional, start: line.currentPoint,
                             previous: styled ? line.samples.last : nil)
                    if styled { tailSample = tail.samples.last }
                }
            }
            let drawnTip = record.provisional.count > provisionalStart ? record.provisional.currentPoint : line.currentPoint
            if !terminal, hasPredictor {
                s.predictedScratch.clearKeepingStorage()
                s.predictor!.appendPrediction(for: events[eventIndex], tip: drawnTip, to: &s.predictedScratch)
                if !s.predictedScratch.isEmpty {
                    record.predicted.append(contentsOf: s.predictedScratch)
                    let first = s.predictedScratch[0]
                    let before = tailSample ?? (styled ? line.samples.last : nil) ?? first
                    s.guess.reset()
                    if let drawnTip { s.guess.move(to: drawnTip, before) } else { s.guess.move(to: first.location, first) }
                    if Self.drawsInk {
                        // Predicted segments continue with the ink drawn last.
                        let ink = (tailSample != nil ? s.tail.inks.last : nil) ?? line.inks.last ?? .default
                        for p in s.predictedScratch { s.guess.append(.line(to: p.location), p, ink: ink) }
                    } else {
                        for p in s.predictedScratch { s.guess.addLine(to: p.location, p) }
                    }
                    let guess = s.guess
                    s.append(guess, to: &record.predictedInk, start: nil, previous: before)
                }
            }
            if hasHorizons {
                for h in options.evaluationHorizons {
                    record.horizonPredictions.append(terminal ? nil : s.predictor?.predictedLocation(ahead: h, for: events[eventIndex]))
                }
            }

            // 7. Outline and frame.
            if makesOutline, started, terminal || options.outlineFrames.contains(eventIndex) {
                if !s.outlineScratch.isEmpty { s.outlineScratch.removeAll(keepingCapacity: true) }
                for st in s.styles.indices where type(of: s.styles[st]).makesOutline {
                    s.styles[st].appendOutline(to: &s.outlineScratch)
                }
                if terminal { record.outline = s.outlineScratch } else { record.frameOutlines[eventIndex] = s.outlineScratch }
            }
            let predictedInkEnd = record.predictedInk.count
            let tip = predictedInkEnd > predictedInkStart ? record.predictedInk.currentPoint : drawnTip
            frames.append(ReplayFrame(
                eventIndex: eventIndex, phase: events[eventIndex].phase, time: events[eventIndex].time,
                newestSampleTime: newest, committedCount: line.count,
                provisional: provisionalStart..<record.provisional.count,
                predicted: predictedStart..<record.predicted.count,
                predictedInk: predictedInkStart..<predictedInkEnd, tip: tip))
        }
        let attributes = styled ? s.strokeInk(line) : []
        record.frames = frames
        record.samplesFed = samplesFed
        let (elements, _, _) = line.take()
        record.ink = styled ? InkPath(elements: elements, attributes: attributes)
                            : InkPath(Path(elements), uniform: s.uniformInk)
    }
}

/// Which stages a replay loop may meet: all of them, a curve builder with styles, or a curve
/// builder alone.
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
