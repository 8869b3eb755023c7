import StrokeCore
import StrokeSmoothing

/// Throughput of a pipeline: samples per second through a full replay (input view, filters,
/// interpolator, predictor, and the frame record), the figure `strokelab bench` reports.
///
/// Method: build one replayer per run (as the runner does per stroke set) and replay every
/// stroke in order, `passes` times per run; time each run with the standard library's
/// `ContinuousClock` (monotonic). Warm-up runs come first and are discarded; the first one
/// also calibrates `passes` so a run lasts at least `minimumRunSeconds` (a run of a few
/// microseconds would measure the clock). Per run: samples/s = samples fed / seconds and
/// ns/sample = 10⁹ · seconds / samples fed, where samples fed counts what the input view
/// passes on (main samples for `main`, every coalesced sample for `coalesced`). A checksum of
/// the paths is kept so the optimiser cannot drop the work. Report the median and the spread
/// (quartiles, min, max) — never assert on them in unit tests.
public enum Throughput {
    /// Measured throughput of one pipeline over one stroke set.
    public struct Result: Hashable, Sendable {
        /// Canonical label of the pipeline measured.
        public var pipeline: String
        /// Times the stroke set was replayed per run.
        public var passesPerRun: Int
        /// Samples fed to the pipeline per run.
        public var samplesPerRun: Int
        /// Samples per second of each timed run, in run order.
        public var samplesPerSecond: [Double]
        /// Nanoseconds per sample of each timed run, in run order.
        public var nanosecondsPerSample: [Double]
        /// CPU nanoseconds per sample of each timed run (the `cpuClock` given to
        /// ``Throughput/measure(pipeline:strokes:runs:warmupRuns:minimumRunSeconds:passes:options:cpuClock:live:scales:)``;
        /// empty without one).
        public var cpuNanosecondsPerSample: [Double] = []
        /// A value derived from every replayed path (element counts), to keep the work observable.
        public var checksum: Int
        /// Events handled per pass (every event of every stroke).
        public var eventsPerPass: Int
        /// Nanoseconds per event of each timed run of the replay, in run order.
        public var nanosecondsPerEvent: [Double]
        /// Nanoseconds per event of each timed run of the same strokes fed event by event to a
        /// `StrokeSmoothing.LiveStroke`, as an app calls it (no frame record), in run order;
        /// empty unless asked for.
        public var liveNanosecondsPerEvent: [Double]

        /// Median nanoseconds per event of the replay.
        public var medianNanosecondsPerEvent: Double { Self.quantile(nanosecondsPerEvent, 0.5) }
        /// Median nanoseconds per event of the live stroke.
        public var medianLiveNanosecondsPerEvent: Double { Self.quantile(liveNanosecondsPerEvent, 0.5) }

        /// Median samples per second.
        public var medianSamplesPerSecond: Double { Self.quantile(samplesPerSecond, 0.5) }
        /// Median nanoseconds per sample.
        public var medianNanosecondsPerSample: Double { Self.quantile(nanosecondsPerSample, 0.5) }
        /// First and third quartiles of samples per second (type 7).
        public var quartilesSamplesPerSecond: (lower: Double, upper: Double) {
            (Self.quantile(samplesPerSecond, 0.25), Self.quantile(samplesPerSecond, 0.75))
        }
        /// Smallest and largest samples per second.
        public var rangeSamplesPerSecond: (min: Double, max: Double) {
            (samplesPerSecond.min() ?? .nan, samplesPerSecond.max() ?? .nan)
        }
        /// Interquartile range relative to the median: the run-to-run spread.
        public var relativeSpread: Double {
            let q = quartilesSamplesPerSecond
            return (q.upper - q.lower) / medianSamplesPerSecond
        }

        private static func quantile(_ values: [Double], _ q: Double) -> Double {
            Summary.percentile(sorted: values.sorted(), q)
        }
    }

