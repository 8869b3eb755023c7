/// The lag of one pipeline at each visible frame of one stroke.
public struct LagSeries: Hashable, Sendable {
    /// The pipeline label.
    public var pipeline: String
    /// Display time of each frame, in seconds from the stroke's start.
    public var times: [Double]
    /// Lag at each frame in milliseconds (negative: the drawn tip is ahead of the pen).
    public var lagMilliseconds: [Double]

    /// Creates a series; the arrays pair up index by index.
    public init(pipeline: String, times: [Double], lagMilliseconds: [Double]) {
        self.pipeline = pipeline
        self.times = times
        self.lagMilliseconds = lagMilliseconds
    }
}

extension ReportFigures {
    /// Figure (d): lag over time for one stroke, one line per pipeline, time in milliseconds
    /// from the stroke's start. A dashed line marks zero lag (below it, prediction overshoots).
    public static func lagOverTime(_ series: [LagSeries], stroke: String) -> Figure {
        let lines = series.enumerated().map { i, s in
            Series(legendLabel(s.pipeline), style: .linesPoints,
                   points: zip(s.times, s.lagMilliseconds).map { DataPoint(x: $0 * 1000, y: $1) },
                   color: .palette(i), lineWidth: 1.8, marker: Series.Marker.allCases[i % Series.Marker.allCases.count],
                   markerSize: 0.6)
        }
        // Zero stays in view so overshoot (negative lag) has somewhere to show.
        let lowest = series.flatMap(\.lagMilliseconds).filter(\.isFinite).min() ?? 0
        return Figure(
            title: "Lag over time, stroke \(stroke)",
            x: Axis(label: "time since stroke start (ms)"),
            y: Axis(label: "lag behind the pen (ms); negative = ahead", minimum: lowest >= 0 ? 0 : nil),
            series: lines,
            referenceLines: [0],
            legend: Legend(.below))
    }
}
