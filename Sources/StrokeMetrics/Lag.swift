import StrokeCore
import StrokeSmoothing

/// Lag of what a pipeline shows behind the pen, under the time model of
/// `docs/guides/time-model.md`.
///
/// At each display refresh T of the ``DisplayTimeline`` (frames visible
/// `displayLatencyFrames` refreshes after delivery), from the first frame that shows any ink
/// (before it a motionless pen is not lagging: nothing is drawn yet) up to the reference's end
/// (after the pen lifts there is no pen to lag behind), the rendered tip of the frame on screen
/// is matched on the reference (``LagMatcher``) within
/// [max(T − back, min(previous match, a)), T + ahead] — monotone: never before the previous
/// refresh's match, unless a prediction drawn ahead of the pen retreats (then never before the
/// shown frame's newest sample a) — and, for a pipeline without a `predict:` stage, never past
/// a: it cannot show where the pen has not yet been. Then:
///
/// - lag = T − t_match, in ms: how long ago the pen was where the ink ends. It adds up the
///   display latency, the sample's age at delivery, smoothing that holds samples back, and
///   filter lag; prediction subtracts its horizon. Negative = the tip is ahead (overshoot).
///   Bounded to [−`lagSearchAheadMs`, `lagSearchBackMs`]: a tip older than the window
///   saturates at the bound.
/// - off-path = distance from the tip to the matched point (units): what prediction and
///   smoothing cost in accuracy.
///
/// **Recording gaps** (``ReferenceGaps``): a refresh whose display time lies in a gap, or
/// whose shown frame's newest sample lies before a gap that ended by then, has no known true
/// position to compare with; it is excluded and counted (``framesExcluded``), and matches
/// never cross a gap.
///
/// Reported: mean, p95 (type 7, ``Summary``) and max lag; mean off-path distance; overshoot
/// rate = fraction of refreshes with lag < −1 µs; frames excluded. Known answers: `linear` on
/// a constant-speed line, 60 Hz events, 2 frames latency: 33.3 ms + the main sample's age; a
/// `predict:linear` horizon h takes h off; a pipeline without prediction never overshoots.
/// Complexity O(refreshes + Σ reference points per window), linear in the stroke's duration.
public struct Lag: Hashable, Sendable {
    /// Lag at each measured refresh (ms).
    public var lagsMs: [Double]
    /// Off-path distance at each measured refresh (units).
    public var offPath: [Double]
    /// Display time of each measured refresh (seconds, the trace's clock).
    public var times: [Double]
    /// Refreshes left out because the pen's true position was unknown (recording gaps).
    public var framesExcluded: Int

    /// Measures `replay` against `reference`; `nil` when no refresh with drawn ink falls
    /// within the reference's time span outside gaps (a tap, a stroke shorter than the
    /// display latency).
    /// - Parameters:
    ///   - gaps: the reference's recording gaps.
    ///   - predicts: whether the pipeline has a `predict:` stage (its tip may be ahead of its
    ///     newest sample).
    public init?(replay: StrokeReplay, reference: ReferenceCurve, gaps: ReferenceGaps = ReferenceGaps(),
                 refreshRateHz: Double, predicts: Bool, options: MetricOptions) {
        let result = Self.measure(replay: replay, reference: reference, gaps: gaps, refreshRateHz: refreshRateHz,
                                  predicts: predicts, options: options)
        guard !result.lagsMs.isEmpty else { return nil }
        self = result
    }

    init(lagsMs: [Double], offPath: [Double], times: [Double], framesExcluded: Int) {
        self.lagsMs = lagsMs
        self.offPath = offPath
        self.times = times
        self.framesExcluded = framesExcluded
    }

    /// The measurement, with empty arrays when nothing could be measured (``framesExcluded``
    /// still counts what was left out).
    public static func measure(replay: StrokeReplay, reference: ReferenceCurve, gaps: ReferenceGaps = ReferenceGaps(),
                               refreshRateHz: Double, predicts: Bool, options: MetricOptions) -> Lag {
        var out = Lag(lagsMs: [], offPath: [], times: [], framesExcluded: 0)
        guard !reference.isEmpty, let firstDrawn = firstDrawnFrame(replay) else { return out }
        let timeline = DisplayTimeline(frames: replay.frames, refreshRateHz: refreshRateHz,
                                       latencyFrames: options.displayLatencyFrames, until: reference.endTime)
        let back = options.lagSearchBackMs / 1000, ahead = options.lagSearchAheadMs / 1000
        out.lagsMs.reserveCapacity(timeline.ticks.count)
        out.offPath.reserveCapacity(timeline.ticks.count)
        out.times.reserveCapacity(timeline.ticks.count)
        var scratch: [(distance: Double, time: Double)] = []
        scratch.reserveCapacity(64)
        var previous = -Double.infinity
        let start = reference.startTime, end = reference.endTime
        for tick in timeline.ticks where tick.frame >= firstDrawn {
            let frame = replay.frames[tick.frame]
            guard let tip = frame.tip else { continue }
            let now = tick.time
            let newest = frame.newestSampleTime
            guard let span = gaps.span(around: now), newest >= span.start else {
                out.framesExcluded += 1
                continue
            }
            var low = Swift.max(now - back, Swift.min(previous, newest), span.start, start)
            var high = Swift.min(now + ahead, span.end, end)
            if !predicts { high = Swift.min(high, newest) }
            if high < low { high = low }
            low = Swift.min(low, end)
            high = Swift.min(Swift.max(high, low), end)
            guard let match = LagMatcher.match(tip, on: reference, low: low, high: high, anchor: newest,
                                               tolerance: options.lagMatchTolerance, scratch: &scratch) else { continue }
            // Within [−ahead, back] by construction; clamped so rounding cannot cross the bound.
            out.lagsMs.append(Swift.min(Swift.max((now - match.time) * 1000, -options.lagSearchAheadMs), options.lagSearchBackMs))
            out.offPath.append(match.distance)
            out.times.append(now)
            previous = match.time
        }
        return out
    }

    /// Index of the first frame whose display shows ink (a drawing element committed, or a
    /// provisional or predicted part), or `nil` when none does.
    static func firstDrawnFrame(_ replay: StrokeReplay) -> Int? {
        let elements = replay.path.elements
        let firstDrawing = elements.firstIndex { !$0.isMove }
        for (i, frame) in replay.frames.enumerated() {
            if let firstDrawing, frame.committedCount > firstDrawing { return i }
            // Nothing committed yet but moves: the frame may still show a provisional tail or
            // a prediction (its displayed path is a few elements at most).
            if frame.tip != nil, replay.displayedPath(at: frame).drawingElementCount > 0 { return i }
        }
        return nil
    }

    /// Mean, p95, max of the lag (ms); nil when no refresh was measured (``measure(replay:reference:gaps:refreshRateHz:predicts:options:)``
    /// returns empty arrays then).
    public var summary: Summary? { Summary(lagsMs) }

    /// Mean off-path distance (units); nil when no refresh was measured.
    public var offPathMean: Double? { Summary(offPath)?.mean }

    /// Fraction of refreshes whose tip is ahead of the pen (lag < −0.001 ms); nil when no
    /// refresh was measured.
    public var overshootRate: Double? {
        guard !lagsMs.isEmpty else { return nil }
        return Double(lagsMs.reduce(0) { $0 + ($1 < -0.001 ? 1 : 0) }) / Double(lagsMs.count)
    }
}
