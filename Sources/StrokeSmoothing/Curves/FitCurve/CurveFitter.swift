import StrokeCore

/// Schneider's curve fitting ("An algorithm for automatically fitting digitized curves",
/// Graphics Gems, 1990) as Paper.js's `PathFitter` implements it (`src/path/PathFitter.js` at
/// commit 92775f52, MIT; Jürg Lehni's modifications): cubic Béziers through the first and last points of a
/// run of points, each within a tolerance of every point it covers, splitting where it cannot.
///
/// For points Pₐ…P_b with end tangents t̂₁, t̂₂:
/// 1. two points: the cubic with handles |P_b − Pₐ|/3 along the tangents;
/// 2. else parameters uᵢ by chord length, then up to five times: the least-squares cubic with
///    handles α₁t̂₁, α₂t̂₂ (2×2 normal equations, Cramer's rule; α₁ = α₂ when singular;
///    Wu/Barsky's |P_b − Pₐ|/3 when an α is ≤ ε·|P_b − Pₐ| or the handles cross); the largest
///    squared distance |Q(uᵢ) − Pᵢ|² over the inner points: below `tolerance` (and the
///    parameters in order) it is accepted; at or above the iteration limit (Paper.js:
///    max(tolerance, tolerance²), then the last error) the loop stops; else every uᵢ takes a
///    Newton step uᵢ − (Q − P)·Q′ / (Q′·Q′ + (Q − P)·Q″);
/// 3. failing that, split at the point of largest error Pₛ and fit both halves, the split's
///    tangent (Pₛ₋₁ − Pₛ₊₁) shared — so the halves join with G1 continuity.
///
/// Corners (StrokeLab's addition; off when `cornerAngle` ≥ 180°): at a split, the turn
/// between the directions to Pₛ from the nearest earlier point at least `cornerRadius` away
/// and from Pₛ to the nearest later one is measured; above `cornerAngle` each half gets its
/// one-sided tangent instead, and the join keeps the sharp turn.
///
/// Free ends (StrokeLab's addition): an end given no tangent (`nil`) gets its control point by
/// least squares too — three or four unknowns instead of two, in closed form; when the
/// equations are singular (three points or fewer) the tangent is estimated from the
/// neighbouring point, as Paper.js always does. Samples of a cubic Bézier
/// then fit exactly (after reparameterisation), where a neighbour-chord tangent misses them.
/// Given both tangents, as ``fit(_:tolerance:)`` gives them, the fitter is Paper.js's.
///
/// `tolerance` is Paper.js's `error`: a *squared* distance (`fit-curve(error=e)` passes e²).
/// Cost O(n) per iteration and level of splitting: O(n log n) typical, O(n²) worst. Scratch
/// buffers are kept between calls, so fitting allocates only as they grow.
public struct CurveFitter: Sendable {
    /// One fitted cubic: from `points[startIndex]` to `points[endIndex]`.
    public struct Cubic: Hashable, Sendable {
        /// Start point.
        public var start: Point
        /// First control point.
        public var control1: Point
        /// Second control point.
        public var control2: Point
        /// End point.
        public var end: Point
        /// Index of the start point.
        public var startIndex: Int
        /// Index of the end point.
        public var endIndex: Int
        /// The tangent the next cubic starts with (pointing into it): the negated split
        /// tangent, or the one-sided tangent after a corner.
        public var nextTangent: Vector
    }

    /// Largest squared distance accepted (Paper.js's `error`).
    public var tolerance: Double
    /// The iteration limit's start: the loop stops when an error reaches it (Paper.js:
    /// max(tolerance, tolerance²)).
    public var iterationLimit: Double
    /// Turn above which a split is a corner, radians (π or more: no corners).
    public var cornerAngle: Double
    /// Distance over which a corner's turn and tangents are measured.
    public var cornerRadius: Double
    /// Fits tried per run before splitting, each after a reparameterisation (Paper.js: 5).
    public var attempts: Int = 5

    /// Paper.js's `Numerical.EPSILON`.
    public static let epsilon = 1e-12
    /// Paper.js's `Numerical.MACHINE_EPSILON` (`isMachineZero` in the Newton step).
    public static let machineEpsilon = 1.12e-16

    private var u: [Double] = []
    private var uAlt: [Double] = []

