import StrokeCore

/// A point as szimek/signature_pad stores it: position (CSS pixels, read as trace units) and
/// time in milliseconds.
public struct SignaturePadPoint: Hashable, Sendable {
    /// x.
    public var x: Double
    /// y.
    public var y: Double
    /// Time in ms.
    public var time: Double

    /// A point.
    @inlinable
    public init(x: Double, y: Double, time: Double) {
        self.x = x
        self.y = y
        self.time = time
    }

    /// The position.
    @inlinable public var location: Point { Point(x: x, y: y) }

    /// `Point.distanceTo`: √((x − x₀)² + (y − y₀)²) (`Math.pow(d, 2)` is d·d).
    @inlinable
    public func distance(to start: SignaturePadPoint) -> Double {
        let dx = x - start.x, dy = y - start.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// `Point.velocityFrom`: distance ÷ elapsed ms, 0 at equal times (units per ms).
    @inlinable
    public func velocity(from start: SignaturePadPoint) -> Double {
        time != start.time ? distance(to: start) / (time - start.time) : 0
    }
}

/// What the library does with a point: keeps it (after the minimum-distance filter), draws a
/// dot (a stroke's first point) or draws a curve (from the point two kept points back to the
/// previous one).
public enum SignaturePadOutput: Hashable, Sendable {
    /// A point survived the filter; `delayed` when it came from a throttled (trailing) call,
    /// whose point has the position of the latest throttled move and the time the call ran.
    case kept(SignaturePadPoint, delayed: Bool)
    /// `_drawDot`: a dot of `radius` at the stroke's first point.
    case dot(SignaturePadPoint, radius: Double)
    /// `_drawCurve`: a curve.
    case curve(SignaturePadBezier)
}

/// szimek/signature_pad's curve building (`src/signature_pad.ts`, v5.1.3), as a value type:
/// the pointer path `_strokeBegin` → `_strokeUpdate` (through the `throttle` wrapper) →
/// `_strokeEnd`, and `fromData`.
///
/// Per point (`_strokeUpdate`): skipped when within `minDistance` of the last kept point (the
/// first point is always kept); a kept point goes to `_addPoint`, which keeps the last four
/// points (the first duplicated when there are three) and, from the third on, returns the
/// curve from the point two back to the previous one (``SignaturePadBezier``, with the
/// library's handle swap), its widths from `_calculateCurveWidths`: the velocity between the
/// curve's ends v = w·|P2 − P1|/(t₂ − t₁) + (1 − w)·v_prev (units per ms; 0 at equal times),
/// the end width max(maxWidth/(v + 1), minWidth), the start width the previous end width
/// ((minWidth + maxWidth)/2 at first). The first point draws a dot. The curve ending at the
/// last kept point is never drawn (the library waits for a point that never comes).
///
/// Throttle (`throttle.ts`): a move less than `throttle` ms after the last handled one is not
/// handled now; a trailing call runs at last + `throttle` ms with the latest move's position,
/// stamped with that time — here when the next move or the lift-off comes later than that;
/// pending at lift-off, it is dropped (the library ignores it once the stroke has ended).
/// Unlike the library, whose throttle state outlives strokes, each stroke's first move is
/// handled at once.
///
/// Outputs go to `emit` in the library's order, except that ``SignaturePadOutput/kept(_:delayed:)``
/// comes first. O(1) per point, no allocation.
public struct SignaturePadCurveBuilder: Sendable {
    /// The options in force (``SignaturePadOptions/effective``).
    public let options: SignaturePadOptions

    // `_lastPoints`: the last `count` kept points (≤ 3 between calls).
    private var q0 = SignaturePadPoint(x: 0, y: 0, time: 0)
    private var q1 = SignaturePadPoint(x: 0, y: 0, time: 0)
    private var q2 = SignaturePadPoint(x: 0, y: 0, time: 0)
    private var count = 0
    private var lastVelocity = 0.0
    private var lastWidth = 0.0
    /// The last point of the stroke's data (the minimum-distance reference).
    public private(set) var lastKept: SignaturePadPoint? = nil
    /// Whether a stroke is being drawn (`_drawingStroke`).
    public private(set) var isDrawing = false
    // Throttle: the time of the last handled move, and a pending trailing call.
    private var lastHandled: Double? = nil
    private var stored = SignaturePadPoint(x: 0, y: 0, time: 0)
    private var pendingTime: Double? = nil

    /// A builder with `options` (read as the library reads them).
    public init(options: SignaturePadOptions = SignaturePadOptions()) {
        self.options = options.effective
        reset()
    }

    /// `_reset`: forgets the stroke's points; velocity 0, width (minWidth + maxWidth)/2.
    public mutating func reset() {
        count = 0
        lastVelocity = 0
        lastWidth = (options.minWidth + options.maxWidth) / 2
    }

    /// `_strokeBegin`: a new stroke (its data group) and its first point.
    public mutating func strokeBegin(_ point: SignaturePadPoint, emit: (SignaturePadOutput) -> Void) {
        isDrawing = true
        lastKept = nil
        lastHandled = nil
        pendingTime = nil
        reset()
        strokeUpdate(point, emit: emit)
    }

