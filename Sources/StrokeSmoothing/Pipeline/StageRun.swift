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
///   ``PipelineDescription/resolveStages(_:registry:)``): per event, as the replay runs them,
///   the event's samples through the filter (the terminal event `finish`es it), the filter's
///   output observed, the predictor shown the filter, and one prediction after every event
///   but the terminal one — ink's `Update` per input and `Predict` per event;
/// - a style: every element of the straight centre line through the samples styled, its ink
///   started as the replay starts a stroke's committed ink (``Centerline/startingInk(base:)``; an
///   outline maker also observes the samples and reports its outline at the end).
/// Each pass calls the stage once per stroke (once per event for predictions), so its
/// per-sample loop is the stage's own specialised code. Buffers are kept between passes.
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
            case .filter(let f) where predictor != nil:
                checksum &+= run(events[k], filter: f, predictor: predictor!)
            case .filter(let f):
                checksum &+= run(events[k], filter: f)
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

    /// One stroke through a filter alone, event by event as the live loop feeds it: told each
    /// event's delivery time (a resampling filter emits nothing without it), its samples
    /// processed, the terminal event's `finish`ing the stroke. Generic over the filter (the
    /// existential is opened once per stroke, not at each call). Returns the samples made.
    private mutating func run<F: FilterStage>(_ batches: [(event: TouchEvent, samples: [AttributedSample])], filter f: F) -> Int {
        var filter = f
        samples.clearKeepingStorage()
        filter.reset()
        for e in batches.indices {
            filter.deliver(at: batches[e].event.time)
            if e == batches.count - 1 {
                filter.finish(batches[e].samples, into: &samples)
            } else {
                filter.process(batches[e].samples, into: &samples)
            }
        }
        return samples.count
    }

    /// One stroke through a filter and the predictor that reads it: per event, as the replay
    /// runs them, the event's samples through the filter (the terminal event `finish`es it),
    /// the filter's output observed, the predictor shown the filter, and one prediction after
    /// every event but the terminal one. Generic over both (the existentials are opened once
    /// per stroke, not at each call; the predictor is shown the filter with
    /// ``PredictorStage/observe(lastFilterOf:)``). Returns the samples and predictions made.
    private mutating func run<F: FilterStage, P: PredictorStage>(
        _ batches: [(event: TouchEvent, samples: [AttributedSample])], filter f: F, predictor: P) -> Int {
        var filter = f
        var p = predictor
        var checksum = 0
        filter.reset()
        p.reset()
        for e in batches.indices {
            let terminal = e == batches.count - 1
            samples.clearKeepingStorage()
            if terminal { filter.finish(batches[e].samples, into: &samples) } else { filter.process(batches[e].samples, into: &samples) }
            if !samples.isEmpty { p.observe(samples) }
            p.observe(lastFilterOf: &filter)
            checksum &+= samples.count
            if !terminal {
                predicted.clearKeepingStorage()
                p.appendPrediction(for: batches[e].event, tip: samples.last?.location, to: &predicted)
                checksum &+= predicted.count
            }
        }
        return checksum
    }
}
