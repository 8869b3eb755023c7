import StrokeCore

/// What a pipeline showed after handling one event: the frame the lag metrics consume.
///
/// The committed path only grows, so a frame stores how many of the final path's elements
/// existed then; its provisional and predicted parts are ranges into the replay's flat
/// buffers. Storing ranges instead of copies keeps a replay O(n) in memory.
public struct ReplayFrame: Hashable, Sendable {
    /// Index of the event in the stroke.
    public var eventIndex: Int
    /// The event's phase.
    public var phase: TouchPhase
    /// Delivery time of the event, in seconds.
    public var time: Double
    /// Time of the newest sample the pipeline had been fed, in seconds.
    public var newestSampleTime: Double
    /// Number of samples fed to the interpolator so far.
    public var samplesFed: Int
    /// Number of elements of ``StrokeReplay/path`` committed by then.
    public var committedCount: Int
    /// This frame's provisional tail in ``StrokeReplay/provisional``.
    public var provisional: Range<Int>
    /// This frame's predicted samples in ``StrokeReplay/predicted``.
    public var predicted: Range<Int>
    /// The rendered tip: the end of committed + provisional + predicted path, or `nil` when
    /// nothing is drawn yet.
    public var tip: Point?
}

/// The record of one stroke replayed through one pipeline, event by event.
public struct StrokeReplay: Hashable, Sendable {
    /// The final committed path.
    public var path: Path
    /// One frame per event, in order.
    public var frames: [ReplayFrame]
    /// Provisional elements of every frame, concatenated.
    public var provisional: [PathElement]
    /// Predicted samples of every frame, concatenated.
    public var predicted: [TouchSample]
    /// The evaluation horizons (seconds) of ``horizonPredictions``.
    public var horizons: [Double]
    /// Per frame and horizon (row-major: `frame * horizons.count + h`): the predictor's
    /// location `horizons[h]` seconds after the frame's newest sample, `nil` when it could
    /// not say, and for terminal frames.
    public var horizonPredictions: [Point?]
    /// Total samples fed.
    public var samplesFed: Int

    /// An empty record.
    public init() {
        path = Path()
        frames = []
        provisional = []
        predicted = []
        horizons = []
        horizonPredictions = []
        samplesFed = 0
    }

    /// The path as shown at `frame`: its committed prefix, then its provisional tail, then
    /// its predicted samples as straight segments (how Scribble draws predicted touches).
    /// O(size of that path); allocates.
    public func displayedPath(at frame: ReplayFrame) -> Path {
        var shown = Path(Array(path.elements[..<frame.committedCount]))
        shown.elements.append(contentsOf: provisional[frame.provisional])
        for s in predicted[frame.predicted] {
            if shown.isEmpty { shown.move(to: s.location) } else { shown.addLine(to: s.location) }
        }
        return shown
    }
}

/// Options of a replay.
public struct ReplayOptions: Hashable, Sendable {
    /// Horizons in seconds at which to query the predictor every frame (for prediction error).
    public var evaluationHorizons: [Double]
    /// Hold-out evaluation: when set to k ≥ 2, only every k-th sample of the input view (and
    /// the first and last) is fed, so the rest can serve as an independent reference.
    public var holdOutStride: Int?

    /// Creates options; by default no horizons and no hold-out.
    public init(evaluationHorizons: [Double] = [], holdOutStride: Int? = nil) {
        self.evaluationHorizons = evaluationHorizons
        self.holdOutStride = holdOutStride
    }
}

/// Something that replays strokes: a pipeline with its concrete stage types hidden behind
/// one existential per stroke, never per sample.
public protocol StrokeReplaying: Sendable {
    /// Replays `stroke` event by event and returns what was shown at each frame.
    mutating func replay(_ stroke: Stroke, options: ReplayOptions) -> StrokeReplay
}
