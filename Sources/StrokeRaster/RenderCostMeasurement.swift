import CCairo
import StrokeCore
import StrokeSmoothing

/// The cost of each displayed frame for one render strategy, over repeated runs.
///
/// Arrays are per frame, in drawing order over all strokes of the workload. To plot with
/// StrokePlot: `RenderCostCurve(strategy: r.strategy.label, strokeLength: r.elementsOnCanvas.map(Double.init),
/// medianMilliseconds: r.medianMilliseconds, lowerMilliseconds: r.lowerQuartileMilliseconds,
/// upperMilliseconds: r.upperQuartileMilliseconds)`.
public struct RenderCostResult: Hashable, Sendable {
    /// The strategy measured.
    public var strategy: RenderStrategy
    /// Number of each timed frame in drawing order over the whole workload (0, 1, 2, … when
    /// every frame is timed; 0, k, 2k, … with ``RenderCostOptions/frameStride`` k).
    public var frameIndex: [Int]
    /// Index of the stroke each frame belongs to.
    public var strokeIndex: [Int]
    /// Path elements on the canvas at the frame: all finished strokes, plus the current
    /// stroke's committed, provisional and predicted elements (the x axis of figure (f)).
    public var elementsOnCanvas: [Int]
    /// Elements of the current stroke at the frame.
    public var currentStrokeElements: [Int]
    /// Median wall-clock time of the frame over the repetitions, ms.
    public var medianMilliseconds: [Double]
    /// Lower quartile, ms.
    public var lowerQuartileMilliseconds: [Double]
    /// Upper quartile, ms.
    public var upperQuartileMilliseconds: [Double]

    /// Median of the per-frame medians over the frames whose index lies in `fraction` of
    /// the run (e.g. 0..<0.1 for the first tenth, 0.9..<1 for the last), ms.
    public func medianCost(overFrames fraction: Range<Double>) -> Double {
        let n = medianMilliseconds.count
        guard n > 0 else { return .nan }
        let lo = Int((fraction.lowerBound * Double(n)).rounded(.down)), hi = max(Int((fraction.upperBound * Double(n)).rounded(.up)), lo + 1)
        return RenderCostMeasurement.quantile(Array(medianMilliseconds[max(lo, 0)..<min(hi, n)]), 0.5)
    }
}

/// Settings of the render-cost measurement.
public struct RenderCostOptions: Hashable, Sendable {
    /// Canvas width in pixels (an iPad-like view).
    public var canvasWidth: Int
    /// Canvas height in pixels.
    public var canvasHeight: Int
    /// Timed repetitions of the whole workload per strategy; each frame's cost is the median.
    public var repetitions: Int
    /// Untimed runs first (caches, allocator, font and stroker warm-up).
    public var warmUpRuns: Int
    /// Stroke width in pixels.
    public var strokeWidth: Double
    /// Every `frameStride`-th frame of the workload is timed (frames 0, k, 2k, … in drawing
    /// order over all strokes; values below 1 count as 1, every frame). Full redraw and the
    /// cached bitmap draw only the timed frames: each of their frames repaints the screen from
    /// what is finished, so a skipped frame changes nothing in the next (the cached bitmap
    /// still takes in each finished stroke, untimed unless its last frame is timed). The
    /// incremental strategy draws every frame, since each draws only what the one before did
    /// not, and keeps the times of the timed ones. So a frame's time is what it costs whatever
    /// the stride; the stride thins the curve and divides the full redraw's O(frames ×
    /// elements) work by k.
    public var frameStride: Int

    /// Defaults: 1024 × 768 canvas, 5 repetitions after 1 warm-up, width 2, every frame timed.
    public init(canvasWidth: Int = 1024, canvasHeight: Int = 768, repetitions: Int = 5, warmUpRuns: Int = 1,
                strokeWidth: Double = 2, frameStride: Int = 1) {
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.repetitions = repetitions
        self.warmUpRuns = warmUpRuns
        self.strokeWidth = strokeWidth
        self.frameStride = frameStride
    }
}