    /// Measures `pipeline` over `strokes`; `nil` when the strokes feed no sample at all. With
    /// `live`, the same events are then fed one by one to one `StrokeSmoothing.LiveStroke`
    /// (``measureLive(pipeline:strokes:runs:warmupRuns:minimumRunSeconds:passes:scales:)``) with the
    /// same number of passes.
    /// - Parameters:
    ///   - pipeline: the pipeline replayed.
    ///   - strokes: the strokes replayed, every pass.
    ///   - runs: timed runs (≥ 1, default 7).
    ///   - warmupRuns: untimed runs first (≥ 1, default 2; the first calibrates).
    ///   - minimumRunSeconds: shortest run wanted (default 0.05 s).
    ///   - passes: passes per run; `nil` calibrates them from `minimumRunSeconds`. A fixed
    ///     count makes the work exactly repeatable (for instruction counts).
    ///   - options: replay options (default none: no horizons).
    ///   - cpuClock: the CPU time the measuring thread has used, in seconds, when the caller has
    ///     one (the algorithm modules read no system clock but the standard library's).
    ///   - live: also time the live stroke (default false).
    ///   - scales: the physical scale of each stroke's trace (parallel to `strokes`): each
    ///     stroke is replayed by the pipeline built for its scale
    ///     (`StrokeSmoothing.PipelineDescription.resolved(for:)`), one replayer per distinct
    ///     scale; `nil` replays every stroke through `pipeline` as it is.
    public static func measure(pipeline: PipelineDescription, strokes: [Stroke], runs: Int = 7, warmupRuns: Int = 2,
                               minimumRunSeconds: Double = 0.05, passes: Int? = nil,
                               options: ReplayOptions = ReplayOptions(), cpuClock: (() -> Double)? = nil,
                               live: Bool = false, scales: [PhysicalScale]? = nil) -> Result? {
        let built = resolvedByScale(pipeline, strokes: strokes.count, scales: scales)
        var replayers = built.pipelines.map { $0.makeReplayer() }
        let of = built.index
        var samplesPerPass = 0
        for (i, stroke) in strokes.enumerated() where !stroke.events.isEmpty {
            samplesPerPass += replayers[of[i]].replay(stroke, options: options).samplesFed
        }
        guard samplesPerPass > 0 else { return nil }
        var checksum = 0
        let timing = time(inputsPerPass: samplesPerPass, runs: runs, warmupRuns: warmupRuns,
                          minimumRunSeconds: minimumRunSeconds, passes: passes, cpuClock: cpuClock) {
            for (i, stroke) in strokes.enumerated() where !stroke.events.isEmpty {
                let replay = replayers[of[i]].replay(stroke, options: options)
                checksum &+= replay.path.elements.count &+ replay.frames.count
            }
        }
        let events = strokes.reduce(0) { $0 + $1.events.count }
        let liveTiming = live ? measureLive(pipeline: pipeline, strokes: strokes, runs: runs, warmupRuns: warmupRuns,
                                            minimumRunSeconds: minimumRunSeconds, passes: timing.passes, scales: scales) : nil
        checksum &+= liveTiming?.checksum ?? 0
        let perEvent = Double(samplesPerPass) / Double(Swift.max(events, 1))
        return Result(pipeline: pipeline.canonical, passesPerRun: timing.passes, samplesPerRun: samplesPerPass * timing.passes,
                      samplesPerSecond: timing.nanosecondsPerInput.map { 1e9 / $0 },
                      nanosecondsPerSample: timing.nanosecondsPerInput, cpuNanosecondsPerSample: timing.cpuNanosecondsPerInput,
                      checksum: checksum, eventsPerPass: events,
                      nanosecondsPerEvent: timing.nanosecondsPerInput.map { $0 * perEvent },
                      liveNanosecondsPerEvent: liveTiming?.nanosecondsPerEvent ?? [])
    }

