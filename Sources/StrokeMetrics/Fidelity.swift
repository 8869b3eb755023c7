import StrokeCore
import StrokeSmoothing

/// How true a rendered stroke is to the pen: closest-point distances between the ink and the
/// pen's path, in trace units.
///
/// Both curves are ``FineCurve``s (``InkGeometry``: the ink with its curves finely cut, the
/// reference joined smoothly) resampled at a uniform arc-length step δ = Δs
/// (``CurveResampling/uniform(_:step:)``), so every mean is arc-length weighted. Distances are
/// measured from each resampled point to the other curve's *segments* (not its vertices),
/// through a ``SegmentGrid``. When the replay is known, each query looks only at the part of
/// the other curve of the same time (`FidelityWindows`): an element of ink against the pen's
/// path over the samples it was built from (its provenance, with margins), however late it was
/// committed. That is the closest *matching* point, which keeps the cost linear on paths that
/// revisit the same place and does not credit ink for lying on a different pass of the pen.
///
/// - `mean`: symmetric mean closest-point distance,
///   ½·(mean_{a∈A} d(a, B) + mean_{b∈B} d(b, A)), A rendered, B reference.
/// - `max`: the directed Hausdorff distance rendered → reference, max_{a∈A} d(a, B): how far
///   the ink strays from the pen. For `linear` through N samples per revolution of a circle
///   of radius r it is the chord sagitta r(1 − cos(π/N)).
/// - `hausdorff`: max(max_a d(a, B), max_b d(b, A)) — also counts reference that has no ink
///   near it, such as samples an interpolator never drew.
/// - `frechet`: the discrete Fréchet distance (``DiscreteFrechet``, Eiter & Mannila 1994)
///   between the two resampled vertex sequences — like Hausdorff but order-aware, so ink
///   that skips or retraces part of the pen's path counts. It is ≥ the continuous Fréchet
///   distance and at most about δ_F/2 above it. With a replay, couplings are restricted to
///   the time windows (each ink point with the reference points of its window,
///   ``DiscreteFrechet/distance(_:_:band:)``): O(n·window), at δ_F = δ unless the band
///   exceeds ``maximumFrechetCells`` (then both curves are resampled coarser). Without one,
///   both are resampled at δ_F = longer length / ``maximumFrechetVertices`` when longer than
///   that many steps, which keeps the O(n·m) cost bounded (about 17 million cells).
///
/// Source: standard curve-comparison measures (e.g. Alt & Godau 1995); "symmetric mean
/// closest-point distance" as in sketch-beautification studies.
public struct Fidelity: Hashable, Sendable {
    /// Symmetric mean closest-point distance (trace units).
    public var mean: Double
    /// Directed Hausdorff distance, rendered → reference (trace units).
    public var max: Double
    /// Symmetric Hausdorff distance (trace units).
    public var hausdorff: Double
    /// Discrete Fréchet distance between the resampled curves (trace units).
    public var frechet: Double
    /// The resampling step the Fréchet distance used (trace units): δ, or coarser for very
    /// long curves.
    public var frechetStep: Double

    /// The most vertices per curve the Fréchet distance is computed on without time windows.
    public static let maximumFrechetVertices = 4096
    /// The most cells of the windowed Fréchet distance's band (2²⁶); a larger band is
    /// resampled coarser.
    public static let maximumFrechetCells = Double(1 << 26)

    /// Indices of the ascending `times` within [low, high]; the nearest index when none is.
    static func indices(of times: [Double], within low: Double, _ high: Double) -> ClosedRange<Int> {
        var lo = 0, hi = times.count
        while lo < hi { let m = (lo + hi) / 2; if times[m] >= low { hi = m } else { lo = m + 1 } }
        let first = lo
        lo = 0; hi = times.count
        while lo < hi { let m = (lo + hi) / 2; if times[m] <= high { lo = m + 1 } else { hi = m } }
        let last = lo - 1
        if first <= last { return first...last }
        let nearest = Swift.min(Swift.max(first, 0), times.count - 1)
        return nearest...nearest
    }

    /// Measures polyline `rendered` (as drawn: straight segments) against polyline `reference`
    /// by closest points anywhere (no time windows). Complexity O((n + m)·k) with k the
    /// segments per grid cell — which grows with the passes of a path over the same place —
    /// plus the Fréchet distance.
    ///
    /// Edge cases: an empty polyline (nothing drawn) gives `nil`; a one-point polyline (a
    /// dot) is a point.
    /// - Parameters:
    ///   - rendered: the ink as drawn.
    ///   - reference: the pen's path.
    ///   - step: resampling step δ in trace units (> 0); coarsened for curves longer
    ///     than ``MetricOptions/defaultMaximumResampledPoints`` steps.
    public init?(rendered: Polyline, reference: Polyline, step: Double) {
        guard !rendered.isEmpty, !reference.isEmpty else { return nil }
        var a = FineCurve(), b = FineCurve()
        for p in rendered.points { a.append(p, source: 0) }
        for p in reference.points { b.append(p, source: 0) }
        let step = Swift.max(step, Swift.max(a.length, b.length) / Double(MetricOptions.defaultMaximumResampledPoints))
        let qa = CurveResampling.uniform(a, step: step), qb = CurveResampling.uniform(b, step: step)
        self.init(rendered: a, renderedQueries: qa, reference: b, referenceQueries: qb,
                  referenceGrid: SegmentGrid(points: b.points), windows: nil, step: step)
    }

