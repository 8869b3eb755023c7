/// Fidelity of one pipeline on one dataset.
public struct FidelityEntry: Hashable, Sendable {
    /// The pipeline label.
    public var pipeline: String
    /// The dataset.
    public var dataset: String
    /// The fidelity value with its CI (by default `fidelity.mean`, trace units).
    public var value: Estimate

    /// Creates an entry.
    public init(pipeline: String, dataset: String, value: Estimate) {
        self.pipeline = pipeline
        self.dataset = dataset
        self.value = value
    }
}

extension ReportFigures {
    /// Figure (b): fidelity per pipeline per dataset as grouped bars with 95% CI bars: one
    /// group per dataset, one coloured bar per pipeline. Lower is more faithful.
    ///
    /// - Parameters:
    ///   - metricLabel: what the value is, e.g. "mean distance to reference".
    ///   - unit: the unit shown on the axis, e.g. "pt".
    public static func fidelity(_ entries: [FidelityEntry],
                                title: String = "Fidelity: distance between drawn stroke and reference (95% CI)",
                                metricLabel: String = "mean distance to reference", unit: String = "",
                                colors: PipelineColors = PipelineColors()) -> Figure {
        let shown = entries.filter { $0.value.isFinite }
        let pipelines = ordered(shown.map(\.pipeline))
        let datasets = ordered(shown.map(\.dataset))
        let colors = colors.including(pipelines)
        let p = max(pipelines.count, 1)
        let groupWidth = 0.8, barWidth = groupWidth / Double(p)
        var series: [Series] = []
        for (pi, pipeline) in pipelines.enumerated() {
            let offset = (Double(pi) - Double(p - 1) / 2) * barWidth
            let rows: [DataPoint] = datasets.enumerated().compactMap { di, dataset in
                guard let e = shown.first(where: { $0.pipeline == pipeline && $0.dataset == dataset }) else { return nil }
                return DataPoint(x: Double(di) + offset, y: e.value.value, yLow: e.value.safeLow, yHigh: e.value.safeHigh)
            }
            series.append(Series(legendLabel(pipeline), style: .bars(width: barWidth * 0.92), points: rows,
                                 color: colors.color(pipeline), lineWidth: 1.2))
        }
        let tics = datasets.enumerated().map { Axis.Tic(Double($0.offset), $0.element) }
        let unitText = unit.isEmpty ? "" : " (\(unit))"
        return Figure(
            title: title,
            x: Axis(label: "dataset", minimum: -0.6, maximum: Double(max(datasets.count, 1)) - 0.4, tics: tics),
            y: Axis(label: metricLabel + unitText + ": lower = more faithful", minimum: 0),
            series: series,
            legend: Legend(.below),
            width: 960, height: 640)
    }
}
