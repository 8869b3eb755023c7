import CCairo
import StrokeCore

/// Draws ink with Cairo in one of the ``InkRendering`` modes.
enum InkDrawing {
    /// The most elements or polygons drawn in one Cairo path, so a stroke of 10⁶ elements
    /// needs bounded memory. Batches of opaque ink join invisibly (round caps overlap).
    static let batchLimit = 4096

    /// Draws `ink` as the seeds do: each element with its own width (× viewport scale),
    /// opacity and colour, round caps; consecutive connected opaque elements of equal ink are
    /// stroked as one path (identical on screen, much faster); translucent elements one by
    /// one, so overlapping caps darken as in the seed. Erasers paint `background`. `tint`
    /// replaces every colour (predicted ink); `dash` dashes the strokes.
    static func segments(_ ink: InkPath, in cr: OpaquePointer, viewport: Viewport, background: RasterColor,
                         tint: RasterColor? = nil, alphaScale: Double = 1, dash: [Double] = []) {
        var batch: [PathElement] = []
        var batchStart: Point? = nil
        var batchInk: InkAttributes? = nil
        var batchEnd: Point? = nil
        func color(_ a: InkAttributes) -> RasterColor {
            if a.blend == .erase { return background.withAlpha(1) }
            let c = tint ?? RasterColor(red: a.color.red, green: a.color.green, blue: a.color.blue)
            return c.withAlpha(a.opacity * alphaScale * (tint?.alpha ?? 1))
        }
        func flush() {
            guard let a = batchInk, !batch.isEmpty else { batch.removeAll(keepingCapacity: true); return }
            PathDrawing.stroke(batch, from: batchStart, in: cr, viewport: viewport, width: a.width * viewport.scale,
                               color: color(a), dash: dash)
            batch.removeAll(keepingCapacity: true)
            batchInk = nil
        }
        ink.forEachSegment { start, _, element, end in
            guard start.isFinite, element.isFinite, end.width > 0 else { return }
            let opaque = end.blend == .erase || (end.opacity * alphaScale >= 1 && (tint?.alpha ?? 1) >= 1)
            if !(opaque && batchInk == end && batchEnd == start && batch.count < batchLimit) {
                flush()
                batchStart = start
                batchInk = end
            }
            batch.append(element)
            batchEnd = element.endPoint
            if !opaque { flush() }
        }
        flush()
    }

    /// Fills `ink`'s area: its `outline` polygons when it has some (in the colour and
    /// opacity of the last committed element), else the capsules of every element
    /// (``StrokeCore/InkOutline``), grouped by equal ink and filled with the non-zero rule.
    static func outline(_ ink: InkPath, polygons: [[Point]], in cr: OpaquePointer, viewport: Viewport,
                        background: RasterColor, tint: RasterColor? = nil) {
        func color(_ a: InkAttributes) -> RasterColor {
            if a.blend == .erase { return background.withAlpha(1) }
            let c = tint ?? RasterColor(red: a.color.red, green: a.color.green, blue: a.color.blue)
            return c.withAlpha(a.opacity * (tint?.alpha ?? 1))
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        if !polygons.isEmpty {
            let a = ink.attributes.last ?? .default
            cairo_new_path(cr)
            for polygon in polygons where polygon.count >= 3 && polygon.allSatisfy(\.isFinite) {
                addPolygon(polygon, cr, viewport)
            }
            fill(cr, color(a))
            return
        }
        // Tolerance: a quarter of a device pixel in trace units.
        let tolerance = 0.25 / max(viewport.scale, 1e-9)
        var current: InkAttributes? = nil
        var count = 0
        cairo_new_path(cr)
        InkOutline.forEachPolygon(of: ink, tolerance: tolerance) { polygon, a in
            if current != a || count >= batchLimit {
                if let c = current { fill(cr, color(c)) }
                cairo_new_path(cr)
                current = a
                count = 0
            }
            addPolygon(polygon, cr, viewport)
            count += 1
        }
        if let c = current { fill(cr, color(c)) }
    }

    private static func addPolygon(_ polygon: [Point], _ cr: OpaquePointer, _ viewport: Viewport) {
        let first = viewport.device(polygon[0])
        cairo_move_to(cr, first.x, first.y)
        for p in polygon.dropFirst() {
            let d = viewport.device(p)
            cairo_line_to(cr, d.x, d.y)
        }
        cairo_close_path(cr)
    }

    private static func fill(_ cr: OpaquePointer, _ c: RasterColor) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_fill(cr)
    }
}
