import StrokeCore

/// steveruizok/perfect-freehand (v1.2.2, MIT) ported line for line: `getStrokePoints`,
/// `getStrokeOutlinePoints` and `getStroke`, one-shot over a whole point list, as apps call
/// it. Each result equals the peer's bit for bit (`Math.hypot`, `Math.sin` and `Math.cos`
/// computed as V8 does, ``JSMath``; checked against the shared oracles and the peer's 32 jest
/// snapshots). The streaming version is ``PerfectFreehandStroke``, whose result at the end is
/// this one's exactly.
///
/// **Centre line** (`getStrokePoints`): t = 0.15 + (1 − streamline)·0.85; each input point
/// pᵢ gives qᵢ = q_prev + (pᵢ − q_prev)·t (the last input itself when `last`), skipped when it
/// equals q_prev; its distance |qᵢ − q_prev|, running length (the sum of every candidate's
/// distance, skipped ones included), unit vector (q_prev − qᵢ)/|…| and pressure (the input's,
/// or 0.5 — 0.25 for the first point — without one). Until the running length first reaches
/// `size`, points other than the last are skipped and q_prev stays the first point. Two
/// inputs are first interpolated to five; one input gets a second at (+1, +1).
///
/// **Outline** (`getStrokeOutlinePoints`): per centre-line point, a radius
/// `size · easing(0.5 − thinning·(0.5 − pressure))` (size/2 when thinning is 0), the
/// pressure simulated from the spacing when `simulatePressure` (sp = min(1, distance/size),
/// p = min(1, p_prev + (min(1, 1 − sp) − p_prev)·0.275·sp), seeded by a running average over
/// the first 10 points), scaled by the start and end tapers' eased fractions (at least 0.01);
/// points on both sides at ±radius along the perpendicular of the direction blended with the
/// next point's (kept when more than `size·smoothing` from the side's previous point); a
/// rounded 14-point cap at sharp corners (a turn of more than 90°); the last 3 px of the
/// line dropped as noise. The polygon is the left side, the end cap (round: 28 points over
/// 3π; flat; or the last point when tapered), the right side reversed and the start cap
/// (round 13 points, flat, or nothing when tapered); a one-point line is a 13-point dot.
///
/// O(n) time and memory per call: an app that recomputes the outline at every new sample
/// spends O(n²) per stroke.
public enum PerfectFreehand {
    /// An input point: position and, when the input has one, pressure (`[x, y, pressure]`);
    /// `nil` is the peer's missing element (`[x, y]`).
    public struct InputPoint: Hashable, Sendable {
        /// x.
        public var x: Double
        /// y.
        public var y: Double
        /// Pressure, or `nil` when the input has none.
        public var pressure: Double?

        /// A point.
        @inlinable
        public init(x: Double, y: Double, pressure: Double? = nil) {
            self.x = x
            self.y = y
            self.pressure = pressure
        }
    }

    /// A centre-line point (`StrokePoint`).
    public struct StrokePoint: Hashable, Sendable {
        /// The streamlined point.
        public var point: Point
        /// Its pressure.
        public var pressure: Double
        /// Unit vector from this point to the previous one.
        public var vector: Vector
        /// Distance from the previous point.
        public var distance: Double
        /// Running length.
        public var runningLength: Double

        /// A point.
        @inlinable
        public init(point: Point, pressure: Double, vector: Vector, distance: Double, runningLength: Double) {
            self.point = point
            self.pressure = pressure
            self.vector = vector
            self.distance = distance
            self.runningLength = runningLength
        }
    }

    /// The rate of simulated pressure change.
    public static let rateOfPressureChange = 0.275
    /// π + 0.0001 (the peer's `FIXED_PI`).
    public static let fixedPi = Double.pi + 0.0001

    // MARK: vec.ts

    @inlinable @inline(__always)
    static func lrp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// `uni(sub(a, b))`.
    @inlinable @inline(__always)
    static func unit(_ dx: Double, _ dy: Double) -> Vector {
        let l = JSMath.hypot(dx, dy)
        return Vector(dx: dx / l, dy: dy / l)
    }

