import CCairo

/// Text through Cairo's "toy" API with fixed font options (grey antialiasing, no hinting,
/// unhinted metrics), so output does not depend on the machine's fontconfig settings.
enum TextDrawing {
    /// The font family; DejaVu Sans ships with Debian's fontconfig (fonts-dejavu-core).
    static let family = "DejaVu Sans"

    /// Prepares `cr` for text of `size` pixels.
    static func setFont(_ cr: OpaquePointer, size: Double, bold: Bool = false) {
        cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// Width of `text` in the current font, pixels.
    static func width(_ cr: OpaquePointer, _ text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    /// `text` made to fit `maxWidth`: the font shrinks down to `minSize`, then the middle of
    /// the text is replaced by "…" (pipeline labels differ at both ends). Leaves the font set.
    static func fitted(_ cr: OpaquePointer, _ text: String, maxWidth: Double, size: Double, minSize: Double, bold: Bool = false) -> String {
        var s = size
        setFont(cr, size: s, bold: bold)
        while width(cr, text) > maxWidth && s > minSize {
            s = max(minSize, s - 0.5)
            setFont(cr, size: s, bold: bold)
        }
        guard width(cr, text) > maxWidth else { return text }
        let chars = Array(text)
        var keep = chars.count - 1
        while keep > 2 {
            let head = (keep + 1) / 2, tail = keep - head
            let candidate = String(chars[..<head]) + "…" + String(chars[(chars.count - tail)...])
            if width(cr, candidate) <= maxWidth { return candidate }
            keep -= 1
        }
        return "…"
    }

    /// Draws `text` with its baseline starting at (x, y).
    static func show(_ cr: OpaquePointer, _ text: String, x: Double, y: Double, color: RasterColor) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, text)
        cairo_new_path(cr)
    }
}
