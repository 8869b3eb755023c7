/// One point of the smoothness–latency trade-off: a pipeline on a dataset.
public struct TradeOffPoint: Hashable, Sendable {
    /// The pipeline label (as in results tables).
    public var pipeline: String
    /// The dataset.
    public var dataset: String
    /// Mean lag in milliseconds with its CI (metric `lag.mean_ms`).
    public var lagMilliseconds: Estimate
    /// Jaggedness with its CI, by default `jaggedness.bending_energy_ratio` (1 = as smooth as
    /// the reference).
    public var jaggedness: Estimate

    /// Creates a point.
    public init(pipeline: String, dataset: String, lagMilliseconds: Estimate, jaggedness: Estimate) {
        self.pipeline = pipeline
        self.dataset = dataset
        self.lagMilliseconds = lagMilliseconds
        self.jaggedness = jaggedness
    }
}

extension ReportFigures {
    /// Figure (a), the trade-off plot: jaggedness against lag, one colour per pipeline, one
    /// marker per dataset, 95% CI bars on both axes. Down and left is better: smoother and
    /// more responsive. A dashed line marks jaggedness 1 (as smooth as the reference) when the
    /// metric is a ratio. The y axis turns logarithmic when the values span more than 20×.
    ///
    /// - Parameters:
    ///   - points: the (pipeline, dataset) estimates; non-finite ones are left out.
    ///   - jaggednessLabel: the y-axis title.
    ///   - isRatio: draws the y = 1 reference line.
    ///   - colors: each pipeline's colour (the report's, so figures agree); by default the
    ///     points' pipeline order.
    public static func tradeOff(_ points: [TradeOffPoint],
                                title: String = "Smoothness vs latency (95% CI)",
                                jaggednessLabel: String = "bending energy ratio to reference (1 = as smooth as the truth)",
                                isRatio: Bool = true, colors: PipelineColors = PipelineColors()) -> Figure {
        let shown = points.filter { $0.lagMilliseconds.isFinite && $0.jaggedness.isFinite }
        let pipelines = ordered(shown.map(\.pipeline))
        let datasets = ordered(shown.map(\.dataset))
        let colors = colors.including(pipelines)
        let markers = Series.Marker.allCases
        var series: [Series] = []
        for pipeline in pipelines {
            for (di, dataset) in datasets.enumerated() {
                let rows = shown.filter { $0.pipeline == pipeline && $0.dataset == dataset }.map { p in
                    DataPoint(x: p.lagMilliseconds.value, y: p.jaggedness.value,
                              xLow: p.lagMilliseconds.safeLow, xHigh: p.lagMilliseconds.safeHigh,
                              yLow: p.jaggedness.safeLow, yHigh: p.jaggedness.safeHigh)
                }
                guard !rows.isEmpty else { continue }
                series.append(Series(nil, style: .xyErrorBars, points: rows, color: colors.color(pipeline), lineWidth: 1.5,
                                     marker: datasets.count > 1 ? markers[di % markers.count] : colors.marker(pipeline),
                                     markerSize: 1.4))
            }
        }
        // Legend-only entries: colours name pipelines, markers name datasets.
        for pipeline in pipelines {
            series.append(Series(legendLabel(pipeline), style: .points, points: [], color: colors.color(pipeline),
                                 marker: datasets.count > 1 ? .circle : colors.marker(pipeline), markerSize: 1.4))
        }
        if datasets.count > 1 {
            for (di, dataset) in datasets.enumerated() {
                series.append(Series("dataset: \(dataset)", style: .points, points: [], color: .black,
                                     marker: markers[di % markers.count], markerSize: 1.4))
            }
        }
        let ys = shown.flatMap { [$0.jaggedness.safeLow, $0.jaggedness.safeHigh] }
        return Figure(
            title: title,
            x: Axis(label: "lag, mean (ms): lower = more responsive"),
            y: Axis(label: jaggednessLabel, logScale: spansDecades(ys)),
            series: series,
            referenceLines: isRatio ? [1] : [],
            legend: Legend(.below),
            width: 960, height: 680)
    }
}
