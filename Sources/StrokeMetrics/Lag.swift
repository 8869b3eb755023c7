import StrokeCore
import StrokeSmoothing

/// Lag of what a pipeline shows behind the pen, under DESIGN.md's time model.
///
/// At each display refresh T of the ``DisplayTimeline`` (frames visible `displayLatencyFrames`
/// refreshes after delivery) up to the reference's end (after the pen lifts there is no pen
/// to lag behind), the rendered tip of the frame on screen is projected onto the reference
/// near T (``ReferenceProjection``, window [T − `lagSearchBackMs`, T + `lagSearchAheadMs`]):
///
/// - lag = T − t_proj, in ms: how long ago the pen was where the ink ends. It adds up the
///   display latency, the sample's age at delivery, smoothing that holds samples back, and
///   filter lag; prediction subtracts its horizon. Negative = the tip is ahead (overshoot).
/// - off-path = distance from the tip to t_proj's point (units): what prediction and
///   smoothing cost in accuracy.
///
/// Reported: mean, p95 (type 7, ``Summary``) and max lag; mean off-path distance; overshoot
/// rate = fraction of refreshes with lag < −1 µs (the tolerance keeps an exactly-on-time tip
/// from counting through rounding). At refreshes before anything is drawn the ink ends where
/// the stroke began, so lag = T − t₀ (capped at the search window), off-path 0. Known
/// answers: `linear` on a constant-speed line, 60 Hz events, 2 frames latency: 33.3 ms + the
/// main sample's age; a `predict:linear` horizon h takes h off. Lag saturates at the search
/// window. Complexity O(refreshes × reference points per window).
public struct Lag: Hashable, Sendable {
    /// Lag at each measured refresh (ms).
    public var lagsMs: [Double]
    /// Off-path distance at each measured refresh (units).
    public var offPath: [Double]
    /// Display time of each measured refresh (seconds, the trace's clock).
    public var times: [Double]

    /// Measures `replay` against `reference`; `nil` when no refresh with a drawn tip falls
    /// within the reference's time span (a tap, a stroke shorter than the display latency).
    public init?(replay: StrokeReplay, reference: ReferenceCurve, refreshRateHz: Double, options: MetricOptions) {
        guard !reference.isEmpty else { return nil }
        let timeline = DisplayTimeline(frames: replay.frames, refreshRateHz: refreshRateHz,
                                       latencyFrames: options.displayLatencyFrames, until: reference.endTime)
        let back = options.lagSearchBackMs / 1000, ahead = options.lagSearchAheadMs / 1000
        var lags: [Double] = [], off: [Double] = [], times: [Double] = []
        lags.reserveCapacity(timeline.ticks.count)
        off.reserveCapacity(timeline.ticks.count)
        let start = reference.points[0]
        for tick in timeline.ticks {
            guard let tip = replay.frames[tick.frame].tip else {
                // Nothing of the stroke is on screen yet (an interpolator still filling its
                // buffer): the ink ends where the stroke began. Counting these refreshes keeps
                // a smoother's start-up delay in its lag instead of hiding it.
                guard tick.time >= start.time else { continue }
                lags.append(Swift.min(tick.time - start.time, back) * 1000)
                off.append(0)
                times.append(tick.time)
                continue
            }
            guard let match = ReferenceProjection.project(tip, onto: reference, around: tick.time, back: back, ahead: ahead)
            else { continue }
            lags.append((tick.time - match.time) * 1000)
            off.append(match.distance)
            times.append(tick.time)
        }
        guard !lags.isEmpty else { return nil }
        lagsMs = lags
        offPath = off
        self.times = times
    }

    /// Mean, p95, max of the lag (ms).
    public var summary: Summary { Summary(lagsMs)! }

    /// Mean off-path distance (units).
    public var offPathMean: Double { Summary(offPath)!.mean }

    /// Fraction of refreshes whose tip is ahead of the pen (lag < −0.001 ms).
    public var overshootRate: Double {
        Double(lagsMs.reduce(0) { $0 + ($1 < -0.001 ? 1 : 0) }) / Double(lagsMs.count)
    }
}
