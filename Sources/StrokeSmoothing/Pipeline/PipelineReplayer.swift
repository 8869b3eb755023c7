import StrokeCore

/// Runs a pipeline over recorded strokes exactly as an app receives them, and records its ink:
/// a recorder around the ``LiveStroke`` an app ships.
///
/// Each event of a stroke goes through the live stroke's event loop (the steps are listed in
/// ``LiveStroke``) — the very code an app runs, so what StrokeLab measures is what the app
/// draws — and after it the replay records the frame: the committed count, the ranges of the
/// event's provisional tail and predicted ink in the record's flat buffers (the loop appends
/// them there directly), the rendered tip, the predictor's locations at the evaluation
/// horizons, the outlines asked for, and the provenance of what the event commits (the curve
/// builder's ``CurveStage/origin`` as the event began, ``ReplayFrame/origin``). The stroke's
/// last event is terminal whatever its phase (a truncated recording still ends).
///
/// Dispatch: the loop over a stroke is ``CurveStage/replayStroke(_:options:stages:)``, a
/// protocol requirement whose default implementation is specialised for each curve builder
/// type, with the event loop inlined — so every call to the curve builder is static and
/// inlinable, without a list of pre-specialised combinations — and compiled three times (a
/// curve builder alone, with styles, or with any stages), so the branches of absent stages
/// fold away. Filters and the predictor are called once per event with the event's batch (each
/// specialised inside for its own type, ``FilterStage/process(_:into:)``); styles once per
/// stroke, on its whole committed centre line at its end (a style's ink depends only on the
/// element, its samples and the stroke's first sample: the live stroke, which styles each
/// event's newly committed elements, draws the same ink).
/// Scratch buffers are reused across events and strokes; a replay allocates only its record's
/// buffers (amortised growth). Complexity O(samples + output).
public struct PipelineReplayer: StrokeReplaying {
    /// The live stroke the replay drives.
    public private(set) var live: LiveStroke
    /// Main samples only, or every coalesced sample.
    public var input: InputView { live.input }

    /// Creates a replayer from built stages, in label order; `baseInk` is the ink styles start
    /// from and unstyled pipelines draw with (``PipelineDescription/baseInk``).
    /// - Precondition: exactly one curve builder and at most one predictor (what
    ///   ``PipelineDescription`` guarantees).
    public init(input: InputView, stages list: [StageImplementation], baseInk: InkAttributes = .default) {
        live = LiveStroke(input: input, stages: list, baseInk: baseInk)
    }

    /// Replays `stroke` as the app would receive it and records the ink of every frame.
    public mutating func replay(_ stroke: Stroke, options: ReplayOptions = ReplayOptions()) -> StrokeReplay {
        live.replay(stroke, options: options)
    }
}

extension CurveStage {
    /// The replay of ``PipelineReplayer``: the live event loop run over every event of a
    /// stroke, and a record of each frame. Written once and specialised by the compiler for
    /// every curve builder type through this requirement's witness. Curve builders do not
    /// implement it.
    public mutating func replayStroke(_ stroke: Stroke, options: ReplayOptions, stages s: inout LiveStages) -> StrokeReplay {
        // A pipeline that is a curve builder alone (the seeds' presets), or one followed by
        // styles, runs the same loop compiled with every other stage's branch folded away.
        let mode = options.recordsCurveInput || !options.evaluationHorizons.isEmpty ? .allStages : s.mode
        if mode == .curveOnly {
            var record = StrokeReplay()
            recordLoop(stroke, options: options, stages: &s, mode: CurveOnly.self, into: &record)
            return record
        }
        return mode == .curveAndStyles ? replay(stroke, options: options, stages: &s, mode: CurveAndStyles.self)
                                       : replay(stroke, options: options, stages: &s, mode: AllStages.self)
    }

    /// The loop for pipelines with more than a curve builder, specialised per mode in a
    /// function of its own (the curve builder alone has it inlined above: one call site each
    /// keeps the optimiser seeing the whole loop).
    @inline(never)
    private mutating func replay<Mode: ReplayMode>(_ stroke: Stroke, options: ReplayOptions, stages s: inout LiveStages,
                                                   mode: Mode.Type) -> StrokeReplay {
        var record = StrokeReplay()
        recordLoop(stroke, options: options, stages: &s, mode: mode, into: &record)
        return record
    }