    /// A fitter; by default Paper.js's (no corners).
    public init(tolerance: Double, iterationLimit: Double? = nil, cornerAngle: Double = .pi, cornerRadius: Double = 0) {
        self.tolerance = tolerance
        self.iterationLimit = iterationLimit ?? Swift.max(tolerance, tolerance * tolerance)
        self.cornerAngle = cornerAngle
        self.cornerRadius = cornerRadius
    }

    /// `new PathFitter(path).fit(error)` on an open path: adjacent duplicates removed, then
    /// cubics from the first point to the last with end tangents P₁ − P₀ and Pₙ₋₂ − Pₙ₋₁.
    /// Returns the deduplicated points and the cubics (none for fewer than two points).
    public static func fit(_ input: [Point], tolerance: Double) -> (points: [Point], cubics: [Cubic]) {
        var points: [Point] = []
        for p in input where points.last != p { points.append(p) }
        guard points.count > 1 else { return (points, []) }
        var fitter = CurveFitter(tolerance: tolerance)
        var out: [Cubic] = []
        let n = points.count
        fitter.fit(points, first: 0, last: n - 1, tan1: points[1] - points[0], tan2: points[n - 2] - points[n - 1], into: &out)
        return (points, out)
    }

    /// `fitCubic`: appends the cubics fitting `points[first…last]` with end tangents `tan1`
    /// (at the first point, pointing in) and `tan2` (at the last, pointing back) to `out`; a
    /// `nil` tangent is a free end.
    public mutating func fit(_ points: [Point], first: Int, last: Int, tan1: Vector?, tan2: Vector?, into out: inout [Cubic]) {
        fit(points, times: nil, first: first, last: last, tan1: tan1, tan2: tan2, into: &out)
    }

    /// ``fit(_:first:last:tan1:tan2:into:)`` where the points carry `times` (seconds, parallel
    /// to `points`): each run starts from whichever parameterisation — chord length, or the
    /// times normalised to 0…1 when they increase — gives the smaller first error (times only
    /// when smaller by more than 10⁻⁹ of the tolerance, so ties keep chord lengths). A pen's
    /// samples come at a steady rate, so a stroke that is a cubic in time (a sampled Bézier,
    /// a smooth movement) is fitted at once, where chord lengths need many reparameterisations.
    public mutating func fit(_ points: [Point], times: [Double]?, first: Int, last: Int, tan1: Vector?, tan2: Vector?,
                             into out: inout [Cubic]) {
        if last - first == 1 {
            let pt1 = points[first], pt2 = points[last]
            let t1 = tan1 ?? pt2 - pt1, t2 = tan2 ?? pt1 - pt2
            let dist = Self.distance(pt1, pt2) / 3
            out.append(Cubic(start: pt1, control1: pt1 + Self.normalize(t1, dist), control2: pt2 + Self.normalize(t2, dist),
                             end: pt2, startIndex: first, endIndex: last, nextTangent: -t2))
            return
        }
        chordLengthParameterize(points, first, last)
        var maxError = iterationLimit
        var split = first + 1
        var parametersInOrder = true
        for attempt in 0..<attempts {
            var curve = bezier(points, first, last, tan1, tan2)
            var (error, index) = findMaxError(points, first, last, curve)
            if attempt == 0, let times, timeParameterize(times, first, last) {
                // Time parameters in `u`, chord lengths in `uAlt`: keep the better start — by
                // more than rounding (10⁻⁹ of the tolerance), so a tie such as a window both fit
                // exactly keeps chord lengths, whatever the unit of the points.
                let byTime = bezier(points, first, last, tan1, tan2)
                let e = findMaxError(points, first, last, byTime)
                if e.0 < error - tolerance * 1e-9 {
                    curve = byTime
                    (error, index) = e
                } else {
                    swap(&u, &uAlt)
                }
            }
            if error < tolerance && parametersInOrder {
                out.append(Cubic(start: curve.0, control1: curve.1, control2: curve.2, end: curve.3, startIndex: first,
                                 endIndex: last, nextTangent: tan2.map { -$0 } ?? curve.3 - curve.2))
                return
            }
            split = index
            if error >= maxError { break }
            parametersInOrder = reparameterize(points, first, last, curve)
            maxError = error
        }
        // Split at the largest error; a corner keeps one-sided tangents.
        var leftTangent = points[split - 1] - points[split + 1]
        var rightTangent = -leftTangent
        if cornerAngle < .pi {
            var a = split - 1
            while a > first, Self.distance(points[a], points[split]) < cornerRadius { a -= 1 }
            var b = split + 1
            while b < last, Self.distance(points[b], points[split]) < cornerRadius { b += 1 }
            let incoming = points[split] - points[a], outgoing = points[b] - points[split]
            if abs(incoming.turningAngle(to: outgoing)) > cornerAngle {
                leftTangent = points[a] - points[split]
                rightTangent = outgoing
            }
        }
        fit(points, times: times, first: first, last: split, tan1: tan1, tan2: leftTangent, into: &out)
        out[out.count - 1].nextTangent = rightTangent
        fit(points, times: times, first: split, last: last, tan1: rightTangent, tan2: tan2, into: &out)
    }

