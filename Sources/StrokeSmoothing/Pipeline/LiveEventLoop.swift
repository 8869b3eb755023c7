import StrokeCore

/// What one event of a ``LiveStroke`` writes besides the committed ink's styling: the stroke's
/// committed centre line (it only grows within a stroke), and the event's provisional tail,
/// predicted samples and predicted ink (emptied at each event).
public struct LiveOutput: Sendable {
    /// The stroke's committed centre line.
    var line: Centerline
    /// The provisional tail drawn for the last event.
    var provisional = InkPath()
    /// The predictor's samples for the last event.
    var predicted: [AttributedSample] = []
    /// The predicted ink for the last event: a `move` to the tip, then one segment per sample.
    var predictedInk = InkPath()
    /// The loop's counters for the stroke in progress.
    var state = LoopState()

    init(styled: Bool, drawsInk: Bool) {
        line = Centerline(recordsSamples: styled, recordsInk: drawsInk)
    }
}

/// What the event loop carries from event to event within a stroke (a replay keeps it in a
/// local, a live stroke in its ``LiveOutput``).
struct LoopState: Sendable {
    /// Whether the curve builder has received the stroke's first sample.
    var started = false
    /// Input samples fed in this stroke.
    var samplesFed = 0
    /// Time of the newest input sample fed, in seconds.
    var newest = 0.0
}

extension CurveStage {
    /// One event of a ``LiveStroke``: the event loop below, specialised for every curve
    /// builder type through this requirement's witness, so the builder is called statically
    /// for every sample and the pipeline's concrete builder type is opened once per event.
    /// Curve builders do not implement it.
    public mutating func liveEvent(_ events: [TouchEvent], at index: Int, terminal: Bool, stages s: inout LiveStages,
                                   output o: inout LiveOutput) {
        if !s.strokeOpen {
            s.openStroke()
            o.line.reset()
            o.state = LoopState()
        }
        if !o.provisional.isEmpty { o.provisional.removeAll() }
        if !o.predicted.isEmpty { o.predicted.clearKeepingStorage() }
        if !o.predictedInk.isEmpty { o.predictedInk.removeAll() }
        switch s.mode {
        case .curveOnly:
            handleEvent(events, at: index, terminal: terminal, stages: &s, mode: CurveOnly.self, recordsCurveInput: false,
                        stylesEachEvent: true, state: &o.state, line: &o.line, provisional: &o.provisional, predicted: &o.predicted,
                        predictedInk: &o.predictedInk)
        case .curveAndStyles:
            handleEvent(events, at: index, terminal: terminal, stages: &s, mode: CurveAndStyles.self, recordsCurveInput: false,
                        stylesEachEvent: true, state: &o.state, line: &o.line, provisional: &o.provisional, predicted: &o.predicted,
                        predictedInk: &o.predictedInk)
        case .allStages:
            handleEvent(events, at: index, terminal: terminal, stages: &s, mode: AllStages.self, recordsCurveInput: false,
                        stylesEachEvent: true, state: &o.state, line: &o.line, provisional: &o.provisional, predicted: &o.predicted,
                        predictedInk: &o.predictedInk)
        }
        if terminal { s.strokeOpen = false }
    }

