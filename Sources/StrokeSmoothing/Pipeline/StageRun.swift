import StrokeCore

/// One stage run on its own over strokes — the stage's work and nothing else (no replay loop,
/// no frames, no metrics): what `strokelab bench --stage` times and what the peer benchmark
/// compares with the peers' own implementations.
///
/// Inputs are every coalesced sample of every stroke, in order, attributed once up front:
/// - a filter: reset, then each event as the live loop feeds it: told its delivery time
///   (``FilterStage/deliver(at:)``), its samples processed, the terminal event's
///   ``FilterStage/finish(_:into:)``ing the stroke;
/// - a curve builder: the first sample to `begin`, the rest to `move`, then `finish` (its ink
///   recorded when it draws ink);
/// - a predictor: every sample observed, one prediction per event after its samples;
/// - a filter and the predictor that reads its state (`filter:ink-modeler|predict:ink-kalman`,
///   ``PipelineDescription/resolveStages(_:registry:)``): per event, as the live loop runs
///   them, the filter told the event's delivery time, the event's samples through it (the
///   terminal event `finish`es it), the filter's
///   output observed, the predictor shown the filter, and one prediction after every event
///   but the terminal one — ink's `Update` per input and `Predict` per event;
/// - a style: every element of the straight centre line through the samples styled, its ink
///   started as the replay starts a stroke's committed ink (``Centerline/startingInk(base:)``; an
///   outline maker also observes the samples and reports its outline at the end).
/// Each pass calls the stage once per stroke (once per event for predictions), so its
/// per-sample loop is the stage's own specialised code; a filter's per-event loop is too
/// (``FilterStage/runStroke(_:into:)``, entered once per stroke), as an app holding the
/// concrete filter runs it. Buffers are kept between passes.
public struct StageRun {
    /// The stage's canonical text.
    public let canonical: String
    private let stage: StageImplementation
    /// The predictor that reads the filter's state, when the run is a filter and its predictor.
    private let predictor: (any PredictorStage)?
    private let strokes: [[AttributedSample]]
    private let events: [[(event: TouchEvent, samples: [AttributedSample])]]
    private let lines: [Centerline]
    private var samples: [AttributedSample] = []
    private var predicted: [AttributedSample] = []
    private var line = Centerline()
    private var ink: [InkAttributes] = []
    private var polygons: [[Point]] = []

    /// Prepares `stage` over `strokes`.
    public init(_ stage: ResolvedStage, strokes: [Stroke]) {
        self.init([stage], strokes: strokes)
    }

    /// Prepares `stages` (one stage, or a filter and the predictor that reads it, as
    /// ``PipelineDescription/resolveStages(_:registry:)`` resolves them) over `strokes`.
    public init(_ stages: [ResolvedStage], strokes: [Stroke]) {
        precondition(stages.count == 1 || stages.count == 2, "one stage, or a filter and its predictor")
        canonical = stages.map(\.canonical).joined(separator: "|")
        self.stage = stages[0].implementation
        if stages.count == 2, case .filter = self.stage, case .predictor(let p) = stages[1].implementation {
            predictor = p
        } else {
            precondition(stages.count == 1, "a filter and the predictor that reads it")
            predictor = nil
        }
        // A builder that draws ink has it recorded, as in a replay.
        if case .curve(let c) = self.stage, type(of: c).drawsInk { line = Centerline(recordsInk: true) }
        var attributed: [[AttributedSample]] = []
        var events: [[(TouchEvent, [AttributedSample])]] = []
        var lines: [Centerline] = []
        for stroke in strokes where !stroke.events.isEmpty {
            var kinematics = SampleKinematics()
            var list: [AttributedSample] = []
            var ends: [(TouchEvent, [AttributedSample])] = []
            for e in stroke.events {
                let batch = e.samples.map { kinematics.attribute($0) }
                list.append(contentsOf: batch)
                ends.append((e, batch))
            }
            var line = Centerline()
            for (i, s) in list.enumerated() {
                if i == 0 { line.move(to: s.location, s) } else { line.addLine(to: s.location, s) }
            }
            attributed.append(list)
            events.append(ends)
            lines.append(line)
        }
        self.strokes = attributed
        self.events = events
        self.lines = lines
    }

    /// Inputs one pass feeds: samples (filters, curves, predictors) or elements (styles).
    public var inputsPerPass: Int { strokes.reduce(0) { $0 + $1.count } }

