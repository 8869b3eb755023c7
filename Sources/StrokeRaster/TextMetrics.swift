import CCairo

/// How wide text is when drawn in DejaVu Sans, measured with Cairo's text extents (the same
/// font and options the rasters draw with, ``TextDrawing``): what a figure needs to know to
/// place labels beside points without overlaps. gnuplot's cairo terminals draw an *n*-point
/// font *n* × 4/3 pixels tall, so a label of font size 10 is measured at 13.3 px.
public enum TextMetrics {
    /// The advance width of `text` at `pixels` pixels per em, in pixels; 0 for empty text.
    /// O(length of the text).
    public static func width(_ text: String, pixels: Double, bold: Bool = false) -> Double {
        guard !text.isEmpty, pixels > 0, pixels.isFinite,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1) else { return 0 }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return 0 }
        defer { cairo_destroy(cr) }
        TextDrawing.setFont(cr, size: pixels, bold: bold)
        return TextDrawing.width(cr, text)
    }
}
