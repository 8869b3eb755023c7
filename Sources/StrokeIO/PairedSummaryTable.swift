/// One row of `summary_paired.csv`: two pipelines compared on the same strokes of a dataset
/// and input kind, for one metric.
public struct PairedSummaryRow: Hashable, Sendable {
    /// Dataset name.
    public var dataset: String
    /// Input kind of the strokes (`stylus`, `finger`, `mouse`; empty when unknown).
    public var kind: String
    /// Metric id.
    public var metric: String
    /// Unit of the metric.
    public var unit: String
    /// The pipeline compared.
    public var pipeline: String
    /// The pipeline it is compared with (itself on the baseline's own row).
    public var baseline: String
    /// Strokes compared: those every pipeline reporting the metric on the dataset × kind measured.
    public var n: Int
    /// Traces those strokes come from (the bootstrap's clusters).
    public var traces: Int
    /// The pipeline's mean over those strokes.
    public var mean: Double
    /// Lower bound of the 95% interval of that mean (NaN: no interval).
    public var ciLow: Double
    /// Upper bound of that interval.
    public var ciHigh: Double
    /// The pipeline's median over those strokes (type 7).
    public var median: Double
    /// The baseline's mean over the same strokes.
    public var baselineMean: Double
    /// Mean of the per-stroke differences pipeline − baseline.
    public var difference: Double
    /// Lower bound of the paired 95% interval of the difference (NaN: no interval).
    public var differenceLow: Double
    /// Upper bound of that interval.
    public var differenceHigh: Double

    /// Creates a row.
    public init(dataset: String, kind: String, metric: String, unit: String, pipeline: String, baseline: String, n: Int,
                traces: Int, mean: Double, ciLow: Double, ciHigh: Double, median: Double, baselineMean: Double,
                difference: Double, differenceLow: Double, differenceHigh: Double) {
        self.dataset = dataset
        self.kind = kind
        self.metric = metric
        self.unit = unit
        self.pipeline = pipeline
        self.baseline = baseline
        self.n = n
        self.traces = traces
        self.mean = mean
        self.ciLow = ciLow
        self.ciHigh = ciHigh
        self.median = median
        self.baselineMean = baselineMean
        self.difference = difference
        self.differenceLow = differenceLow
        self.differenceHigh = differenceHigh
    }

    /// Whether the paired interval of the difference lies strictly on one side of 0.
    public var differenceExcludesZero: Bool {
        differenceLow.isFinite && differenceHigh.isFinite && (differenceLow > 0 || differenceHigh < 0)
    }
}

/// The `summary_paired.csv` table: per dataset × input kind × metric, every pipeline on the
/// strokes all pipelines measured (its mean with a 95% interval, and its median), and every pair
/// of pipelines' paired difference with its interval. Columns exactly
/// `dataset,kind,metric,unit,pipeline,baseline,n,traces,mean,ci_low,ci_high,median,baseline_mean,difference,difference_ci_low,difference_ci_high`.
/// Empty interval fields mean no interval (one trace, or one stroke). For a log-ratio metric
/// (`…_log_ratio`) the mean is the log of the geometric mean and the difference the log of the
/// ratio of the two: exp() of them is what the report shows.
public struct PairedSummaryTable: Hashable, Sendable, CSVReadable {
    /// The header, exactly.
    public static let columns = ["dataset", "kind", "metric", "unit", "pipeline", "baseline", "n", "traces", "mean", "ci_low",
                                 "ci_high", "median", "baseline_mean", "difference", "difference_ci_low", "difference_ci_high"]

    /// The rows in order.
    public var rows: [PairedSummaryRow]

    /// Wraps rows.
    public init(rows: [PairedSummaryRow]) { self.rows = rows }

    /// Builds the table from parsed CSV, checking the header and every number.
    public init(csv table: CSVTable, file: String) throws(TraceFileError) {
        try table.requireHeader(Self.columns, file: file)
        var rows: [PairedSummaryRow] = []
        for r in table.rows {
            let f = r.fields
            func num(_ i: Int) throws(TraceFileError) -> Double {
                try CSVTable.number(f[i], file: file, line: r.line, column: Self.columns[i])
            }
            func count(_ i: Int) throws(TraceFileError) -> Int {
                guard let v = Int(f[i].trimmingSpaces), v >= 0 else {
                    throw TraceFileError(file: file, line: r.line, problem: "column \(Self.columns[i]): '\(f[i])' is not a count")
                }
                return v
            }
            rows.append(PairedSummaryRow(dataset: f[0], kind: f[1], metric: f[2], unit: f[3], pipeline: f[4], baseline: f[5],
                                         n: try count(6), traces: try count(7), mean: try num(8), ciLow: try num(9),
                                         ciHigh: try num(10), median: try num(11), baselineMean: try num(12),
                                         difference: try num(13), differenceLow: try num(14), differenceHigh: try num(15)))
        }
        self.rows = rows
    }

    /// The CSV text (deterministic: shortest round-trip numbers, empty for NaN).
    public var csvText: String {
        let n: (Double) -> String = CSVTable.number
        return CSVTable.text(header: Self.columns, rows: rows.map {
            [$0.dataset, $0.kind, $0.metric, $0.unit, $0.pipeline, $0.baseline, String($0.n), String($0.traces), n($0.mean),
             n($0.ciLow), n($0.ciHigh), n($0.median), n($0.baselineMean), n($0.difference), n($0.differenceLow),
             n($0.differenceHigh)]
        })
    }

    /// The row comparing `pipeline` with `baseline` on a dataset, kind and metric, if present.
    public func row(dataset: String, kind: String, metric: String, pipeline: String, baseline: String) -> PairedSummaryRow? {
        rows.first { $0.dataset == dataset && $0.kind == kind && $0.metric == metric && $0.pipeline == pipeline && $0.baseline == baseline }
    }
}
