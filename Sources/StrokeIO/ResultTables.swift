
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
    /// Metric id, e.g. `lag.mean_ms`.
    public var metric: String
    /// The value (NaN when a table read back had none).
    public var value: Double
    /// Unit, e.g. `ms`, `units`, `ratio`.
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

/// One row of `summary.csv`: descriptive statistics of one dataset × pipeline × metric.
public struct SummaryRow: Hashable, Sendable {
    /// Dataset name.
    public var dataset: String
    /// Pipeline name (label as written, or display name).
    public var pipeline: String
    /// Metric id.
    public var metric: String
    /// Unit of the metric.
    public var unit: String
    /// Number of values.
    public var n: Int
    /// Arithmetic mean.
    public var mean: Double
    /// Median (type 7).
    public var median: Double
    /// 95th percentile (type 7).
    public var p95: Double
    /// Smallest value.
    public var min: Double
    /// Largest value.
    public var max: Double
    /// Lower bound of the 95% confidence interval of the mean (a seeded bootstrap resampling
    /// traces when written by `strokelab run`); NaN — an empty field — when there is no
    /// interval (one value, or one trace).
    public var ciLow: Double
    /// Upper bound of that interval.
    public var ciHigh: Double

    /// Creates a row.
    public init(dataset: String, pipeline: String, metric: String, unit: String, n: Int, mean: Double, median: Double,
                p95: Double, min: Double, max: Double, ciLow: Double, ciHigh: Double) {
        self.dataset = dataset
        self.pipeline = pipeline
        self.metric = metric
        self.unit = unit
        self.n = n
        self.mean = mean
        self.median = median
        self.p95 = p95
        self.min = min
        self.max = max
        self.ciLow = ciLow
        self.ciHigh = ciHigh
    }
}

/// The tidy `results.csv` table (DESIGN.md): columns `dataset,trace,stroke,pipeline,metric,
/// value,unit`, then the swept parameters when a sweep made some pipelines
/// (``ParameterColumns``).
public struct ResultsTable: Hashable, Sendable, CSVReadable {
    /// The standard header.
    public static let columns = ["dataset", "trace", "stroke", "pipeline", "metric", "value", "unit"]

    /// The rows in order.
    public var rows: [ResultRow]
    /// The swept parameters' columns (none without sweeps).
    public var parameters: ParameterColumns

    /// Wraps rows.
    public init(rows: [ResultRow], parameters: ParameterColumns = ParameterColumns()) {
        self.rows = rows
        self.parameters = parameters
    }

    /// Builds the table from parsed CSV, checking the header and every number.
    public init(csv table: CSVTable, file: String) throws(TraceFileError) {
        parameters = try ParameterColumns.parse(table, standard: Self.columns, pipelineColumn: 3, file: file)
        var rows: [ResultRow] = []
        rows.reserveCapacity(table.rows.count)
        for r in table.rows {
            let f = r.fields
            rows.append(ResultRow(dataset: f[0], trace: f[1], stroke: f[2], pipeline: f[3], metric: f[4],
                                  value: try CSVTable.number(f[5], file: file, line: r.line, column: "value"), unit: f[6]))
        }
        self.rows = rows
    }

    /// The CSV text (deterministic: shortest round-trip numbers, RFC 4180 quoting): the
    /// text of ``csvUTF8``.
    public var csvText: String { String(decoding: csvUTF8, as: UTF8.self) }

