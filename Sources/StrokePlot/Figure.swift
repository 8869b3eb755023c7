/// A complete description of one figure, as plain values: what gnuplot is asked to draw.
///
/// Build it directly or with the report-figure functions (``ReportFigures``), then draw it
/// with ``FigureRenderer``. Equal figures render to identical files.
public struct Figure: Hashable, Sendable {
    /// Free text placed at a data position (e.g. "as smooth as the truth" beside y = 1).
    public struct Note: Hashable, Sendable {
        /// The text.
        public var text: String
        /// Where, in data coordinates of the primary axes.
        public var x: Double
        /// Where (y).
        public var y: Double
        /// Creates a note.
        public init(_ text: String, x: Double, y: Double) {
            self.text = text
            self.x = x
            self.y = y
        }
    }

    /// Title above the plot; `nil` for none.
    public var title: String?
    /// Horizontal axis.
    public var x: Axis
    /// Vertical (left) axis.
    public var y: Axis
    /// Secondary vertical (right) axis for series with ``Series/usesSecondaryYAxis``.
    public var y2: Axis?
    /// The series, drawn in order (later ones on top).
    public var series: [Series]
    /// Horizontal reference lines at these y values (thin, grey, dashed), e.g. y = 1 for ratios.
    public var referenceLines: [Double]
    /// Text notes.
    public var notes: [Figure.Note]
    /// The key.
    public var legend: Legend
    /// Light grid lines at the major tics.
    public var grid: Bool
    /// Size in pixels for PNG and SVG; PDF pages are `width` × `height` points (1/72 in).
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Base font size in points.
    public var fontSize: Double
    /// The colour scale of ``Series/Style/colorMappedPoints`` series, drawn as a colour box
    /// right of the plot; `nil` when no series maps values to colours.
    public var colorScale: ColorScale? = nil
    /// Panels drawn side by side in one image (gnuplot `multiplot`), row by row, `panelColumns`
    /// to a row; each panel is a figure with its own title, axes, series and key (its size and
    /// font are ignored: this figure's apply). When non-empty, this figure's own axes, series and
    /// key are not drawn, only its title above the grid. Panels do not nest.
    public var panels: [Figure] = []
    /// Panels per row (at least 1).
    public var panelColumns: Int = 1

    /// Creates a figure; 900 × 600 pixels by default.
    public init(title: String? = nil, x: Axis = Axis(), y: Axis = Axis(), y2: Axis? = nil,
                series: [Series] = [], referenceLines: [Double] = [], notes: [Figure.Note] = [],
                legend: Legend = Legend(), grid: Bool = true, width: Int = 900, height: Int = 600,
                fontSize: Double = 11) {
        self.title = title
        self.x = x
        self.y = y
        self.y2 = y2
        self.series = series
        self.referenceLines = referenceLines
        self.notes = notes
        self.legend = legend
        self.grid = grid
        self.width = width
        self.height = height
        self.fontSize = fontSize
    }
}
