import RealModule
import StrokeCore

/// Generates synthetic traces with analytic ground truth (issue 2 item 7).
///
/// A spec's strokes are its shapes, drawn with the spec's pen, then its style strokes
/// (``SyntheticStyleStroke``: straight lines, each with its own kind, force ramp, constant tilt
/// and contact radius, so every style's ink is analytic; issue 10 item 8).
///
/// For each stroke: sampling instants τᵢ = t₀ + i/f_s (+ uniform jitter), positions
/// p(τᵢ − t₀) + Gaussian noise, timestamps τᵢ; samples grouped into display-frame events by
/// ``FrameGrouping``; stalls merge runs of events into one late event; optional recorded
/// predictions. The reference is p(t) sampled at 1 kHz (plus the end point), noise-free.
/// Strokes start 4 s apart at t₀ = 1 + 4k seconds.
///
/// **Display phase.** A stroke starts at an arbitrary moment of the display's cycle: the
/// first refresh after t₀ comes φ frames later, φ ∈ [0, 1) drawn per stroke
/// (``displayPhases(for:)``), and frames end at t₀ + (φ + n)/refresh. So samples are on
/// average half a frame old at delivery when the digitiser runs at the display rate, as the
/// time model needs for the WWDC 2015 figures; at 240 Hz on a 60 Hz display every sample a
/// frame holds is still less than a quarter frame old. The phases of the strokes long enough
/// to be measured (over 0.1 s) are stratified — the j-th of M such strokes, in a seeded
/// order, gets φ in [j/M, (j+1)/M) — so their mean is ½ up to 1/(2M); taps and two-sample
/// strokes get a uniform φ. Phases come from their own generator (seeded from the spec's
/// seed), so the noise a spec draws does not depend on them.
///
/// Positions, forces and angles are rounded to 1e-6 (micro-points) to keep files compact;
/// times are not rounded. Everything random comes from one ``SeededGenerator`` seeded by the
/// spec, so a spec always yields the same trace, bit for bit.
public enum SyntheticTraceGenerator {
    /// Apple Pencil's `maximumPossibleForce`.
    public static let pencilMaximumForce = 4.166_666_666_666_667
    /// Reference sampling rate in Hz.
    public static let referenceRateHz = 1000.0

    /// Generates the trace `spec` describes.
    /// - Precondition: `spec.problems` is empty.
    public static func generate(_ spec: SyntheticTraceSpec) -> Trace {
        precondition(spec.problems.isEmpty, spec.problems.joined(separator: "; "))
        var rng = SeededGenerator(seed: spec.seed)
        let penChannels = shapeChannels(spec)
        let plans = spec.shapes.map(Plan.shape) + spec.styleStrokes.map(Plan.style)
        // The trace's channels: every channel some stroke carries, in Channel's order (for a
        // spec without style strokes, the shapes' channels).
        var used = Set(spec.shapes.isEmpty ? [] : penChannels)
        for s in spec.styleStrokes { used.formUnion(s.channels) }
        let channels = Channel.allCases.filter(used.contains)

        var strokes: [Stroke] = []
        let phases = displayPhases(for: spec)
        for (k, plan) in plans.enumerated() {
            let t0 = 1 + 4 * Double(k)
            strokes.append(stroke(plan, start: t0, phase: phases[k], spec: spec, penChannels: penChannels, rng: &rng))
        }
        let metadata = TraceMetadata(
            source: "synthetic:\(spec.name)", device: "StrokeLab synthetic \(deviceKinds(spec))", units: .pt,
            pixelsPerUnit: 2, sampleRateHz: spec.sampleRateHz, refreshRateHz: spec.refreshRateHz,
            millimetresPerUnit: LengthUnit.millimetresPerPoint)  // an iPad Pro's 132 pt/in, 2 px/pt
        return Trace(metadata: metadata, channels: channels, strokes: strokes)
    }

    private static func round6(_ v: Double) -> Double { (v * 1e6).rounded() / 1e6 }

