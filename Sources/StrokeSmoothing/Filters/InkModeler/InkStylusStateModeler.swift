/// Pressure, tilt and orientation of one raw input, float32, negative = unknown (ink's
/// `StylusState`).
struct InkStylusState: Hashable, Sendable {
    var pressure: Float = -1
    var tilt: Float = -1
    var orientation: Float = -1
}

/// ink-stroke-modeler's stylus-state modeler (google/ink-stroke-modeler
/// `stylus_state_modeler.cc`, Apache-2.0, © 2022 Google LLC), re-derived: it carries the
/// pressure, tilt and orientation of the raw inputs over to the modeled points.
///
/// The raw inputs (wobble-corrected positions) form a polyline; each stores its stylus state
/// and finite-difference velocity vᵢ = (pᵢ − pᵢ₋₁)/(tᵢ − tᵢ₋₁) and acceleration
/// (vᵢ − vᵢ₋₁)/(tᵢ − tᵢ₋₁) (zero for the first, or at a repeated timestamp). A modeled tip is
/// projected onto the polyline:
/// - default: the closest point (the last of equally close ones);
/// - with `useStrokeNormalProjection`: where the line through the tip along the stroke
///   normal (``InkMath/strokeNormal(_:previousTime:)``) crosses it — the closest crossing on
///   each side; with crossings on both sides the one on the outside of the turn (opposite
///   the tip's acceleration); an exact hit wins; none keeps the previous projection.
/// The projection never moves backwards along the polyline, and segments before it are
/// discarded. The result interpolates the segment's two raw inputs at the projection
/// (orientation the short way round), with the tip's time; a field that any input of the
/// stroke lacked is unknown (−1). Once all three are unknown (and normal projection is off)
/// the polyline is no longer kept and results carry only the tip.
///
/// Projection scans the segments kept (from the last projection on): O(k) per modeled point,
/// where k is small in practice because the tip follows the input. The polyline lives in a
/// sliding window preallocated for 32 inputs and grown by doubling when needed.
///
/// Read positions are explicit ``Cursor``s, so a prediction can project onto the polyline
/// without modifying or copying it (``project(_:normal:cursor:)``), and the modeler commits
/// the cursor after real updates (``commit(_:)``).
struct InkStylusStateModeler: Sendable {
    /// Where the last projection fell: segment (from the cursor's base) and ratio along it.
    struct Projection: Hashable, Sendable {
        var segmentIndex = 0
        var ratio: Float = 0
    }

    /// A read position: inputs before `base` count as discarded; `projection` is relative to it.
    struct Cursor: Hashable, Sendable {
        var base = 0
        var projection = Projection()
    }

    /// A raw input of the polyline with the segment that ends at it, from the previous input:
    /// `segment` = position − previous position and `lengthSquared` = segment·segment, in
    /// float32 as the closest-point scan computes them, and whether the two positions are
    /// equal (zero for a stroke's first input). Stored once per input instead of recomputed
    /// by every scan that crosses the segment.
    struct Input: Sendable {
        var state = InkFloatResult()
        var segment = InkVec2.zero
        var lengthSquared: Float = 0
        var isPointSegment = true
    }

    let useStrokeNormalProjection: Bool
    private(set) var states = InkSlidingWindow(capacity: 32, filler: Input())
    /// The committed read position (its base is always 0 between calls).
    private(set) var cursor = Cursor()
    private var unknownPressure = false
    private var unknownTilt = false
    private var unknownOrientation = false

    /// Creates an empty modeler.
    init(_ parameters: InkStrokeModeler.StylusParameters) {
        useStrokeNormalProjection = parameters.useStrokeNormalProjection
    }

    /// Forgets the polyline and the unknown-field flags (keeps the storage).
    mutating func reset() {
        states.removeAll()
        cursor = Cursor()
        unknownPressure = false
        unknownTilt = false
        unknownOrientation = false
    }

    /// Adds a raw input at `position`, `time` with stylus `state`.
    mutating func update(position: InkVec2, time: Double, state: InkStylusState) {
        if state.pressure < 0 || state.pressure.isNaN { unknownPressure = true }
        if state.tilt < 0 || state.tilt.isNaN { unknownTilt = true }
        if state.orientation < 0 || state.orientation.isNaN { unknownOrientation = true }
        if !useStrokeNormalProjection && unknownPressure && unknownTilt && unknownOrientation {
            states.removeAll()
            return
        }
        var velocity = InkVec2.zero
        var acceleration = InkVec2.zero
        var input = Input()
        if !states.isEmpty {
            let start = states.last.state.position
            input.segment = position - start
            input.lengthSquared = InkMath.dot(input.segment, input.segment)
            input.isPointSegment = start == position
        }
        if !states.isEmpty && time != states.last.state.time {
            let previous = states.last.state
            let dt = Float(time - previous.time)
            velocity = (position - previous.position) / dt
            acceleration = (velocity - previous.velocity) / dt
        }
        input.state = InkFloatResult(position: position, velocity: velocity, acceleration: acceleration,
                                     time: time, pressure: state.pressure, tilt: state.tilt,
                                     orientation: state.orientation)
        states.append(input)
    }

