import StrokeIO

/// Per-frame lag of strokes through pipelines, the data of figure (d), as a tidy CSV
/// (`lag_frames.csv`): columns exactly `dataset,trace,stroke,pipeline,time_s,lag_ms`, one
/// row per visible frame, `time_s` in seconds from the stroke's start.
public struct LagFramesTable: Hashable, Sendable, CSVReadable {
    /// The header, exactly.
    public static let columns = ["dataset", "trace", "stroke", "pipeline", "time_s", "lag_ms"]

    /// One row.
    public struct Row: Hashable, Sendable {
        /// Dataset name.
        public var dataset: String
        /// Trace name.
        public var trace: String
        /// Stroke id.
        public var stroke: String
        /// Pipeline label.
        public var pipeline: String
        /// Seconds from the stroke's start.
        public var time: Double
        /// Lag in ms.
        public var lagMilliseconds: Double
        /// Creates a row.
        public init(dataset: String, trace: String, stroke: String, pipeline: String, time: Double, lagMilliseconds: Double) {
            self.dataset = dataset
            self.trace = trace
            self.stroke = stroke
            self.pipeline = pipeline
            self.time = time
            self.lagMilliseconds = lagMilliseconds
        }
    }

    /// Rows in file order.
    public var rows: [Row]

    /// Wraps rows.
    public init(rows: [Row]) { self.rows = rows }

    /// Builds the table from parsed CSV, checking the header and every number.
    public init(csv table: CSVTable, file: String) throws(TraceFileError) {
        try table.requireHeader(LagFramesTable.columns, file: file)
        var rows: [Row] = []
        for r in table.rows {
            let f = r.fields
            rows.append(Row(dataset: f[0], trace: f[1], stroke: f[2], pipeline: f[3],
                            time: try CSVTable.number(f[4], file: file, line: r.line, column: "time_s"),
                            lagMilliseconds: try CSVTable.number(f[5], file: file, line: r.line, column: "lag_ms")))
        }
        self.rows = rows
    }

    /// The CSV text (numbers in their shortest round-trip form; labels quoted when needed).
    public var csvText: String {
        CSVTable.text(header: Self.columns, rows: rows.map {
            [$0.dataset, $0.trace, $0.stroke, $0.pipeline, CSVTable.number($0.time), CSVTable.number($0.lagMilliseconds)]
        })
    }

    /// Stroke ids in first-appearance order.
    public var strokes: [String] { SummaryTable.ordered(rows.map(\.stroke)) }

    /// One ``LagSeries`` per pipeline for `stroke` (and `trace` when given).
    public func series(stroke: String, trace: String? = nil) -> [LagSeries] {
        let chosen = rows.filter { $0.stroke == stroke && (trace == nil || $0.trace == trace) }
        return SummaryTable.ordered(chosen.map(\.pipeline)).map { p in
            let r = chosen.filter { $0.pipeline == p }
            return LagSeries(pipeline: p, times: r.map(\.time), lagMilliseconds: r.map(\.lagMilliseconds))
        }
    }
}
