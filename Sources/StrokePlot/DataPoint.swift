/// One row of a series: a position with optional intervals and text.
///
/// Intervals are absolute bounds, not deltas (e.g. a 95% confidence interval
/// `[ciLow, ciHigh]`); when absent they collapse onto the value. Non-finite coordinates are
/// sent to gnuplot as NaN, which it skips (and which breaks a line, marking a gap).
public struct DataPoint: Hashable, Sendable {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate.
    public var y: Double
    /// Lower and upper bound on x (horizontal error bar).
    public var xLow: Double
    /// Upper x bound.
    public var xHigh: Double
    /// Lower bound on y (vertical error bar, band bottom).
    public var yLow: Double
    /// Upper y bound (band top).
    public var yHigh: Double
    /// Text for labelled points.
    public var label: String?
    /// The value a ``Series/Style/colorMappedPoints`` series maps to a colour on the figure's
    /// ``Figure/colorScale`` (NaN: gnuplot skips the point). Other styles ignore it.
    public var colorValue: Double = .nan

    /// A point without intervals.
    public init(x: Double, y: Double, label: String? = nil) {
        self.init(x: x, y: y, xLow: x, xHigh: x, yLow: y, yHigh: y, label: label)
    }

    /// A point with explicit bounds.
    public init(x: Double, y: Double, xLow: Double, xHigh: Double, yLow: Double, yHigh: Double, label: String? = nil) {
        self.x = x
        self.y = y
        self.xLow = xLow
        self.xHigh = xHigh
        self.yLow = yLow
        self.yHigh = yHigh
        self.label = label
    }

    /// A point with a vertical interval `[yLow, yHigh]`.
    public init(x: Double, y: Double, yLow: Double, yHigh: Double, label: String? = nil) {
        self.init(x: x, y: y, xLow: x, xHigh: x, yLow: yLow, yHigh: yHigh, label: label)
    }
}