    /// `Point.getDistance`: √(dx² + dy²).
    @inline(__always)
    static func distance(_ a: Point, _ b: Point) -> Double {
        let x = b.x - a.x, y = b.y - a.y
        return (x * x + y * y).squareRoot()
    }

    /// `Point.normalize(length)`: `v` scaled to `length` (zero for a zero vector).
    @inline(__always)
    static func normalize(_ v: Vector, _ length: Double) -> Vector {
        let current = (v.dx * v.dx + v.dy * v.dy).squareRoot()
        let scale = current != 0 ? length / current : 0
        return Vector(dx: v.dx * scale, dy: v.dy * scale)
    }

    /// `chordLengthParameterize`: uᵢ by cumulative chord length, normalised to 0…1, into `u`.
    private mutating func chordLengthParameterize(_ points: [Point], _ first: Int, _ last: Int) {
        u.removeAll(keepingCapacity: true)
        u.append(0)
        for i in (first + 1)...last {
            u.append(u[i - first - 1] + Self.distance(points[i], points[i - 1]))
        }
        let m = last - first
        for i in 1...m { u[i] /= u[m] }
    }

    /// The least-squares cubic for the current parameters: Paper.js's with both tangents
    /// given, else with free ends (falling back to neighbour tangents when singular).
    private func bezier(_ points: [Point], _ first: Int, _ last: Int, _ tan1: Vector?, _ tan2: Vector?) -> (Point, Point, Point, Point) {
        if let tan1, let tan2 { return generateBezier(points, first, last, tan1, tan2) }
        return freeBezier(points, first, last, tan1, tan2)
            ?? generateBezier(points, first, last, tan1 ?? points[first + 1] - points[first], tan2 ?? points[last - 1] - points[last])
    }

    /// Moves the chord-length parameters to `uAlt` and puts the normalised times in `u`;
    /// false (nothing moved) unless the times strictly increase.
    private mutating func timeParameterize(_ times: [Double], _ first: Int, _ last: Int) -> Bool {
        let t0 = times[first], span = times[last] - t0
        guard span > 0, span.isFinite else { return false }
        for i in (first + 1)...last where !(times[i] > times[i - 1]) { return false }
        swap(&u, &uAlt)
        u.removeAll(keepingCapacity: true)
        for i in first...last { u.append((times[i] - t0) / span) }
        u[last - first] = 1
        return true
    }

