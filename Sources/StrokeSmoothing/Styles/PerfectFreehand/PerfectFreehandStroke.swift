import StrokeCore

/// perfect-freehand's outline computed incrementally: points are pushed as they arrive, the
/// part of the outline that no later point can change is computed once and kept, and only
/// the tail is recomputed — O(1) amortised per point instead of the O(n) of calling
/// ``PerfectFreehand/stroke(_:_:)`` again (O(n²) per stroke, what apps do). At any moment its
/// outline equals the one-shot outline of the points so far, bit for bit (the same
/// floating-point operations in the same order; tested on every shared input).
///
/// What is final, from the peer's dependencies:
/// - **centre line**: each centre-line point depends only on the previous one and its input
///   point — except for the newest input, which skips the minimum-length check and, when the
///   stroke is complete, is the input point itself. So every centre-line point but the one
///   from the newest input is final (once three inputs have arrived: one and two inputs are
///   special cases, recomputed from scratch);
/// - **outline points** of centre-line point i depend on point i + 1's direction, on the
///   pressure seed (the first 10 points), and on the total length through the end-noise rule
///   (the last 3 px are dropped) and the end taper. The total length only grows, so point
///   i is final once point i + 1 is, 10 points exist, and the line already reaches
///   max(3, end taper) beyond it. A taper over the whole stroke (`.full`) depends on the total
///   length everywhere: then nothing is final and each tail is the whole outline (O(n)).
///
/// The tail is therefore the last few centre-line points — those within max(3 px, end
/// taper) of the end, the newest one, and the caps — whatever the stroke's length.
/// ``push(_:)`` is O(1) amortised; ``updateTail(isComplete:)`` first finalises the outline of
/// the points that became final since the last call, then recomputes the tail: O(new points +
/// tail). Buffers keep their storage, so neither allocates once they have grown
/// (``reserveCapacity(_:)``).
public struct PerfectFreehandStroke: Sendable {
    /// The options.
    public let options: PerfectFreehandOptions
    private let t: Double
    private let shape: Shape
    private let taperIsFull: Bool

    // Inputs: how many, the first two (for the one- and two-point special cases) and the newest.
    private var inputCount = 0
    private var first = PerfectFreehand.InputPoint(x: 0, y: 0)
    private var second = PerfectFreehand.InputPoint(x: 0, y: 0)
    private var newest = PerfectFreehand.InputPoint(x: 0, y: 0)

    // Final centre line and the streamline state after it.
    private var stable: [PerfectFreehand.StrokePoint] = []
    private var line = Streamline()

    // Final outline and the outline state after it.
    /// The final part of the outline's left side, in order.
    public private(set) var finalLeft: [Point] = []
    /// The final part of the outline's right side, in order (the polygon runs it backwards).
    public private(set) var finalRight: [Point] = []
    private var state = OutlineState()
    private var stateReady = false

    // The tail, as of the last ``updateTail(isComplete:)``.
    /// The tail of the left side.
    public private(set) var tailLeft: [Point] = []
    /// The tail of the right side, in order.
    public private(set) var tailRight: [Point] = []
    /// The end cap.
    public private(set) var endCap: [Point] = []
    /// The start cap.
    public private(set) var startCap: [Point] = []
    /// The dot drawn instead of the outline when the centre line has one point.
    public private(set) var dot: [Point] = []
    private var special: [PerfectFreehand.StrokePoint] = []
    /// Whether `startCap` is final: it depends on the first outline points, final once the
    /// outline's final part has begun.
    private var startCapIsFinal = false
    /// Whether the outline is empty (no points, or size ≤ 0).
    public private(set) var isEmpty = true

    /// A stroke with no points yet.
    public init(options: PerfectFreehandOptions = PerfectFreehandOptions()) {
        self.options = options
        t = 0.15 + (1 - options.streamline) * 0.85
        shape = Shape(options: options, minDistance: (options.size * options.smoothing) * (options.size * options.smoothing))
        taperIsFull = options.start.taper == .full || options.end.taper == .full
        special.reserveCapacity(5)
        tailLeft.reserveCapacity(64)
        tailRight.reserveCapacity(64)
        endCap.reserveCapacity(32)
        startCap.reserveCapacity(16)
        dot.reserveCapacity(16)
    }

