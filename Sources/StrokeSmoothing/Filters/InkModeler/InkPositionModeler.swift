/// The modeled pen tip at one instant: ink-stroke-modeler's `TipState` (float32 vectors,
/// float64 time).
struct InkTipState: Hashable, Sendable {
    /// Position, trace units.
    var position = InkVec2.zero
    /// Velocity, units/s.
    var velocity = InkVec2.zero
    /// Acceleration, units/s².
    var acceleration = InkVec2.zero
    /// Time, seconds.
    var time: Double = 0
}

/// ink-stroke-modeler's spring-mass position model (google/ink-stroke-modeler
/// `position_modeler.cc`, Apache-2.0, © 2022 Google LLC), re-derived: the pen tip is a mass
/// pulled along by a spring towards a moving anchor (the input), with drag.
///
/// One step to anchor a at time t (Δt = t − t_prev, semi-implicit Euler):
/// - acceleration  A = (a − p)/k − c·v   (k = `springMassConstant`, s²; c = `dragConstant`, 1/s)
/// - velocity      v ← v + Δt·A
/// - position      p ← p + Δt·v          (with the *new* velocity)
/// in float32, Δt widened from float64 as ink does. The reported acceleration is A, the one
/// that produced the step.
///
/// Steady state on a straight line at constant speed u, sampled every Δt: v = u and A = 0,
/// so the anchor leads the *previous* tip position by c·k·u and the output lags the anchor
/// by (c·k − Δt)·u, i.e. c·k − Δt seconds of travel (with ink's k = 11/32400 s² and
/// c = 72/s, c·k = 24.4 ms: 18.9 ms at the default 180 Hz output). The continuous system
/// has natural frequency ω = 1/√k ≈ 54.3 rad/s and damping ratio ζ = c·√k/2 ≈ 0.66
/// (under-damped), which is why the end-of-stroke catch-up can overshoot and halves its
/// step when it does (``InkEndOfStrokeCatchUp``).
///
/// O(1) per step, no allocation; a value type, so copying it saves the state (ink's
/// `Save`/`Restore`).
struct InkPositionModeler: Sendable {
    /// The current tip state.
    var state = InkTipState()
    private let springMassConstant: Float
    private let dragConstant: Float

    /// Creates the model at rest at the origin; ``reset(_:)`` places it.
    init(_ parameters: InkStrokeModeler.PositionParameters) {
        self.init(springMassConstant: Float(parameters.springMassConstant), dragConstant: Float(parameters.dragConstant))
    }

    /// Creates the model from raw constants (k in s², c in 1/s), unvalidated: ink's own
    /// tests probe the model with a zero drag, which its parameter validation refuses.
    init(springMassConstant: Float, dragConstant: Float) {
        self.springMassConstant = springMassConstant
        self.dragConstant = dragConstant
    }

    /// Places the tip (ink's `Reset(state, params)`).
    mutating func reset(_ state: InkTipState) {
        self.state = state
    }

    /// The spring-and-drag acceleration of `tip` towards `anchor`: (a − p)/k − c·v.
    @inline(__always)
    func springAcceleration(of tip: InkTipState, towards anchor: InkVec2) -> InkVec2 {
        (anchor - tip.position) / springMassConstant - dragConstant * tip.velocity
    }

    /// Advances the tip towards `anchor` to `time`; returns the new state.
    @discardableResult
    mutating func update(anchor: InkVec2, time: Double) -> InkTipState {
        let deltaTime = Float(time - state.time)
        state.acceleration = springAcceleration(of: state, towards: anchor)
        state.velocity += deltaTime * state.acceleration
        state.position += deltaTime * state.velocity
        state.time = time
        return state
    }
}
