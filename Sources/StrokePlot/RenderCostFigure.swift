/// Cost per frame of one render strategy as the stroke grows.
public struct RenderCostCurve: Hashable, Sendable {
    /// The strategy's name, e.g. "full redraw (LinearInterpView)".
    public var strategy: String
    /// Stroke length at each measured frame (path elements drawn so far, or arc length).
    public var strokeLength: [Double]
    /// Median wall-clock time of the frame over the repetitions, in milliseconds.
    public var medianMilliseconds: [Double]
    /// Lower quartile over the repetitions (ms).
    public var lowerMilliseconds: [Double]
    /// Upper quartile over the repetitions (ms).
    public var upperMilliseconds: [Double]

    /// Creates a curve; the arrays pair up index by index.
    public init(strategy: String, strokeLength: [Double], medianMilliseconds: [Double],
                lowerMilliseconds: [Double], upperMilliseconds: [Double]) {
        self.strategy = strategy
        self.strokeLength = strokeLength
        self.medianMilliseconds = medianMilliseconds
        self.lowerMilliseconds = lowerMilliseconds
        self.upperMilliseconds = upperMilliseconds
    }
}

extension ReportFigures {
    /// Figure (f): render cost per frame against stroke length, one line per strategy (the
    /// median over repetitions) with a translucent band between the quartiles. The y axis is
    /// logarithmic when the strategies differ by more than 20×, so a flat incremental cost and
    /// a growing full-redraw cost are both readable.
    ///
    /// Strategies are not pipelines, so they are drawn in greys (alternately dashed), never in
    /// a colour a pipeline has in the other figures.
    ///
    /// - Parameter lengthLabel: the x-axis title, e.g. "stroke length (path elements)".
    public static func renderCost(_ curves: [RenderCostCurve],
                                  lengthLabel: String = "path elements on the canvas (all strokes so far)",
                                  title: String = "Render cost per frame as the drawing grows") -> Figure {
        var series: [Series] = []
        for (i, c) in curves.enumerated() {
            let count = min(c.strokeLength.count, c.medianMilliseconds.count, c.lowerMilliseconds.count, c.upperMilliseconds.count)
            let band = (0..<count).map { k in
                DataPoint(x: c.strokeLength[k], y: c.medianMilliseconds[k], yLow: c.lowerMilliseconds[k], yHigh: c.upperMilliseconds[k])
            }
            series.append(Series(nil, style: .band, points: band, color: strategyColor(i)))
        }
        for (i, c) in curves.enumerated() {
            var line = Series.line(c.strategy, x: c.strokeLength, y: c.medianMilliseconds, color: strategyColor(i), lineWidth: 2.2)
            line.dashed = i % 2 == 1
            series.append(line)
        }
        let all = curves.flatMap(\.medianMilliseconds)
        return Figure(
            title: title,
            x: Axis(label: lengthLabel, minimum: 0),
            y: Axis(label: "wall-clock time per frame (ms)", logScale: spansDecades(all)),
            series: series,
            legend: Legend(.topLeft))
    }

    /// The `i`-th render strategy's grey: black, mid grey, dark grey, light grey, cycling.
    static func strategyColor(_ i: Int) -> PlotColor {
        [PlotColor(hex: 0x000000), PlotColor(hex: 0x8a8a8a), PlotColor(hex: 0x4a4a4a), PlotColor(hex: 0xb0b0b0)][i % 4]
    }
}