    /// `generateBezier`: the least-squares cubic for the current parameters.
    private func generateBezier(_ points: [Point], _ first: Int, _ last: Int, _ tan1: Vector, _ tan2: Vector)
        -> (Point, Point, Point, Point)
    {
        let epsilon = Self.epsilon
        let pt1 = points[first], pt2 = points[last]
        var c00 = 0.0, c01 = 0.0, c10 = 0.0, c11 = 0.0, x0 = 0.0, x1 = 0.0
        for i in 0..<(last - first + 1) {
            let u = self.u[i]
            let t = 1 - u
            let b = 3 * u * t
            let b0 = t * t * t, b1 = b * t, b2 = b * u, b3 = u * u * u
            let a1 = Self.normalize(tan1, b1), a2 = Self.normalize(tan2, b2)
            let p = points[first + i]
            let s01 = b0 + b1, s23 = b2 + b3
            let tmp = Vector(dx: (p.x - pt1.x * s01) - pt2.x * s23, dy: (p.y - pt1.y * s01) - pt2.y * s23)
            c00 += a1.dot(a1)
            c01 += a1.dot(a2)
            c10 = c01
            c11 += a2.dot(a2)
            x0 += a1.dot(tmp)
            x1 += a2.dot(tmp)
        }
        let detC0C1 = c00 * c11 - c10 * c01
        var alpha1: Double, alpha2: Double
        if abs(detC0C1) > epsilon {
            let detC0X = c00 * x1 - c10 * x0
            let detXC1 = x0 * c11 - x1 * c01
            alpha1 = detXC1 / detC0C1
            alpha2 = detC0X / detC0C1
        } else {
            let c0 = c00 + c01, c1 = c10 + c11
            alpha1 = abs(c0) > epsilon ? x0 / c0 : abs(c1) > epsilon ? x1 / c1 : 0
            alpha2 = alpha1
        }
        let segLength = Self.distance(pt1, pt2)
        let eps = epsilon * segLength
        var handle1: Vector? = nil, handle2: Vector? = nil
        if alpha1 < eps || alpha2 < eps {
            alpha1 = segLength / 3
            alpha2 = alpha1
        } else {
            let line = pt2 - pt1
            let h1 = Self.normalize(tan1, alpha1), h2 = Self.normalize(tan2, alpha2)
            if h1.dot(line) - h2.dot(line) > segLength * segLength {
                alpha1 = segLength / 3
                alpha2 = alpha1
            } else {
                handle1 = h1
                handle2 = h2
            }
        }
        return (pt1, pt1 + (handle1 ?? Self.normalize(tan1, alpha1)), pt2 + (handle2 ?? Self.normalize(tan2, alpha2)), pt2)
    }

    /// The least-squares cubic for the current parameters when one or both end tangents are
    /// free: with handles h₁ = c₁ − P_a and h₂ = c₂ − P_b, each point gives b₁h₁ + b₂h₂ ≈ rᵢ =
    /// Pᵢ − (b₀ + b₁)P_a − (b₂ + b₃)P_b, so with S₁₁ = Σb₁², S₁₂ = Σb₁b₂, S₂₂ = Σb₂², R₁ = Σb₁r,
    /// R₂ = Σb₂r and D = S₁₁S₂₂ − S₁₂²: both free, h₁ = (S₂₂R₁ − S₁₂R₂)/D and h₂ = (S₁₁R₂ −
    /// S₁₂R₁)/D; h₁ = αt̂₁ given, α = (S₂₂ t̂₁·R₁ − S₁₂ t̂₁·R₂)/D and h₂ = (R₂ − S₁₂αt̂₁)/S₂₂; and
    /// symmetrically. `nil` when D ≤ 10⁻¹²·S₁₁S₂₂ (too few points) or a control point lands
    /// more than 10 chords away. One pass over the points, no allocation.
    private func freeBezier(_ points: [Point], _ first: Int, _ last: Int, _ tan1: Vector?, _ tan2: Vector?)
        -> (Point, Point, Point, Point)?
    {
        let pt1 = points[first], pt2 = points[last]
        var s11 = 0.0, s12 = 0.0, s22 = 0.0, r1x = 0.0, r1y = 0.0, r2x = 0.0, r2y = 0.0
        for i in 0..<(last - first + 1) {
            let u = self.u[i], t = 1 - u
            let b0 = t * t * t, b1 = 3 * u * t * t, b2 = 3 * u * u * t, b3 = u * u * u
            let p = points[first + i]
            let w1 = b0 + b1, w2 = b2 + b3
            let rx = p.x - w1 * pt1.x - w2 * pt2.x, ry = p.y - w1 * pt1.y - w2 * pt2.y
            s11 += b1 * b1
            s12 += b1 * b2
            s22 += b2 * b2
            r1x += b1 * rx
            r1y += b1 * ry
            r2x += b2 * rx
            r2y += b2 * ry
        }
        let det = s11 * s22 - s12 * s12
        guard det > 1e-12 * s11 * s22, det.isFinite else { return nil }
        var h1: Vector, h2: Vector
        switch (tan1.map { Self.normalize($0, 1) }, tan2.map { Self.normalize($0, 1) }) {
        case (nil, nil):
            h1 = Vector(dx: (s22 * r1x - s12 * r2x) / det, dy: (s22 * r1y - s12 * r2y) / det)
            h2 = Vector(dx: (s11 * r2x - s12 * r1x) / det, dy: (s11 * r2y - s12 * r1y) / det)
        case (let t1?, nil):
            let alpha = (s22 * (t1.dx * r1x + t1.dy * r1y) - s12 * (t1.dx * r2x + t1.dy * r2y)) / det
            h1 = t1 * alpha
            h2 = Vector(dx: (r2x - s12 * alpha * t1.dx) / s22, dy: (r2y - s12 * alpha * t1.dy) / s22)
        case (nil, let t2?):
            let beta = (s11 * (t2.dx * r2x + t2.dy * r2y) - s12 * (t2.dx * r1x + t2.dy * r1y)) / det
            h2 = t2 * beta
            h1 = Vector(dx: (r1x - s12 * beta * t2.dx) / s11, dy: (r1y - s12 * beta * t2.dy) / s11)
        case (_?, _?):
            return nil
        }
        let c1 = pt1 + h1, c2 = pt2 + h2
        let reach = 10 * max(Self.distance(pt1, pt2), 1e-300)
        guard c1.isFinite, c2.isFinite, h1.length <= reach, h2.length <= reach else { return nil }
        return (pt1, c1, c2, pt2)
    }

