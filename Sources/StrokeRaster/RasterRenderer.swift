import CCairo
import StrokeCore
import StrokeIO

/// Draws strokes and comparison grids with Cairo into PNG, SVG or PDF.
///
/// Every output is deterministic (byte-identical for equal input, across runs and within
/// one process; see ``DeterministicVectorOutput``), and files are written atomically
/// (``AtomicFile``: temporary file, then rename).
public enum RasterRenderer {
    /// Layout constants of grids, in pixels.
    enum Layout {
        static let margin = 14.0
        static let gap = 14.0
        static let headingHeight = 30.0
        static let titleHeight = 24.0
        static let keyHeight = 30.0
        static let padding = 12.0
    }

    /// Renders `grid` and returns the file's bytes.
    public static func render(_ grid: ComparisonGrid, format: RasterFormat) throws(RasterError) -> [UInt8] {
        guard !grid.panels.isEmpty else { throw RasterError("a comparison grid needs at least one panel") }
        guard grid.panelWidth >= 40, grid.panelHeight >= 40 else {
            throw RasterError("panels of \(grid.panelWidth)×\(grid.panelHeight) px are too small (at least 40×40)")
        }
        let n = grid.panels.count
        let columns = max(1, min(grid.columns ?? min(n, 3), n))
        let rows = (n + columns - 1) / columns
        let pw = Double(grid.panelWidth), ph = Double(grid.panelHeight)
        let top = Layout.margin + (grid.heading == nil ? 0 : Layout.headingHeight)
        let cellHeight = Layout.titleHeight + ph
        let width = Layout.margin * 2 + Double(columns) * pw + Double(columns - 1) * Layout.gap
        let height = top + Double(rows) * cellHeight + Double(rows - 1) * Layout.gap
            + (grid.showsKey ? Layout.keyHeight : 0) + Layout.margin
        let canvas = try CairoCanvas(format: format, width: Int(width.rounded(.up)), height: Int(height.rounded(.up)),
                                     background: grid.style.background)
        let cr = canvas.cr

        if let heading = grid.heading {
            let text = TextDrawing.fitted(cr, heading, maxWidth: width - 2 * Layout.margin, size: 16, minSize: 10, bold: true)
            TextDrawing.show(cr, text, x: Layout.margin, y: Layout.margin + 18, color: .black)
        }

        // One zoom for all panels: the shared bounds fitted into a drawing area.
        let bounds = grid.sharedBounds ?? Rect(.zero, Point(x: 1, y: 1))
        let pad = Layout.padding + grid.style.strokeWidth
        let fitted = Viewport(fitting: bounds, into: Rect(Point(x: pad, y: pad), Point(x: pw - pad, y: ph - pad)))
        let insetRegion = grid.inset.flatMap { $0.region ?? grid.automaticInsetRegion() }

        for (index, scene) in grid.scenes.enumerated() {
            let col = index % columns, row = index / columns
            let x0 = Layout.margin + Double(col) * (pw + Layout.gap)
            let y0 = top + Double(row) * (cellHeight + Layout.gap)
            let title = TextDrawing.fitted(cr, grid.panels[index].title, maxWidth: pw - 4, size: 13, minSize: 9, bold: true)
            TextDrawing.show(cr, title, x: x0 + 2, y: y0 + 17, color: .black)
            let area = Rect(Point(x: x0, y: y0 + Layout.titleHeight), Point(x: x0 + pw, y: y0 + Layout.titleHeight + ph))
            let viewport = Viewport(bounds: fitted.bounds, scale: fitted.scale,
                                    origin: Point(x: area.min.x + fitted.origin.x, y: area.min.y + fitted.origin.y))
            cairo_save(cr)
            cairo_rectangle(cr, area.min.x, area.min.y, area.width, area.height)
            cairo_clip(cr)
            scene.paint(in: cr, viewport: viewport, style: grid.style, overlays: grid.overlays)
            if let region = insetRegion, let inset = grid.inset {
                drawInset(cr, scene: scene, region: region, fraction: inset.fraction, area: area, main: viewport, grid: grid)
            }
            cairo_restore(cr)
            strokeRect(cr, area, color: .grey, width: 1)
        }
        if grid.showsKey {
            drawKey(cr, x: Layout.margin, y: height - Layout.margin - Layout.keyHeight + 20, maxWidth: width - 2 * Layout.margin, grid: grid)
        }
        return try canvas.finish()
    }

