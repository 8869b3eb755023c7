import StrokeIO

/// One row of `summary.csv`: a metric summarised over the strokes of a dataset for one
/// pipeline, with a 95% bootstrap confidence interval of the mean.
public struct SummaryRow: Hashable, Sendable {
    /// Dataset name.
    public var dataset: String
    /// Pipeline label.
    public var pipeline: String
    /// Metric id.
    public var metric: String
    /// Unit.
    public var unit: String
    /// Number of measurements.
    public var n: Int
    /// Mean.
    public var mean: Double
    /// Median.
    public var median: Double
    /// 95th percentile.
    public var p95: Double
    /// Minimum.
    public var min: Double
    /// Maximum.
    public var max: Double
    /// Lower end of the 95% CI of the mean.
    public var ciLow: Double
    /// Upper end of the 95% CI of the mean.
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

    /// The mean with its confidence interval.
    public var estimate: Estimate { Estimate(mean, low: ciLow, high: ciHigh) }
}

/// The `summary.csv` table (DESIGN.md): columns exactly
/// `dataset,pipeline,metric,unit,n,mean,median,p95,min,max,ci_low,ci_high`, and the queries
/// that turn it into report-figure data.
public struct SummaryTable: Hashable, Sendable {
    /// The header, exactly.
    public static let columns = ["dataset", "pipeline", "metric", "unit", "n", "mean", "median", "p95", "min", "max", "ci_low", "ci_high"]

    /// The rows in file order.
    public var rows: [SummaryRow]

    /// Wraps rows.
    public init(rows: [SummaryRow]) { self.rows = rows }

    /// Reads `path`; errors name the file and line.
    public init(path: String) throws(PlotError) {
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path) } catch { throw PlotError(.io, error.description) }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Parses CSV text; `file` names it in errors.
    public init(parsing text: String, file: String) throws(PlotError) {
        let table = try CSVTable(parsing: text, file: file)
        try table.requireHeader(SummaryTable.columns, file: file)
        var rows: [SummaryRow] = []
        for r in table.rows {
            let f = r.fields
            func num(_ i: Int) throws(PlotError) -> Double {
                try CSVTable.number(f[i], file: file, line: r.line, column: SummaryTable.columns[i])
            }
            guard let n = Int(f[4].trimmingSpaces), n >= 0 else {
                throw PlotError(.invalidInput, "\(file):\(r.line): column n: '\(f[4])' is not a count")
            }
            rows.append(SummaryRow(dataset: f[0], pipeline: f[1], metric: f[2], unit: f[3], n: n,
                                   mean: try num(5), median: try num(6), p95: try num(7), min: try num(8),
                                   max: try num(9), ciLow: try num(10), ciHigh: try num(11)))
        }
        self.rows = rows
    }

    /// The row for a dataset, pipeline and metric, if present.
    public func row(dataset: String, pipeline: String, metric: String) -> SummaryRow? {
        rows.first { $0.dataset == dataset && $0.pipeline == pipeline && $0.metric == metric }
    }

    /// Datasets in first-appearance order.
    public var datasets: [String] { ReportFigures.ordered(rows.map(\.dataset)) }
    /// Pipelines in first-appearance order.
    public var pipelines: [String] { ReportFigures.ordered(rows.map(\.pipeline)) }

    /// The unit of a metric (first row that has it), or "".
    public func unit(of metric: String) -> String { rows.first { $0.metric == metric }?.unit ?? "" }

    /// Trade-off points: every (dataset, pipeline) with both metrics.
    public func tradeOffPoints(lagMetric: String = "lag.mean_ms",
                               jaggednessMetric: String = "jaggedness.bending_energy_ratio",
                               datasets only: [String]? = nil) -> [TradeOffPoint] {
        var out: [TradeOffPoint] = []
        for d in datasets where only?.contains(d) ?? true {
            for p in pipelines {
                guard let lag = row(dataset: d, pipeline: p, metric: lagMetric),
                      let jag = row(dataset: d, pipeline: p, metric: jaggednessMetric) else { continue }
                out.append(TradeOffPoint(pipeline: p, dataset: d, lagMilliseconds: lag.estimate, jaggedness: jag.estimate))
            }
        }
        return out
    }

    /// Fidelity entries for `metric` (default `fidelity.mean`).
    public func fidelityEntries(metric: String = "fidelity.mean", datasets only: [String]? = nil) -> [FidelityEntry] {
        rows.filter { $0.metric == metric && (only?.contains($0.dataset) ?? true) }
            .map { FidelityEntry(pipeline: $0.pipeline, dataset: $0.dataset, value: $0.estimate) }
    }

    /// Prediction-error curves from the metrics `<prefix>@<h>ms` (default prefix
    /// `prediction.error_mean`), one per pipeline that has any, horizons ascending. With more
    /// than one dataset the curve's name carries the dataset: "pipeline (dataset)".
    public func predictionErrorCurves(prefix: String = "prediction.error_mean", datasets only: [String]? = nil) -> [PredictionErrorCurve] {
        let chosen = datasets.filter { only?.contains($0) ?? true }
        var curves: [PredictionErrorCurve] = []
        for d in chosen {
            for p in pipelines {
                var points: [(Double, Estimate)] = []
                for r in rows where r.dataset == d && r.pipeline == p {
                    guard let h = SummaryTable.horizon(metric: r.metric, prefix: prefix) else { continue }
                    points.append((h, r.estimate))
                }
                guard !points.isEmpty else { continue }
                points.sort { $0.0 < $1.0 }
                curves.append(PredictionErrorCurve(predictor: chosen.count > 1 ? "\(p) (\(d))" : p,
                                                   horizonsMilliseconds: points.map(\.0), error: points.map(\.1)))
            }
        }
        return curves
    }

    /// Throughput entries, one per pipeline (first dataset that has the metric).
    public func throughputEntries(metric: String = "throughput.samples_per_s") -> [ThroughputEntry] {
        var seen = Set<String>()
        var out: [ThroughputEntry] = []
        for r in rows where r.metric == metric && seen.insert(r.pipeline).inserted {
            out.append(ThroughputEntry(pipeline: r.pipeline, samplesPerSecond: r.estimate))
        }
        return out
    }

    /// The horizon in ms of a metric id `prefix@16ms` (also `@16.7ms`), or `nil`.
    public static func horizon(metric: String, prefix: String) -> Double? {
        guard metric.hasPrefix(prefix + "@"), metric.hasSuffix("ms") else { return nil }
        let number = metric.dropFirst(prefix.count + 1).dropLast(2)
        return Double(number)
    }
}
