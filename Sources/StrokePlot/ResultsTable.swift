import StrokeIO

/// One row of `results.csv`: one measurement of one stroke through one pipeline.
public struct ResultRow: Hashable, Sendable {
    /// Dataset name.
    public var dataset: String
    /// Trace (file) name.
    public var trace: String
    /// Stroke id.
    public var stroke: String
    /// Pipeline label as the user wrote it.
    public var pipeline: String
    /// Metric id, e.g. `lag.mean_ms`.
    public var metric: String
    /// The value (NaN when the table had none).
    public var value: Double
    /// Unit, e.g. `ms`, `pt`, `1`.
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

/// The tidy `results.csv` table (DESIGN.md): columns exactly
/// `dataset,trace,stroke,pipeline,metric,value,unit`.
public struct ResultsTable: Hashable, Sendable {
    /// The header, exactly.
    public static let columns = ["dataset", "trace", "stroke", "pipeline", "metric", "value", "unit"]

    /// The rows in file order.
    public var rows: [ResultRow]

    /// Wraps rows.
    public init(rows: [ResultRow]) { self.rows = rows }

    /// Reads `path`; errors name the file and line.
    public init(path: String) throws(PlotError) {
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path) } catch { throw PlotError(.io, error.description) }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Parses CSV text; `file` names it in errors.
    public init(parsing text: String, file: String) throws(PlotError) {
        let table = try CSVTable(parsing: text, file: file)
        try table.requireHeader(ResultsTable.columns, file: file)
        var rows: [ResultRow] = []
        rows.reserveCapacity(table.rows.count)
        for r in table.rows {
            let f = r.fields
            rows.append(ResultRow(dataset: f[0], trace: f[1], stroke: f[2], pipeline: f[3], metric: f[4],
                                  value: try CSVTable.number(f[5], file: file, line: r.line, column: "value"), unit: f[6]))
        }
        self.rows = rows
    }

    /// Summarises rows per dataset × pipeline × metric when no `summary.csv` is at hand:
    /// mean, median, p95 (nearest rank), min, max, and a normal-approximation 95% interval
    /// of the mean, mean ± 1.96·s/√n (NaN bounds when n < 2). `summary.csv`'s bootstrap
    /// interval is preferred when available. NaN values are left out. Order: first appearance.
    public func summarised() -> SummaryTable {
        struct Key: Hashable { var dataset, pipeline, metric: String }
        var order: [Key] = []
        var groups: [Key: (unit: String, values: [Double])] = [:]
        for r in rows where !r.value.isNaN {
            let k = Key(dataset: r.dataset, pipeline: r.pipeline, metric: r.metric)
            if groups[k] == nil { order.append(k); groups[k] = (r.unit, []) }
            groups[k]!.values.append(r.value)
        }
        let summary: [SummaryRow] = order.map { k in
            let g = groups[k]!
            let v = g.values.sorted()
            let n = v.count
            let mean = v.reduce(0, +) / Double(n)
            let median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2
            let p95 = v[max(0, Int((0.95 * Double(n)).rounded(.up)) - 1)]
            var low = Double.nan, high = Double.nan
            if n >= 2 {
                let variance = v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(n - 1)
                let half = 1.96 * (variance / Double(n)).squareRoot()
                low = mean - half
                high = mean + half
            }
            return SummaryRow(dataset: k.dataset, pipeline: k.pipeline, metric: k.metric, unit: g.unit, n: n,
                              mean: mean, median: median, p95: p95, min: v[0], max: v[n - 1], ciLow: low, ciHigh: high)
        }
        return SummaryTable(rows: summary)
    }
}