    /// The event loop: everything a pipeline does with one touch event (the steps are listed
    /// in ``LiveStroke``). Generic over which stages the pipeline may have (`Mode`), so the
    /// compiler folds away the branches of absent ones; inlined into the live entry point and
    /// into the replay's loop over a stroke (``replayStroke(_:options:stages:)``), which is
    /// this function called once per event and a record of what it drew.
    ///
    /// The provisional tail, predicted samples and predicted ink are *appended* to the given
    /// buffers (the live stroke empties its own first; a replay keeps every frame's).
    /// `events[index]` is the event (passed with its array: binding an event by value would
    /// retain and release its two arrays on every call). The caller opens the stroke before
    /// its first event (``LiveStages/openStroke()``, an empty `line` and `state`): kept out of
    /// the loop, the calls that do it leave the replay's loop free of opaque calls.
    ///
    /// `stylesEachEvent` is true for the live stroke: the loop styles what each event commits.
    /// A replay passes false and styles the whole stroke once, at its end
    /// (``LiveStages/styledInk(elements:samples:inks:recordsInk:)``): a style's ink depends only
    /// on the element, its samples and the stroke's first sample, so the ink is the same, and
    /// the loop makes no call per event for it.
    ///
    /// Transparent, not `@inline(__always)`: the optimiser honours `@inline(__always)` only
    /// while the caller or the callee has fewer than 64 blocks (Swift's PerformanceInliner,
    /// `isInlineAlwaysCallSite`); once the replay's loop grew past that (the frame's origin)
    /// this body was called out of line, and the seed presets' replays cost 40–50 % more
    /// instructions per sample (`scripts/replay-loop/run`: linear 189 → 273 Ir).
    @_transparent
    mutating func handleEvent<Mode: ReplayMode>(_ events: [TouchEvent], at eventIndex: Int, terminal: Bool,
                                                stages s: inout LiveStages, mode: Mode.Type, recordsCurveInput: Bool,
                                                stylesEachEvent: Bool,
                                                state: inout LoopState, line: inout Centerline, provisional: inout InkPath,
                                                predicted: inout [AttributedSample], predictedInk: inout InkPath) {
        // Styled: style stages run, or the builder draws its own ink (kept per element).
        // (The curve-and-styles mode runs only with styles: a constant there, so the branches
        // on it fold away.)
        let styled = (Mode.allStages ? s.stylesElements : Mode.styles) || Self.drawsInk
        // Styles to begin at the stroke's first sample: those styling elements, or outline makers.
        let hasStyles = Mode.allStages ? !s.styles.isEmpty : Mode.styles
        let hasPredictor = Mode.allStages && s.hasPredictor
        let direct = !Mode.allStages || s.filters.isEmpty    // samples go straight from the input view to the curve
        let makesOutline = Mode.allStages && s.makesOutline
        let recordsCurveInput = Mode.allStages && recordsCurveInput
        let needsBatch = Mode.allStages && (!direct || hasPredictor || makesOutline || recordsCurveInput)
        let main = s.input == .main
        // Only a style, a filter or a predictor can read kinematics besides the builder: a
        // constant in the curve-only mode, so attributing a sample is a plain copy there.
        let kinematic = Self.readsKinematics || (Mode.allStages || Mode.styles) && s.stagesReadKinematics

        // 1–3. Input view, filters, curve builder.
        if Mode.allStages { s.batch.clearKeepingStorage() }   // only they fill it
        var started = state.started
        var samplesFed = state.samplesFed
        var newest = state.newest
        let count = events[eventIndex].samples.count
        var i = main ? count - 1 : 0
        while i < count {
            let sample = kinematic ? s.kinematics.attribute(events[eventIndex].samples[i])
                                   : AttributedSample(events[eventIndex].samples[i])
            samplesFed &+= 1
            newest = sample.time
            if direct {
                // (A constant outside the all-stages mode: `styled` is what `line` was created with.)
                line.restate(recordsSamples: styled, recordsInk: Self.drawsInk)
                if !started {
                    if hasStyles {
                        if Mode.allStages { s.beginStyles(sample) } else { s.firstSample = sample }
                    }
                    begin(sample, into: &line)
                    started = true
                } else if terminal {
                    end(sample, into: &line)
                } else {
                    move(sample, into: &line)
                }
            }
            if needsBatch { s.batch.append(sample) }
            i &+= 1
        }
        state.samplesFed = samplesFed
        state.newest = newest
        // Without filters, predictor or outline makers, the styles begin at the stroke's first
        // sample after the loop, not in it: a call there takes the sample's address, and every
        // sample is then built in memory and copied from there instead of stored straight from
        // registers (scribble and forcesketch: about 10 Ir less per sample). The loop of every stage
        // keeps the call (moved out, it cost perfect-freehand 18 Ir more per sample).
        if !Mode.allStages, hasStyles, started, !state.started { s.beginStyles() }
        if !direct {
            s.runFilters(terminal: terminal, deliveredAt: events[eventIndex].time)
            if !s.batch.isEmpty {
                if !started { s.beginStyles(s.batch[0]) }
                process(s.batch, startsStroke: !started, terminal: terminal, into: &line)
                started = true
            }
        }
        state.started = started

        // 4. Predictor and outline makers.
        if hasPredictor, !s.batch.isEmpty { s.predictor!.observe(s.batch) }
        if Mode.allStages, s.predictorReadsFilter { s.predictorObservesLastFilter() }
        if makesOutline, started { s.outlinesObserveBatch(terminal: terminal) }
        if terminal, started { finish(into: &line) }

        // 5. Committed elements are styled as they are committed (a style's ink for an
        //    element depends only on the element, its samples and the stroke's first sample).
        //    (A replay styles the whole stroke once, at its end: `stylesEachEvent` is false.)
        if styled, stylesEachEvent {
            s.styleCommitted(elements: line.elements, samples: line.samples, inks: line.inks, recordsInk: Self.drawsInk)
        }

        // 6. Provisional tail and prediction: a non-terminal event draws the styled provisional
        //    tail, and the predictor's samples as ink drawn straight from the tip; a terminal
        //    event draws neither (Scribble resets its display to the committed image on
        //    `touchesEnded`).
        let provisionalStart = provisional.count
        // The committed line's last sample is read only where a tail or a prediction is
        // styled, not on every event.
        var tailSample: AttributedSample? = nil
        if !terminal, started, hasProvisionalTail {
            s.tail.reset(currentPoint: line.currentPoint)
            appendProvisionalTail(to: &s.tail)
            if !s.tail.isEmpty {
                let tail = s.tail
                s.append(tail, to: &provisional, start: line.currentPoint, previous: styled ? line.samples.last : nil)
                if styled { tailSample = tail.samples.last }
            }
        }
        if !terminal, hasPredictor {
            let drawnTip = provisional.count > provisionalStart ? provisional.currentPoint : line.currentPoint
            s.predictedScratch.clearKeepingStorage()
            s.predictor!.appendPrediction(for: events[eventIndex], tip: drawnTip, to: &s.predictedScratch)
            if !s.predictedScratch.isEmpty {
                predicted.append(contentsOf: s.predictedScratch)
                let first = s.predictedScratch[0]
                let before = tailSample ?? (styled ? line.samples.last : nil) ?? first
                s.guess.reset()
                if let drawnTip { s.guess.move(to: drawnTip, before) } else { s.guess.move(to: first.location, first) }
                if Self.drawsInk {
                    // Predicted segments continue with the ink drawn last.
                    let ink = (tailSample != nil ? s.tail.inks.last : nil) ?? line.inks.last ?? s.baseInk
                    for p in s.predictedScratch { s.guess.append(.line(to: p.location), p, ink: ink) }
                } else {
                    for p in s.predictedScratch { s.guess.addLine(to: p.location, p) }
                }
                let guess = s.guess
                s.append(guess, to: &predictedInk, start: nil, previous: before)
            }
        }
    }
}
