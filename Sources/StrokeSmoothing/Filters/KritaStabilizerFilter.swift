import StrokeCore

/// Krita's "Stabilizer" smoothing (the freehand tool's `STABILIZER` mode:
/// `KisToolFreehandHelper::stabilizerPollAndPaint`/`getStabilizedPaintInfo` and
/// `KisStabilizedEventsSampler`, libs/ui/tool/; Krita is GPL-2.0-or-later and none of its code
/// is used: this reimplements the algorithm): the ink is the moving average of the last
/// `samples` pen positions taken on a 1 ms clock, optionally held inside a dead zone around
/// the ink ("delay"), and pulled to the pen at the end ("finish line").
///
/// The clock (`clock=timer`, Krita's): Krita polls the events received since its last poll
/// every `poll` ms (its `stabilizerSampleSize`, 15 ms; 50 ms on Windows) and turns them into
/// one sample per elapsed millisecond: with n events and E ms, sample i (0 ≤ i < E) is event
/// ⌊i·n/E⌋ (events are repeated when slower than 1 kHz and skipped when faster), or the last
/// event seen when none arrived. Here the polls happen on the samples' own clock, at
/// t₀ + k·`poll` (t₀ the stroke's first sample); a poll's samples are emitted when the first
/// sample after it arrives (or at the end of the stroke). The i-th sample of the poll at τ is
/// stamped τ + i ms: when Krita's delayed painting (on by default) draws it, spreading a
/// poll's points over the next interval; an input at t is thus stamped in [t, t + 2·`poll`).
/// At the end of the stroke the remaining points are drawn at once, stamped with the last
/// input's time (or the previous stamp, so times never go back). `clock=events` instead
/// takes one sample per input sample, at its own time: the average of the last `samples`
/// inputs.
///
/// Per sample s (Krita's `stabilizerPollAndPaint`), with q the last emitted point and the
/// queue Q of the last `samples` samples (filled with the stroke's first sample at pen-down):
/// - with `delay` on, if |s − q| ≤ `delayDistance` nothing is emitted, and Q is refilled with
///   q (so the ink restarts from where it stands when the pen leaves the dead zone);
/// - otherwise the emitted point is the running mean of s and Q's newest `samples` − 1 samples
///   (Krita's incremental mean r ← k·r + (1 − k)·Qᵢ, k = (i − 1)/i): position, and with
///   `stabilizeSensors` also force, altitude and azimuth (the azimuth along the shorter arc);
///   s then enters Q and its oldest sample leaves.
/// At the end, with `finish` on, the events since the last poll are sampled over the
/// milliseconds elapsed, then `samples` copies of the last event are fed (Krita's
/// `addFinishingEvent`): the ink reaches the pen unless the dead zone holds it.
///
/// A point equal to the last emitted one (position, force, altitude, azimuth, to within
/// rounding) is not emitted again (Krita's line between two equal points draws nothing). Outputs get their speed and
/// heading re-derived. Krita's "delayed paint" (drawing a poll's points spread over time) is a
/// display matter and not modelled.
///
/// Units: `delayDistance` in px (Krita's pixels at 100 % zoom, taken as CSS px, 1/96 in, and
/// converted to the trace's units when the pipeline is built for a trace), `poll` in ms. Krita
/// clamps the sample count to ≥ 3; this allows 1, for which (with `delay=off`) the stabilizer
/// is the identity: every input comes out once, unchanged (`clock=events`), or with the time
/// Krita draws it (`clock=timer`).
///
/// Cost: O(`samples`) per millisecond sample (≈ 1 kHz × the stroke's duration; a pause costs
/// at most `samples` + `poll` samples, after which the average cannot change); memory fixed
/// (Q) plus the events of one poll (at most ``maximumEventsPerPoll``; more are dropped).
public struct KritaStabilizerFilter: FilterStage {
    /// `filter:stabilizer`.
    public static let kind = StageKind.filter
    /// `stabilizer`.
    public static let id = "stabilizer"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.smoothsSamples, .canDrawNothing]
    /// One line.
    public static let summary = "Krita's stabilizer: moving average of the last N 1 ms samples, dead zone (delay) and finish line"
    /// Where it comes from.
    public static let source = "Krita KisToolFreehandHelper stabilizer + KisStabilizedEventsSampler (GPL-2.0-or-later; reimplemented from the algorithm)"
    /// Positions and channels only.
    public static let readsKinematics = false

    /// Events kept between two polls at most (more, e.g. thousands at one timestamp, are dropped).
    public static let maximumEventsPerPoll = 4096

    /// How the stabilizer's samples are taken.
    public enum Clock: String, Sendable, Hashable, CaseIterable {
        /// Krita's: a poll every `poll` ms, one sample per millisecond.
        case timer
        /// One sample per input sample.
        case events
    }

    /// Parameters of ``KritaStabilizerFilter``; defaults are Krita's.
    public struct Parameters: StageParameters {
        /// Samples averaged (Krita's "Distance" in stabilizer mode, default 50; Krita uses ≥ 3).
        public var samples = 50
        /// Dead zone on (Krita's "Delay", default on).
        public var delay = true
        /// Dead-zone radius, px (Krita's delay distance, default 50).
        public var delayDistance = 50.0
        /// Pull the ink to the pen at the end (Krita's "Finish line", default on).
        public var finish = true
        /// Average force, altitude and azimuth too (Krita's "Stabilize sensors", default on).
        public var stabilizeSensors = true
        /// Poll interval, ms (Krita's `stabilizerSampleSize`: 15; 50 on Windows).
        public var pollMs = 15
        /// Krita's timer clock, or one sample per input.
        public var clock = Clock.timer

        /// The defaults.
        public init() {}
        /// The given values.
        public init(samples: Int, delay: Bool = true, delayDistance: Double = 50, finish: Bool = true,
                    stabilizeSensors: Bool = true, pollMs: Int = 15, clock: Clock = .timer) {
            self.samples = samples
            self.delay = delay
            self.delayDistance = delayDistance
            self.finish = finish
            self.stabilizeSensors = stabilizeSensors
            self.pollMs = pollMs
            self.clock = clock
        }

        /// Every parameter.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .integer(\.samples, "samples", in: 1...1000,
                     help: "samples averaged: Krita's stabilizer \"Distance\" (1 ms apart with clock=timer); Krita uses ≥ 3, 1 = no smoothing"),
            .flag(\.delay, "delay", help: "Krita's \"Delay\": the ink stays until the pen is farther than delayDistance from it"),
            .number(\.delayDistance, "delayDistance", in: 0...100_000, length: .px, help: "dead-zone radius (Krita's delay distance, pixels at 100 % zoom)"),
            .flag(\.finish, "finish", help: "Krita's \"Finish line\": at the end of the stroke the ink catches up with the pen"),
            .flag(\.stabilizeSensors, "stabilizeSensors", help: "Krita's \"Stabilize sensors\": average force, altitude and azimuth as well as the position"),
            .integer(\.pollMs, "poll", in: 1...1000, help: "ms between Krita's polls, its stabilizerSampleSize (15; 50 on Windows) (clock=timer)"),
            .choice(\.clock, "clock", help: "timer: Krita's 1 ms samples polled every `poll` ms; events: one sample per input"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var queue: [AttributedSample]     // ring of `samples` entries; `head` is the oldest
    private var head = 0
    private var pending: [AttributedSample] = []
    private var lastEvent = AttributedSample(time: 0, location: .zero)
    private var lastEmitted = AttributedSample(time: 0, location: .zero)
    private var nextPoll = 0.0
    private var idle = 0                       // ms samples since the last event arrived
    private var started = false
    private var kinematics = SampleKinematics()

    /// Creates the filter.
    /// - Throws: ``StageParameterError`` for a value out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        queue = Array(repeating: AttributedSample(time: 0, location: .zero), count: parameters.samples)
        pending.reserveCapacity(64)
    }

    /// Forgets the stroke.
    public mutating func reset() {
        started = false
        pending.removeAll(keepingCapacity: true)
        kinematics.reset()
    }

    private var poll: Double { Double(parameters.pollMs) / 1000 }

    /// Takes the sample; emits what the stabilizer painted since the previous sample.
    public mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample]) {
        guard started else {
            started = true
            for i in queue.indices { queue[i] = sample }
            head = 0
            lastEvent = sample
            lastEmitted = sample
            nextPoll = sample.time + poll
            idle = 0
            var first = sample
            kinematics.reattribute(&first)
            output.append(first)
            if parameters.clock == .timer { pending.append(sample) }
            return
        }
        switch parameters.clock {
        case .events:
            lastEvent = sample
            stabilize(sample, time: sample.time, into: &output)
        case .timer:
            let t = sample.time
            if t.isFinite {
                while nextPoll < t {
                    if pending.isEmpty, idle > parameters.samples + parameters.pollMs {
                        // Settled: polls without events cannot change anything; skip them.
                        let polls = ((t - nextPoll) / poll).rounded(.up)
                        nextPoll += Swift.max(polls, 1) * poll
                        break
                    }
                    pollEvents(elapsed: parameters.pollMs, at: nextPoll, into: &output)
                }
            }
            if pending.count < Self.maximumEventsPerPoll { pending.append(sample) }
        }
    }

    /// The finish line (with `finish`): the events since the last poll over the elapsed
    /// milliseconds, then `samples` copies of the last event.
    public mutating func flush(into output: inout [AttributedSample]) {
        guard started, parameters.finish else { return }
        let end = Swift.max(lastEvent.time, pending.last?.time ?? lastEvent.time)
        if parameters.clock == .timer {
            let lastPoll = nextPoll - poll
            let sinceLastPoll = end - lastPoll
            let elapsed = sinceLastPoll.isFinite ? Int(Swift.min(Swift.max(sinceLastPoll * 1000, 0), 1e6).rounded(.down)) : 0
            pollEvents(elapsed: elapsed, at: lastPoll + Double(elapsed) / 1000, into: &output)
        }
        for _ in 0..<parameters.samples { stabilize(lastEvent, time: end, into: &output) }
    }

    /// One poll at `time` covering `elapsed` ms: the pending events spread over the
    /// milliseconds (Krita's `KisStabilizedEventsSampler::range`), each stabilized.
    private mutating func pollEvents(elapsed: Int, at time: Double, into output: inout [AttributedSample]) {
        nextPoll = time + poll
        let n = pending.count
        if elapsed > 0 {
            let alpha = Double(n) / Double(elapsed)
            for i in 0..<elapsed {
                let k = Int((alpha * Double(i)).rounded(.down))
                let s = k < n ? pending[k] : lastEvent
                stabilize(s, time: time + Double(i) / 1000, into: &output)
            }
        }
        if n > 0 {
            lastEvent = pending[n - 1]
            pending.removeAll(keepingCapacity: true)
            idle = 0
        } else {
            idle += elapsed
        }
    }

    /// Krita's per-sample step: dead zone, else the running mean of `s` and the queue.
    private mutating func stabilize(_ s: AttributedSample, time: Double, into output: inout [AttributedSample]) {
        let count = queue.count
        if parameters.delay, !(s.location.distance(to: lastEmitted.location) > parameters.delayDistance) {
            if queue[head].location != lastEmitted.location {
                for i in 0..<count { queue[i] = lastEmitted }
            }
            return
        }
        var result = s
        result.time = Swift.max(time, lastEmitted.time)
        // The oldest queue entry is replaced by `s`; average the other count − 1 in order.
        var i = 2
        var j = head + 1
        if j == count { j = 0 }
        while i <= count {
            let k = Double(i - 1) / Double(i)
            let q = queue[j]
            result.location = Point(x: (1 - k) * q.location.x + k * result.location.x,
                                    y: (1 - k) * q.location.y + k * result.location.y)
            if parameters.stabilizeSensors {
                result.force = (1 - k) * q.force + k * result.force
                result.altitude = (1 - k) * q.altitude + k * result.altitude
                result.azimuth = Self.angleLerp(q.azimuth, result.azimuth, k)
            }
            i += 1
            j += 1
            if j == count { j = 0 }
        }
        // Push `s` through the queue.
        queue[head] = s
        head += 1
        if head == count { head = 0 }
        let unchanged = Self.same(result.location.x, lastEmitted.location.x) && Self.same(result.location.y, lastEmitted.location.y)
            && Self.same(result.force, lastEmitted.force) && Self.same(result.altitude, lastEmitted.altitude)
            && Self.same(result.azimuth, lastEmitted.azimuth)
        lastEmitted = result
        guard !unchanged else { return }
        kinematics.reattribute(&result)
        output.append(result)
    }

    /// Equal to within rounding (1e-12 relative): the running mean of identical samples can
    /// differ from them in the last bit, which must not count as the pen moving.
    @inline(__always)
    static func same(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-12 * Swift.max(1, abs(a), abs(b))
    }

    /// From angle `a` towards `b` by `t` along the shorter arc, in (−π, π].
    static func angleLerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
        var d = (b - a).truncatingRemainder(dividingBy: 2 * Double.pi)
        if d > Double.pi { d -= 2 * Double.pi } else if d <= -Double.pi { d += 2 * Double.pi }
        var r = a + d * t
        if r > Double.pi { r -= 2 * Double.pi } else if r <= -Double.pi { r += 2 * Double.pi }
        return r
    }
}
