import StrokeCore
import StrokeSmoothing

/// When each replayed frame is on screen, under DESIGN.md's time model: what an event's
/// processing draws becomes visible `displayLatencyFrames` refresh periods after the event
/// is delivered, and the display then shows it at every refresh until a newer frame
/// becomes visible.
///
/// Ticks are the display refreshes T_j = v₀ + j/refresh from the first frame's visible time
/// v₀ = t₀ + L/refresh; at each tick the newest frame k with vₖ ≤ T_j is shown (a relative
/// tolerance of 10⁻⁶ frame absorbs rounding when events are delivered on the frame grid, as
/// FrameGrouping delivers them). With one event per refresh this is one tick per frame; a
/// stalled main thread (no events for a while) shows the same frame at several ticks, as a
/// real display would. Ticks stop at `until` (inclusive) or at the last frame's visible time,
/// and never exceed the stroke's ``tickBudget(frames:)`` — ``ticksPerFrame`` per frame, at
/// least ``minimumTicks``, at most ``maximumTicks`` — so the work grows with the stroke's
/// events, not with how far apart their times are (three samples 10⁹ s apart, or a refresh
/// rate of 10³⁰⁰ Hz, give a few thousand ticks; issue 24 item 2). O(frames + ticks).
public struct DisplayTimeline: Hashable, Sendable {
    /// One display refresh: its time (s) and the index of the frame shown.
    public struct Tick: Hashable, Sendable {
        /// Display time in seconds.
        public var time: Double
        /// Index into `StrokeReplay.frames` of the frame on screen.
        public var frame: Int
    }

    /// Upper bound on the ticks of one stroke (an hour at 60 Hz), so absurd timestamps (a
    /// pause of 10¹² s) cannot make a timeline, or the spectrum of its speed, run away.
    public static let maximumTicks = 216_000
    /// Refreshes a stroke may be shown for per event it has: 256 (over 4 s at 60 Hz; a hand
    /// delivers an event at every refresh while it moves).
    public static let ticksPerFrame = 256
    /// The fewest ticks any stroke may have: 4096 (68 s at 60 Hz).
    public static let minimumTicks = 4096

    /// The most ticks a stroke of `frames` frames gets: ``ticksPerFrame`` per frame, at least
    /// ``minimumTicks``, at most ``maximumTicks``. O(1).
    public static func tickBudget(frames: Int) -> Int {
        Swift.min(maximumTicks, Swift.max(minimumTicks, frames > maximumTicks / ticksPerFrame ? maximumTicks : frames * ticksPerFrame))
    }

    /// The refreshes, in time order.
    public var ticks: [Tick]

    /// Builds the timeline of `frames`.
    /// - Parameters:
    ///   - frames: the replay's frames, in event order.
    ///   - refreshRateHz: display refresh rate (> 0).
    ///   - latencyFrames: display latency L in refresh periods (≥ 0).
    ///   - until: last display time to include, in seconds; default the last frame's visible time.
    public init(frames: [ReplayFrame], refreshRateHz: Double, latencyFrames: Double, until: Double? = nil) {
        ticks = []
        guard let first = frames.first, refreshRateHz > 0, refreshRateHz.isFinite else { return }
        let period = 1 / refreshRateHz
        let latency = latencyFrames * period
        let start = first.time + latency
        let end = until ?? (frames[frames.count - 1].time + latency)
        let tolerance = period * 1e-6
        guard end.isFinite, start.isFinite, end >= start - tolerance else { return }
        // Clamped as a Double first: a gap of 1e300 s must not overflow the conversion to Int.
        let span = Swift.min(((end - start) / period + 1e-6).rounded(.down), Double(Self.tickBudget(frames: frames.count) - 1))
        let count = Int(Swift.max(span, 0)) + 1
        ticks.reserveCapacity(count)
        var shown = 0
        for j in 0..<count {
            let t = start + Double(j) * period
            while shown + 1 < frames.count && frames[shown + 1].time + latency <= t + tolerance { shown += 1 }
            ticks.append(Tick(time: t, frame: shown))
        }
    }
}