    /// `rotAround(a, c, r)` with s = sin r, c = cos r given.
    @inlinable @inline(__always)
    static func rotate(_ a: Point, around c: Point, sin s: Double, cos co: Double) -> Point {
        let px = a.x - c.x, py = a.y - c.y
        let nx = px * co - py * s
        let ny = px * s + py * co
        return Point(x: nx + c.x, y: ny + c.y)
    }

    /// `rotAround(a, c, r)`.
    @inlinable
    static func rotate(_ a: Point, around c: Point, by r: Double) -> Point {
        rotate(a, around: c, sin: JSMath.sin(r), cos: JSMath.cos(r))
    }

    /// `getStrokeRadius(size, thinning, pressure, easing)`.
    @inlinable @inline(__always)
    public static func radius(size: Double, thinning: Double, pressure: Double, easing: PerfectFreehandEasing) -> Double {
        size * easing(0.5 - thinning * (0.5 - pressure))
    }

    // MARK: getStrokePoints

    /// `getStrokePoints(points, options)`.
    public static func strokePoints(_ input: [InputPoint], _ options: PerfectFreehandOptions = PerfectFreehandOptions()) -> [StrokePoint] {
        let streamline = options.streamline, size = options.size, isComplete = options.last
        if input.isEmpty { return [] }
        let t = 0.15 + (1 - streamline) * 0.85
        var pts = input
        if pts.count == 2 {
            let last = pts[1]
            pts = [pts[0]]
            for i in 1..<5 {
                let p = lrp(Point(x: pts[0].x, y: pts[0].y), Point(x: last.x, y: last.y), Double(i) / 4)
                pts.append(InputPoint(x: p.x, y: p.y))
            }
        }
        if pts.count == 1 {
            pts.append(InputPoint(x: pts[0].x + options.pixel, y: pts[0].y + options.pixel, pressure: pts[0].pressure))
        }
        var strokePoints = [StrokePoint(point: Point(x: pts[0].x, y: pts[0].y), pressure: firstPressure(pts[0].pressure),
                                        vector: Vector(dx: 1, dy: 1), distance: 0, runningLength: 0)]
        var hasReachedMinimumLength = false
        var runningLength = 0.0
        var prev = strokePoints[0]
        let max = pts.count - 1
        for i in 1..<pts.count {
            let target = Point(x: pts[i].x, y: pts[i].y)
            let point = isComplete && i == max ? target : lrp(prev.point, target, t)
            if prev.point == point { continue }
            let distance = JSMath.hypot(point.y - prev.point.y, point.x - prev.point.x)
            runningLength += distance
            if i < max && !hasReachedMinimumLength {
                if runningLength < size { continue }
                hasReachedMinimumLength = true
            }
            prev = StrokePoint(point: point, pressure: pressure(pts[i].pressure),
                               vector: unit(prev.point.x - point.x, prev.point.y - point.y),
                               distance: distance, runningLength: runningLength)
            strokePoints.append(prev)
        }
        strokePoints[0].vector = strokePoints.count > 1 ? strokePoints[1].vector : Vector(dx: 0, dy: 0)
        return strokePoints
    }

    /// `p >= 0 ? p : 0.5`.
    @inlinable @inline(__always)
    static func pressure(_ p: Double?) -> Double {
        if let p, p >= 0 { return p }
        return 0.5
    }

    /// The first point's: `p >= 0 ? p : 0.25`.
    @inlinable @inline(__always)
    static func firstPressure(_ p: Double?) -> Double {
        if let p, p >= 0 { return p }
        return 0.25
    }

    // MARK: getStrokeOutlinePoints

