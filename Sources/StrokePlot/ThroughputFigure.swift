/// Throughput of one pipeline.
public struct ThroughputEntry: Hashable, Sendable {
    /// The pipeline label.
    public var pipeline: String
    /// Samples per second with its interval (metric `throughput.samples_per_s`).
    public var samplesPerSecond: Estimate

    /// Creates an entry.
    public init(pipeline: String, samplesPerSecond: Estimate) {
        self.pipeline = pipeline
        self.samplesPerSecond = samplesPerSecond
    }
}

extension ReportFigures {
    /// Figure (e): throughput per pipeline as horizontal bars (long labels stay readable on
    /// the left), in millions of samples per second when the values are that large, with
    /// interval bars. Higher is faster. Each bar has its pipeline's colour (`colors`: the
    /// report's, so a pipeline looks the same in every figure).
    public static func throughput(_ entries: [ThroughputEntry],
                                  title: String = "Throughput per pipeline",
                                  colors: PipelineColors = PipelineColors()) -> Figure {
        let shown = entries.filter { $0.samplesPerSecond.isFinite }
        let colors = colors.including(shown.map(\.pipeline))
        let maxValue = shown.map(\.samplesPerSecond.safeHigh).max() ?? 0
        let (scale, unit): (Double, String) = maxValue >= 1e6 ? (1e-6, "million samples/s")
            : maxValue >= 1e3 ? (1e-3, "thousand samples/s") : (1, "samples/s")
        // First entry on top: gnuplot's y grows upwards, so positions count down.
        let n = shown.count
        let series = shown.enumerated().map { i, e in
            let y = Double(n - 1 - i)
            let row = DataPoint(x: e.samplesPerSecond.value * scale, y: y,
                                xLow: e.samplesPerSecond.safeLow * scale, xHigh: e.samplesPerSecond.safeHigh * scale,
                                yLow: y, yHigh: y)
            return Series(nil, style: .horizontalBars(height: 0.6), points: [row], color: colors.color(e.pipeline), lineWidth: 1)
        }
        let tics = shown.enumerated().map { Axis.Tic(Double(n - 1 - $0.offset), legendLabel($0.element.pipeline, limit: 40)) }
        return Figure(
            title: title,
            x: Axis(label: "throughput (\(unit)): higher = faster", minimum: 0, maximum: maxValue * scale * 1.12),
            y: Axis(minimum: -0.7, maximum: Double(n) - 0.3, tics: tics),
            series: series,
            legend: Legend(.hidden),
            width: 900, height: max(300, 120 + 34 * n))
    }
}