    /// `evaluate(3, curve, t)`: de Casteljau.
    @inline(__always)
    static func evaluate(_ c: (Point, Point, Point, Point), _ t: Double) -> Point {
        let s = 1 - t
        func mix(_ a: Point, _ b: Point) -> Point { Point(x: a.x * s + b.x * t, y: a.y * s + b.y * t) }
        let a = mix(c.0, c.1), b = mix(c.1, c.2), d = mix(c.2, c.3)
        let e = mix(a, b), f = mix(b, d)
        return mix(e, f)
    }

    /// `findMaxError`: the largest squared distance of an inner point to the curve at its
    /// parameter, and that point's index.
    private func findMaxError(_ points: [Point], _ first: Int, _ last: Int, _ curve: (Point, Point, Point, Point)) -> (Double, Int) {
        var index = (last - first + 1) / 2
        var maxDist = 0.0
        var i = first + 1
        while i < last {
            let p = Self.evaluate(curve, u[i - first])
            let vx = p.x - points[i].x, vy = p.y - points[i].y
            let dist = vx * vx + vy * vy
            if dist >= maxDist {
                maxDist = dist
                index = i
            }
            i += 1
        }
        return (maxDist, index)
    }

    /// `reparameterize`: a Newton step for every parameter; false when they are no longer
    /// increasing.
    private mutating func reparameterize(_ points: [Point], _ first: Int, _ last: Int, _ curve: (Point, Point, Point, Point)) -> Bool {
        // Q′ and Q″ control points.
        let d0 = (curve.1 - curve.0) * 3, d1 = (curve.2 - curve.1) * 3, d2 = (curve.3 - curve.2) * 3
        let e0 = (d1 - d0) * 2, e1 = (d2 - d1) * 2
        for i in first...last {
            let t = u[i - first], s = 1 - t
            let pt = Self.evaluate(curve, t)
            // evaluate(2, curve1, t) and evaluate(1, curve2, t), in Paper.js's order.
            let a = Vector(dx: d0.dx * s + d1.dx * t, dy: d0.dy * s + d1.dy * t)
            let b = Vector(dx: d1.dx * s + d2.dx * t, dy: d1.dy * s + d2.dy * t)
            let pt1 = Vector(dx: a.dx * s + b.dx * t, dy: a.dy * s + b.dy * t)
            let pt2 = Vector(dx: e0.dx * s + e1.dx * t, dy: e0.dy * s + e1.dy * t)
            let diff = pt - points[i]
            let df = pt1.dot(pt1) + diff.dot(pt2)
            u[i - first] = df >= -Self.machineEpsilon && df <= Self.machineEpsilon ? t : t - diff.dot(pt1) / df
        }
        for i in 1..<u.count where u[i] <= u[i - 1] { return false }
        return true
    }
}