    /// Reserves room for `n` points.
    public mutating func reserveCapacity(_ n: Int) {
        stable.reserveCapacity(n)
        finalLeft.reserveCapacity(n + 16)
        finalRight.reserveCapacity(n + 16)
    }

    /// Forgets every point, keeping the storage.
    public mutating func reset() {
        inputCount = 0
        stable.removeAll(keepingCapacity: true)
        finalLeft.removeAll(keepingCapacity: true)
        finalRight.removeAll(keepingCapacity: true)
        stateReady = false
        startCapIsFinal = false
        clearTail()
    }

    /// Number of points pushed.
    public var count: Int { inputCount }

    // MARK: centre line

    /// The streamline state: the last centre-line point and the running length.
    struct Streamline: Sendable {
        var prev = Point.zero
        var runningLength = 0.0
        var hasReachedMinimumLength = false

        /// The centre-line point of input `target` (`getStrokePoints`' loop body), or `nil`
        /// when it is skipped; `isMax` for the last input, `isComplete` for `last: true`.
        @inline(__always)
        mutating func next(_ target: PerfectFreehand.InputPoint, isMax: Bool, isComplete: Bool, t: Double,
                           size: Double) -> PerfectFreehand.StrokePoint? {
            let to = Point(x: target.x, y: target.y)
            let point = isComplete && isMax ? to : PerfectFreehand.lrp(prev, to, t)
            if prev == point { return nil }
            // `dist(point, prev)` and the length in `uni(prev − point)` are one hypot: V8's
            // depends only on the magnitudes.
            let dx = prev.x - point.x, dy = prev.y - point.y
            let distance = JSMath.hypot(dy, dx)
            runningLength += distance
            if !isMax && !hasReachedMinimumLength {
                if runningLength < size { return nil }
                hasReachedMinimumLength = true
            }
            let p = PerfectFreehand.StrokePoint(point: point, pressure: PerfectFreehand.pressure(target.pressure),
                                                vector: Vector(dx: dx / distance, dy: dy / distance),
                                                distance: distance, runningLength: runningLength)
            prev = point
            return p
        }
    }

    /// The first centre-line point.
    @inline(__always)
    private static func firstPoint(_ p: PerfectFreehand.InputPoint) -> PerfectFreehand.StrokePoint {
        PerfectFreehand.StrokePoint(point: Point(x: p.x, y: p.y), pressure: PerfectFreehand.firstPressure(p.pressure),
                                    vector: Vector(dx: 1, dy: 1), distance: 0, runningLength: 0)
    }

    /// Adds a point: the previous newest point's centre-line point becomes final. O(1)
    /// amortised. (The outline advances over what became final at the next
    /// ``updateTail(isComplete:)``, in one loop.)
    public mutating func push(_ p: PerfectFreehand.InputPoint) {
        switch inputCount {
        case 0:
            first = p
            stable.append(Self.firstPoint(p))
            line = Streamline(prev: Point(x: p.x, y: p.y))
        case 1:
            second = p
        default:
            // The previous newest input is no longer the last: its point is final.
            if let q = line.next(newest, isMax: false, isComplete: false, t: t, size: options.size) {
                stable.append(q)
                if stable.count == 2 { stable[0].vector = q.vector }
            }
        }
        newest = p
        inputCount += 1
    }

    // MARK: outline

    /// The outline loop's state between points.
    struct OutlineState: Sendable {
        var next = 0
        var prevPressure = 0.0
        var prevVector = Vector.zero
        var pl = Point.zero
        var pr = Point.zero
        var isPrevPointSharpCorner = false
        var firstRadius: Double? = nil
        var radius = 0.0
    }

    /// The options the outline loop reads, as a plain value: its methods run on a copy that
    /// holds no references, so calling them from the stroke's mutating methods copies nothing.
    struct Shape: Sendable {
        let options: PerfectFreehandOptions
        let minDistance: Double