    /// The touch kinds the spec's strokes use, in ``TouchKind``'s order, joined by "and".
    private static func deviceKinds(_ spec: SyntheticTraceSpec) -> String {
        let kinds = Set((spec.shapes.isEmpty ? [] : [spec.kind]) + spec.styleStrokes.map(\.kind))
        return TouchKind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: " and ")
    }

    /// The channels of the strokes drawn with the spec's own pen (its ``SyntheticTraceSpec/shapes``).
    private static func shapeChannels(_ spec: SyntheticTraceSpec) -> [Channel] {
        var channels: [Channel] = Channel.required
        if spec.kind == .stylus && spec.force != .none { channels += [.force, .maxForce] }
        if spec.kind == .stylus && spec.tilt != .none { channels += [.altitude, .azimuth] }
        if spec.kind == .finger { channels += [.majorRadius] }
        return channels
    }

    /// One stroke to generate: a shape drawn with the spec's pen, or a style stroke with its own.
    private enum Plan {
        case shape(SyntheticShape)
        case style(SyntheticStyleStroke)

        var id: String {
            switch self {
            case .shape(let shape): return shape.rawValue
            case .style(let s): return s.id
            }
        }

        func duration(sampleRateHz: Double) -> Double {
            switch self {
            case .shape(let shape): return shape.duration(sampleRateHz: sampleRateHz)
            case .style(let s): return s.duration
            }
        }

        func position(at t: Double, sampleRateHz: Double) -> Point {
            switch self {
            case .shape(let shape): return shape.position(at: t, sampleRateHz: sampleRateHz)
            case .style(let s): return s.position(at: t)
            }
        }

        var isTap: Bool {
            if case .shape(.tap) = self { return true }
            return false
        }
    }

    /// The display phase φ ∈ [0, 1) of each stroke of `spec`, in frames (see the type's
    /// documentation): stratified over the strokes longer than 0.1 s in a seeded order, uniform
    /// for the others, from a generator seeded with the spec's seed xor a constant.
    public static func displayPhases(for spec: SyntheticTraceSpec) -> [Double] {
        var rng = SeededGenerator(seed: spec.seed ^ 0x5EED_D15B_1A70_0000)
        let durations = spec.shapes.map { $0.duration(sampleRateHz: spec.sampleRateHz) } + spec.styleStrokes.map(\.duration)
        let long = durations.indices.filter { durations[$0] > 0.1 }
        // A seeded permutation of the strata (Fisher–Yates).
        var strata = Array(long.indices)
        if strata.count > 1 {
            for i in stride(from: strata.count - 1, to: 0, by: -1) {
                let j = Int(rng.next() % UInt64(i + 1))
                strata.swapAt(i, j)
            }
        }
        var phases = [Double](repeating: 0, count: durations.count)
        for (j, k) in long.enumerated() {
            phases[k] = (Double(strata[j]) + rng.nextUnit()) / Double(long.count)
        }
        for k in durations.indices where !long.contains(k) { phases[k] = rng.nextUnit() }
        return phases
    }

    private static func stroke(_ plan: Plan, start t0: Double, phase: Double, spec: SyntheticTraceSpec,
                               penChannels: [Channel], rng: inout SeededGenerator) -> Stroke {
        let fs = spec.sampleRateHz
        let duration = plan.duration(sampleRateHz: fs)
        let count = plan.isTap ? 1 : Int((duration * fs + 1e-9).rounded(.down)) + 1
        let jitter = spec.timestampJitterMs / 1000
        let kind: TouchKind
        let channels: [Channel]
        switch plan {
        case .shape: (kind, channels) = (spec.kind, penChannels)
        case .style(let s): (kind, channels) = (s.kind, s.channels)
        }
        var samples: [TouchSample] = []
        samples.reserveCapacity(count)
        for i in 0..<count {
            var offset = Double(i) / fs
            if jitter > 0 && i > 0 {
                offset = Swift.min(Swift.max(offset + (2 * rng.nextUnit() - 1) * jitter, 0), duration)
            }
            var p = plan.position(at: offset, sampleRateHz: fs)
            if spec.positionNoise > 0 {
                p.x += spec.positionNoise * rng.nextGaussian()
                p.y += spec.positionNoise * rng.nextGaussian()
            }
            let u = duration > 0 ? offset / duration : 0.5
            var s = TouchSample(time: t0 + offset, location: Point(x: round6(p.x), y: round6(p.y)), kind: kind)
            switch plan {
            case .shape:
                if channels.contains(.force) {
                    s.force = round6(force(spec.force, u))
                    s.maximumPossibleForce = pencilMaximumForce
                }
                if channels.contains(.altitude) {
                    let (altitude, azimuth) = tilt(spec.tilt, u)
                    s.altitude = round6(altitude)
                    s.azimuth = round6(azimuth)
                }
                if channels.contains(.majorRadius) {
                    s.majorRadius = round6(20 + 2 * Double.sin(Double.pi * u))
                }
            case .style(let style):
                if let ramp = style.force {
                    s.force = round6(ramp.force(at: u))
                    s.maximumPossibleForce = style.maximumForce
                }
                if let altitude = style.altitude {
                    s.altitude = round6(altitude)
                    s.azimuth = round6(style.azimuth)
                }
                if let radius = style.majorRadius { s.majorRadius = round6(radius) }
            }
            samples.append(s)
        }

        var events = FrameGrouping.events(from: samples, refreshRateHz: spec.refreshRateHz,
                                          clockOrigin: t0 + phase / spec.refreshRateHz)
        if spec.stallProbability > 0 { events = stalled(events, spec: spec, rng: &rng) }
        if spec.predictedCount > 0 {
            for e in events.indices where events[e].phase == .moved {
                events[e].predicted = predictions(before: events[e], history: samples, spec: spec)
            }
        }

        var reference: [TimedPoint] = []
        let m = Int((duration * referenceRateHz + 1e-9).rounded(.down))
        reference.reserveCapacity(m + 2)
        for j in 0...m {
            let t = Double(j) / referenceRateHz
            let p = plan.position(at: t, sampleRateHz: fs)
            reference.append(TimedPoint(time: t0 + t, location: Point(x: round6(p.x), y: round6(p.y))))
        }
        if Double(m) / referenceRateHz < duration - 1e-12 {
            let p = plan.position(at: duration, sampleRateHz: fs)
            reference.append(TimedPoint(time: t0 + duration, location: Point(x: round6(p.x), y: round6(p.y))))
        }
        return Stroke(id: plan.id, kind: kind, events: events, channels: channels,
                      reference: ReferenceCurve(points: reference))
    }

    private static func force(_ profile: ForceProfile, _ u: Double) -> Double {
        switch profile {
        case .none: return 0
        case .constant: return 1
        case .bell: return 0.3 + 2.7 * Double.sin(Double.pi * u)
        case .ramp: return 0.3 + 2.7 * u
        }
    }

    private static func tilt(_ profile: TiltProfile, _ u: Double) -> (altitude: Double, azimuth: Double) {
        switch profile {
        case .none, .upright: return (Double.pi / 2, 0)
        case .tilted: return (0.35, Double.pi / 4)
        case .varying: return (1.3 - 1.0 * u, Double.pi / 2 * u)
        }
    }

    /// Main-thread stalls: a moved event is late with probability p; it is delivered
    /// `stallFrames` frames after its frame, and every later moved event due by then is
    /// merged into it (its samples become coalesced samples of the late event); a lift-off due
    /// by then is delivered at the end of the stall too (a blocked main thread delays the
    /// lift-off: delivering `ended` before the late `moved` made a trace the reader rightly
    /// refuses). Whatever the options, no event is delivered before the one written before
    /// it, so the generator only writes traces the reader accepts.
    private static func stalled(_ events: [TouchEvent], spec: SyntheticTraceSpec, rng: inout SeededGenerator) -> [TouchEvent] {
        var events = events
        var out: [TouchEvent] = []
        var i = 0
        while i < events.count {
            var e = events[i]
            i += 1
            if let previous = out.last, e.time < previous.time { e.time = previous.time }
            guard e.phase == .moved, rng.nextUnit() < spec.stallProbability else {
                out.append(e)
                continue
            }
            let late = e.time + Double(spec.stallFrames) / spec.refreshRateHz
            while i < events.count, events[i].phase == .moved, events[i].time <= late {
                e.samples.append(contentsOf: events[i].samples)
                i += 1
            }
            e.time = late
            out.append(e)
            // The lift-off, when due during the stall, is delivered when the stall ends too.
            if i < events.count, events[i].phase.isTerminal, events[i].time < late { events[i].time = late }
        }
        return out
    }

    /// Linear extrapolation from the event's last two samples (the stroke's samples before
    /// it when the event has only one), one sample period apart.
    private static func predictions(before event: TouchEvent, history: [TouchSample], spec: SyntheticTraceSpec) -> [TouchSample] {
        let last = event.main
        guard let index = history.lastIndex(where: { $0.time == last.time && $0.location == last.location }), index > 0 else {
            return []
        }
        let previous = history[index - 1]
        let dt = last.time - previous.time
        guard dt > 0 else { return [] }
        let velocity = (last.location - previous.location) / dt
        let period = 1 / spec.sampleRateHz
        return (1...spec.predictedCount).map { j in
            var s = last
            let h = Double(j) * period
            s.time = last.time + h
            let p = last.location + velocity * h
            s.location = Point(x: round6(p.x), y: round6(p.y))
            return s
        }
    }
}
