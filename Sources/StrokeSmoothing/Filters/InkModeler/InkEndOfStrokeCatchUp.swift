/// ink-stroke-modeler's end-of-stroke modeling (google/ink-stroke-modeler `position_modeler.h`,
/// `ModelEndOfStroke`; Apache-2.0, © 2022 Google LLC), re-derived: with the anchor held at
/// the last input, the spring-mass tip is stepped on until it arrives, so the drawn stroke
/// ends where the pen lifted instead of a spring-lag short of it.
///
/// Each iteration (at most `endOfStrokeMaxIterations`, discarded ones included), from tip
/// state s with step h (initially 1/`minOutputRate`):
/// 1. candidate c = s stepped towards the anchor to time s.t + h;
/// 2. if |c − s| < `endOfStrokeStoppingDistance`: stop (no progress left), c is dropped;
/// 3. if the point of segment s→c nearest the anchor is before c (parameter < 1): the step
///    overshot; discard c, restore s, halve h, retry;
/// 4. otherwise emit c; stop if |c − anchor| < `endOfStrokeStoppingDistance`.
/// The same routine is ink's `StrokeEndPredictor` (``InkStrokeEndPredictor``).
///
/// A value, stepped by ``next(_:)``: O(1) per iteration, no allocation.
struct InkEndOfStrokeCatchUp: Sendable {
    let anchor: InkVec2
    private(set) var deltaTime: Double
    let maxIterations: Int
    let stopDistance: Float
    private var iteration = 0
    private var finished = false

    /// A catch-up towards `anchor` with initial step `deltaTime` seconds.
    init(anchor: InkVec2, deltaTime: Double, maxIterations: Int, stopDistance: Float) {
        self.anchor = anchor
        self.deltaTime = deltaTime
        self.maxIterations = maxIterations
        self.stopDistance = stopDistance
    }

    /// The catch-up `sampling` prescribes towards `anchor`.
    init(anchor: InkVec2, sampling: InkStrokeModeler.SamplingParameters) {
        self.init(anchor: anchor, deltaTime: 1 / sampling.minOutputRate,
                  maxIterations: sampling.endOfStrokeMaxIterations,
                  stopDistance: Float(sampling.endOfStrokeStoppingDistance))
    }

    /// Advances `model` to the next kept state and returns it, or `nil` when done. As in ink,
    /// a final no-progress candidate (rule 2) is dropped but stays in `model`, so after an
    /// empty catch-up the model's time has still moved on by one step.
    mutating func next(_ model: inout InkPositionModeler) -> InkTipState? {
        while !finished && iteration < maxIterations {
            iteration += 1
            let previous = model.state
            let candidate = model.update(anchor: anchor, time: previous.time + deltaTime)
            if InkMath.distance(previous.position, candidate.position) < stopDistance {
                finished = true
                return nil
            }
            if InkMath.nearestPointOnSegment(previous.position, candidate.position, anchor) < 1 {
                deltaTime *= 0.5
                model.state = previous
                continue
            }
            if InkMath.distance(candidate.position, anchor) < stopDistance { finished = true }
            return candidate
        }
        return nil
    }
}