    /// `getStrokeOutlinePoints(points, options)`.
    public static func outline(_ points: [StrokePoint], _ options: PerfectFreehandOptions = PerfectFreehandOptions()) -> [Point] {
        let size = options.size, smoothing = options.smoothing, thinning = options.thinning
        let simulatePressure = options.simulatePressure, easing = options.easing
        let capStart = options.start.cap, taperStartEase = options.start.easing
        let capEnd = options.end.cap, taperEndEase = options.end.easing
        let isComplete = options.last
        if points.isEmpty || size <= 0 { return [] }
        let totalLength = points[points.count - 1].runningLength
        let taperStart = options.start.taper.length(size: size, totalLength: totalLength)
        let taperEnd = options.end.taper.length(size: size, totalLength: totalLength)
        let minDistance = (size * smoothing) * (size * smoothing)
        var leftPts: [Point] = []
        var rightPts: [Point] = []

        var prevPressure = points[0].pressure
        for curr in points.prefix(10) {
            var pressure = curr.pressure
            if simulatePressure {
                let sp = JSNumber.min(1, curr.distance / size)
                let rp = JSNumber.min(1, 1 - sp)
                pressure = JSNumber.min(1, prevPressure + (rp - prevPressure) * (sp * rateOfPressureChange))
            }
            prevPressure = (prevPressure + pressure) / 2
        }
        var radius = Self.radius(size: size, thinning: thinning, pressure: points[points.count - 1].pressure, easing: easing)
        var firstRadius: Double? = nil
        var prevVector = points[0].vector
        var pl = points[0].point
        var pr = pl
        var tl = pl
        var tr = pr
        var isPrevPointSharpCorner = false

        for i in 0..<points.count {
            var pressure = points[i].pressure
            let point = points[i].point, vector = points[i].vector
            let distance = points[i].distance, runningLength = points[i].runningLength
            if i < points.count - 1 && totalLength - runningLength < 3 * options.pixel { continue }
            if thinning != 0 && !thinning.isNaN {
                if simulatePressure {
                    let sp = JSNumber.min(1, distance / size)
                    let rp = JSNumber.min(1, 1 - sp)
                    pressure = JSNumber.min(1, prevPressure + (rp - prevPressure) * (sp * rateOfPressureChange))
                }
                radius = Self.radius(size: size, thinning: thinning, pressure: pressure, easing: easing)
            } else {
                radius = size / 2
            }
            if firstRadius == nil { firstRadius = radius }
            let ts = runningLength < taperStart ? taperStartEase(runningLength / taperStart) : 1
            let te = totalLength - runningLength < taperEnd ? taperEndEase((totalLength - runningLength) / taperEnd) : 1
            radius = JSNumber.max(0.01 * options.pixel, radius * JSNumber.min(ts, te))

            let nextVector = (i < points.count - 1 ? points[i + 1] : points[i]).vector
            let nextDpr = i < points.count - 1 ? vector.dot(nextVector) : 1.0
            let prevDpr = vector.dot(prevVector)
            let isPointSharpCorner = prevDpr < 0 && !isPrevPointSharpCorner
            let isNextPointSharpCorner = nextDpr < 0
            if isPointSharpCorner || isNextPointSharpCorner {
                let offset = Vector(dx: prevVector.dy * radius, dy: -prevVector.dx * radius)
                var t = 0.0
                let step = 1.0 / 13
                while t <= 1 {
                    tl = rotate(point - offset, around: point, by: fixedPi * t)
                    leftPts.append(tl)
                    tr = rotate(point + offset, around: point, by: fixedPi * -t)
                    rightPts.append(tr)
                    t += step
                }
                pl = tl
                pr = tr
                if isNextPointSharpCorner { isPrevPointSharpCorner = true }
                continue
            }
            isPrevPointSharpCorner = false
            if i == points.count - 1 {
                let offset = Vector(dx: vector.dy * radius, dy: -vector.dx * radius)
                leftPts.append(point - offset)
                rightPts.append(point + offset)
                continue
            }
            // per(lrp(nextVector, vector, nextDpr)) × radius
            let bx = nextVector.dx + (vector.dx - nextVector.dx) * nextDpr
            let by = nextVector.dy + (vector.dy - nextVector.dy) * nextDpr
            let offset = Vector(dx: by * radius, dy: -bx * radius)
            tl = point - offset
            if i <= 1 || dist2(pl, tl) > minDistance {
                leftPts.append(tl)
                pl = tl
            }
            tr = point + offset
            if i <= 1 || dist2(pr, tr) > minDistance {
                rightPts.append(tr)
                pr = tr
            }
            prevPressure = pressure
            prevVector = vector
        }

        let firstPoint = points[0].point
        let lastPoint = points.count > 1 ? points[points.count - 1].point : Point(x: points[0].point.x + options.pixel, y: points[0].point.y + options.pixel)
        var startCap: [Point] = []
        var endCap: [Point] = []
        if points.count == 1 {
            if !(taperStart != 0 || taperEnd != 0) || isComplete {
                let u = unit(firstPoint.y - lastPoint.y, -(firstPoint.x - lastPoint.x))  // uni(per(sub(first, last)))
                let r = -(firstRadius.flatMap { $0 != 0 && !$0.isNaN ? $0 : nil } ?? radius)
                let start = Point(x: firstPoint.x + u.dx * r, y: firstPoint.y + u.dy * r)
                var dot: [Point] = []
                let step = 1.0 / 13
                var t = step
                while t <= 1 {
                    dot.append(rotate(start, around: firstPoint, by: fixedPi * 2 * t))
                    t += step
                }
                return dot
            }
        } else {
            if taperStart != 0 || (taperEnd != 0 && points.count == 1) {
            } else if capStart {
                let step = 1.0 / 13
                var t = step
                while t <= 1 {
                    startCap.append(rotate(rightPts[0], around: firstPoint, by: fixedPi * t))
                    t += step
                }
            } else {
                let cx = leftPts[0].x - rightPts[0].x, cy = leftPts[0].y - rightPts[0].y
                let ax = cx * 0.5, ay = cy * 0.5, bx = cx * 0.51, by = cy * 0.51
                startCap.append(Point(x: firstPoint.x - ax, y: firstPoint.y - ay))
                startCap.append(Point(x: firstPoint.x - bx, y: firstPoint.y - by))
                startCap.append(Point(x: firstPoint.x + bx, y: firstPoint.y + by))
                startCap.append(Point(x: firstPoint.x + ax, y: firstPoint.y + ay))
            }
            // per(neg(vector)) = (−vy, vx)
            let v = points[points.count - 1].vector
            let direction = Vector(dx: -v.dy, dy: -(-v.dx))
            if taperEnd != 0 || (taperStart != 0 && points.count == 1) {
                endCap.append(lastPoint)
            } else if capEnd {
                let start = Point(x: lastPoint.x + direction.dx * radius, y: lastPoint.y + direction.dy * radius)
                let step = 1.0 / 29
                var t = step
                while t < 1 {
                    endCap.append(rotate(start, around: lastPoint, by: fixedPi * 3 * t))
                    t += step
                }
            } else {
                let a = Vector(dx: direction.dx * radius, dy: direction.dy * radius)
                let b = Vector(dx: direction.dx * (radius * 0.99), dy: direction.dy * (radius * 0.99))
                endCap.append(lastPoint + a)
                endCap.append(lastPoint + b)
                endCap.append(lastPoint - b)
                endCap.append(lastPoint - a)
            }
        }
        return leftPts + endCap + rightPts.reversed() + startCap
    }

    /// `dist2(a, b)`.
    @inlinable @inline(__always)
    static func dist2(_ a: Point, _ b: Point) -> Double {
        let dx = a.x - b.x, dy = a.y - b.y
        return dx * dx + dy * dy
    }

    /// `getStroke(points, options)`: the outline polygon of `points`.
    public static func stroke(_ points: [InputPoint], _ options: PerfectFreehandOptions = PerfectFreehandOptions()) -> [Point] {
        outline(strokePoints(points, options), options)
    }
}
