import StrokeCore
import StrokeSmoothing

/// What a person sees at each display refresh, under the time model of
/// `docs/guides/time-model.md`: where the ink ends and where the pen is. The common ground of
/// the side effects that are judged on screen (``PerceivedSideEffects``).
///
/// The refreshes are those of ``DisplayTimeline`` (frames visible `displayLatencyFrames`
/// refreshes after delivery) from the first frame that shows ink to the reference's end (after
/// the pen lifts there is no pen to compare with), as for ``Lag``; refreshes whose pen
/// position is unknown (inside a recording gap, or showing a frame whose newest sample lies
/// before a gap that ended by then, ``ReferenceGaps``) are left out and counted. At refresh T
/// showing frame f:
/// - tip D: the end of the drawn ink (committed + provisional + predicted), `ReplayFrame.tip`;
/// - base K: where the ink ends without the frame's prediction (the start of its predicted ink;
///   D when nothing is predicted);
/// - pen A = reference(T);
/// - speed |reference(T) − reference(T − τ)| / τ with τ one refresh period (shortened at the
///   start of the stroke or of a gap-free run), and heading the unit
///   vector of that displacement; while the pen rests (speed below the rest speed) the heading
///   is the one it had when it last moved, `nil` before it ever moved;
/// - lag (ms) from ``Lag`` when it measured this refresh: where along the pen's path the tip
///   lies, T − lag being the time the pen was there (negative lag: ahead);
/// - the delayed pen reference(T − ℓ̄), where the pen was the stroke's typical lag ℓ̄ (the
///   median of ``Lag``'s values, 0 without them) earlier: where a tip that keeps a steady lag
///   is, on curves too.
/// O(refreshes · log n); allocates one array.
public struct SeenRefreshes: Sendable {
    /// One refresh.
    public struct Refresh: Hashable, Sendable {
        /// Display time (s).
        public var time: Double
        /// Index into `StrokeSmoothing.StrokeReplay.frames` of the frame on screen.
        public var frame: Int
        /// Where the drawn ink ends.
        public var tip: Point
        /// Where the ink ends without the frame's prediction.
        public var base: Point
        /// The pen.
        public var pen: Point
        /// The pen's speed (units/s).
        public var speed: Double
        /// Whether the pen moves (speed at least the rest speed).
        public var moving: Bool
        /// The pen's heading, or its last heading while it rests; `nil` before it moved.
        public var heading: Vector?
        /// The lag ``Lag`` measured at this refresh (ms), `nil` when it measured none.
        public var lagMs: Double?
        /// Where the pen was the stroke's typical lag earlier.
        public var delayedPen: Point
        /// The shown frame's newest input sample time (s).
        public var newestSampleTime: Double
    }

    /// The refreshes, in time order.
    public var refreshes: [Refresh]
    /// Refreshes left out because the pen's position was unknown (recording gaps).
    public var excluded: Int
    /// The stroke's typical lag ℓ̄ (ms): the median of ``Lag``'s values, 0 without them.
    public var typicalLagMs: Double

    /// Builds the view of `replay` against `reference`.
    /// - Parameters:
    ///   - replay: the pipeline's replay of the stroke.
    ///   - reference: the pen's path.
    ///   - gaps: the reference's recording gaps.
    ///   - lag: the lag measured on the same replay (its per-refresh values are matched by
    ///     display time), or `nil`.
    ///   - refreshRateHz: display refresh rate (> 0).
    ///   - latencyFrames: display latency in refresh periods (≥ 0).
    ///   - restSpeed: the speed below which the pen rests, in trace units per second.
    public init(replay: StrokeReplay, reference: ReferenceCurve, gaps: ReferenceGaps = ReferenceGaps(), lag: Lag?,
                refreshRateHz: Double, latencyFrames: Double, restSpeed: Double) {
        refreshes = []
        excluded = 0
        let sortedLags = (lag?.lagsMs ?? []).sorted()
        typicalLagMs = sortedLags.isEmpty ? 0 : Summary.percentile(sorted: sortedLags, 0.5)
        guard !reference.isEmpty, refreshRateHz > 0, refreshRateHz.isFinite,
              let firstDrawn = Lag.firstDrawnFrame(replay) else { return }
        let timeline = DisplayTimeline(frames: replay.frames, refreshRateHz: refreshRateHz, latencyFrames: latencyFrames,
                                       until: reference.endTime)
        let tau = 1 / refreshRateHz
        var lagIndex = 0
        let lagTimes = lag?.times ?? [], lags = lag?.lagsMs ?? []
        var heading: Vector? = nil
        refreshes.reserveCapacity(timeline.ticks.count)
        for tick in timeline.ticks where tick.frame >= firstDrawn {
            let frame = replay.frames[tick.frame]
            guard let tip = frame.tip else { continue }
            let now = tick.time
            guard let span = gaps.span(around: now), frame.newestSampleTime >= span.start else {
                excluded += 1
                continue
            }
            let pen = reference.position(at: now)
            let earlier = Swift.max(now - tau, span.start, reference.startTime)
            let step = pen - reference.position(at: earlier)
            let speed = now > earlier ? step.length / (now - earlier) : 0
            let moving = speed >= restSpeed
            if moving, let h = step.normalized { heading = h }
            var base = tip
            if let first = frame.predictedInk.first, frame.predictedInk.count > 1 {
                base = replay.predictedInk.elements[first].endPoint
            }
            while lagIndex < lagTimes.count && lagTimes[lagIndex] < now - 1e-9 { lagIndex += 1 }
            let lagMs = lagIndex < lagTimes.count && abs(lagTimes[lagIndex] - now) <= 1e-9 ? lags[lagIndex] : nil
            let delayed = reference.position(at: Swift.max(now - typicalLagMs / 1000, span.start))
            refreshes.append(Refresh(time: now, frame: tick.frame, tip: tip, base: base, pen: pen, speed: speed,
                                     moving: moving, heading: heading, lagMs: lagMs, delayedPen: delayed,
                                     newestSampleTime: frame.newestSampleTime))
        }
    }
}
