/// An ink-modeler parameter outside its domain, caught when the parameters (or the modeler)
/// are constructed, so no modeler ever runs with them.
///
/// `parameter` is the dotted path of the field in ``InkStrokeModeler/Parameters``, e.g.
/// `wobble.speedCeiling` or `sampling.minOutputRate`; the domains are ink-stroke-modeler's
/// own (`ValidateStrokeModelParams`), plus finiteness everywhere.
public struct InkModelerParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter's dotted path, e.g. `position.dragConstant`.
    public var parameter: String
    /// What is wrong, e.g. `must be > 0, got -1`.
    public var problem: String

    /// Creates the error.
    public init(parameter: String, problem: String) {
        self.parameter = parameter
        self.problem = problem
    }

    /// One line: `ink-modeler: position.dragConstant must be > 0, got -1`.
    public var description: String { "ink-modeler: \(parameter) \(problem)" }

    /// Throws unless `value` is finite (also as a float32, the precision ink computes in)
    /// and `ok(value)` holds; `domain` says what is allowed (`> 0`, `in 0…1`).
    static func check(_ value: Double, _ parameter: String, _ domain: String,
                      _ ok: (Double) -> Bool) throws(InkModelerParameterError) {
        guard value.isFinite, Float(value).isFinite, ok(value) else {
            throw InkModelerParameterError(parameter: parameter, problem: "must be \(domain), got \(value)")
        }
    }
}