/// The CachedLIView lesson, measured: draws replays (a pipeline's record of every frame,
/// made by the caller, e.g. of a ``RenderWorkload`` through `coalesced-only`) frame by frame
/// through each ``RenderStrategy`` into a Cairo image surface and times every frame with
/// `ContinuousClock` (wall clock, including `cairo_surface_flush`).
///
/// Each strategy runs `warmUpRuns + repetitions` times over the whole workload on fresh
/// surfaces; a frame's cost is summarised by the median and quartiles over the timed runs.
/// With ``RenderCostOptions/frameStride`` k > 1 only every k-th frame is timed (and, for the
/// strategies whose frames do not build on each other, drawn).
/// This is a measurement, not a test: never assert on its numbers in unit tests.
/// Complexity: O(frames × elements) for full redraw, the others less.
public enum RenderCostMeasurement {
    /// Measures `strategies` drawing `replays` (one per stroke, in drawing order). Throws when
    /// there is nothing to draw or a surface cannot be created.
    public static func measure(_ replays: [StrokeReplay],
                               strategies: [RenderStrategy] = RenderStrategy.allCases,
                               options: RenderCostOptions = RenderCostOptions()) throws(RasterError) -> [RenderCostResult] {
        guard !replays.isEmpty else { throw RasterError("the render workload has no strokes") }
        var bounds: Rect? = nil
        for r in replays { if let b = r.path.controlBounds { bounds = bounds.map { $0.union(b) } ?? b } }
        let viewport = Viewport(fitting: bounds ?? Rect(.zero, Point(x: 1, y: 1)),
                                into: Rect(Point(x: 10, y: 10), Point(x: Double(options.canvasWidth) - 10, y: Double(options.canvasHeight) - 10)))

        var results: [RenderCostResult] = []
        for strategy in strategies {
            var runs: [[Double]] = []
            for run in 0..<(max(options.warmUpRuns, 0) + max(options.repetitions, 1)) {
                let times = try replayOnce(replays, strategy: strategy, viewport: viewport, options: options)
                if run >= options.warmUpRuns { runs.append(times) }
            }
            var result = RenderCostResult(strategy: strategy, frameIndex: [], strokeIndex: [], elementsOnCanvas: [],
                                          currentStrokeElements: [], medianMilliseconds: [], lowerQuartileMilliseconds: [],
                                          upperQuartileMilliseconds: [])
            let stride = max(options.frameStride, 1)
            var finished = 0
            var frameNumber = 0, timed = 0
            for (s, replay) in replays.enumerated() {
                for frame in replay.frames {
                    defer { frameNumber += 1 }
                    guard frameNumber % stride == 0 else { continue }
                    let current = frame.committedCount + frame.provisional.count + frame.predicted.count
                    result.frameIndex.append(frameNumber)
                    result.strokeIndex.append(s)
                    result.currentStrokeElements.append(current)
                    result.elementsOnCanvas.append(finished + current)
                    let samples = runs.map { $0[timed] }
                    result.medianMilliseconds.append(quantile(samples, 0.5))
                    result.lowerQuartileMilliseconds.append(quantile(samples, 0.25))
                    result.upperQuartileMilliseconds.append(quantile(samples, 0.75))
                    timed += 1
                }
                finished += replay.path.elements.count
            }
            results.append(result)
        }
        return results
    }