    /// Renders `grid` to `path` atomically, the format from `format` or the extension.
    public static func write(_ grid: ComparisonGrid, to path: String, format: RasterFormat? = nil) throws(RasterError) {
        let f: RasterFormat
        if let format { f = format } else { f = try RasterFormat.of(path: path) }
        try writeAtomically(try render(grid, format: f), to: path)
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
        let w = Int((bounds.width * scale + 2 * pad).rounded(.up)), h = Int((bounds.height * scale + 2 * pad).rounded(.up))
        let canvas = try CairoCanvas(format: format, width: max(w, 1), height: max(h, 1))
        let viewport = Viewport(bounds: bounds, scale: scale, origin: Point(x: pad, y: pad))
        PathDrawing.stroke(path.elements, in: canvas.cr, viewport: viewport, width: width * scale, color: color)
        return try canvas.finish()
    }

    /// Writes bytes atomically, as a ``RasterError`` on failure.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(RasterError) {
        do { try AtomicFile.write(bytes, to: path) } catch { throw RasterError(error.description) }
    }

    static func strokeRect(_ cr: OpaquePointer, _ r: Rect, color: RasterColor, width: Double) {
        cairo_new_path(cr)
        cairo_rectangle(cr, r.min.x + 0.5, r.min.y + 0.5, r.width - 1, r.height - 1)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    /// Draws the magnified `region` in the corner of `area` farthest from the region (so it
    /// does not hide what it magnifies), and outlines the region in the main view so the
    /// reader sees where it comes from. The inset magnifies geometry: line widths and dots
    /// keep their main-view size, so the shape of joins and curves stays visible.
    static func drawInset(_ cr: OpaquePointer, scene: StrokeScene, region: Rect, fraction: Double,
                          area: Rect, main: Viewport, grid: ComparisonGrid) {
        let outline = RasterColor(red: 0.8, green: 0.1, blue: 0.1)
        let source = main.device(region)
        strokeRect(cr, source, color: outline, width: 1)
        let side = min(area.width, area.height) * min(max(fraction, 0.15), 0.7)
        let right = source.center.x < area.center.x, bottom = source.center.y < area.center.y
        let x0 = right ? area.max.x - side - 4 : area.min.x + 4
        let y0 = bottom ? area.max.y - side - 4 : area.min.y + 4
        let box = Rect(Point(x: x0, y: y0), Point(x: x0 + side, y: y0 + side))
        let viewport = Viewport(fitting: region, into: box)
        var style = grid.style
        style.strokeWidth *= main.scale / viewport.scale
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
        let label = zoom >= 10 ? "×\(Int(zoom.rounded()))" : "×" + String(Double(Int(zoom * 10 + 0.5)) / 10)
        TextDrawing.show(cr, label, x: box.min.x + 5, y: box.min.y + 15, color: outline)
    }

    /// The key: what each colour and dot means (only the overlays shown).
    static func drawKey(_ cr: OpaquePointer, x: Double, y: Double, maxWidth: Double, grid: ComparisonGrid) {
        let style = grid.style
        enum Mark { case line(RasterColor, Double, Bool), dot(RasterColor, Double) }
        var items: [(Mark, String)] = [(.line(style.strokeColor, 3, false), "committed path")]
        if grid.overlays.contains(.provisional) && grid.frameIndex != nil { items.append((.line(style.provisionalColor, 3, false), "provisional")) }
        if grid.overlays.contains(.predicted) && grid.frameIndex != nil { items.append((.line(style.predictedColor, 3, true), "predicted")) }
        if grid.overlays.contains(.reference) && grid.stroke.reference != nil { items.append((.line(style.referenceColor, 1.5, false), "reference")) }
        if grid.overlays.contains(.samples) {
            items.append((.dot(style.mainSampleColor, style.mainSampleRadius + 0.6), "main samples"))
            items.append((.dot(style.coalescedSampleColor, style.coalescedSampleRadius + 0.6), "coalesced samples"))
        }
        if grid.inset != nil { items.append((.line(RasterColor(red: 0.8, green: 0.1, blue: 0.1), 1.5, false), "zoomed region")) }
        TextDrawing.setFont(cr, size: 12)
        var cx = x
        for (mark, text) in items {
            let needed = 30 + TextDrawing.width(cr, text) + 18
            if cx + needed > x + maxWidth { break }
            switch mark {
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
            }
            TextDrawing.setFont(cr, size: 12)
            TextDrawing.show(cr, text, x: cx + 30, y: y, color: RasterColor(red: 0.2, green: 0.2, blue: 0.2))
            cx += needed
        }
    }
}