    /// A pointer move through the throttle wrapper (handled at once when `throttle` is 0).
    public mutating func strokeMove(_ point: SignaturePadPoint, emit: (SignaturePadOutput) -> Void) {
        guard isDrawing else { return }
        let wait = options.throttle
        guard wait > 0 else { strokeUpdate(point, emit: emit); return }
        firePending(before: point.time, emit: emit)
        let now = point.time
        let remaining = lastHandled.map { wait - (now - $0) } ?? -.infinity
        stored = point
        if remaining <= 0 || remaining > wait {
            pendingTime = nil
            lastHandled = now
            strokeUpdate(point, emit: emit)
        } else if pendingTime == nil {
            pendingTime = now + remaining
        }
    }

    /// `_strokeEnd`: a trailing call due before `point` runs first; then the point is handled
    /// (not throttled) and the stroke ends.
    public mutating func strokeEnd(_ point: SignaturePadPoint, emit: (SignaturePadOutput) -> Void) {
        guard isDrawing else { return }
        firePending(before: point.time, emit: emit)
        pendingTime = nil
        strokeUpdate(point, emit: emit)
        isDrawing = false
    }

    /// Ends the stroke without a point (the terminal event's samples were all handled).
    public mutating func strokeEnd() {
        pendingTime = nil
        isDrawing = false
    }

    /// Runs the pending trailing call if it is due before `time`.
    private mutating func firePending(before time: Double, emit: (SignaturePadOutput) -> Void) {
        guard let due = pendingTime, due < time else { return }
        pendingTime = nil
        lastHandled = due
        strokeUpdate(SignaturePadPoint(x: stored.x, y: stored.y, time: due), delayed: true, emit: emit)
    }

    /// `_strokeUpdate`: the minimum-distance filter, then `_addPoint` and the dot or curve.
    public mutating func strokeUpdate(_ point: SignaturePadPoint, delayed: Bool = false,
                                      emit: (SignaturePadOutput) -> Void) {
        if let last = lastKept, point.distance(to: last) <= options.minDistance { return }
        let first = lastKept == nil
        let curve = addPoint(point)
        lastKept = point
        emit(.kept(point, delayed: delayed))
        if first {
            emit(.dot(point, radius: options.dotRadius))
        } else if let curve {
            emit(.curve(curve))
        }
    }

    /// `_addPoint`: appends `point` to the last points and returns the curve they now make
    /// (from the third point on).
    public mutating func addPoint(_ point: SignaturePadPoint) -> SignaturePadBezier? {
        switch count {
        case 0: q0 = point; count = 1; return nil
        case 1: q1 = point; count = 2; return nil
        case 2:
            // [q0, q1, p] → unshift → [q0, q0, q1, p] → curve q0 → q1 → shift → [q0, q1, p].
            let (start, end) = curveWidths(q0, q1)
            let curve = SignaturePadBezier(q0.location, q0.location, q1.location, point.location,
                                           startWidth: start, endWidth: end)
            q2 = point
            count = 3
            return curve
        default:
            // [q0, q1, q2, p] → curve q1 → q2 → shift → [q1, q2, p].
            let (start, end) = curveWidths(q1, q2)
            let curve = SignaturePadBezier(q0.location, q1.location, q2.location, point.location,
                                           startWidth: start, endWidth: end)
            q0 = q1
            q1 = q2
            q2 = point
            return curve
        }
    }

    /// `_calculateCurveWidths(start, end)`: the filtered velocity and the widths it gives.
    private mutating func curveWidths(_ start: SignaturePadPoint, _ end: SignaturePadPoint) -> (start: Double, end: Double) {
        let w = options.velocityFilterWeight
        let velocity = w * end.velocity(from: start) + (1 - w) * lastVelocity
        // The library's v + 1 is v in px/ms plus 1: v/unitVelocity + 1 in any unit (v/1 is v).
        let newWidth = JSNumber.max(options.maxWidth / (velocity / options.unitVelocity + 1), options.minWidth)
        let widths = (start: lastWidth, end: newWidth)
        lastVelocity = velocity
        lastWidth = newWidth
        return widths
    }

    /// Draws what the library leaves undrawn at the end: the curve to the last kept point,
    /// with that point duplicated as the next one (`_addPoint` of a copy, reported kept). When
    /// `last` (the stroke's final sample) was not kept, it is added first, bypassing the
    /// filter. Not part of the library: StrokeLab's `tail=complete`.
    public mutating func complete(last: SignaturePadPoint?, emit: (SignaturePadOutput) -> Void) {
        if let last, let kept = lastKept, last != kept {
            let curve = addPoint(last)
            lastKept = last
            emit(.kept(last, delayed: false))
            if let curve { emit(.curve(curve)) }
        }
        guard let kept = lastKept, count >= 2 else { return }
        let curve = addPoint(kept)
        emit(.kept(kept, delayed: false))
        if let curve { emit(.curve(curve)) }
    }

    /// `fromData([{points}])` for one group: every point through `_addPoint` (no filter, no
    /// throttle, no dot), returning the curves; a group of one point returns its dot. A
    /// point's time of 0 becomes `now`, as `new Point(…, time || Date.now())` does.
    public static func fromData(_ points: [SignaturePadPoint], options: SignaturePadOptions = SignaturePadOptions(),
                                now: Double) -> [SignaturePadOutput] {
        var builder = SignaturePadCurveBuilder(options: options)
        var out: [SignaturePadOutput] = []
        if points.count > 1 {
            for p in points {
                var q = p
                if q.time == 0 || q.time.isNaN { q.time = now }
                if let curve = builder.addPoint(q) { out.append(.curve(curve)) }
            }
        } else if let p = points.first {
            out.append(.dot(p, radius: builder.options.dotRadius))
        }
        return out
    }
}
