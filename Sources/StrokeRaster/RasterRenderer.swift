import CCairo
import StrokeCore

/// Draws strokes and comparison grids with Cairo into PNG, SVG or PDF.
///
/// Every output is deterministic (byte-identical for equal input, across runs and within
/// one process; see ``DeterministicVectorOutput``). The renderer returns the file's bytes;
/// writing them (atomically) is the caller's job.
public enum RasterRenderer {
    /// Layout constants of grids, in pixels.
    enum Layout {
        static let margin = 14.0
        static let gap = 14.0
        static let headingHeight = 30.0
        static let titleHeight = 24.0
        static let keyLineHeight = 20.0
        static let padding = 12.0
    }

    /// Renders `grid` and returns the file's bytes.
    public static func render(_ grid: ComparisonGrid, format: RasterFormat) throws(RasterError) -> [UInt8] {
        guard !grid.panels.isEmpty else { throw RasterError("a comparison grid needs at least one panel") }
        guard grid.panelWidth >= 40, grid.panelHeight >= 40 else {
            throw RasterError("panels of \(grid.panelWidth)×\(grid.panelHeight) px are too small (at least 40×40)")
        }
        let n = grid.panels.count
        // Panels with an inset beside them are twice as wide: two per row by default.
        let columns = max(1, min(grid.columns ?? min(n, grid.inset == nil ? 3 : 2), n))
        let rows = (n + columns - 1) / columns
        // One zoom for all panels: the shared bounds fitted into a drawing area.
        // A tap or a tiny stroke is shown at least 10 stroke widths across, so a dot looks
        // like a dot rather than filling the panel; a handwritten letter (about 8 stroke
        // widths tall at 2 pt) still fills its panel.
        var bounds = grid.crop ?? grid.sharedBounds ?? Rect(.zero, Point(x: 1, y: 1))
        let minimumExtent = 10 * grid.style.strokeWidth
        if bounds.width < minimumExtent && bounds.height < minimumExtent {
            let c = bounds.center, h = minimumExtent / 2
            bounds = bounds.union(Rect(Point(x: c.x - h, y: c.y - h), Point(x: c.x + h, y: c.y + h)))
        }
        let pad = Layout.padding + grid.style.strokeWidth
        let pw = Double(grid.panelWidth)
        var ph = Double(grid.panelHeight)
        if grid.fitsPanelHeightToStroke, bounds.width > 0 {
            // A wide stroke (handwriting) gets a shorter panel instead of empty bands.
            let natural = (pw - 2 * pad) * bounds.height / bounds.width + 2 * pad
            ph = min(ph, max(natural, 0.45 * pw, 40))
        }
        let fitted = Viewport(fitting: bounds, into: Rect(Point(x: pad, y: pad), Point(x: pw - pad, y: ph - pad)))
        // Insets per panel; the column beside the panels exists when any panel has one.
        let insets = grid.insetRegions()
        let hasInsets = insets.contains { if case .success = $0 { return true } else { return false } }

        let top = Layout.margin + (grid.heading == nil ? 0 : Layout.headingHeight)
        let cellHeight = Layout.titleHeight + ph
        // The inset sits beside each panel (a square as tall as the panel), where it hides
        // nothing: strokes fill panels, so no corner is reliably empty.
        let besideWidth = hasInsets ? Layout.gap / 2 + ph : 0
        let cellWidth = pw + besideWidth
        let width = Layout.margin * 2 + Double(columns) * cellWidth + Double(columns - 1) * Layout.gap
        let keyLines = grid.showsKey ? layoutKey(keyItems(grid, hasInsets: hasInsets), maxWidth: width - 2 * Layout.margin) : []
        let height = top + Double(rows) * cellHeight + Double(rows - 1) * Layout.gap
            + Double(keyLines.count) * Layout.keyLineHeight + (keyLines.isEmpty ? 0 : 10) + Layout.margin
        let canvas = try CairoCanvas(format: format, width: RasterSize.pixels(width), height: RasterSize.pixels(height),
                                     background: grid.style.background)
        let cr = canvas.cr

        if let heading = grid.heading {
            let text = TextDrawing.fitted(cr, heading, maxWidth: width - 2 * Layout.margin, size: 16, minSize: 10, bold: true)
            TextDrawing.show(cr, text, x: Layout.margin, y: Layout.margin + 18, color: .black)
        }

        for (index, scene) in grid.scenes.enumerated() {
            let col = index % columns, row = index / columns
            let x0 = Layout.margin + Double(col) * (cellWidth + Layout.gap)
            let y0 = top + Double(row) * (cellHeight + Layout.gap)
            let title = TextDrawing.fitted(cr, grid.panels[index].title, maxWidth: cellWidth - 4, size: 13, minSize: 9, bold: true)
            TextDrawing.show(cr, title, x: x0 + 2, y: y0 + 17, color: .black)
            let area = Rect(Point(x: x0, y: y0 + Layout.titleHeight), Point(x: x0 + pw, y: y0 + Layout.titleHeight + ph))
            let viewport = Viewport(bounds: fitted.bounds, scale: fitted.scale,
                                    origin: Point(x: area.min.x + fitted.origin.x, y: area.min.y + fitted.origin.y))
            cairo_save(cr)
            cairo_rectangle(cr, area.min.x, area.min.y, area.width, area.height)
            cairo_clip(cr)
            scene.paint(in: cr, viewport: viewport, style: grid.style, overlays: grid.overlays)
            if case .success(let region) = insets[index] {
                strokeRect(cr, viewport.device(region), color: Self.insetColor, width: 1)
            }
            cairo_restore(cr)
            switch insets[index] {
            case .success(let region):
                drawInset(cr, scene: scene, region: region, area: area, main: viewport, grid: grid)
            case .failure(let why) where hasInsets:
                drawNoInset(cr, why, area: area)
            case .failure:
                break
            }
            strokeRect(cr, area, color: .grey, width: 1)
        }
        var keyY = top + Double(rows) * cellHeight + Double(rows - 1) * Layout.gap + 10 + 14
        for line in keyLines {
            drawKeyLine(cr, line, x: Layout.margin, y: keyY)
            keyY += Layout.keyLineHeight
        }
        return try canvas.finish()
    }