    /// The loop of ``replayStroke(_:options:stages:)``: ``handleEvent(_:at:terminal:stages:mode:recordsCurveInput:line:provisional:predicted:predictedInk:)``
    /// per event, then the frame. Writes into a fresh `record` (returning one would copy it
    /// once more per stroke).
    @inline(__always)
    private mutating func recordLoop<Mode: ReplayMode>(_ stroke: Stroke, options: ReplayOptions, stages s: inout LiveStages,
                                                       mode: Mode.Type, into record: inout StrokeReplay) {
        let events = stroke.events
        // Frames are kept in a local and handed to the record at the end: the optimiser then
        // proves the frame buffer unique once, not on every append.
        var frames: [ReplayFrame] = []
        frames.reserveCapacity(events.count)
        record.horizons = options.evaluationHorizons
        record.horizonPredictions.reserveCapacity(events.count * options.evaluationHorizons.count)
        let hasPredictor = Mode.allStages && s.hasPredictor
        if hasPredictor {
            // A few predicted samples per event (a one-frame horizon at 180 Hz is 3–6); growing
            // these by doubling would copy them a dozen times per stroke.
            record.predicted.reserveCapacity(events.count * 6)
            record.predictedInk.reserveCapacity(events.count * 7)
        }
        // The committed centre line: the whole stroke, handed to the record at the end.
        // Whether it keeps samples is a constant outside the all-stages mode (the curve-only
        // mode has no element-by-element style, the curve-and-styles mode always has one); the
        // line is created with its capacity, and never passed by address to a call that is
        // not inlined, so the optimiser splits it into registers, and the event loop restates
        // its flags before each sample (``Centerline/restate(recordsSamples:recordsInk:)``):
        // the builder's `recordsSamples` branches fold away, and an unstyled replay reads and
        // keeps only the locations of its samples. (`sampleCount` is stored in the stroke,
        // not recounted per replay.)
        let styled = Mode.allStages ? s.styled : Mode.styles || Self.drawsInk
        var line = Centerline(recordsSamples: styled, recordsInk: Self.drawsInk, capacity: stroke.sampleCount + 4)
        s.openStroke()
        var state = LoopState()
        let hasHorizons = Mode.allStages && !options.evaluationHorizons.isEmpty
        let makesOutline = Mode.allStages && s.makesOutline
        let recordsCurveInput = Mode.allStages && options.recordsCurveInput
        let lastEventIndex = events.count - 1
        let startTime = stroke.startTime

        for eventIndex in events.indices {
            let terminal = events[eventIndex].phase.isTerminal || eventIndex == lastEventIndex
            let provisionalStart = record.provisional.count
            let predictedStart = record.predicted.count
            let predictedInkStart = record.predictedInk.count
            // Provenance: what this event commits was built from samples since then.
            let origin = state.started ? self.origin ?? state.newest : startTime
            handleEvent(events, at: eventIndex, terminal: terminal, stages: &s, mode: mode, recordsCurveInput: recordsCurveInput,
                        stylesEachEvent: false, state: &state, line: &line, provisional: &record.provisional,
                        predicted: &record.predicted, predictedInk: &record.predictedInk)
            if recordsCurveInput { record.curveInput.append(contentsOf: s.batch) }
            if hasHorizons {
                for h in options.evaluationHorizons {
                    record.horizonPredictions.append(terminal ? nil : s.predictor?.predictedLocation(ahead: h, for: events[eventIndex]))
                }
            }
            if makesOutline, state.started, terminal || options.outlineFrames.contains(eventIndex) {
                if !s.outlineScratch.isEmpty { s.outlineScratch.removeAll(keepingCapacity: true) }
                for st in s.styles.indices where type(of: s.styles[st]).makesOutline {
                    s.styles[st].appendOutline(to: &s.outlineScratch)
                }
                if terminal { record.outline = s.outlineScratch } else { record.frameOutlines[eventIndex] = s.outlineScratch }
            }
            let provisionalEnd = record.provisional.count
            let predictedInkEnd = record.predictedInk.count
            let tip = predictedInkEnd > predictedInkStart ? record.predictedInk.currentPoint
                : provisionalEnd > provisionalStart ? record.provisional.currentPoint : line.currentPoint
            frames.append(ReplayFrame(
                eventIndex: eventIndex, phase: events[eventIndex].phase, time: events[eventIndex].time,
                newestSampleTime: state.newest, origin: origin, committedCount: line.count,
                provisional: provisionalStart..<provisionalEnd,
                predicted: predictedStart..<record.predicted.count,
                predictedInk: predictedInkStart..<predictedInkEnd, tip: tip))
        }
        s.strokeOpen = false
        record.frames = frames
        record.samplesFed = state.samplesFed
        // Consumed, not destroyed in place: destroying it in place passes its address to an
        // outlined destroy, and the optimiser then reloads its flags from memory after every
        // opaque call of the loop instead of folding them.
        let stroked = consume line
        let elements = stroked.elements
        if styled {
            // Styled once, now (a style is pure: the live stroke's per-event styling gives the
            // same ink): no call per event, and the line's arrays stay the loop's own.
            record.ink = InkPath(elements: elements, attributes: s.styledInk(elements: elements, samples: stroked.samples,
                                                                             inks: stroked.inks, recordsInk: Self.drawsInk))
        } else {
            record.ink = InkPath(Path(elements), uniform: s.uniformInk)
        }
    }
}
