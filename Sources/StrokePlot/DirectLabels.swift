import StrokeRaster

/// Names written beside the points of a figure instead of a legend (``LabelPlacement``):
/// points drawn on top of each other share one label that names them all, long labels wrap,
/// and each label is coloured and weighted as its point is emphasised.
public struct DirectLabel: Hashable, Sendable {
    /// Data coordinates of the point.
    public var x: Double, y: Double
    /// What the label says (a pipeline name).
    public var name: String
    /// Text colour.
    public var color: PlotColor
    /// Bold text (emphasised points).
    public var bold: Bool
    /// The marker's radius in pixels.
    public var markerRadius: Double
    /// Lower is placed first.
    public var priority: Int
    /// Whether it must be named if there is any room at all.
    public var required: Bool

    /// Creates a label.
    public init(x: Double, y: Double, name: String, color: PlotColor, bold: Bool = false, markerRadius: Double = 4,
                priority: Int = 0, required: Bool = true) {
        self.x = x; self.y = y; self.name = name; self.color = color; self.bold = bold
        self.markerRadius = markerRadius; self.priority = priority; self.required = required
    }

    /// Pixels per gnuplot point size unit of a filled marker's radius (measured on pngcairo:
    /// `pt 7 ps 1` is 7 px across).
    public static let markerRadiusPerPointSize = 3.5

    /// The annotations placing `labels` in `figure`'s plot area (which needs fixed margins and
    /// axis ranges: ``FigureGeometry``), and the names left unlabelled for want of room.
    /// Points closer than 3 px and labelled alike (the same colour and weight) share one label,
    /// their names joined by ", " in input order; points drawn differently keep labels of their
    /// own (a red recommendation on top of two front settings is named alone in red). Labels wrap at `wrap` characters.
    /// `unnamed` are the markers of points without a label (data coordinates, radius in
    /// pixels): no label covers them either. No label crosses the figure's error bars or its
    /// reference lines.
    public static func annotations(_ labels: [DirectLabel], in figure: Figure, fontSize: Double = 9,
                                   wrap: Int = 34, unnamed: [(x: Double, y: Double, markerRadius: Double)] = [])
        -> (annotations: [Figure.Annotation], unlabelled: [String]) {
        guard let geometry = FigureGeometry(figure) else { return ([], labels.map(\.name)) }
        var lines: [LabelPlacement.Segment] = []
        func segment(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            guard [x0, y0, x1, y1].allSatisfy(\.isFinite) else { return }
            let a = geometry.pixel(x: x0, y: y0), b = geometry.pixel(x: x1, y: y1)
            lines.append(LabelPlacement.Segment(fromX: a.x, fromY: a.y, toX: b.x, toY: b.y))
        }
        for s in figure.series {
            switch s.style {
            case .xyErrorBars, .yErrorBars, .yErrorLines:
                for p in s.points {
                    if p.xLow != p.xHigh { segment(p.xLow, p.y, p.xHigh, p.y) }
                    if p.yLow != p.yHigh { segment(p.x, p.yLow, p.x, p.yHigh) }
                }
            default: break
            }
        }
        if let x0 = figure.x.minimum, let x1 = figure.x.maximum {
            for y in figure.referenceLines { segment(x0, y, x1, y) }
        }
        let obstacles = unnamed.filter { $0.x.isFinite && $0.y.isFinite }.map { m in
            let p = geometry.pixel(x: m.x, y: m.y)
            return LabelPlacement.Box(centerX: p.x, centerY: p.y, rx: m.markerRadius, ry: m.markerRadius)
        }
        // Groups of coinciding points.
        var groups: [(first: DirectLabel, px: (x: Double, y: Double), names: [String], radius: Double)] = []
        for l in labels where l.x.isFinite && l.y.isFinite {
            let p = geometry.pixel(x: l.x, y: l.y)
            if let g = groups.firstIndex(where: { abs($0.px.x - p.x) < 3 && abs($0.px.y - p.y) < 3
                    && $0.first.color == l.color && $0.first.bold == l.bold }) {
                if !groups[g].names.contains(l.name) { groups[g].names.append(l.name) }
                groups[g].radius = max(groups[g].radius, l.markerRadius)
                if l.priority < groups[g].first.priority { groups[g].first.priority = l.priority }
                groups[g].first.required = groups[g].first.required || l.required
            } else {
                groups.append((l, p, [l.name], l.markerRadius))
            }
        }
        let pixels = fontSize * 4 / 3
        let lineHeight = (pixels * 1.2).rounded(.up)
        var texts: [[String]] = []
        var items: [LabelPlacement.Item] = []
        for g in groups {
            let lines = wrapped(g.names.joined(separator: ", "), at: wrap)
            let width = lines.map { TextMetrics.width($0, pixels: pixels, bold: g.first.bold) }.max() ?? 0
            texts.append(lines)
            items.append(LabelPlacement.Item(x: g.px.x, y: g.px.y, markerRadius: g.radius, width: width.rounded(.up) + 2,
                                             height: lineHeight * Double(lines.count), priority: g.first.priority,
                                             required: g.first.required))
        }
        let placements = LabelPlacement.place(items, within: geometry.plot, obstacles: obstacles, lines: lines)
        var out: [Figure.Annotation] = []
        var unlabelled: [String] = []
        for (k, p) in placements.enumerated() {
            guard let p else { unlabelled += groups[k].names; continue }
            out.append(Figure.Annotation(lines: texts[k], box: p.box, color: groups[k].first.color, fontSize: fontSize,
                                         bold: groups[k].first.bold, leader: p.leader))
        }
        return (out, unlabelled)
    }

    /// `text` broken into lines of at most `width` characters at ", " or spaces (a longer word
    /// stays whole).
    static func wrapped(_ text: String, at width: Int) -> [String] {
        guard text.count > width else { return [text] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty { line = word; continue }
            if line.count + 1 + word.count > width { lines.append(line); line = word } else { line += " " + word }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