    /// Draws `path` alone: round caps and joins, `width` in trace units, `scale` device
    /// pixels per trace unit, on white with `margin` pixels around the path's control
    /// bounds. Zero-length subpaths become dots. Returns the file's bytes.
    public static func render(path: Path, width: Double = 2, color: RasterColor = .black, scale: Double = 1,
                              margin: Double = 8, format: RasterFormat) throws(RasterError) -> [UInt8] {
        guard let bounds = path.controlBounds else { throw RasterError("the path is empty: nothing to draw") }
        guard path.elements.allSatisfy(\.isFinite) else { throw RasterError("the path has non-finite coordinates") }
        guard scale > 0, scale.isFinite, width >= 0 else { throw RasterError("scale must be positive and width non-negative") }
        let pad = margin + width * scale / 2
        // The size is checked as a Double before any conversion: a path of 10¹² units at
        // scale 1 is refused with its size, not clamped into a 4 GB canvas or trapped.
        let dw = (bounds.width * scale + 2 * pad).rounded(.up), dh = (bounds.height * scale + 2 * pad).rounded(.up)
        guard dw.isFinite, dh.isFinite, dw <= 32_767, dh <= 32_767 else {
            throw RasterError("the path needs \(dw)×\(dh) px at scale \(scale); at most 32767 px per side")
        }
        let w = RasterSize.pixels(dw), h = RasterSize.pixels(dh)
        let canvas = try CairoCanvas(format: format, width: w, height: h)
        let viewport = Viewport(bounds: bounds, scale: scale, origin: Point(x: pad, y: pad))
        PathDrawing.stroke(path.elements, in: canvas.cr, viewport: viewport, width: width * scale, color: color)
        return try canvas.finish()
    }

