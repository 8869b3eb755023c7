import CCairo
import StrokeCore

/// Turns ``PathElement``s into Cairo path operations and strokes them the way the seed apps
/// do (`UIBezierPath` with round caps and joins).
///
/// A subpath whose drawing elements are all zero-length (a tap drawn as `move` + `line` to
/// the same point, or a degenerate curve) is drawn as a filled round dot of the stroke's
/// width, as UIKit and the tail=complete seed interpolators intend; Cairo would draw
/// nothing for a degenerate curve. O(n) in the number of elements.
enum PathDrawing {
    /// Builds the path of `elements` in `cr` (after `cairo_new_path`) and returns the centres
    /// of zero-length subpaths, in device pixels. `start` is the current point before the
    /// first element (for a provisional tail that continues a committed path).
    static func build<C: Collection>(_ elements: C, from start: Point?, in cr: OpaquePointer,
                                     viewport: Viewport) -> [Point] where C.Element == PathElement {
        cairo_new_path(cr)
        var dots: [Point] = []
        var current: Point? = start
        var subpathStart: Point? = start
        var subpathHasLength = false
        var subpathHasElements = false
        var pendingMove = start != nil   // a move is emitted lazily so lone moves add nothing

        func closeSubpath() {
            if subpathHasElements && !subpathHasLength, let p = subpathStart { dots.append(viewport.device(p)) }
            subpathHasLength = false
            subpathHasElements = false
        }
        for e in elements {
            if case .move(let p) = e {
                closeSubpath()
                current = p
                subpathStart = p
                pendingMove = true
                continue
            }
            let from = current ?? e.endPoint
            if current == nil { subpathStart = from; pendingMove = true }
            let degenerate: Bool
            switch e {
            case .move: degenerate = true
            case .line(let p): degenerate = p == from
            case .quadCurve(let p, let c): degenerate = p == from && c == from
            case .curve(let p, let c1, let c2): degenerate = p == from && c1 == from && c2 == from
            }
            subpathHasElements = true
            if !degenerate {
                if pendingMove {
                    let d = viewport.device(from)
                    cairo_move_to(cr, d.x, d.y)
                    pendingMove = false
                }
                subpathHasLength = true
                switch e {
                case .move: break
                case .line(let p):
                    let d = viewport.device(p)
                    cairo_line_to(cr, d.x, d.y)
                case .quadCurve(let p, let c):
                    // Degree elevation: the cubic with controls a + 2/3(c − a), p + 2/3(c − p).
                    let c1 = from + (c - from) * (2.0 / 3.0), c2 = p + (c - p) * (2.0 / 3.0)
                    let d1 = viewport.device(c1), d2 = viewport.device(c2), d = viewport.device(p)
                    cairo_curve_to(cr, d1.x, d1.y, d2.x, d2.y, d.x, d.y)
                case .curve(let p, let c1, let c2):
                    let d1 = viewport.device(c1), d2 = viewport.device(c2), d = viewport.device(p)
                    cairo_curve_to(cr, d1.x, d1.y, d2.x, d2.y, d.x, d.y)
                }
            }
            current = e.endPoint
        }
        closeSubpath()
        return dots
    }

    /// Strokes `elements` with round caps and joins, `width` in device pixels, in `color`,
    /// with an optional dash pattern (device pixels); zero-length subpaths become dots.
    static func stroke<C: Collection>(_ elements: C, from start: Point? = nil, in cr: OpaquePointer,
                                      viewport: Viewport, width: Double, color: RasterColor,
                                      dash: [Double] = []) where C.Element == PathElement {
        guard !elements.isEmpty, width > 0 else { return }
        let dots = build(elements, from: start, in: cr, viewport: viewport)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        for d in dots {
            cairo_new_sub_path(cr)
            cairo_arc(cr, d.x, d.y, width / 2, 0, 2 * Double.pi)
        }
        if !dots.isEmpty { cairo_fill(cr) }
    }

    /// Strokes a polyline (device width, no dots).
    static func strokePolyline(_ points: [Point], in cr: OpaquePointer, viewport: Viewport, width: Double, color: RasterColor) {
        guard points.count >= 2 else { return }
        cairo_new_path(cr)
        let first = viewport.device(points[0])
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() {
            let d = viewport.device(p)
            cairo_line_to(cr, d.x, d.y)
        }
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
    }

    /// Fills a dot of `radius` device pixels at each point.
    static func dots(_ points: [Point], in cr: OpaquePointer, viewport: Viewport, radius: Double, color: RasterColor) {
        guard !points.isEmpty else { return }
        cairo_new_path(cr)
        for p in points {
            let d = viewport.device(p)
            cairo_new_sub_path(cr)
            cairo_arc(cr, d.x, d.y, radius, 0, 2 * Double.pi)
        }
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_fill(cr)
    }

    /// A ring (an open circle) of `radius` device pixels around `p`, `width` pixels thick.
    static func ring(_ p: Point, in cr: OpaquePointer, viewport: Viewport, radius: Double, width: Double, color: RasterColor) {
        let d = viewport.device(p)
        cairo_new_path(cr)
        cairo_arc(cr, d.x, d.y, radius, 0, 2 * Double.pi)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }
}
