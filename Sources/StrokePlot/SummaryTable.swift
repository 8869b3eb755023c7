import StrokeIO
import StrokeMetrics

extension SummaryRow {
    /// The mean with its confidence interval.
    public var estimate: Estimate { Estimate(mean, low: ciLow, high: ciHigh) }
}

/// The queries that turn `summary.csv` into report-figure data.
extension SummaryTable {
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