        /// The state before the first point of `points` (its first `min(10, count)` points read
        /// by `at`).
        @inline(__always)
        func initialState(count: Int, _ at: (Int) -> PerfectFreehand.StrokePoint) -> OutlineState {
            var s = OutlineState()
            let p0 = at(0)
            var prevPressure = p0.pressure
            for i in 0..<min(10, count) {
                let curr = at(i)
                var pressure = curr.pressure
                if options.simulatePressure {
                    let sp = JSNumber.min(1, curr.distance / options.size)
                    let rp = JSNumber.min(1, 1 - sp)
                    pressure = JSNumber.min(1, prevPressure + (rp - prevPressure) * (sp * PerfectFreehand.rateOfPressureChange))
                }
                prevPressure = (prevPressure + pressure) / 2
            }
            s.prevPressure = prevPressure
            s.prevVector = p0.vector
            s.pl = p0.point
            s.pr = p0.point
            s.radius = PerfectFreehand.radius(size: options.size, thinning: options.thinning,
                                              pressure: at(count - 1).pressure, easing: options.easing)
            return s
        }

        /// `getStrokeOutlinePoints`' loop body for point `i` (`p`), whose successor's vector is
        /// `next` (its own for the last point). Appends to `left` and `right`.
        @inline(__always)
        func step(_ i: Int, _ p: PerfectFreehand.StrokePoint, next nextVector: Vector, isLast: Bool,
                  totalLength: Double, taperStart: Double, taperEnd: Double, state s: inout OutlineState,
                  left: inout [Point], right: inout [Point]) {
            let size = options.size, thinning = options.thinning
            if !isLast && totalLength - p.runningLength < 3 * options.pixel { return }
            var pressure = p.pressure
            var radius: Double
            if thinning != 0 && !thinning.isNaN {
                if options.simulatePressure {
                    let sp = JSNumber.min(1, p.distance / size)
                    let rp = JSNumber.min(1, 1 - sp)
                    pressure = JSNumber.min(1, s.prevPressure + (rp - s.prevPressure) * (sp * PerfectFreehand.rateOfPressureChange))
                }
                radius = PerfectFreehand.radius(size: size, thinning: thinning, pressure: pressure, easing: options.easing)
            } else {
                radius = size / 2
            }
            if s.firstRadius == nil { s.firstRadius = radius }
            let rl = p.runningLength
            let ts = rl < taperStart ? options.start.easing(rl / taperStart) : 1
            let te = totalLength - rl < taperEnd ? options.end.easing((totalLength - rl) / taperEnd) : 1
            radius = JSNumber.max(0.01 * options.pixel, radius * JSNumber.min(ts, te))
            s.radius = radius

            let vector = p.vector, point = p.point
            let nextDpr = !isLast ? vector.dot(nextVector) : 1.0
            let prevDpr = vector.dot(s.prevVector)
            let isPointSharpCorner = prevDpr < 0 && !s.isPrevPointSharpCorner
            let isNextPointSharpCorner = nextDpr < 0
            if isPointSharpCorner || isNextPointSharpCorner {
                let offset = Vector(dx: s.prevVector.dy * radius, dy: -s.prevVector.dx * radius)
                let a = point - offset, b = point + offset
                var tl = point, tr = point
                let turn = PerfectFreehandStroke.cornerTurn
                for k in turn.sinPositive.indices {
                    tl = PerfectFreehand.rotate(a, around: point, sin: turn.sinPositive[k], cos: turn.cosPositive[k])
                    left.append(tl)
                    tr = PerfectFreehand.rotate(b, around: point, sin: turn.sinNegative[k], cos: turn.cosNegative[k])
                    right.append(tr)
                }
                s.pl = tl
                s.pr = tr
                if isNextPointSharpCorner { s.isPrevPointSharpCorner = true }
                return
            }
            s.isPrevPointSharpCorner = false
            if isLast {
                let offset = Vector(dx: vector.dy * radius, dy: -vector.dx * radius)
                left.append(point - offset)
                right.append(point + offset)
                return
            }
            let bx = nextVector.dx + (vector.dx - nextVector.dx) * nextDpr
            let by = nextVector.dy + (vector.dy - nextVector.dy) * nextDpr
            let offset = Vector(dx: by * radius, dy: -bx * radius)
            let tl = point - offset
            if i <= 1 || PerfectFreehand.dist2(s.pl, tl) > minDistance {
                left.append(tl)
                s.pl = tl
            }
            let tr = point + offset
            if i <= 1 || PerfectFreehand.dist2(s.pr, tr) > minDistance {
                right.append(tr)
                s.pr = tr
            }
            s.prevPressure = pressure
            s.prevVector = vector
        }
    }