    /// The CSV text's UTF-8 bytes, what `results.csv` holds. Written row by row into one
    /// buffer (the same text as ``CSVTable/text(header:rows:)`` of the rows' fields, without
    /// building them; a field's bytes are copied as they are unless it needs quotes,
    /// ``CSVTable/field(_:)``): O(rows).
    public var csvUTF8: [UInt8] {
        var out = Array(CSVTable.text(header: Self.columns + parameters.names, rows: []).utf8)
        out.reserveCapacity(out.count + rows.count * 96)
        // Per pipeline, its parameter cells as the end of its lines (",v1,v2"; "" without sweeps).
        var tails: [String: String] = [:]
        func put(_ text: String, then separator: UInt8? = UInt8(ascii: ",")) {
            if CSVTable.needsQuotes(text) {
                out.append(contentsOf: CSVTable.field(text).utf8)
            } else {
                out.append(contentsOf: text.utf8)
            }
            if let separator { out.append(separator) }
        }
        for r in rows {
            put(r.dataset)
            put(r.trace)
            put(r.stroke)
            put(r.pipeline)
            put(r.metric)
            put(CSVTable.number(r.value))
            put(r.unit, then: nil)
            if !parameters.names.isEmpty {
                if tails[r.pipeline] == nil {
                    tails[r.pipeline] = parameters.cells(r.pipeline).map { "," + CSVTable.field($0) }.joined()
                }
                out.append(contentsOf: tails[r.pipeline]!.utf8)
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }
}

/// The `summary.csv` table (DESIGN.md): columns
/// `dataset,pipeline,metric,unit,n,mean,median,p95,min,max,ci_low,ci_high`, then the swept
/// parameters when a sweep made some pipelines (``ParameterColumns``).
public struct SummaryTable: Hashable, Sendable, CSVReadable {
    /// The standard header.
    public static let columns = ["dataset", "pipeline", "metric", "unit", "n", "mean", "median", "p95", "min", "max", "ci_low", "ci_high"]

    /// The rows in order.
    public var rows: [SummaryRow]
    /// The swept parameters' columns (none without sweeps).
    public var parameters = ParameterColumns()

    /// Wraps rows.
    public init(rows: [SummaryRow], parameters: ParameterColumns = ParameterColumns()) {
        self.rows = rows
        self.parameters = parameters
    }

    /// Builds the table from parsed CSV, checking the header and every number.
    public init(csv table: CSVTable, file: String) throws(TraceFileError) {
        parameters = try ParameterColumns.parse(table, standard: Self.columns, pipelineColumn: 1, file: file)
        var rows: [SummaryRow] = []
        for r in table.rows {
            let f = r.fields
            func num(_ i: Int) throws(TraceFileError) -> Double {
                try CSVTable.number(f[i], file: file, line: r.line, column: Self.columns[i])
            }
            guard let n = Int(f[4].trimmingSpaces), n >= 0 else {
                throw TraceFileError(file: file, line: r.line, problem: "column n: '\(f[4])' is not a count")
            }
            rows.append(SummaryRow(dataset: f[0], pipeline: f[1], metric: f[2], unit: f[3], n: n,
                                   mean: try num(5), median: try num(6), p95: try num(7), min: try num(8),
                                   max: try num(9), ciLow: try num(10), ciHigh: try num(11)))
        }
        self.rows = rows
    }

    /// The CSV text (deterministic).
    public var csvText: String {
        let n: (Double) -> String = CSVTable.number
        return CSVTable.text(header: Self.columns + parameters.names, rows: rows.map {
            [$0.dataset, $0.pipeline, $0.metric, $0.unit, String($0.n), n($0.mean), n($0.median), n($0.p95), n($0.min),
             n($0.max), n($0.ciLow), n($0.ciHigh)] + parameters.cells($0.pipeline)
        })
    }

    /// The row for a dataset, pipeline and metric, if present.
    public func row(dataset: String, pipeline: String, metric: String) -> SummaryRow? {
        rows.first { $0.dataset == dataset && $0.pipeline == pipeline && $0.metric == metric }
    }

    /// Datasets in first-appearance order.
    public var datasets: [String] { Self.ordered(rows.map(\.dataset)) }
    /// Pipelines in first-appearance order.
    public var pipelines: [String] { Self.ordered(rows.map(\.pipeline)) }

    /// The unit of a metric (first row that has it), or "".
    public func unit(of metric: String) -> String { rows.first { $0.metric == metric }?.unit ?? "" }

    /// Distinct values in first-appearance order.
    public static func ordered(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.filter { seen.insert($0).inserted }
    }
}