    static func strokeRect(_ cr: OpaquePointer, _ r: Rect, color: RasterColor, width: Double) {
        cairo_new_path(cr)
        cairo_rectangle(cr, r.min.x + 0.5, r.min.y + 0.5, r.width - 1, r.height - 1)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    /// Draws the magnified `region` in a square beside the panel `area`; the region itself
    /// is outlined in the panel (same colour) so the reader sees where it comes from. The
    /// inset magnifies geometry more than ink: line widths grow with the square root of the
    /// zoom (dots keep their size), so the shape of joins and curves stays visible while
    /// strokes still look like strokes.
    static let insetColor = RasterColor(red: 0.8, green: 0.1, blue: 0.1)

    static func drawInset(_ cr: OpaquePointer, scene: StrokeScene, region: Rect, area: Rect, main: Viewport,
                          grid: ComparisonGrid) {
        let outline = insetColor
        let x0 = area.max.x + Layout.gap / 2
        let box = Rect(Point(x: x0, y: area.min.y), Point(x: x0 + area.height, y: area.max.y))
        let viewport = Viewport(fitting: region, into: box)
        var style = grid.style
        style.strokeWidth *= (main.scale / viewport.scale).squareRoot()
        cairo_save(cr)
        cairo_rectangle(cr, box.min.x, box.min.y, box.width, box.height)
        cairo_clip(cr)
        let bg = grid.style.background
        cairo_set_source_rgba(cr, bg.red, bg.green, bg.blue, 1)
        cairo_paint(cr)
        scene.paint(in: cr, viewport: viewport, style: style, overlays: grid.overlays)
        cairo_restore(cr)
        strokeRect(cr, box, color: outline, width: 1.5)
        let zoom = viewport.scale / main.scale
        TextDrawing.setFont(cr, size: 11, bold: true)
        let shown = zoom.isFinite ? min(zoom, 1e9) : 1e9
        let label = shown >= 10 ? "×\(Int(shown.rounded()))" : "×" + String(Double(Int(shown * 10 + 0.5)) / 10)
        cairo_new_path(cr)
        cairo_rectangle(cr, box.min.x + 2, box.min.y + 2, TextDrawing.width(cr, label) + 6, 17)
        cairo_set_source_rgba(cr, bg.red, bg.green, bg.blue, 0.85)
        cairo_fill(cr)
        TextDrawing.show(cr, label, x: box.min.x + 5, y: box.min.y + 15, color: outline)
    }

    /// Says in the inset's place why a panel has none.
    static func drawNoInset(_ cr: OpaquePointer, _ why: ComparisonGrid.NoInset, area: Rect) {
        let x0 = area.max.x + Layout.gap / 2
        let lines: [String]
        switch why {
        case .noInk: lines = ["No inset:", "nothing drawn."]
        case .withinInk: lines = ["No inset: the ink", "covers the truth", "everywhere (within", "half a stroke width)."]
        }
        TextDrawing.setFont(cr, size: 12)
        for (k, line) in lines.enumerated() {
            TextDrawing.show(cr, line, x: x0 + 6, y: area.min.y + 20 + Double(k) * 16, color: RasterColor(red: 0.45, green: 0.45, blue: 0.45))
        }
    }

    /// One entry of the key: a mark and its text.
    struct KeyItem {
        enum Mark { case line(RasterColor, Double, Bool), dot(RasterColor, Double), ring(RasterColor) }
        var mark: Mark
        var text: String
    }

    /// The key's entries: what each colour and dot means (only what the grid shows;
    /// `hasInsets`: whether any panel has an inset).
    static func keyItems(_ grid: ComparisonGrid, hasInsets: Bool) -> [KeyItem] {
        let style = grid.style
        var items = [KeyItem(mark: .line(style.strokeColor, 3, false), text: "committed path")]
        if grid.overlays.contains(.provisional) && grid.frame != nil {
            items.append(KeyItem(mark: .line(style.provisionalColor, 3, false), text: "provisional"))
        }
        if grid.overlays.contains(.predicted) && grid.frame != nil {
            items.append(KeyItem(mark: .line(style.predictedColor, 3, true), text: "predicted"))
        }
        if grid.overlays.contains(.reference) && grid.stroke.reference != nil {
            items.append(KeyItem(mark: .line(style.referenceColor, 1.5, false), text: grid.frame == nil ? "reference" : "reference (pen so far)"))
        }
        if grid.overlays.contains(.pen) && grid.frame != nil && grid.stroke.reference != nil {
            items.append(KeyItem(mark: .ring(style.referenceColor), text: "pen at this moment"))
        }
        if grid.overlays.contains(.samples) {
            items.append(KeyItem(mark: .dot(style.mainSampleColor, style.mainSampleRadius + 0.6), text: "main samples"))
            if grid.stroke.events.contains(where: { $0.samples.count > 1 }) {
                items.append(KeyItem(mark: .dot(style.coalescedSampleColor, style.coalescedSampleRadius + 0.6), text: "coalesced samples"))
            }
        }
        if hasInsets {
            items.append(KeyItem(mark: .line(RasterColor(red: 0.8, green: 0.1, blue: 0.1), 1.5, false), text: "zoomed region"))
        }
        return items
    }

    static let keyFontSize = 12.0

    /// Breaks the key into lines no wider than `maxWidth` (measured with a scratch context).
    static func layoutKey(_ items: [KeyItem], maxWidth: Double) -> [[KeyItem]] {
        guard let scratch = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1) else { return [items] }
        defer { cairo_surface_destroy(scratch) }
        guard let cr = cairo_create(scratch) else { return [items] }
        defer { cairo_destroy(cr) }
        TextDrawing.setFont(cr, size: keyFontSize)
        var lines: [[KeyItem]] = []
        var line: [KeyItem] = []
        var used = 0.0
        for item in items {
            let needed = 30 + TextDrawing.width(cr, item.text) + 18
            if !line.isEmpty && used + needed > maxWidth {
                lines.append(line)
                line = []
                used = 0
            }
            line.append(item)
            used += needed
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Draws one line of the key with its text baseline at `y`.
    static func drawKeyLine(_ cr: OpaquePointer, _ items: [KeyItem], x: Double, y: Double) {
        var cx = x
        for item in items {
            switch item.mark {
            case .line(let c, let w, let dashed):
                cairo_new_path(cr)
                cairo_move_to(cr, cx, y - 4)
                cairo_line_to(cr, cx + 24, y - 4)
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
                cairo_set_line_width(cr, w)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                if dashed { [4.0, 4.0].withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, 2, 0) } }
                cairo_stroke(cr)
                cairo_set_dash(cr, nil, 0, 0)
            case .dot(let c, let r):
                cairo_new_path(cr)
                cairo_arc(cr, cx + 12, y - 4, r, 0, 2 * Double.pi)
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
                cairo_fill(cr)
            case .ring(let c):
                cairo_new_path(cr)
                cairo_arc(cr, cx + 12, y - 4, 5.5, 0, 2 * Double.pi)
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
                cairo_set_line_width(cr, 2)
                cairo_stroke(cr)
            }
            TextDrawing.setFont(cr, size: keyFontSize)
            TextDrawing.show(cr, item.text, x: cx + 30, y: y, color: RasterColor(red: 0.2, green: 0.2, blue: 0.2))
            cx += 30 + TextDrawing.width(cr, item.text) + 18
        }
    }
}
