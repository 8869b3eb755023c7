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
    /// Fixed margins around the plot area, in pixels from the image's edges, so the plot sits
    /// exactly where ``FigureGeometry`` maps data to pixels (needed for ``annotations``);
    /// `nil` lets gnuplot choose them.
    public var margins: Margins? = nil
    /// Text placed at pixel positions — direct labels beside points — each with an optional
    /// leader line, drawn on top of the data. Needs ``margins`` and both axes' ranges.
    public var annotations: [Annotation] = []

    /// Margins around the plot area, in pixels.
    public struct Margins: Hashable, Sendable {
        /// From the left edge to the y axis.
        public var left: Double
        /// From the right edge to the right border (the colour box, if any, sits in it).
        public var right: Double
        /// From the top edge to the top border (the title sits in it).
        public var top: Double
        /// From the bottom edge to the x axis (tic labels, the axis title, a key below).
        public var bottom: Double
        /// Creates margins.
        public init(left: Double, right: Double, top: Double, bottom: Double) {
            self.left = left; self.right = right; self.top = top; self.bottom = bottom
        }
    }

    /// Text at a pixel position: one or more lines, left-aligned in `box`, with an optional
    /// leader line (from a marker to the text).
    public struct Annotation: Hashable, Sendable {
        /// The lines, top to bottom.
        public var lines: [String]
        /// Where the text goes, image pixels (y down); lines share its height equally.
        public var box: LabelPlacement.Box
        /// Text colour.
        public var color: PlotColor
        /// Font size in points (gnuplot's: 4/3 pixels per point).
        public var fontSize: Double
        /// Bold text.
        public var bold: Bool
        /// A thin line from the point to the text, or `nil`.
        public var leader: LabelPlacement.Segment?
        /// Creates an annotation.
        public init(lines: [String], box: LabelPlacement.Box, color: PlotColor, fontSize: Double, bold: Bool = false,
                    leader: LabelPlacement.Segment? = nil) {
            self.lines = lines; self.box = box; self.color = color; self.fontSize = fontSize; self.bold = bold; self.leader = leader
        }
    }

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
