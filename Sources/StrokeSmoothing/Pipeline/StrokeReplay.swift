import StrokeCore

/// What a pipeline showed after handling one event: a frame of the replay.
///
/// The committed ink only grows, so a frame stores how many of the final ink's elements
/// existed then; its provisional and predicted parts are ranges into the replay's flat
/// buffers. Storing ranges instead of copies keeps a replay O(n) in memory.
/// ``StrokeReplay/ink(at:)`` turns a frame into the ink on screen.
public struct ReplayFrame: Hashable, Sendable {
    /// Index of the event in the stroke.
    public var eventIndex: Int
    /// The event's phase.
    public var phase: TouchPhase
    /// Delivery time of the event, in seconds.
    public var time: Double
    /// Time of the newest input sample the pipeline had been fed, in seconds.
    public var newestSampleTime: Double
    /// Provenance of the elements this frame committed: the time (s) of the input sample at or
    /// just before where the first of them starts (the curve builder's ``CurveStage/origin``
    /// when the event was delivered, or the newest sample fed before it). They were built from
    /// samples in [`origin`, ``newestSampleTime``], however long ago the first of those arrived.
    public var origin: Double
    /// Number of elements of ``StrokeReplay/ink`` committed by then.
    public var committedCount: Int
    /// This frame's provisional tail in ``StrokeReplay/provisional``.
    public var provisional: Range<Int>
    /// This frame's predicted samples in ``StrokeReplay/predicted``.
    public var predicted: Range<Int>
    /// This frame's predicted ink in ``StrokeReplay/predictedInk`` (a `move` to the tip, then
    /// one segment per predicted sample).
    public var predictedInk: Range<Int>
    /// The rendered tip: the end of committed + provisional + predicted ink, or `nil` when
    /// nothing is drawn yet.
    public var tip: Point?

    /// Creates a frame (a replay records one per event; an external pipeline's answers are
    /// recorded the same way).
    public init(eventIndex: Int, phase: TouchPhase, time: Double, newestSampleTime: Double, origin: Double, committedCount: Int,
                provisional: Range<Int>, predicted: Range<Int>, predictedInk: Range<Int>, tip: Point?) {
        self.eventIndex = eventIndex
        self.phase = phase
        self.time = time
        self.newestSampleTime = newestSampleTime
        self.origin = origin
        self.committedCount = committedCount
        self.provisional = provisional
        self.predicted = predicted
        self.predictedInk = predictedInk
        self.tip = tip
    }
}

/// The record of one stroke replayed through one pipeline, event by event: the committed
/// ink, every frame's provisional and predicted parts, the outline when a style makes one,
/// and what the metrics need (prediction at fixed horizons, sample counts).
public struct StrokeReplay: Hashable, Sendable {
    /// The final committed ink.
    public var ink: InkPath
    /// One frame per event, in order.
    public var frames: [ReplayFrame]
    /// Provisional ink of every frame, concatenated.
    public var provisional: InkPath
    /// Predicted samples of every frame, concatenated.
    public var predicted: [AttributedSample]
    /// Predicted ink of every frame, concatenated.
    public var predictedInk: InkPath
    /// The final outline, when a style stage makes one (empty otherwise).
    public var outline: [[Point]]
    /// Outlines of the frames that ``ReplayOptions/outlineFrames`` asked for, by frame index.
    public var frameOutlines: [Int: [[Point]]]
    /// The samples the curve builder received (what the last filter emitted, or the input
    /// view's samples without filters), in order; recorded only when
    /// ``ReplayOptions/recordsCurveInput`` is set.
    public var curveInput: [AttributedSample]
    /// The evaluation horizons (seconds) of ``horizonPredictions``.
    public var horizons: [Double]
    /// Per frame and horizon (row-major: `frame * horizons.count + h`): the predictor's
    /// location `horizons[h]` seconds after the frame's newest sample, `nil` when it could
    /// not say, and for terminal frames.
    public var horizonPredictions: [Point?]
    /// Total input samples fed.
    public var samplesFed: Int

