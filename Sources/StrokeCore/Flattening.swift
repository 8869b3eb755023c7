import RealModule

extension Path {
    /// The default flattening tolerance, in trace units: the largest distance allowed between
    /// a curve and the polyline that replaces it.
    public static let defaultFlatteningTolerance = 0.01

    /// Upper bound on the segments one curve is cut into, so that absurd coordinates (1e12)
    /// or tolerances (1e-300) cannot make flattening run away.
    public static let maximumSegmentsPerCurve = 1 << 14

    /// The most points ``flattened(tolerance:budget:)`` produces by default, all curves of the
    /// path together: 2²⁰ = 1,048,576 (16 MiB). Ordinary strokes need a few thousand.
    public static let defaultFlatteningBudget = 1 << 20

    /// Number of straight segments that keep a Bézier of degree `degree` within `tolerance` of
    /// its chords, by Wang's formula (Wang 1984; as used by Skia and Pathfinder):
    /// `n = ⌈√( d(d−1)/8 · M / tol )⌉` with `M` the largest second difference of the control
    /// polygon, `|Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂|`. Always ≥ 1, capped at ``maximumSegmentsPerCurve``; the
    /// cap is applied to the `Double` before any conversion to `Int`, so an infinite or
    /// NaN count (a tolerance of 10⁻³⁰⁰, coordinates near 10³⁰⁸) is safe.
    @inlinable
    static func wangSegmentCount(degree: Int, maxSecondDifference m: Double, tolerance: Double) -> Int {
        let k = Double(degree * (degree - 1)) / 8
        let n = (k * m / tolerance).squareRoot().rounded(.up)
        if n.isNaN || n < 1 { return 1 }
        // `n` may be +∞ or 10²¹: compare as a Double, convert only once it is small.
        return n >= Double(maximumSegmentsPerCurve) ? maximumSegmentsPerCurve : Int(n)
    }

    /// Wang's count for one element starting at `p0`, or 0 for lines and moves.
    @inlinable
    static func segmentCount(of element: PathElement, from p0: Point, tolerance: Double) -> Int {
        switch element {
        case .move, .line: return 0
        case .quadCurve(let p2, let p1):
            let m = Vector(dx: p0.x - 2 * p1.x + p2.x, dy: p0.y - 2 * p1.y + p2.y).length
            return wangSegmentCount(degree: 2, maxSecondDifference: m, tolerance: tolerance)
        case .curve(let p3, let p1, let p2):
            let m1 = Vector(dx: p0.x - 2 * p1.x + p2.x, dy: p0.y - 2 * p1.y + p2.y).length
            let m2 = Vector(dx: p1.x - 2 * p2.x + p3.x, dy: p1.y - 2 * p2.y + p3.y).length
            return wangSegmentCount(degree: 3, maxSecondDifference: Swift.max(m1, m2), tolerance: tolerance)
        }
    }

    /// How many points flattening at `tolerance` would produce, as a `Double` (it may exceed
    /// any budget). O(elements); allocates nothing.
    public func flattenedPointCount(tolerance: Double) -> Double {
        var total = 0.0
        var current: Point? = nil
        for e in elements {
            switch e {
            case .move(let p): total += 1; current = p
            case .line(let p): total += current == nil ? 2 : 1; current = p
            case .quadCurve(let p, _), .curve(let p, _, _):
                total += Double(Path.segmentCount(of: e, from: current ?? p, tolerance: tolerance)) + (current == nil ? 1 : 0)
                current = p
            }
        }
        return total
    }

    /// Appends the flattened form of the path to `points`, subpaths joined end to start.
    ///
    /// Lines contribute their end points; curves are cut into the uniform-parameter pieces of
    /// Wang's formula (`wangSegmentCount(degree:maxSecondDifference:tolerance:)`), so the polyline stays
    /// within `tolerance` of the curve.
    ///
    /// **Bounded.** At most `budget` points are appended (or the path's own vertex count,
    /// when that is larger: every element keeps its end point). When Wang's counts at
    /// `tolerance` would exceed the budget, every curve's count is scaled down by the same
    /// factor (at least one segment each), which is flattening at a coarser tolerance; the
    /// output stays deterministic. Zero-length lines are kept (a dot flattens to two equal
    /// points). Complexity: O(elements + output points); no allocation beyond `points`.
    ///
    /// - Parameters:
    ///   - tolerance: maximum deviation in trace units; must be > 0.
    ///   - budget: the most points to append (default ``defaultFlatteningBudget``).
    ///   - points: the array appended to.
    public func flatten(tolerance: Double = defaultFlatteningTolerance, budget: Int = Path.defaultFlatteningBudget,
                        into points: inout [Point]) {
        precondition(tolerance > 0, "flattening tolerance must be positive")
        flatten(tolerance: tolerance, scale: flatteningScale(tolerance: tolerance, budget: budget), into: &points)
    }

