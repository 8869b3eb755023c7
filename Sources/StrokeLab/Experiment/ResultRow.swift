/// One row of `results.csv`: one measurement of one stroke through one pipeline.
public struct ResultRow: Hashable, Sendable {
    /// Dataset name.
    public var dataset: String
    /// Trace name (file name without extension).
    public var trace: String
    /// Stroke id.
    public var stroke: String
    /// Pipeline name: the label as written, or the spec's display name.
    public var pipeline: String
    /// Metric id.
    public var metric: String
    /// Value.
    public var value: Double
    /// Unit.
    public var unit: String

    /// Creates a row.
    public init(dataset: String, trace: String, stroke: String, pipeline: String, metric: String, value: Double, unit: String) {
        self.dataset = dataset
        self.trace = trace
        self.stroke = stroke
        self.pipeline = pipeline
        self.metric = metric
        self.value = value
        self.unit = unit
    }
}