    /// An empty record.
    public init() {
        ink = InkPath()
        frames = []
        provisional = InkPath()
        predicted = []
        predictedInk = InkPath()
        outline = []
        frameOutlines = [:]
        curveInput = []
        horizons = []
        horizonPredictions = []
        samplesFed = 0
    }

    /// The final committed centre line.
    public var path: Path { ink.path }

    /// What is on screen at frame `index` (clamped to the frames; the final ink when there are
    /// none): the committed prefix, the frame's provisional tail and predicted ink, and its
    /// outline (the final outline at the last frame; a recorded frame outline, else none).
    /// The single answer to "what does the pipeline show at frame k" — metrics, rasters and
    /// the replay export all read it. O(size of that ink); allocates.
    public func ink(at index: Int) -> Ink {
        guard !frames.isEmpty else { return finalInk }
        let k = Swift.min(Swift.max(index, 0), frames.count - 1)
        let f = frames[k]
        let outline = k == frames.count - 1 ? self.outline : (frameOutlines[k] ?? [])
        return Ink(committed: ink.prefix(f.committedCount), provisional: provisional[f.provisional],
                   predicted: predictedInk[f.predictedInk], outline: outline)
    }

    /// The time span (seconds) of the input samples committed element `e` was built from,
    /// its provenance: [``ReplayFrame/origin``, ``ReplayFrame/newestSampleTime``] of the frame
    /// that committed it (a builder that states no origin gets the newest sample fed before the event). `nil` when `e` is
    /// not a committed element of a frame. O(log frames).
    public func sampleSpan(ofElement e: Int) -> ClosedRange<Double>? {
        guard e >= 0, e < ink.elements.count else { return nil }
        // The first frame whose committed count exceeds e.
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid].committedCount > e { hi = mid } else { lo = mid + 1 }
        }
        guard lo < frames.count else { return nil }
        let end = frames[lo].newestSampleTime
        return Swift.min(frames[lo].origin, end)...end
    }

    /// The finished stroke: all committed ink and the final outline.
    public var finalInk: Ink { Ink(committed: ink, outline: outline) }

    /// The centre line shown at `frame`: its committed prefix, then its provisional tail, then
    /// its predicted ink. O(size of that path); allocates.
    public func displayedPath(at frame: ReplayFrame) -> Path {
        var shown = Path(Array(ink.elements[..<frame.committedCount]))
        shown.elements.append(contentsOf: provisional.elements[frame.provisional])
        for e in predictedInk.elements[frame.predictedInk] {
            if case .move(let p) = e, shown.currentPoint == p { continue }
            if shown.isEmpty, case .line(let p) = e { shown.move(to: p); continue }
            shown.elements.append(e)
        }
        return shown
    }
}

/// Options of a replay.
public struct ReplayOptions: Hashable, Sendable {
    /// Horizons in seconds at which to query the predictor every frame (for prediction error).
    public var evaluationHorizons: [Double]
    /// Frames whose outline to keep (outline makers only; the final outline is always kept).
    /// Keeping every frame's outline costs O(n²) memory; ask only for the frames you draw.
    public var outlineFrames: Set<Int>
    /// Whether to record ``StrokeReplay/curveInput`` (for `strokelab replay`).
    public var recordsCurveInput: Bool

    /// Creates options; by default no horizons, no frame outlines, no curve input.
    public init(evaluationHorizons: [Double] = [], outlineFrames: Set<Int> = [], recordsCurveInput: Bool = false) {
        self.evaluationHorizons = evaluationHorizons
        self.outlineFrames = outlineFrames
        self.recordsCurveInput = recordsCurveInput
    }
}

/// Something that replays strokes.
public protocol StrokeReplaying: Sendable {
    /// Replays `stroke` event by event and returns what was shown at each frame.
    mutating func replay(_ stroke: Stroke, options: ReplayOptions) -> StrokeReplay
}