    /// Measures the ink of a replay (`rendered`, from ``InkGeometry/fineCurve(path:step:tolerance:)``
    /// of `replay.path`) against a prepared reference (``PreparedStroke``), each query
    /// restricted to its time window. O((n + m)·(log k + w)) with w the segments of a window
    /// near the query, plus the Fréchet distance.
    init?(rendered: FineCurve, replay: StrokeReplay, reference: PreparedStroke.Geometry, step: Double,
          options: MetricOptions) {
        guard !rendered.isEmpty, !reference.curve.isEmpty else { return nil }
        let windows = FidelityWindows(replay: replay, options: options)
        let queries = CurveResampling.uniform(rendered, step: step)
        let referenceQueries = reference.step == step ? reference.queries : CurveResampling.uniform(reference.curve, step: step)
        self.init(rendered: rendered, renderedQueries: queries, reference: reference.curve,
                  referenceQueries: referenceQueries, referenceGrid: reference.grid,
                  windows: windows.isUsable ? windows : nil, step: step)
    }

    private init(rendered a: FineCurve, renderedQueries qa: ResampledCurve, reference b: FineCurve,
                 referenceQueries qb: ResampledCurve, referenceGrid: SegmentGrid, windows: FidelityWindows?,
                 step: Double) {
        let toRendered = SegmentGrid(points: a.points)
        let segmentsA = Swift.max(a.points.count - 1, 1), segmentsB = Swift.max(b.points.count - 1, 1)
        // Reference segments whose times overlap [low, high].
        func referenceSegments(_ low: Double, _ high: Double) -> ClosedRange<Int> {
            let t = b.times
            guard t.count == b.points.count, t.count > 1 else { return 0...(segmentsB - 1) }
            var lo = 0, hi = t.count
            while lo < hi { let m = (lo + hi) / 2; if t[m] >= low { hi = m } else { lo = m + 1 } }
            let first = Swift.max(lo - 1, 0)
            lo = 0; hi = t.count
            while lo < hi { let m = (lo + hi) / 2; if t[m] <= high { lo = m + 1 } else { hi = m } }
            let last = Swift.min(Swift.max(lo - 1, 0), segmentsB - 1)
            return first <= last ? first...last : Swift.min(first, segmentsB - 1)...Swift.min(first, segmentsB - 1)
        }
        // Fine vertex of ink where element e starts (first vertex whose source ≥ e).
        func firstVertex(_ e: Int) -> Int {
            var lo = 0, hi = a.source.count
            while lo < hi { let m = (lo + hi) / 2; if Int(a.source[m]) >= e { hi = m } else { lo = m + 1 } }
            return lo
        }
        var sumA = 0.0, maxA = 0.0
        for (k, p) in qa.points.enumerated() {
            let d2: Double
            if let windows {
                let s = Int(qa.segment[k])
                let element = Int(a.source[Swift.min(s + 1, a.source.count - 1)])
                let w = windows.window(element: element)
                d2 = referenceGrid.squaredDistance(to: p, segments: referenceSegments(w.low, w.high))
            } else {
                d2 = referenceGrid.squaredDistance(to: p)
            }
            let d = d2.squareRoot()
            sumA += d
            maxA = Swift.max(maxA, d)
        }
        var sumB = 0.0, maxB = 0.0
        for (k, p) in qb.points.enumerated() {
            let d2: Double
            if let windows, b.times.count == b.points.count {
                // The pen was at p some time within its fine segment's span: a few ms, or a
                // whole recording gap crossed by a chord (when the pen's path there is unknown).
                let s = Int(qb.segment[k])
                let elements = windows.elements(during: b.times[s], b.times[Swift.min(s + 1, b.times.count - 1)])
                let lo = Swift.max(firstVertex(elements.lowerBound) - 1, 0)
                let hi = Swift.min(Swift.max(firstVertex(elements.upperBound + 1) - 2, lo), segmentsA - 1)
                d2 = toRendered.squaredDistance(to: p, segments: Swift.min(lo, hi)...hi)
            } else {
                d2 = toRendered.squaredDistance(to: p)
            }
            let d = d2.squareRoot()
            sumB += d
            maxB = Swift.max(maxB, d)
        }
        mean = (sumA / Double(qa.count) + sumB / Double(qb.count)) / 2
        max = maxA
        hausdorff = Swift.max(maxA, maxB)
        if let windows, qb.times.count == qb.count {
            // Couplings within the time windows: O(n · window), not O(n · m).
            var frechetStep = step
            var result: Double? = nil
            for _ in 0..<4 {
                let ra = frechetStep == step ? qa : CurveResampling.uniform(a, step: frechetStep)
                let rb = frechetStep == step ? qb : CurveResampling.uniform(b, step: frechetStep)
                let band = ra.segment.map { s -> ClosedRange<Int> in
                    let element = Int(a.source[Swift.min(Int(s) + 1, a.source.count - 1)])
                    let w = windows.window(element: element)
                    return Self.indices(of: rb.times, within: w.low, w.high)
                }
                var cells = 0.0
                for r in band { cells += Double(r.count) }
                if cells > Self.maximumFrechetCells {
                    frechetStep *= Swift.max((cells / Self.maximumFrechetCells).squareRoot().rounded(.up), 2)
                    continue
                }
                result = DiscreteFrechet.distance(ra.points, rb.points, band: band)
                break
            }
            self.frechetStep = frechetStep
            frechet = result ?? hausdorff
        } else {
            let longest = Swift.max(a.length, b.length)
            if longest / step > Double(Self.maximumFrechetVertices) {
                frechetStep = longest / Double(Self.maximumFrechetVertices)
                frechet = DiscreteFrechet.distance(CurveResampling.uniform(a, step: frechetStep).points,
                                                   CurveResampling.uniform(b, step: frechetStep).points) ?? hausdorff
            } else {
                frechetStep = step
                frechet = DiscreteFrechet.distance(qa.points, qb.points) ?? hausdorff
            }
        }
    }
}
