/// A bad input to ``InkStrokeModeler/update(_:into:)``: thrown before anything is modeled,
/// so the modeler's state and the caller's results are unchanged and the stroke can go on
/// with a corrected input. ink-stroke-modeler returns the same conditions as
/// `absl::Status` errors; `description` is one line.
public enum InkModelerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Time or a position coordinate is NaN or infinite (position also as float32).
    case nonFiniteInput(field: String, time: Double)
    /// Pressure, tilt or orientation is NaN, infinite or negative (`nil` means "not reported").
    case invalidStylusValue(field: String, value: Double, time: Double)
    /// The input equals the previous one in every field (ink rejects it).
    case duplicateInput(time: Double)
    /// The input is earlier than the previous input of the stroke.
    case timeWentBackwards(time: Double, previous: Double)
    /// A `move` or `up` came with no stroke in progress.
    case noStrokeInProgress(InkModelerInput.EventType, time: Double)
    /// A `down` came while a stroke is in progress.
    case strokeAlreadyInProgress(time: Double)
    /// The input is so far after the previous one that upsampling would produce more than
    /// ``InkStrokeModeler/SamplingParameters/maxOutputsPerCall`` results.
    case tooManyOutputs(requested: Int, limit: Int, time: Double)
    /// The modeled tip state would become non-finite (enormous coordinates or time steps).
    case nonFiniteState(time: Double)

    /// One line, e.g. `ink-modeler: input at t = 0.9 s is before the previous input (t = 1 s)`.
    public var description: String {
        switch self {
        case let .nonFiniteInput(field, time):
            return "ink-modeler: input at t = \(time) s has a non-finite \(field)"
        case let .invalidStylusValue(field, value, time):
            return "ink-modeler: input at t = \(time) s has \(field) \(value); it must be finite and ≥ 0, or absent"
        case let .duplicateInput(time):
            return "ink-modeler: input at t = \(time) s repeats the previous input exactly"
        case let .timeWentBackwards(time, previous):
            return "ink-modeler: input at t = \(time) s is before the previous input (t = \(previous) s)"
        case let .noStrokeInProgress(type, time):
            return "ink-modeler: \(type.rawValue) input at t = \(time) s with no stroke in progress (a stroke starts with down)"
        case let .strokeAlreadyInProgress(time):
            return "ink-modeler: down input at t = \(time) s while a stroke is in progress (end it with up, or reset)"
        case let .tooManyOutputs(requested, limit, time):
            return "ink-modeler: input at t = \(time) s is too far after the previous one: \(requested) outputs > sampling.maxOutputsPerCall \(limit)"
        case let .nonFiniteState(time):
            return "ink-modeler: input at t = \(time) s would make the modeled state non-finite (coordinates too large)"
        }
    }
}
