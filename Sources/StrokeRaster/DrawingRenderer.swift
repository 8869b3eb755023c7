import CCairo
import StrokeCore

/// Whole drawings: every stroke of a trace drawn in order on one canvas, as a drawing app's
/// canvas accumulates them — later ink covers earlier ink, and an eraser stroke paints the
/// background over whatever it crosses (Scribble's finger eraser), so a page of handwriting
/// looks like a page.
public enum DrawingRenderer {
    /// The largest canvas side, in pixels.
    public static let maximumSide = 8192

    /// Renders the strokes' ink in order and returns the file's bytes.
    /// - Parameters:
    ///   - strokes: each stroke's ink, in drawing order.
    ///   - rendering: ``InkRendering/segments`` (as the seeds draw) or ``InkRendering/outline``;
    ///     ``InkRendering/line`` draws thin black centre lines.
    ///   - longestSide: the canvas's longer side in pixels; the drawing is fitted into it.
    ///   - margin: pixels around the ink.
    /// - Throws: ``RasterError`` when nothing would be drawn, a coordinate is not finite, or
    ///   the size is out of range.
    public static func render(_ strokes: [Ink], rendering: InkRendering = .segments, longestSide: Int = 1600,
                              margin: Double = 16, background: RasterColor = .white,
                              format: RasterFormat) throws(RasterError) -> [UInt8] {
        guard (64...maximumSide).contains(longestSide) else {
            throw RasterError("the canvas side \(longestSide) px is outside 64…\(maximumSide)")
        }
        var bounds: Rect? = nil
        for ink in strokes {
            let b = rendering == .line ? ink.committed.path.controlBounds : ink.bounds
            if let b { bounds = bounds.map { $0.union(b) } ?? b }
        }
        guard let box = bounds else { throw RasterError("the drawing is empty: nothing to draw") }
        guard box.min.isFinite, box.max.isFinite, box.width.isFinite, box.height.isFinite else {
            throw RasterError("the drawing has non-finite or unrepresentable coordinates")
        }
        let area = Double(longestSide) - 2 * margin
        let extent = max(box.width, box.height, 1e-9)
        let scale = area / extent
        let w = RasterSize.pixels(box.width * scale + 2 * margin), h = RasterSize.pixels(box.height * scale + 2 * margin)
        let canvas = try CairoCanvas(format: format, width: w, height: h, background: background)
        let viewport = Viewport(bounds: box, scale: scale, origin: Point(x: margin, y: margin))
        let lineWidth = 1.5
        for ink in strokes {
            switch rendering {
            case .line:
                PathDrawing.stroke(ink.committed.elements, in: canvas.cr, viewport: viewport, width: lineWidth, color: .black)
            case .segments:
                InkDrawing.segments(ink.committed, in: canvas.cr, viewport: viewport, background: background)
            case .outline:
                InkDrawing.outline(ink.committed, polygons: ink.outline, in: canvas.cr, viewport: viewport, background: background)
            }
        }
        return try canvas.finish()
    }
}

/// Pixel sizes from doubles, never trapping: clamps to 1…32767 (Cairo's limit) and maps NaN
/// to 1, so a caller's range check reports the problem instead of a conversion crash.
enum RasterSize {
    static func pixels(_ d: Double) -> Int {
        guard d.isFinite else { return d.isNaN ? 1 : (d > 0 ? 32_767 : 1) }
        return Int(min(max(d.rounded(.up), 1), 32_767))
    }
}
