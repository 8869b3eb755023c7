import StrokeCore

/// Turns what was drawn, and the pen's path, into ``FineCurve``s at a bounded cost.
///
/// **Ink** (``fineCurve(path:step:tolerance:)``): lines are kept as drawn — their corners are
/// the jaggedness of a polygon — and quadratic and cubic Béziers are cut into equal-parameter
/// chords, as many as Wang's bound needs for `tolerance` and at least enough that no chord is
/// longer than Δs/4 (the chord count from the control polygon's length, an upper bound of the
/// arc length). Why chords ≤ Δs/4: resampling at Δs then lands on points within
/// κ·(Δs/4)²/8 of the curve, so the turning between resampled points is the curve's own
/// (the discrete bending energy converges to ∫κ²ds); with chords longer than Δs every chord
/// corner would be an isolated turn and the energy would be inflated by about chord/Δs.
/// Wang's count is capped at 64 per curve, so a tiny tolerance cannot blow up the work.
/// A `move` inside a path joins its subpaths end to start, as `Path.flattened()` does.
///
/// *Anchors*: a join between two elements each at least Δs long whose tangents differ (by more
/// than ``cornerAngleFloor``) is a corner of the drawn path; ``Jaggedness`` resamples so that it falls on a resampled vertex
/// and measures it as a turn spread over exactly Δs, wherever the grid would have fallen.
///
/// **References** (``fineCurve(reference:gaps:step:)``): the pen's recorded or analytic
/// positions are samples of a smooth path, not a polygon: they are joined by a centripetal
/// Catmull–Rom spline (Yuksel, Schaefer & Keyser 2011: no cusps or self-intersections within a
/// segment) cut into chords ≤ Δs/4, so a fast stroke whose reference points are farther apart
/// than Δs still measures the curvature of the path, not of its chords (an analytic circle
/// gives 2π/r per turn whatever its speed). Repeated positions (a resting pen) are merged
/// first. Across a recording gap (``ReferenceGaps``) the pieces are joined by a straight chord.
///
/// **Bounds**: the step is never below length/budget (``step(forLength:budget:options:)``)
/// for a stroke's budget of ``pointBudget(samples:options:)`` points — 128 per sample, at
/// most ``MetricOptions/maximumResampledPoints`` — so a curve gives at most about 4·budget
/// chords plus 65 per element, whatever its coordinates, step or tolerance. Counts are computed in `Double` and
/// clamped before any conversion to `Int`.
public enum InkGeometry {
    /// The smallest turn between two elements' tangents that makes their join a corner,
    /// 10⁻⁹ rad: rounding in the tangents of a smooth (G1) join is orders of magnitude below
    /// it, any visible corner far above it.
    public static let cornerAngleFloor = 1e-9

    /// The most chords Wang's bound may add to one curve element beyond the Δs/4 rule.
    public static let maximumWangChords = 64.0

    /// The measuring step for a curve of (at most) `length`: Δs, or
    /// length/``MetricOptions/maximumResampledPoints`` (2¹⁸ by default) when that is
    /// coarser. Non-finite lengths give Δs.
    public static func step(forLength length: Double, options: MetricOptions) -> Double {
        step(forLength: length, budget: options.maximumResampledPoints, options: options)
    }

    /// The measuring step for a curve of (at most) `length` measured in at most `budget`
    /// points (clamped to 1…``MetricOptions/resampledPointsCeiling``): Δs, or length/budget
    /// when that is coarser. Non-finite lengths give Δs.
    public static func step(forLength length: Double, budget: Int, options: MetricOptions) -> Double {
        let points = Double(Swift.min(Swift.max(budget, 1), MetricOptions.resampledPointsCeiling))
        guard length.isFinite, length > 0 else { return options.resampleStep }
        return Swift.max(options.resampleStep, length / points)
    }

    /// Resampled points a stroke may be measured in per sample it has (fed samples and
    /// reference points together): 128 — 64 units between samples at Δs = 0.5. The recorded
    /// strokes of `../shared/datasets` need at most 18 (BDALab's browser recording; the
    /// synthetic set 2), so no real stroke is measured more coarsely; the work of measuring a
    /// stroke grows with its samples, never with the size of its coordinates: a 4-sample
    /// triangle 10¹⁵ wide is measured in ``minimumPointBudget`` points, not 2¹⁸ (issue 24
    /// item 2).
    public static let pointsPerSample = 128
    /// The fewest points any stroke's budget allows: 1024.
    public static let minimumPointBudget = 1024

    /// The points a stroke of `samples` samples (fed and reference together) is measured in
    /// at most: ``pointsPerSample`` per sample, at least ``minimumPointBudget``, at most
    /// ``MetricOptions/maximumResampledPoints``. O(1).
    public static func pointBudget(samples: Int, options: MetricOptions) -> Int {
        let cap = Swift.min(Swift.max(options.maximumResampledPoints, 1), MetricOptions.resampledPointsCeiling)
        let wanted = samples > cap / pointsPerSample ? cap : samples * pointsPerSample
        return Swift.min(cap, Swift.max(minimumPointBudget, wanted))
    }