    /// One pass over the frames of every stroke; returns ms per timed frame (every
    /// ``RenderCostOptions/frameStride``-th, in drawing order).
    static func replayOnce(_ replays: [StrokeReplay], strategy: RenderStrategy, viewport: Viewport,
                           options: RenderCostOptions) throws(RasterError) -> [Double] {
        let w = Int32(options.canvasWidth), h = Int32(options.canvasHeight)
        guard let screen = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h),
              let cache = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h),
              cairo_surface_status(screen) == CAIRO_STATUS_SUCCESS, cairo_surface_status(cache) == CAIRO_STATUS_SUCCESS,
              let cr = cairo_create(screen), let cacheCR = cairo_create(cache) else {
            throw RasterError("cannot create \(w)×\(h) surfaces for the render-cost measurement")
        }
        defer {
            cairo_destroy(cr)
            cairo_destroy(cacheCR)
            cairo_surface_destroy(screen)
            cairo_surface_destroy(cache)
        }
        for c in [cr, cacheCR] {
            cairo_set_source_rgb(c, 1, 1, 1)
            cairo_paint(c)
        }
        let width = options.strokeWidth
        let clock = ContinuousClock()
        var times: [Double] = []
        times.reserveCapacity(replays.reduce(0) { $0 + $1.frames.count })
        var finishedPaths: [ArraySlice<PathElement>] = []
        let stride = max(options.frameStride, 1)
        var frameNumber = 0

        for replay in replays {
            let elements = replay.path.elements
            var drawnCommitted = 0
            for (fi, frame) in replay.frames.enumerated() {
                defer { frameNumber += 1 }
                let isLast = fi == replay.frames.count - 1
                let committed = elements[..<min(frame.committedCount, elements.count)]
                let isTimed = frameNumber % stride == 0
                if !isTimed && strategy != .incremental {
                    // Not drawn: the next frame repaints the screen from what is finished.
                    if strategy == .cachedBitmap && isLast {
                        PathDrawing.stroke(committed, in: cacheCR, viewport: viewport, width: width, color: .black)
                        cairo_surface_flush(cache)
                    }
                    continue
                }
                let provisional = replay.provisional.elements[frame.provisional]
                let predicted = replay.predictedInk.elements[frame.predictedInk]
                let start = clock.now
                switch strategy {
                case .fullRedraw:
                    cairo_set_source_rgb(cr, 1, 1, 1)
                    cairo_paint(cr)
                    for p in finishedPaths { PathDrawing.stroke(p, in: cr, viewport: viewport, width: width, color: .black) }
                    drawCurrent(committed, provisional, predicted, into: cr, viewport: viewport, width: width)
                case .cachedBitmap:
                    cairo_set_source_surface(cr, cache, 0, 0)
                    cairo_paint(cr)
                    drawCurrent(committed, provisional, predicted, into: cr, viewport: viewport, width: width)
                    if isLast {
                        // touchesEnded: the finished stroke goes into the offscreen bitmap.
                        PathDrawing.stroke(committed, in: cacheCR, viewport: viewport, width: width, color: .black)
                        cairo_surface_flush(cache)
                    }
                case .incremental:
                    if committed.count > drawnCommitted {
                        let from = drawnCommitted > 0 ? elements[drawnCommitted - 1].endPoint : nil
                        PathDrawing.stroke(elements[drawnCommitted..<committed.count], from: from, in: cacheCR,
                                           viewport: viewport, width: width, color: .black)
                        drawnCommitted = committed.count
                        cairo_surface_flush(cache)
                    }
                    cairo_set_source_surface(cr, cache, 0, 0)
                    cairo_paint(cr)
                    drawCurrent([], provisional, predicted, start: committed.last?.endPoint, into: cr, viewport: viewport, width: width)
                }
                cairo_surface_flush(screen)
                let elapsed = clock.now - start
                if isTimed { times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15) }
            }
            finishedPaths.append(elements[...])
        }
        return times
    }

    /// Strokes the current stroke's committed part, then its provisional and predicted parts.
    static func drawCurrent(_ committed: ArraySlice<PathElement>, _ provisional: ArraySlice<PathElement>,
                            _ predicted: ArraySlice<PathElement>, start: Point? = nil,
                            into cr: OpaquePointer, viewport: Viewport, width: Double) {
        PathDrawing.stroke(committed, in: cr, viewport: viewport, width: width, color: .black)
        let tailStart = committed.last?.endPoint ?? start
        PathDrawing.stroke(provisional, from: tailStart, in: cr, viewport: viewport, width: width, color: .scribbleBlue)
        PathDrawing.stroke(predicted, in: cr, viewport: viewport, width: width, color: .scribbleBlue)
    }

    /// The q-quantile (0…1) by linear interpolation between order statistics.
    static func quantile(_ values: [Double], _ q: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let v = values.sorted()
        let pos = q * Double(v.count - 1)
        let i = Int(pos.rounded(.down)), f = pos - Double(i)
        return i + 1 < v.count ? v[i] * (1 - f) + v[i + 1] * f : v[i]
    }
}
