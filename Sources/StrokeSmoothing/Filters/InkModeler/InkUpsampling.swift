/// ink-stroke-modeler's upsampling (google/ink-stroke-modeler `position_modeler.h/.cc`:
/// `NumberOfStepsBetweenInputs`, `UpdateAlongLinearPath`; Apache-2.0, © 2022 Google LLC),
/// re-derived: between two inputs the anchor moves in a straight line at constant speed,
/// and the spring-mass tip is stepped n times along it, so the output is at least
/// `minOutputRate` whatever the input rate.
///
/// Number of steps for inputs at t₀ and t₁ (Δt = t₁ − t₀ rounded to float32, as ink does):
/// - n = ⌈Δt·minOutputRate⌉ (0 for a repeated timestamp, 1 when the input is at least as
///   fast as the output rate), capped at 2³¹ − 1;
/// - with `maxEstimatedAngleToTraversePerInput` θ set, also n ≥ ⌈α/θ⌉, where α is the
///   angle between the tip's velocity v and v + A·Δt, A the spring acceleration towards the
///   new input (the turn one unsubdivided step would make);
/// - n > `maxOutputsPerCall` is an error, as is a non-finite v or v + A·Δt.
/// Step i of n (i = 1…n) puts the anchor at start + (end − start)·(i/n) at time
/// t₀ + (t₁ − t₀)·(i/n) (i/n in float32); the start itself is not re-sent (it was the previous
/// step's end).
enum InkUpsampling {
    /// Why ``numberOfSteps(tip:startTime:end:endTime:sampling:model:)`` refused.
    enum Failure: Error, Hashable, Sendable {
        /// The estimated velocities are not finite.
        case nonFinite
        /// More steps than `maxOutputsPerCall`.
        case tooMany(Int)
    }

    /// The number of steps (outputs) between an input at `startTime` and one at `end`,
    /// `endTime`, for the tip currently at `tip`. O(1).
    static func numberOfSteps(tip: InkTipState, startTime: Double, end: InkVec2, endTime: Double,
                              sampling: InkStrokeModeler.SamplingParameters,
                              model: InkPositionModeler) -> Result<Int, Failure> {
        let floatDelta = Float(endTime - startTime)
        let intMax = Double(Int32.max)
        let raw = (Double(floatDelta) * sampling.minOutputRate).rounded(.up)
        // std::min(raw, INT_MAX): NaN is not expected (times are finite and ordered), but is
        // refused rather than converted.
        guard !raw.isNaN else { return .failure(.nonFinite) }
        var steps = Int(intMax < raw ? intMax : raw)
        let estimatedDeltaV = model.springAcceleration(of: tip, towards: end) * floatDelta
        let estimatedEndV = tip.velocity + estimatedDeltaV
        // ink always computes the angle, but uses it only with the limit set; without it,
        // only the finiteness check matters.
        guard InkMath.isFinite(tip.velocity), InkMath.isFinite(estimatedEndV) else { return .failure(.nonFinite) }
        if let maxAngle = sampling.maxEstimatedAngleToTraversePerInput, maxAngle > 0,
           let angle = InkMath.absoluteAngle(tip.velocity, estimatedEndV) {
            let forAngle = (Double(angle) / maxAngle).rounded(.up)
            let stepsForAngle = Int(intMax < forAngle ? intMax : forAngle)
            if stepsForAngle > steps { steps = stepsForAngle }
        }
        if steps > sampling.maxOutputsPerCall { return .failure(.tooMany(steps)) }
        return .success(steps)
    }
}

/// The anchor's straight path from one input to the next, stepped through a position model
/// (ink's `UpdateAlongLinearPath`): `next(_:)` yields the tip after steps 1…n. A value, so the
/// caller can interleave other work between steps without closures.
struct InkLinearPath: Sendable {
    let start: InkVec2
    let startTime: Double
    let end: InkVec2
    let endTime: Double
    let steps: Int
    private var i = 0

    /// A path of `steps` steps from (`start`, `startTime`) to (`end`, `endTime`).
    init(from start: InkVec2, at startTime: Double, to end: InkVec2, at endTime: Double, steps: Int) {
        self.start = start
        self.startTime = startTime
        self.end = end
        self.endTime = endTime
        self.steps = steps
    }

    /// Advances `model` by the next step and returns its state, or `nil` after the last.
    mutating func next(_ model: inout InkPositionModeler) -> InkTipState? {
        guard i < steps else { return nil }
        i += 1
        let t = Float(i) / Float(steps)
        return model.update(anchor: InkMath.interp(start, end, t), time: InkMath.interp(startTime, endTime, t))
    }
}
