import Foundation

/// Where data lands in a figure's image, in pixels (y down): the plot area that
/// ``Figure/margins`` fixes and the axes' ranges (linear or logarithmic). What label placement
/// needs to put a name beside a point before gnuplot draws it.
public struct FigureGeometry: Hashable, Sendable {
    /// Image size in pixels.
    public var width: Double, height: Double
    /// The plot area, image pixels.
    public var plot: LabelPlacement.Box
    private var xRange: (Double, Double), yRange: (Double, Double)
    private var xLog: Bool, yLog: Bool

    /// The geometry of `figure`, or `nil` when it has no fixed margins or an axis without both
    /// ends (or a log axis with a non-positive end).
    public init?(_ figure: Figure) {
        guard let m = figure.margins, let x0 = figure.x.minimum, let x1 = figure.x.maximum,
              let y0 = figure.y.minimum, let y1 = figure.y.maximum, x1 > x0, y1 > y0,
              !figure.x.logScale || x0 > 0, !figure.y.logScale || y0 > 0 else { return nil }
        width = Double(figure.width); height = Double(figure.height)
        plot = LabelPlacement.Box(minX: m.left, minY: m.top, maxX: width - m.right, maxY: height - m.bottom)
        xRange = (x0, x1); yRange = (y0, y1)
        xLog = figure.x.logScale; yLog = figure.y.logScale
    }

    public static func == (a: FigureGeometry, b: FigureGeometry) -> Bool {
        a.width == b.width && a.height == b.height && a.plot == b.plot && a.xRange == b.xRange && a.yRange == b.yRange
            && a.xLog == b.xLog && a.yLog == b.yLog
    }

    public func hash(into h: inout Hasher) {
        h.combine(width); h.combine(height); h.combine(plot)
    }

    /// The pixel of data point (x, y); off the plot area when outside the ranges.
    public func pixel(x: Double, y: Double) -> (x: Double, y: Double) {
        func t(_ v: Double, _ r: (Double, Double), _ log: Bool) -> Double {
            log ? (Foundation.log(v) - Foundation.log(r.0)) / (Foundation.log(r.1) - Foundation.log(r.0)) : (v - r.0) / (r.1 - r.0)
        }
        return (plot.minX + t(x, xRange, xLog) * (plot.maxX - plot.minX), plot.maxY - t(y, yRange, yLog) * (plot.maxY - plot.minY))
    }
}
