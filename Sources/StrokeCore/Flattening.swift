import RealModule

extension Path {
    /// The default flattening tolerance, in trace units: the largest distance allowed between
    /// a curve and the polyline that replaces it.
    public static let defaultFlatteningTolerance = 0.01

    /// Upper bound on the segments one curve is cut into, so that absurd coordinates (1e12)
    /// cannot make flattening run away.
    public static let maximumSegmentsPerCurve = 1 << 14

    /// Number of straight segments that keep a Bézier of degree `degree` within `tolerance` of
    /// its chords, by Wang's formula (Wang 1984; as used by Skia and Pathfinder):
    /// `n = ⌈√( d(d−1)/8 · M / tol )⌉` with `M` the largest second difference of the control
    /// polygon, `|Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂|`. Always ≥ 1, capped at ``maximumSegmentsPerCurve``.
    @inlinable
    static func wangSegmentCount(degree: Int, maxSecondDifference m: Double, tolerance: Double) -> Int {
        let k = Double(degree * (degree - 1)) / 8
        let n = (k * m / tolerance).squareRoot().rounded(.up)
        guard n.isFinite, n >= 1 else { return n.isNaN ? 1 : (n < 1 ? 1 : maximumSegmentsPerCurve) }
        return Swift.min(Int(n), maximumSegmentsPerCurve)
    }

    /// Appends the flattened form of the path to `points`, subpaths joined end to start.
    ///
    /// Lines contribute their end points; curves are cut into the uniform-parameter pieces of
    /// ``wangSegmentCount(degree:maxSecondDifference:tolerance:)``, so the polyline stays
    /// within `tolerance` of the curve. Zero-length lines are kept (a dot flattens to two
    /// equal points). Complexity: O(elements + output points); no allocation beyond `points`.
    ///
    /// - Parameter tolerance: maximum deviation in trace units; must be > 0.
    public func flatten(tolerance: Double = defaultFlatteningTolerance, into points: inout [Point]) {
        precondition(tolerance > 0, "flattening tolerance must be positive")
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
                let m = (Vector(dx: p0.x - 2 * p1.x + p2.x, dy: p0.y - 2 * p1.y + p2.y)).length
                let n = Path.wangSegmentCount(degree: 2, maxSecondDifference: m, tolerance: tolerance)
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
                let m1 = Vector(dx: p0.x - 2 * p1.x + p2.x, dy: p0.y - 2 * p1.y + p2.y).length
                let m2 = Vector(dx: p1.x - 2 * p2.x + p3.x, dy: p1.y - 2 * p2.y + p3.y).length
                let n = Path.wangSegmentCount(degree: 3, maxSecondDifference: Swift.max(m1, m2), tolerance: tolerance)
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

    /// The path as one polyline (subpaths joined end to start), within `tolerance` of every
    /// curve. O(output points).
    public func flattened(tolerance: Double = defaultFlatteningTolerance) -> Polyline {
        var points: [Point] = []
        points.reserveCapacity(elements.count * 2)
        flatten(tolerance: tolerance, into: &points)
        return Polyline(points: points)
    }

    /// Each subpath as its own polyline. A subpath is a `move` and the elements after it; a
    /// lone `move` gives a one-point polyline. O(output points).
    public func flattenedSubpaths(tolerance: Double = defaultFlatteningTolerance) -> [Polyline] {
        var result: [Polyline] = []
        var piece = Path()
        for e in elements {
            if e.isMove, !piece.isEmpty {
                result.append(piece.flattened(tolerance: tolerance))
                piece.removeAll()
            }
            piece.elements.append(e)
        }
        if !piece.isEmpty { result.append(piece.flattened(tolerance: tolerance)) }
        return result
    }
}
