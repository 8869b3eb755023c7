/// Prediction error of one predictor (pipeline) across horizons.
public struct PredictionErrorCurve: Hashable, Sendable {
    /// The pipeline or predictor label.
    public var predictor: String
    /// Horizons in milliseconds, ascending.
    public var horizonsMilliseconds: [Double]
    /// Error at each horizon with its CI (by default `prediction.error_mean@…`, trace units).
    public var error: [Estimate]

    /// Creates a curve; the arrays pair up index by index.
    public init(predictor: String, horizonsMilliseconds: [Double], error: [Estimate]) {
        self.predictor = predictor
        self.horizonsMilliseconds = horizonsMilliseconds
        self.error = error
    }
}

extension ReportFigures {
    /// Figure (c): prediction error against horizon, one line per predictor with 95% CI bars.
    /// Error grows with the horizon; a flatter line predicts further ahead for the same error.
    public static func predictionError(_ curves: [PredictionErrorCurve],
                                       title: String = "Prediction error vs horizon (95% CI)",
                                       unit: String = "", colors: PipelineColors = PipelineColors()) -> Figure {
        let colors = colors.including(curves.map(\.predictor))
        let markers = Series.Marker.allCases
        let series: [Series] = curves.enumerated().map { i, c in
            let rows = zip(c.horizonsMilliseconds, c.error).filter { $0.0.isFinite && $0.1.isFinite }.map { h, e in
                DataPoint(x: h, y: e.value, yLow: e.safeLow, yHigh: e.safeHigh)
            }
            return Series(legendLabel(c.predictor), style: .yErrorLines, points: rows, color: colors.color(c.predictor),
                          marker: markers[i % markers.count], markerSize: 1.2)
        }
        let unitText = unit.isEmpty ? "" : " (\(unit))"
        let horizons = curves.flatMap(\.horizonsMilliseconds).filter(\.isFinite)
        return Figure(
            title: title,
            x: Axis(label: "prediction horizon (ms)", minimum: 0, maximum: (horizons.max() ?? 50) * 1.08),
            y: Axis(label: "distance from true pen position, mean" + unitText, minimum: 0),
            series: series,
            legend: Legend(curves.count <= 4 ? .topLeft : .below))
    }
}