    /// Runs the stage once over every stroke; returns a checksum of its output size (so the
    /// work cannot be optimised away).
    public mutating func pass() -> Int {
        var checksum = 0
        for k in strokes.indices {
            let input = strokes[k]
            switch stage {
            case .filter(var f) where predictor != nil:
                checksum &+= run(events[k], filter: &f, predictor: predictor!)
            case .filter(var f):
                samples.removeAll(keepingCapacity: true)   // the stroke's samples: one call, not one per sample
                checksum &+= f.runStroke(events[k], into: &samples)
            case .curve(var c):
                line.reset()
                c.process(input, startsStroke: true, terminal: false, into: &line)
                c.finish(into: &line)
                checksum &+= line.count
            case .predictor(var p):
                samples.removeAll(keepingCapacity: true)
                p.reset()
                for (event, batch) in events[k] {
                    p.observe(batch)
                    p.appendPrediction(for: event, tip: batch[batch.count - 1].location, to: &samples)
                }
                checksum &+= samples.count
            case .style(var st):
                let centre = lines[k]
                ink = centre.startingInk()   // as the replay starts a stroke's committed ink
                st.begin(input[0])
                st.style(&ink, range: 0..<centre.count, elements: centre.elements, samples: centre.samples,
                         start: nil, previous: nil)
                if type(of: st).makesOutline {
                    st.observe(input, terminal: true)
                    polygons.removeAll(keepingCapacity: true)
                    st.appendOutline(to: &polygons)
                    checksum &+= polygons.reduce(0) { $0 + $1.count }
                }
                checksum &+= ink.count
            }
        }
        return checksum
    }
}

extension StageRun {
    /// One stroke through a filter and the predictor that reads it (``FilterStage/runStroke(_:predictor:samples:predicted:)``,
    /// entered once per stroke: the filter's own loop). The predictor's existential is opened
    /// here, once per stroke.
    private mutating func run<P: PredictorStage>(_ batches: [(event: TouchEvent, samples: [AttributedSample])],
                                                 filter: inout any FilterStage, predictor: P) -> Int {
        var p = predictor
        return filter.runStroke(batches, predictor: &p, samples: &samples, predicted: &predicted)
    }
}

extension FilterStage {
    /// The filter alone over one stroke, event by event as the live loop feeds it: told each
    /// event's delivery time (a resampling filter emits nothing without it), its samples
    /// processed, the terminal event's `finish`ing the stroke. Specialised for each filter
    /// (a protocol requirement's default). Returns the samples made.
    public mutating func runStroke(_ events: [(event: TouchEvent, samples: [AttributedSample])],
                                   into output: inout [AttributedSample]) -> Int {
        let start = output.count
        reset()
        let last = events.count - 1
        for e in events.indices {
            deliver(at: events[e].event.time)
            if e == last {
                finish(events[e].samples, into: &output)
            } else {
                process(events[e].samples, into: &output)
            }
        }
        return output.count - start
    }

    /// The filter and `predictor` over one stroke, as the live loop runs them: per event told
    /// its delivery time, the event's samples through the filter (the terminal event
    /// `finish`es it), the filter's output observed, the predictor shown the filter, and one
    /// prediction after every event but the terminal one — ink's `Update` per input and
    /// `Predict` per event. Specialised for each filter (a protocol requirement's default).
    /// Returns the samples and predictions made.
    public mutating func runStroke<P: PredictorStage>(_ events: [(event: TouchEvent, samples: [AttributedSample])],
                                                      predictor p: inout P, samples: inout [AttributedSample],
                                                      predicted: inout [AttributedSample]) -> Int {
        var checksum = 0
        reset()
        p.reset()
        let last = events.count - 1
        for e in events.indices {
            let terminal = e == last
            samples.clearKeepingStorage()
            deliver(at: events[e].event.time)
            if terminal { finish(events[e].samples, into: &samples) } else { process(events[e].samples, into: &samples) }
            if !samples.isEmpty { p.observe(samples) }
            p.observe(lastFilterOf: &self)
            checksum &+= samples.count
            if !terminal {
                predicted.clearKeepingStorage()
                p.appendPrediction(for: events[e].event, tip: samples.last?.location, to: &predicted)
                checksum &+= predicted.count
            }
        }
        return checksum
    }
}
