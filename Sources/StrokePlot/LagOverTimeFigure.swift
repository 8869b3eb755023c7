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
    ///
    /// Pipelines whose lag is the same at every frame (within `tolerance` ms) would hide each
    /// other: they are drawn as one line whose legend names them all ("linear = catmull-rom").
    public static func lagOverTime(_ series: [LagSeries], stroke: String, colors: PipelineColors = PipelineColors(),
                                   tolerance: Double = 0.01) -> Figure {
        let colors = colors.including(series.map(\.pipeline))
        let groups = coincidingGroups(series, tolerance: tolerance)
        let lines = groups.map { g in
            Series(g.names.count > 3 ? g.names.prefix(3).joined(separator: " = ") + " + \(g.names.count - 3) more"
                                     : legendLabel(g.names.joined(separator: " = "), limit: 96), style: .linesPoints,
                   points: zip(g.first.times, g.first.lagMilliseconds).map { DataPoint(x: $0 * 1000, y: $1) },
                   color: colors.color(g.first.pipeline), lineWidth: 1.8,
                   marker: Series.Marker.allCases[(colors.pipelines.firstIndex(of: g.first.pipeline) ?? 0) % Series.Marker.allCases.count],
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

    /// `series` grouped where they coincide at every frame (within `tolerance` ms), in order
    /// of first appearance; each group keeps its first series (whose line is drawn) and every
    /// member's pipeline name.
    public static func coincidingGroups(_ series: [LagSeries], tolerance: Double = 0.01) -> [(first: LagSeries, names: [String])] {
        var groups: [(first: LagSeries, names: [String])] = []
        for s in series {
            if let g = groups.firstIndex(where: { coincide($0.first, s, tolerance: tolerance) }) {
                groups[g].names.append(s.pipeline)
            } else {
                groups.append((s, [s.pipeline]))
            }
        }
        return groups
    }

    /// Whether two lag series have the same frames and values within `tolerance` ms (NaN
    /// matching NaN).
    static func coincide(_ a: LagSeries, _ b: LagSeries, tolerance: Double) -> Bool {
        guard a.times == b.times, a.lagMilliseconds.count == b.lagMilliseconds.count else { return false }
        return zip(a.lagMilliseconds, b.lagMilliseconds).allSatisfy { x, y in
            (x.isNaN && y.isNaN) || abs(x - y) <= tolerance
        }
    }
}
