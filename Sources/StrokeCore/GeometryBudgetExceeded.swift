/// A geometric operation refused because its output would exceed its budget: resampling a
/// polyline more finely than ``Polyline/defaultResamplingBudget`` points allow, or
/// flattening a path into more than ``Path/defaultFlatteningBudget`` points.
///
/// Thrown only by the exact (`throws`) variants —
/// ``Polyline/resampled(exactStep:budget:)`` and ``Path/flattened(exactTolerance:budget:)``;
/// the default variants widen the step or the tolerance instead, as documented on them.
public struct GeometryBudgetExceeded: Error, Hashable, Sendable, CustomStringConvertible {
    /// The operation: `resampling` or `flattening`.
    public var what: String
    /// How many points the operation would have produced (`+∞` when not representable).
    public var requested: Double
    /// The most points allowed.
    public var budget: Int

    /// Creates the error.
    public init(what: String, requested: Double, budget: Int) {
        self.what = what
        self.requested = requested
        self.budget = budget
    }

    /// One line, e.g. `resampling would produce 4e+12 points, more than the budget of 1048576`.
    public var description: String {
        let count = requested.isFinite && requested < 1e15 ? String(Int64(requested.rounded(.up))) : "\(requested)"
        return "\(what) would produce \(count) points, more than the budget of \(budget)"
    }
}