    /// Finalises the outline of every point that no later point can change, without the
    /// tail (``updateTail(isComplete:)`` does this first): O(points made final), amortised
    /// O(1) per ``push(_:)``.
    public mutating func finalizeOutline() { advance() }

    /// Finalises the outline of every point that no later point can change.
    private mutating func advance() {
        guard !taperIsFull, options.size > 0, stable.count >= 10 else { return }
        if !stateReady {
            let points = stable
            state = shape.initialState(count: 10) { points[$0] }
            stateReady = true
        }
        let lastLength = stable[stable.count - 1].runningLength
        let taperStart = options.start.taper.length(size: options.size, totalLength: lastLength)
        let taperEnd = options.end.taper.length(size: options.size, totalLength: lastLength)
        var s = state
        var left = finalLeft, right = finalRight
        finalLeft = []
        finalRight = []
        while s.next + 1 < stable.count {
            let p = stable[s.next]
            let ahead = lastLength - p.runningLength
            guard ahead >= 3 * options.pixel, ahead >= taperEnd else { break }
            shape.step(s.next, p, next: stable[s.next + 1].vector, isLast: false, totalLength: lastLength,
                 taperStart: taperStart, taperEnd: taperEnd, state: &s, left: &left, right: &right)
            s.next += 1
        }
        finalLeft = left
        finalRight = right
        state = s
    }

    private mutating func clearTail() {
        if !tailLeft.isEmpty { tailLeft.removeAll(keepingCapacity: true) }
        if !tailRight.isEmpty { tailRight.removeAll(keepingCapacity: true) }
        if !endCap.isEmpty { endCap.removeAll(keepingCapacity: true) }
        if !startCapIsFinal, !startCap.isEmpty { startCap.removeAll(keepingCapacity: true) }
        if !dot.isEmpty { dot.removeAll(keepingCapacity: true) }
        isEmpty = true
    }

    /// The centre line's special cases: one input (a second at +1, +1) and two inputs
    /// (interpolated to five), recomputed from scratch into `special`.
    private mutating func specialPoints(isComplete: Bool) {
        special.removeAll(keepingCapacity: true)
        var l = Streamline(prev: Point(x: first.x, y: first.y))
        special.append(Self.firstPoint(first))
        if inputCount == 1 {
            let extra = PerfectFreehand.InputPoint(x: first.x + options.pixel, y: first.y + options.pixel, pressure: first.pressure)
            if let q = l.next(extra, isMax: true, isComplete: isComplete, t: t, size: options.size) { special.append(q) }
        } else {
            let a = Point(x: first.x, y: first.y), b = Point(x: second.x, y: second.y)
            for i in 1..<5 {
                let p = PerfectFreehand.lrp(a, b, Double(i) / 4)
                if let q = l.next(PerfectFreehand.InputPoint(x: p.x, y: p.y), isMax: i == 4, isComplete: isComplete,
                                  t: t, size: options.size) {
                    special.append(q)
                }
            }
        }
        special[0].vector = special.count > 1 ? special[1].vector : Vector(dx: 0, dy: 0)
    }