    /// The factor (≤ 1) by which every curve's extra pieces are scaled so that flattening at
    /// `tolerance` stays within `budget` points; 1 when it already does. O(elements).
    func flatteningScale(tolerance: Double, budget: Int) -> Double {
        // Points that do not depend on the curves' counts: every element's end point (and a
        // leading start point). Whatever the budget, these are kept.
        var fixed = 0.0, curvePieces = 0.0
        var current: Point? = nil
        for e in elements {
            fixed += current == nil && !e.isMove ? 2 : 1
            if case .line = e {} else if !e.isMove {
                curvePieces += Double(Path.segmentCount(of: e, from: current ?? e.endPoint, tolerance: tolerance) - 1)
            }
            current = e.endPoint
        }
        guard fixed + curvePieces > Double(budget), curvePieces > 0 else { return 1 }
        return Swift.min(1, Swift.max(0, Double(budget) - fixed) / curvePieces)
    }

    /// Flattening with each curve's n − 1 extra pieces scaled by `scale`.
    func flatten(tolerance: Double, scale: Double, into points: inout [Point]) {
        var current: Point? = nil
        for e in elements {
            switch e {
            case .move(let p):
                current = p
                points.append(p)
            case .line(let p):
                if current == nil { points.append(p) }
                points.append(p)
                current = p
            case .quadCurve(let p2, let p1):
                let p0 = current ?? p2
                if current == nil { points.append(p0) }
                let n = Path.scaled(Path.segmentCount(of: e, from: p0, tolerance: tolerance), scale)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u, b = 2 * u * t, c = t * t
                    points.append(i == n ? p2 : Point(x: a * p0.x + b * p1.x + c * p2.x,
                                                       y: a * p0.y + b * p1.y + c * p2.y))
                }
                current = p2
            case .curve(let p3, let p1, let p2):
                let p0 = current ?? p3
                if current == nil { points.append(p0) }
                let n = Path.scaled(Path.segmentCount(of: e, from: p0, tolerance: tolerance), scale)
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    points.append(i == n ? p3 : Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                                                       y: a * p0.y + b * p1.y + c * p2.y + d * p3.y))
                }
                current = p3
            }
        }
    }

    /// `n` segments with its n − 1 extra pieces scaled by `scale` (≤ 1), at least 1.
    @inlinable
    static func scaled(_ n: Int, _ scale: Double) -> Int {
        scale >= 1 ? n : 1 + Int((Double(n - 1) * scale).rounded(.down))
    }

    /// The path as one polyline (subpaths joined end to start), within `tolerance` of every
    /// curve, with at most `budget` points (see ``flatten(tolerance:budget:into:)``: over
    /// budget, the curves are cut more coarsely). O(output points).
    public func flattened(tolerance: Double = defaultFlatteningTolerance, budget: Int = Path.defaultFlatteningBudget) -> Polyline {
        var points: [Point] = []
        points.reserveCapacity(Swift.min(elements.count * 2, Swift.max(budget, 0)))
        flatten(tolerance: tolerance, budget: budget, into: &points)
        return Polyline(points: points)
    }

    /// The path flattened at exactly `tolerance`, or an error when that would take more than
    /// `budget` points. Same output as ``flattened(tolerance:budget:)`` whenever it succeeds.
    public func flattened(exactTolerance tolerance: Double, budget: Int = Path.defaultFlatteningBudget)
        throws(GeometryBudgetExceeded) -> Polyline
    {
        let wanted = flattenedPointCount(tolerance: tolerance)
        guard wanted <= Double(budget) else { throw GeometryBudgetExceeded(what: "flattening", requested: wanted, budget: budget) }
        return flattened(tolerance: tolerance, budget: budget)
    }

    /// Each subpath as its own polyline. A subpath is a `move` and the elements after it; a
    /// lone `move` gives a one-point polyline. O(output points).
    /// The whole path shares one `budget`, as in ``flattened(tolerance:budget:)``.
    public func flattenedSubpaths(tolerance: Double = defaultFlatteningTolerance,
                                  budget: Int = Path.defaultFlatteningBudget) -> [Polyline] {
        precondition(tolerance > 0, "flattening tolerance must be positive")
        let scale = flatteningScale(tolerance: tolerance, budget: budget)
        var result: [Polyline] = []
        var piece = Path()
        func close() {
            var points: [Point] = []
            piece.flatten(tolerance: tolerance, scale: scale, into: &points)
            result.append(Polyline(points: points))
            piece.removeAll()
        }
        for e in elements {
            if e.isMove, !piece.isEmpty { close() }
            piece.elements.append(e)
        }
        if !piece.isEmpty { close() }
        return result
    }
}
