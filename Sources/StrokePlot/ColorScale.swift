/// A continuous colour scale: how ``Series/Style/colorMappedPoints`` turn a value into a
/// colour, drawn as a colour box with its own axis beside the plot (gnuplot's palette and
/// `colorbox`).
///
/// Values between `minimum` and `maximum` map linearly (or on a log₁₀ scale) onto the
/// colour stops; values outside are clamped to the end colours. Stops are evenly spaced.
public struct ColorScale: Hashable, Sendable {
    /// The colour box's title, with units, e.g. "fidelity (pt)".
    public var label: String
    /// The value at the first stop; `nil` lets gnuplot take the data's minimum.
    public var minimum: Double?
    /// The value at the last stop; `nil` lets gnuplot take the data's maximum.
    public var maximum: Double?
    /// A logarithmic (base 10) scale: for positive values spanning decades.
    public var logScale: Bool
    /// The colours from low to high values (at least two).
    public var stops: [PlotColor]

    /// Viridis (van der Walt & Smith, matplotlib 2015) in nine stops: perceptually uniform,
    /// readable in grey and under the common colour-vision deficiencies. Dark = low.
    public static let viridis: [PlotColor] = [
        PlotColor(hex: 0x440154), PlotColor(hex: 0x472D7B), PlotColor(hex: 0x3B528B), PlotColor(hex: 0x2C728E),
        PlotColor(hex: 0x21918C), PlotColor(hex: 0x28AE80), PlotColor(hex: 0x5EC962), PlotColor(hex: 0xADDC30),
        PlotColor(hex: 0xFDE725),
    ]

    /// Creates a scale; fewer than two stops fall back to ``viridis``.
    public init(label: String, minimum: Double? = nil, maximum: Double? = nil, logScale: Bool = false,
                stops: [PlotColor] = ColorScale.viridis) {
        self.label = label
        self.minimum = minimum
        self.maximum = maximum
        self.logScale = logScale
        self.stops = stops.count >= 2 ? stops : ColorScale.viridis
    }

    /// The range the colour box spans: `minimum…maximum`, except that a range of one value (a
    /// single setting, or settings that all measure the same) is widened around it — to
    /// [v/2, 2v] on a log scale, to [v − ½·max(|v|, 1), v + ½·max(|v|, 1)] otherwise — since
    /// gnuplot refuses an empty range ("Can't plot with an empty cb range"). `nil` ends stay
    /// `nil` (gnuplot takes the data's), and so does a log scale's non-positive value.
    public var range: (minimum: Double?, maximum: Double?) {
        guard let lo = minimum, let hi = maximum, lo.isFinite, hi.isFinite, lo == hi else {
            return (minimum, maximum)
        }
        if logScale { return lo > 0 ? (lo / 2, lo * 2) : (nil, nil) }
        let half = max(abs(lo), 1) / 2
        return (lo - half, lo + half)
    }
}