    /// Projects `tip` from the committed cursor and commits (ink's `Project`).
    mutating func project(_ tip: InkTipState, normal: InkVec2?) -> InkFloatResult {
        var c = cursor
        let result = project(tip, normal: normal, cursor: &c)
        commit(c)
        return result
    }

    /// Discards the inputs before `cursor`'s base: makes `cursor` the committed position.
    mutating func commit(_ cursor: Cursor) {
        states.removeFirst(Swift.min(cursor.base, states.count))
        self.cursor = Cursor(base: 0, projection: cursor.projection)
    }

    /// Projects `tip` onto the polyline from `cursor` (advancing it) without modifying the
    /// modeler. With no input kept, the unknown state (all −1, time 0) as in ink. Transparent,
    /// so it is inlined in each loop that emits results (`@inline(__always)` was not always).
    @_transparent
    func project(_ tip: InkTipState, normal: InkVec2?, cursor: inout Cursor) -> InkFloatResult {
        guard states.count > cursor.base else { return InkFloatResult() }
        let projection: Projection
        if useStrokeNormalProjection, let normal {
            projection = projectAlongNormal(tip.position, tip.acceleration, normal, cursor)
        } else {
            projection = projectToClosestPoint(tip.position, cursor)
        }
        cursor.base += projection.segmentIndex
        cursor.projection = Projection(segmentIndex: 0, ratio: projection.ratio)
        let base = cursor.base
        var result = states.count - base > 1
            ? InkFloatResult.interpolate(states[base].state, states[base + 1].state, projection.ratio)
            : states[base].state
        result.time = tip.time
        if unknownPressure { result.pressure = -1 }
        if unknownTilt { result.tilt = -1 }
        if unknownOrientation { result.orientation = -1 }
        return result
    }

    @inline(__always)
    private func projectToClosestPoint(_ position: InkVec2, _ cursor: Cursor) -> Projection {
        let previous = cursor.projection
        // One pass over the contiguous window from the cursor on; each segment's end is the
        // next one's start. Written per component with the segment stored at its end input:
        // the same float operations, in the same order, as `InkMath.nearestPointOnSegment`,
        // `InkMath.interp` and `InkMath.distance` on the vectors (a squared length that is
        // not below infinity — infinite or NaN — goes to `hypotf`, as in `InkMath.magnitude`).
        return states.withElements(from: cursor.base) { polyline in
            guard polyline.count > 1, let base = polyline.baseAddress else { return previous }
            let px = position.x, py = position.y
            var bestIndex = -1
            var bestRatio: Float = 0
            var minDistance = Float.infinity
            var sx = base[0].state.position.x, sy = base[0].state.position.y
            for i in 1..<polyline.count {
                let end = base[i]
                let ex = end.state.position.x, ey = end.state.position.y
                let dx = end.segment.x, dy = end.segment.y
                var ratio: Float = 0
                if !end.isPointSegment {
                    ratio = InkMath.clamp01(((px - sx) * dx + (py - sy) * dy) / end.lengthSquared)
                }
                if i - 1 != previous.segmentIndex || !(ratio < previous.ratio) {
                    let ox = Double(sx + dx * ratio - px), oy = Double(sy + dy * ratio - py)
                    let squares = ox * ox + oy * oy
                    let distance = squares < .infinity
                        ? Float(squares.squareRoot())
                        : InkMath.distance(position, InkVec2(sx + dx * ratio, sy + dy * ratio))
                    if distance <= minDistance {
                        bestIndex = i - 1
                        bestRatio = ratio
                        minDistance = distance
                    }
                }
                sx = ex
                sy = ey
            }
            return bestIndex < 0 ? previous : Projection(segmentIndex: bestIndex, ratio: bestRatio)
        }
    }

    private func projectAlongNormal(_ position: InkVec2, _ acceleration: InkVec2, _ normal: InkVec2,
                                    _ cursor: Cursor) -> Projection {
        let previous = cursor.projection
        return states.withElements(from: cursor.base) { polyline in
            var bestLeft: Projection?, bestRight: Projection?
            var leftDistance = Float.infinity, rightDistance = Float.infinity
            let segments = polyline.count - 1
            var i = previous.segmentIndex
            while i < segments {
                defer { i += 1 }
                let start = polyline[i].state.position
                let end = polyline[i + 1].state.position
                guard let ratio = InkMath.projectToSegmentAlongNormal(start, end, position, normal) else { continue }
                if i == previous.segmentIndex && ratio <= previous.ratio { continue }
                let point = InkMath.interp(start, end, ratio)
                let distance = InkMath.distance(position, point)
                let candidate = Projection(segmentIndex: i, ratio: ratio)
                let side = InkMath.dot(point - position, normal)
                if side == 0 {
                    return candidate
                } else if side < 0 {
                    if distance < rightDistance { bestRight = candidate; rightDistance = distance }
                } else {
                    if distance < leftDistance { bestLeft = candidate; leftDistance = distance }
                }
            }
            if let bestLeft, let bestRight {
                // The acceleration points to the inside of the turn; the normal points left.
                return InkMath.dot(normal, acceleration) > 0 ? bestRight : bestLeft
            }
            return bestRight ?? bestLeft ?? previous
        }
    }
}