    /// Recomputes the tail: the outline of the points not yet final, and the caps, for the
    /// points so far; `isComplete` is the peer's `last` (the stroke has ended). O(tail).
    public mutating func updateTail(isComplete: Bool) {
        clearTail()
        guard inputCount > 0, options.size > 0 else { return }
        isEmpty = false
        advance()
        if inputCount <= 2 {
            specialPoints(isComplete: isComplete)
            let points = special
            computeTail(count: points.count, isComplete: isComplete, from: nil) { points[$0] }
            return
        }
        var l = line
        let provisional = l.next(newest, isMax: true, isComplete: isComplete, t: t, size: options.size)
        let stableCount = stable.count
        let count = stableCount + (provisional == nil ? 0 : 1)
        // The first point's vector is the second's (or zero), as the peer sets it at the end.
        var first = stable[0]
        if stableCount == 1 { first.vector = provisional?.vector ?? Vector(dx: 0, dy: 0) }
        let points = stable
        computeTail(count: count, isComplete: isComplete, from: stateReady ? state : nil) { i in
            i == 0 ? first : (i < stableCount ? points[i] : provisional!)
        }
    }

    /// The outline of points `from.next…` (all of them, with a fresh state, when `from` is
    /// `nil`) into the tail buffers, then the caps.
    @inline(__always)
    private mutating func computeTail(count: Int, isComplete: Bool, from: OutlineState?,
                                      _ at: (Int) -> PerfectFreehand.StrokePoint) {
        let size = options.size
        let totalLength = at(count - 1).runningLength
        let taperStart = options.start.taper.length(size: size, totalLength: totalLength)
        let taperEnd = options.end.taper.length(size: size, totalLength: totalLength)
        var s = from ?? shape.initialState(count: count, at)
        var left = tailLeft, right = tailRight
        tailLeft = []
        tailRight = []
        var next = s.next < count ? at(s.next) : at(count - 1)
        for i in s.next..<count {
            let p = next
            let isLast = i == count - 1
            if !isLast { next = at(i + 1) }
            shape.step(i, p, next: next.vector, isLast: isLast, totalLength: totalLength, taperStart: taperStart,
                 taperEnd: taperEnd, state: &s, left: &left, right: &right)
        }
        tailLeft = left
        tailRight = right

        let firstPoint = at(0).point
        let lastPoint = count > 1 ? at(count - 1).point : Point(x: firstPoint.x + options.pixel, y: firstPoint.y + options.pixel)
        let radius = s.radius
        if count == 1 {
            if !(taperStart != 0 || taperEnd != 0) || isComplete {
                let u = PerfectFreehand.unit(firstPoint.y - lastPoint.y, -(firstPoint.x - lastPoint.x))
                let r = -(s.firstRadius.flatMap { $0 != 0 && !$0.isNaN ? $0 : nil } ?? radius)
                let start = Point(x: firstPoint.x + u.dx * r, y: firstPoint.y + u.dy * r)
                let turn = Self.dotTurn
                for k in turn.sin.indices {
                    dot.append(PerfectFreehand.rotate(start, around: firstPoint, sin: turn.sin[k], cos: turn.cos[k]))
                }
            }
            return
        }
        let firstLeft = finalLeft.first ?? tailLeft[0]
        let firstRight = finalRight.first ?? tailRight[0]
        if startCapIsFinal {
        } else if taperStart != 0 {
        } else if options.start.cap {
            let turn = Self.startCapTurn
            for k in turn.sin.indices {
                startCap.append(PerfectFreehand.rotate(firstRight, around: firstPoint, sin: turn.sin[k], cos: turn.cos[k]))
            }
        } else {
            let cx = firstLeft.x - firstRight.x, cy = firstLeft.y - firstRight.y
            let ax = cx * 0.5, ay = cy * 0.5, bx = cx * 0.51, by = cy * 0.51
            startCap.append(Point(x: firstPoint.x - ax, y: firstPoint.y - ay))
            startCap.append(Point(x: firstPoint.x - bx, y: firstPoint.y - by))
            startCap.append(Point(x: firstPoint.x + bx, y: firstPoint.y + by))
            startCap.append(Point(x: firstPoint.x + ax, y: firstPoint.y + ay))
        }
        // Once both sides' first points are final, so is the start cap (unless the start taper
        // depends on the total length).
        if !finalLeft.isEmpty, !finalRight.isEmpty, !taperIsFull { startCapIsFinal = true }
        let v = at(count - 1).vector
        let direction = Vector(dx: -v.dy, dy: v.dx)
        if taperEnd != 0 {
            endCap.append(lastPoint)
        } else if options.end.cap {
            let start = Point(x: lastPoint.x + direction.dx * radius, y: lastPoint.y + direction.dy * radius)
            let turn = Self.endCapTurn
            for k in turn.sin.indices {
                endCap.append(PerfectFreehand.rotate(start, around: lastPoint, sin: turn.sin[k], cos: turn.cos[k]))
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

    /// Appends the outline polygon as of the last ``updateTail(isComplete:)``, in the peer's
    /// point order: left side, end cap, right side backwards, start cap (or the dot). O(n).
    public func appendOutline(to polygon: inout [Point]) {
        guard !isEmpty else { return }
        if !dot.isEmpty {
            polygon.append(contentsOf: dot)
            return
        }
        polygon.reserveCapacity(polygon.count + finalLeft.count + tailLeft.count + endCap.count + tailRight.count
                                + finalRight.count + startCap.count)
        polygon.append(contentsOf: finalLeft)
        polygon.append(contentsOf: tailLeft)
        polygon.append(contentsOf: endCap)
        polygon.append(contentsOf: tailRight.reversed())
        polygon.append(contentsOf: finalRight.reversed())
        polygon.append(contentsOf: startCap)
    }

    /// The centre line (`getStrokePoints`) of the points so far. O(n); allocates.
    public func strokePoints(isComplete: Bool) -> [PerfectFreehand.StrokePoint] {
        guard inputCount > 0 else { return [] }
        if inputCount <= 2 {
            var copy = self
            copy.specialPoints(isComplete: isComplete)
            return copy.special
        }
        var l = line
        var points = stable
        if let p = l.next(newest, isMax: true, isComplete: isComplete, t: t, size: options.size) { points.append(p) }
        if stable.count == 1 { points[0].vector = points.count > 1 ? points[1].vector : Vector(dx: 0, dy: 0) }
        return points
    }

    // MARK: rotation tables

    /// Sines and cosines of the peer's rotation angles, computed once with its loops.
    struct Turn: Sendable {
        var sin: [Double] = []
        var cos: [Double] = []
    }

    /// The sharp-corner cap: ±FIXED_PI·t for t = 0, 1/13, … ≤ 1.
    struct CornerTurn: Sendable {
        var sinPositive: [Double] = [], cosPositive: [Double] = []
        var sinNegative: [Double] = [], cosNegative: [Double] = []
    }

    static let cornerTurn: CornerTurn = {
        var c = CornerTurn()
        let step = 1.0 / 13
        var t = 0.0
        while t <= 1 {
            c.sinPositive.append(JSMath.sin(PerfectFreehand.fixedPi * t))
            c.cosPositive.append(JSMath.cos(PerfectFreehand.fixedPi * t))
            c.sinNegative.append(JSMath.sin(PerfectFreehand.fixedPi * -t))
            c.cosNegative.append(JSMath.cos(PerfectFreehand.fixedPi * -t))
            t += step
        }
        return c
    }()

    /// `factor`·FIXED_PI·t for t = step, 2·step, … while `t ≤ 1` (or `< 1` when `open`).
    private static func turn(step: Double, factor: Double, open: Bool) -> Turn {
        var r = Turn()
        var t = step
        while open ? t < 1 : t <= 1 {
            let a = factor == 1 ? PerfectFreehand.fixedPi * t : PerfectFreehand.fixedPi * factor * t
            r.sin.append(JSMath.sin(a))
            r.cos.append(JSMath.cos(a))
            t += step
        }
        return r
    }

    static let startCapTurn = turn(step: 1.0 / 13, factor: 1, open: false)
    static let endCapTurn = turn(step: 1.0 / 29, factor: 3, open: true)
    static let dotTurn = turn(step: 1.0 / 13, factor: 2, open: false)
}
