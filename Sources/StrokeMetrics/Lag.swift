import StrokeCore
import StrokeSmoothing

/// Lag of what a pipeline shows behind the pen, under the time model of
/// `docs/guides/time-model.md`.
///
/// At each display refresh T of the ``DisplayTimeline`` (frames visible
/// `displayLatencyFrames` refreshes after delivery), from the first frame that shows any ink
/// (before it a motionless pen is not lagging: nothing is drawn yet) up to the reference's end
/// (after the pen lifts there is no pen to lag behind), the tip (``Tip``) of the frame on
/// screen is matched on the reference (``LagMatcher``) within
/// [max(T − back, min(previous match, a)), T + ahead] — monotone: never before the previous
/// refresh's match, unless a prediction drawn ahead of the pen retreats (then never before the
/// shown frame's newest sample a) — and never past a unless the frame draws predicted ink
/// (``drawsAhead(_:in:)``): ink that is not drawn ahead of the newest sample cannot show where
/// the pen has not yet been, whatever the pipeline's label says. So a predictor that draws
/// nothing (`predict:recorded` on a trace without recorded predictions, a zero horizon) has
/// exactly the lag of the pipeline without it. Then:
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
/// `predict:linear` horizon h takes h off the drawn tip's lag and nothing off the curve's; a
/// pipeline that draws no prediction never overshoots.
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

    /// Which end of the shown ink is matched.
    public enum Tip: Hashable, Sendable {
        /// The end of everything drawn: committed, provisional and predicted ink (what the user
        /// sees; `lag.*`).
        case drawn
        /// The end of the committed and provisional ink, prediction left out: what the curve
        /// builder and the filters cost (`lag.curve_*`). The same as ``drawn`` for a pipeline
        /// that draws no prediction.
        case curve
    }

    /// Measures `replay` against `reference`; `nil` when no refresh with drawn ink falls
    /// within the reference's time span outside gaps (a tap, a stroke shorter than the
    /// display latency).
    /// - Parameters:
    ///   - replay: the pipeline's replay of the stroke.
    ///   - reference: the pen's path.
    ///   - gaps: the reference's recording gaps.
    ///   - refreshRateHz: display refresh rate (> 0).
    ///   - options: the display latency and the lag search's bounds and tolerance.
    ///   - tip: the drawn tip (default) or the curve's, prediction left out.
    public init?(replay: StrokeReplay, reference: ReferenceCurve, gaps: ReferenceGaps = ReferenceGaps(),
                 refreshRateHz: Double, options: MetricOptions, tip: Tip = .drawn) {
        let result = Self.measure(replay: replay, reference: reference, gaps: gaps, refreshRateHz: refreshRateHz,
                                  options: options, tip: tip)
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
                               refreshRateHz: Double, options: MetricOptions, tip which: Tip = .drawn) -> Lag {
        var out = Lag(lagsMs: [], offPath: [], times: [], framesExcluded: 0)
        guard !reference.isEmpty, let firstDrawn = firstDrawnFrame(replay, tip: which) else { return out }
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
            guard let tip = which == .drawn ? frame.tip : curveTip(frame, in: replay) else { continue }
            let now = tick.time
            let newest = frame.newestSampleTime
            guard let span = gaps.span(around: now), newest >= span.start else {
                out.framesExcluded += 1
                continue
            }
            var low = Swift.max(now - back, Swift.min(previous, newest), span.start, start)
            var high = Swift.min(now + ahead, span.end, end)
            if which == .curve || !drawsAhead(frame, in: replay) { high = Swift.min(high, newest) }
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
    /// provisional part, or for the drawn tip a predicted part), or `nil` when none does.
    static func firstDrawnFrame(_ replay: StrokeReplay, tip: Tip = .drawn) -> Int? {
        let elements = replay.path.elements
        let firstDrawing = elements.firstIndex { !$0.isMove }
        for (i, frame) in replay.frames.enumerated() {
            if let firstDrawing, frame.committedCount > firstDrawing { return i }
            // Nothing committed yet but moves: the frame may still show a provisional tail or
            // a prediction (a few elements at most).
            if frame.tip != nil, replay.provisional.elements[frame.provisional].contains(where: { !$0.isMove }) { return i }
            if tip == .drawn, frame.tip != nil, replay.displayedPath(at: frame).drawingElementCount > 0 { return i }
        }
        return nil
    }

    /// The end of the frame's committed and provisional ink (its prediction left out), or
    /// `nil` when it shows none. O(1).
    public static func curveTip(_ frame: ReplayFrame, in replay: StrokeReplay) -> Point? {
        if !frame.provisional.isEmpty { return replay.provisional.elements[frame.provisional.upperBound - 1].endPoint }
        return frame.committedCount > 0 ? replay.ink.elements[frame.committedCount - 1].endPoint : nil
    }

    /// Whether the frame draws ink ahead of its committed and provisional ink: a predicted
    /// segment of non-zero length. Only such a frame's tip may stand for a time after its
    /// newest sample. O(predicted elements of the frame).
    public static func drawsAhead(_ frame: ReplayFrame, in replay: StrokeReplay) -> Bool {
        var current: Point? = nil
        for e in replay.predictedInk.elements[frame.predictedInk] {
            switch e {
            case .move(let p):
                current = p
            case .line(let p):
                if p != current { return true }
                current = p
            case .quadCurve(let p, let c):
                if p != current || c != current { return true }
                current = p
            case .curve(let p, let c1, let c2):
                if p != current || c1 != current || c2 != current { return true }
                current = p
            }
        }
        return false
    }

    /// Whether any frame of the replay draws ahead (``drawsAhead(_:in:)``); when none does,
    /// the drawn tip is the curve's and both lags are one.
    public static func drawsAhead(_ replay: StrokeReplay) -> Bool {
        replay.frames.contains { !$0.predictedInk.isEmpty && drawsAhead($0, in: replay) }
    }

    /// Mean, p95, max of the lag (ms); nil when no refresh was measured (``measure(replay:reference:gaps:refreshRateHz:options:tip:)``
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