    /// An upper bound of the drawn length of `path`: lines' lengths plus the control
    /// polygons' lengths of curves (every curve lies within its control polygon's length).
    /// Moves join subpaths, as in ``fineCurve(path:step:tolerance:)``. O(elements).
    public static func lengthBound(of path: Path) -> Double {
        var total = 0.0
        var current: Point? = nil
        for e in path.elements {
            let start = current ?? e.endPoint
            switch e {
            case .move(let p), .line(let p): total += start.distance(to: p)
            case .quadCurve(let p, let c): total += start.distance(to: c) + c.distance(to: p)
            case .curve(let p, let c1, let c2): total += start.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p)
            }
            current = e.endPoint
        }
        return total
    }

    /// The ink of `path` as a fine curve at measuring step `step` (see the type's
    /// documentation). O(elements + chords); an empty path gives an empty curve.
    /// - Precondition: `step > 0`, `tolerance > 0`.
    public static func fineCurve(path: Path, step: Double, tolerance: Double) -> FineCurve {
        precondition(step > 0 && tolerance > 0, "step and tolerance must be positive")
        var curve = FineCurve()
        curve.points.reserveCapacity(path.elements.count + 1)
        var current: Point? = nil
        // The previous drawn element: its end tangent and its length, for anchors.
        var previousTangent: Vector? = nil
        var previousLength = 0.0
        let maxChord = step / 4
        for (index, e) in path.elements.enumerated() {
            guard let start = current else {
                curve.append(e.endPoint, source: index)
                current = e.endPoint
                continue
            }
            let vertexBefore = curve.points.count - 1
            let elementLength: Double
            switch e {
            case .move(let p), .line(let p):
                elementLength = start.distance(to: p)
                curve.append(p, source: index)
            case .quadCurve(let p, let c):
                let bound = start.distance(to: c) + c.distance(to: p)
                let m = Vector(dx: start.x - 2 * c.x + p.x, dy: start.y - 2 * c.y + p.y).length
                let n = chordCount(lengthBound: bound, maxChord: maxChord, degree: 2, secondDifference: m, tolerance: tolerance)
                let before = curve.length
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u, b = 2 * u * t, cc = t * t
                    curve.append(i == n ? p : Point(x: a * start.x + b * c.x + cc * p.x, y: a * start.y + b * c.y + cc * p.y),
                                 source: index)
                }
                elementLength = curve.length - before
            case .curve(let p, let c1, let c2):
                let bound = start.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p)
                let m1 = Vector(dx: start.x - 2 * c1.x + c2.x, dy: start.y - 2 * c1.y + c2.y).length
                let m2 = Vector(dx: c1.x - 2 * c2.x + p.x, dy: c1.y - 2 * c2.y + p.y).length
                let n = chordCount(lengthBound: bound, maxChord: maxChord, degree: 3, secondDifference: Swift.max(m1, m2),
                                   tolerance: tolerance)
                let before = curve.length
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, d = t * t * t
                    curve.append(i == n ? p : Point(x: a * start.x + b * c1.x + cc * c2.x + d * p.x,
                                                    y: a * start.y + b * c1.y + cc * c2.y + d * p.y), source: index)
                }
                elementLength = curve.length - before
            }
            current = e.endPoint
            guard elementLength > 0 else { continue }
            // A corner of the drawn path: both elements at least Δs long, tangents differing by
            // more than rounding (a G1 join whose tangents were computed from rounded control
            // points is not a corner, in whatever unit the trace is written).
            let tangentIn = e.startTangent(from: start) ?? (e.isMove ? (e.endPoint - start).normalized : nil)
            if let before = previousTangent, let after = tangentIn, previousLength >= step, elementLength >= step,
               vertexBefore >= 1, abs(before.turningAngle(to: after)) > Self.cornerAngleFloor
            {
                curve.anchors.append(vertexBefore)
            }
            previousTangent = e.isMove ? (e.endPoint - start).normalized : e.endTangent(from: start)
            previousLength = elementLength
        }
        // An anchor whose neighbour was a later element that turned out shorter than Δs is
        // still valid; the last vertex is never an anchor.
        if let last = curve.anchors.last, last >= curve.points.count - 1 { curve.anchors.removeLast() }
        return curve
    }

    /// `x` as a count in 1…`atMost`: clamped in Double before converting (NaN gives 1, +∞ the
    /// maximum), so no length, step or coordinate can trap the conversion.
    static func count(_ x: Double, atMost limit: Double) -> Int {
        guard x.isFinite || x == .infinity else { return 1 }
        return Int(Swift.min(Swift.max(x, 1), limit))
    }

    /// Chords for one Bézier: ⌈bound/maxChord⌉, at least Wang's count for the tolerance but no
    /// more than 64 for it; computed in Double and clamped before converting.
    static func chordCount(lengthBound bound: Double, maxChord: Double, degree: Int, secondDifference m: Double,
                           tolerance: Double) -> Int {
        var byLength = (bound / maxChord).rounded(.up)
        if !(byLength >= 1) { byLength = 1 }
        let k = Double(degree * (degree - 1)) / 8
        var byWang = (k * m / tolerance).squareRoot().rounded(.up)
        if !(byWang >= 1) { byWang = byWang.isNaN ? 1 : (byWang < 1 ? 1 : maximumWangChords) }
        byWang = Swift.min(byWang, maximumWangChords)
        // The length rule is bounded by the caller's step (≥ length/maximumResampledPoints); clamp anyway.
        let n = Swift.min(Swift.max(byLength, byWang), 4 * Double(MetricOptions.resampledPointsCeiling))
        return Int(n)
    }

    /// The pen's path through the points of `reference` as a fine curve (see the type's
    /// documentation), with times. Gaps (`gaps`) are crossed by straight chords. O(points +
    /// chords).
    /// - Precondition: `step > 0`.
    public static func fineCurve(reference: ReferenceCurve, gaps: ReferenceGaps = ReferenceGaps(), step: Double) -> FineCurve {
        precondition(step > 0, "step must be positive")
        var curve = FineCurve()
        let pts = reference.points
        guard !pts.isEmpty else { return curve }
        // Distinct consecutive positions (a resting pen repeats its position).
        var keep: [Int] = []
        keep.reserveCapacity(pts.count)
        for i in pts.indices where keep.isEmpty || pts[keep[keep.count - 1]].location != pts[i].location {
            keep.append(i)
        }
        // Which gap-free run each kept point lies in: the number of gaps that ended by its time.
        var run = [Int](repeating: 0, count: keep.count)
        var ended = 0
        for j in keep.indices {
            while ended < gaps.intervals.count && gaps.intervals[ended].end <= pts[keep[j]].time { ended += 1 }
            run[j] = ended
        }
        curve.points.reserveCapacity(keep.count)
        curve.append(pts[keep[0]].location, source: keep[0], time: pts[keep[0]].time)
        let maxChord = step / 4
        let cap = 4 * Double(MetricOptions.resampledPointsCeiling)
        for j in 0..<(keep.count - 1) {
            let i1 = keep[j], i2 = keep[j + 1]
            let p1 = pts[i1].location, p2 = pts[i2].location
            let t1 = pts[i1].time, t2 = pts[i2].time
            let n = count((p1.distance(to: p2) / maxChord).rounded(.up), atMost: cap)
            if run[j] != run[j + 1] || n == 1 {
                curve.append(p2, source: i1, time: t2)
                continue
            }
            // Neighbours in the same gap-free run, or reflected phantoms at its ends.
            let before = j > 0 && run[j - 1] == run[j] ? pts[keep[j - 1]].location : Point(x: 2 * p1.x - p2.x, y: 2 * p1.y - p2.y)
            let after = j + 2 < keep.count && run[j + 2] == run[j + 1] ? pts[keep[j + 2]].location
                : Point(x: 2 * p2.x - p1.x, y: 2 * p2.y - p1.y)
            let (c1, c2) = catmullRomControls(before, p1, p2, after)
            for k in 1...n {
                let t = Double(k) / Double(n), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                let p = k == n ? p2 : Point(x: a * p1.x + b * c1.x + c * c2.x + d * p2.x,
                                            y: a * p1.y + b * c1.y + c * c2.y + d * p2.y)
                curve.append(p, source: i1, time: t1 + t * (t2 - t1))
            }
        }
        return curve
    }

    /// Bézier control points of the centripetal (α = ½) Catmull–Rom segment p1 → p2 with
    /// neighbours p0 and p3: with dᵢ = ‖Pᵢ − Pᵢ₋₁‖^½,
    /// B₁ = (d₁²P₂ − d₂²P₀ + (2d₁² + 3d₁d₂ + d₂²)P₁) / (3d₁(d₁ + d₂)) and symmetrically B₂.
    /// A zero neighbour distance falls back to the uniform tangent (P₂ − P₀)/6.
    static func catmullRomControls(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> (Point, Point) {
        let d1 = p0.distance(to: p1).squareRoot(), d2 = p1.distance(to: p2).squareRoot(), d3 = p2.distance(to: p3).squareRoot()
        let c1: Point
        if d1 > 0 && d2 > 0 {
            let w = 3 * d1 * (d1 + d2)
            let k = 2 * d1 * d1 + 3 * d1 * d2 + d2 * d2
            c1 = Point(x: (d1 * d1 * p2.x - d2 * d2 * p0.x + k * p1.x) / w, y: (d1 * d1 * p2.y - d2 * d2 * p0.y + k * p1.y) / w)
        } else {
            c1 = p1 + (p2 - p0) / 6
        }
        let c2: Point
        if d3 > 0 && d2 > 0 {
            let w = 3 * d3 * (d3 + d2)
            let k = 2 * d3 * d3 + 3 * d3 * d2 + d2 * d2
            c2 = Point(x: (d3 * d3 * p1.x - d2 * d2 * p3.x + k * p2.x) / w, y: (d3 * d3 * p1.y - d2 * d2 * p3.y + k * p2.y) / w)
        } else {
            c2 = p2 - (p3 - p1) / 6
        }
        return (c1, c2)
    }
}
