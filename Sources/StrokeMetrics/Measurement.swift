/// One measured value of one metric: a row of `results.csv` without its dataset, trace,
/// stroke and pipeline columns.
public struct Measurement: Hashable, Sendable {
    /// Stable dotted lower-case id, e.g. `fidelity.mean`, `prediction.error_mean@16ms`.
    public var metric: String
    /// The value (finite).
    public var value: Double
    /// Its unit: `units` (trace units), `mm`, `ms`, `count`, `ratio`, `1/units`, … or `""`.
    public var unit: String

    /// Creates a measurement.
    public init(_ metric: String, _ value: Double, _ unit: String) {
        self.metric = metric
        self.value = value
        self.unit = unit
    }
}
