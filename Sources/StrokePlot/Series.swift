/// One data series of a figure: its rows, how they are drawn, and its legend entry.
public struct Series: Hashable, Sendable {
    /// How a series is drawn; each style reads specific fields of ``DataPoint``.
    public enum Style: Hashable, Sendable {
        /// Straight lines through (x, y) in order.
        case lines
        /// Markers at (x, y).
        case points
        /// Lines and markers.
        case linesPoints
        /// Markers with vertical error bars [yLow, yHigh].
        case yErrorBars
        /// Lines and markers with vertical error bars [yLow, yHigh].
        case yErrorLines
        /// Markers with horizontal [xLow, xHigh] and vertical [yLow, yHigh] error bars.
        case xyErrorBars
        /// A translucent filled band between yLow and yHigh along x (an interval over x).
        case band
        /// Vertical bars from 0 to y, `width` data units wide, centred on x, with error bars
        /// [yLow, yHigh] when they differ from y.
        case bars(width: Double)
        /// Horizontal bars from 0 to x, `height` data units tall, centred on y, with error
        /// bars [xLow, xHigh] when they differ from x.
        case horizontalBars(height: Double)
        /// Markers at (x, y), each with its ``DataPoint/label`` written beside it.
        case labelledPoints
        /// Markers at (x, y) filled with the colour of ``DataPoint/colorValue`` on the figure's
        /// ``Figure/colorScale`` (the series' own colour is ignored), labels written beside the
        /// points that have one (in dark grey).
        case colorMappedPoints
    }

    /// Marker shapes (gnuplot point types of the cairo terminals).
    public enum Marker: Int, Hashable, Sendable, CaseIterable {
        /// Filled circle.
        case circle = 7
        /// Filled square.
        case square = 5
        /// Filled upward triangle.
        case triangle = 9
        /// Filled diamond.
        case diamond = 13
        /// Filled downward triangle.
        case triangleDown = 11
        /// Open circle.
        case openCircle = 6
        /// Open square.
        case openSquare = 4
        /// Cross.
        case cross = 2
    }

    /// Legend text; `nil` keeps the series out of the legend.
    public var title: String?
    /// Drawing style.
    public var style: Style
    /// Rows in drawing order.
    public var points: [DataPoint]
    /// Colour; `nil` takes the next palette colour.
    public var color: PlotColor?
    /// Line width in points.
    public var lineWidth: Double
    /// Marker shape for styles with markers; `nil` for the default (filled circle).
    public var marker: Marker?
    /// Marker size relative to the default.
    public var markerSize: Double
    /// Dashed line.
    public var dashed: Bool
    /// Plot against the secondary (right) y axis, ``Figure/y2``.
    public var usesSecondaryYAxis: Bool

    /// Creates a series.
    public init(_ title: String?, style: Style, points: [DataPoint], color: PlotColor? = nil,
                lineWidth: Double = 2, marker: Marker? = nil, markerSize: Double = 1,
                dashed: Bool = false, usesSecondaryYAxis: Bool = false) {
        self.title = title
        self.style = style
        self.points = points
        self.color = color
        self.lineWidth = lineWidth
        self.marker = marker
        self.markerSize = markerSize
        self.dashed = dashed
        self.usesSecondaryYAxis = usesSecondaryYAxis
    }

    /// A line through `x[i], y[i]` (the shorter array decides the length).
    public static func line(_ title: String?, x: [Double], y: [Double], color: PlotColor? = nil,
                            lineWidth: Double = 2, dashed: Bool = false) -> Series {
        Series(title, style: .lines, points: zip(x, y).map { DataPoint(x: $0, y: $1) },
               color: color, lineWidth: lineWidth, dashed: dashed)
    }
}