    /// Times the events of `strokes` fed one by one to one `StrokeSmoothing.LiveStroke`
    /// running `pipeline`, as an app calls it from its touch handlers (each call followed by
    /// the reads an app makes: the newly committed range, the provisional and predicted ink),
    /// with ``time(inputsPerPass:runs:warmupRuns:minimumRunSeconds:passes:cpuClock:pass:)``: nanoseconds
    /// per event of each timed run. `scales` as in ``measure(pipeline:strokes:runs:warmupRuns:minimumRunSeconds:passes:options:cpuClock:live:scales:)``:
    /// one live stroke per distinct scale.
    public static func measureLive(pipeline: PipelineDescription, strokes: [Stroke], runs: Int = 7, warmupRuns: Int = 2,
                                   minimumRunSeconds: Double = 0.05, passes: Int? = nil, scales: [PhysicalScale]? = nil)
        -> (eventsPerPass: Int, passes: Int, nanosecondsPerEvent: [Double], checksum: Int) {
        let built = resolvedByScale(pipeline, strokes: strokes.count, scales: scales)
        var lives = built.pipelines.map { LiveStroke($0) }
        let of = built.index
        let events = strokes.reduce(0) { $0 + $1.events.count }
        var checksum = 0
        let timing = time(inputsPerPass: events, runs: runs, warmupRuns: warmupRuns, minimumRunSeconds: minimumRunSeconds,
                          passes: passes) {
            for (i, stroke) in strokes.enumerated() {
                for event in stroke.events {
                    lives[of[i]].handle(event)
                    checksum &+= lives[of[i]].newlyCommitted.count &+ lives[of[i]].provisional.count &+ lives[of[i]].predicted.count
                }
            }
        }
        return (events, timing.passes, timing.nanosecondsPerInput, checksum)
    }

    /// `pipeline` built for each distinct scale of `scales` (one per stroke; `nil`: the
    /// pipeline as it is, for all), and each stroke's index into them. O(strokes).
    static func resolvedByScale(_ pipeline: PipelineDescription, strokes count: Int, scales: [PhysicalScale]?)
        -> (pipelines: [PipelineDescription], index: [Int]) {
        guard let scales else { return ([pipeline], Array(repeating: 0, count: count)) }
        precondition(scales.count == count, "one scale per stroke")
        var pipelines: [PipelineDescription] = []
        var seen: [Double: Int] = [:]
        var index: [Int] = []
        index.reserveCapacity(count)
        for scale in scales {
            if let k = seen[scale.millimetresPerUnit] { index.append(k); continue }
            seen[scale.millimetresPerUnit] = pipelines.count
            index.append(pipelines.count)
            pipelines.append(pipeline.resolved(for: scale))
        }
        if pipelines.isEmpty { pipelines.append(pipeline) }
        return (pipelines, index)
    }

    /// The timing loop shared by every throughput figure: `warmupRuns` untimed runs (the first
    /// calibrates the passes per run from `minimumRunSeconds` unless `passes` is given), then
    /// `runs` timed runs of `passes` calls of `pass`, each timed with `ContinuousClock`.
    /// Returns the passes per run and each timed run's nanoseconds per input (`inputsPerPass`
    /// inputs per pass), and with a `cpuClock` (seconds of CPU time the thread has used) each
    /// run's CPU nanoseconds per input (empty without one).
    public static func time(inputsPerPass: Int, runs: Int, warmupRuns: Int, minimumRunSeconds: Double, passes fixed: Int?,
                            cpuClock: (() -> Double)? = nil,
                            pass: () -> Void) -> (passes: Int, nanosecondsPerInput: [Double], cpuNanosecondsPerInput: [Double]) {
        let clock = ContinuousClock()
        var cpu = 0.0
        func run(_ n: Int) -> Double {
            let cpuStart = cpuClock?() ?? 0
            let start = clock.now
            for _ in 0..<n { pass() }
            let elapsed = seconds(clock.now - start)
            cpu = (cpuClock?() ?? 0) - cpuStart
            return elapsed
        }
        var passes = Swift.max(1, Swift.min(fixed ?? 1, 1_000_000))
        let calibration = run(passes)
        if fixed == nil {
            let perPass = Swift.max(calibration, 1e-9)
            passes = Swift.max(1, Swift.min(Int((minimumRunSeconds / perPass).rounded(.up)), 1_000_000))
        }
        for _ in 1..<Swift.max(warmupRuns, 1) { _ = run(passes) }
        var costs: [Double] = [], cpuCosts: [Double] = []
        let inputs = Double(Swift.max(inputsPerPass, 1) * passes)
        for _ in 0..<Swift.max(runs, 1) {
            costs.append(Swift.max(run(passes), 1e-12) * 1e9 / inputs)
            if cpuClock != nil { cpuCosts.append(Swift.max(cpu, 1e-12) * 1e9 / inputs) }
        }
        return (passes, costs, cpuCosts)
    }

    private static func seconds(_ d: Duration) -> Double {
        let c = d.components
        return Double(c.seconds) + Double(c.attoseconds) * 1e-18
    }
}
