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
    /// Figure (a), the trade-off plot: jaggedness against lag, one colour per pipeline, 95% CI
    /// bars on both axes, each point named beside it (``DirectLabel``: no name covers a marker
    /// or another name; points drawn on top of each other share one name list). Down and left
    /// is better: smoother and more responsive. A dashed line marks jaggedness 1 (as smooth as
    /// the reference) when the metric is a ratio. The y axis turns logarithmic when the values
    /// span more than 20×.
    ///
    /// The `emphasised` pipelines (the front and the seed presets, in the report) are drawn in
    /// full colour with larger markers and bold names; the others are pale with grey names, so
    /// a figure of 25 pipelines still shows where the choices are. With several datasets each
    /// has its own marker, named in a key below.
    ///
    /// - Parameters:
    ///   - points: the (pipeline, dataset) estimates; non-finite ones are left out.
    ///   - jaggednessLabel: the y-axis title.
    ///   - isRatio: draws the y = 1 reference line.
    ///   - colors: each pipeline's colour (the report's, so figures agree); by default the
    ///     points' pipeline order.
    ///   - emphasised: the pipelines to emphasise; `nil` emphasises all.
    public static func tradeOff(_ points: [TradeOffPoint],
                                title: String = "Smoothness vs latency (95% CI)",
                                jaggednessLabel: String = "bending energy ratio to reference (1 = as smooth as the truth)",
                                isRatio: Bool = true, colors: PipelineColors = PipelineColors(),
                                emphasised: Set<String>? = nil) -> Figure {
        let shown = points.filter { $0.lagMilliseconds.isFinite && $0.jaggedness.isFinite }
        let pipelines = ordered(shown.map(\.pipeline))
        let datasets = ordered(shown.map(\.dataset))
        let colors = colors.including(pipelines)
        let markers = Series.Marker.allCases
        func strong(_ p: String) -> Bool { emphasised?.contains(p) ?? true }
        func size(_ p: String) -> Double { strong(p) ? 1.5 : 1.0 }
        var series: [Series] = []
        // The muted pipelines first, so the emphasised ones are drawn on top.
        for pipeline in pipelines.filter({ !strong($0) }) + pipelines.filter(strong) {
            let color = strong(pipeline) ? colors.color(pipeline) : colors.color(pipeline).lightened(0.55)
            for (di, dataset) in datasets.enumerated() {
                let rows = shown.filter { $0.pipeline == pipeline && $0.dataset == dataset }.map { p in
                    DataPoint(x: p.lagMilliseconds.value, y: p.jaggedness.value,
                              xLow: p.lagMilliseconds.safeLow, xHigh: p.lagMilliseconds.safeHigh,
                              yLow: p.jaggedness.safeLow, yHigh: p.jaggedness.safeHigh)
                }
                guard !rows.isEmpty else { continue }
                series.append(Series(nil, style: .xyErrorBars, points: rows, color: color, lineWidth: strong(pipeline) ? 1.4 : 0.9,
                                     marker: datasets.count > 1 ? markers[di % markers.count] : colors.marker(pipeline),
                                     markerSize: size(pipeline)))
            }
        }
        // Legend-only entries: what emphasis means, and with several datasets their markers.
        if let emphasised, emphasised.count < pipelines.count {
            series.append(Series("bold name, full colour: on the front or a seed preset", style: .points, points: [],
                                 color: PlotColor(hex: 0x303030), marker: .circle, markerSize: 1.5))
            series.append(Series("grey name, pale: beaten by another pipeline", style: .points, points: [],
                                 color: PlotColor(hex: 0x303030).lightened(0.55), marker: .circle, markerSize: 1.0))
        }
        if datasets.count > 1 {
            for (di, dataset) in datasets.enumerated() {
                series.append(Series("dataset: \(dataset)", style: .points, points: [], color: .black,
                                     marker: markers[di % markers.count], markerSize: 1.4))
            }
        }
        let keyEntries = series.filter { $0.title != nil }.count
        let xs = shown.flatMap { [$0.lagMilliseconds.safeLow, $0.lagMilliseconds.safeHigh] }
        var ys = shown.flatMap { [$0.jaggedness.safeLow, $0.jaggedness.safeHigh] }
        if isRatio { ys.append(1) }
        let logY = spansDecades(ys) && ys.allSatisfy { $0 > 0 }
        var figure = Figure(
            title: title,
            x: paddedAxis(xs, label: "lag, mean (ms): lower = more responsive", log: false),
            y: paddedAxis(ys, label: jaggednessLabel, log: logY),
            series: series,
            referenceLines: isRatio ? [1] : [],
            legend: keyEntries == 0 ? Legend(.hidden) : Legend(.below, boxed: false),
            width: 1000, height: 720)
        figure.margins = Figure.Margins(left: 90, right: 26, top: 46, bottom: keyMargin(series))
        let labels = shown.map { p in
            DirectLabel(x: p.lagMilliseconds.value, y: p.jaggedness.value, name: datasets.count > 1 ? "\(p.pipeline) (\(p.dataset))" : p.pipeline,
                        color: strong(p.pipeline) ? colors.color(p.pipeline).legibleOnWhite : PlotColor(hex: 0x6b6b6b),
                        bold: strong(p.pipeline), markerRadius: DirectLabel.markerRadiusPerPointSize * size(p.pipeline),
                        priority: strong(p.pipeline) ? 0 : 1)
        }
        figure.annotations = DirectLabel.annotations(labels, in: figure).annotations
        return figure
    }

    /// The bottom margin for x tic labels, the x axis title and a key below of the series'
    /// legend entries, in pixels: two entries to a row when they are short, one when any is
    /// longer than 40 characters (gnuplot then lays them out in one column).
    static func keyMargin(_ series: [Series]) -> Double {
        let titles = series.compactMap(\.title)
        guard !titles.isEmpty else { return 66 }
        let rows = titles.contains { $0.count > 40 } ? titles.count : (titles.count + 1) / 2
        return 80 + 19 * Double(rows)
    }

    /// An axis spanning `values` with a margin (8% of the span each side, or a factor of 1.4
    /// on a log axis), so no marker sits on the border.
    static func paddedAxis(_ values: [Double], label: String, log: Bool) -> Axis {
        let v = values.filter { $0.isFinite && (!log || $0 > 0) }
        guard let lo = v.min(), let hi = v.max() else { return Axis(label: label, logScale: log) }
        if log { return Axis(label: label, minimum: lo / 1.4, maximum: hi * 1.4, logScale: true) }
        let pad = hi > lo ? 0.08 * (hi - lo) : max(abs(hi) * 0.1, 1)
        return Axis(label: label, minimum: lo - pad, maximum: hi + pad)
    }
}
