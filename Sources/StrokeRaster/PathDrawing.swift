import CCairo
import StrokeCore

/// Turns ``PathElement``s into Cairo path operations and strokes them the way the seed apps
/// do (`UIBezierPath` with round caps and joins).
///
/// A subpath whose drawing elements are all zero-length (a tap drawn as `move` + `line` to
/// the same point, or a degenerate curve) is drawn as a filled round dot of the stroke's
/// width, as UIKit and the tail=complete seed interpolators intend; Cairo would draw
/// nothing for a degenerate curve. O(n) in the number of elements.
///
/// Cost bounded by what is drawn, not by the number of samples:
/// - elements whose box lies wholly outside the clip (by more than half the line width and a
///   pixel) are not given to Cairo: the next element drawn starts a new subpath at their end,
///   whose cap lies outside the clip too (a magnified inset clips all but a small region);
/// - opaque, undashed ink is stroked in paths of at most ``batchLimit`` drawing elements
///   (Cairo's cost and memory grow faster than linearly with one path's size). A path of
///   fewer elements is drawn exactly as before; past it, batches meet with round caps where
///   the path had a round join, the same disc, so only the antialiased edge pixels around
///   each joint differ (their coverage is composited twice, a little darker);
/// - dots are filled in batches of the same size (translucent ones through a group, so they
///   still do not darken where they overlap);
/// - SVG output rounds device coordinates to ``vectorQuantum`` (1/8 px, exact in Cairo's
///   fixed point, so at most three decimals: about 18 bytes per line element) and leaves out
///   line elements that round to the point they start from.
enum PathDrawing {
    /// The most drawing elements (or dots) in one Cairo path of opaque, undashed ink.
    static let batchLimit = 4096

    /// The grid SVG coordinates are rounded to, in device pixels.
    static let vectorQuantum = 0.125

    /// The rounding step for `cr`'s surface: ``vectorQuantum`` for SVG, else 0 (none).
    static func quantum(_ cr: OpaquePointer) -> Double {
        guard let target = cairo_get_target(cr) else { return 0 }
        return cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_SVG ? vectorQuantum : 0
    }

    /// The current clip in device pixels, grown by `margin` on every side.
    static func clip(_ cr: OpaquePointer, margin: Double) -> Rect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return Rect(Point(x: x1 - margin, y: y1 - margin), Point(x: x2 + margin, y: y2 + margin))
    }

    /// Emits elements into Cairo: device coordinates (rounded for SVG), clipped elements left
    /// out, and the path drawn by `draw` every `limit` drawing elements.
    struct Emitter {
        let cr: OpaquePointer
        let quantum: Double
        let visible: Rect
        let limit: Int
        let draw: () -> Void
        var emitted = 0
        /// The device point a new subpath must start from before the next element, if any.
        var pendingMove: Point?
        var last = Point(x: .nan, y: .nan)

        @inline(__always)
        func device(_ p: Point, _ viewport: Viewport) -> Point {
            let d = viewport.device(p)
            guard quantum > 0 else { return d }
            return Point(x: (d.x / quantum).rounded() * quantum, y: (d.y / quantum).rounded() * quantum)
        }

        /// Starts a subpath at device point `d` before the next element.
        mutating func move(to d: Point) { pendingMove = d }

        /// Emits the drawing element `e` from device point `start` to `d` with device controls
        /// `c1`, `c2` (all equal to `d` for a line), or leaves it out: when the box of its four
        /// points lies outside ``visible`` (the next element drawn then starts a subpath at
        /// `d`), or, in SVG, when it is a line that rounds to its start.
        mutating func emit(_ e: PathElement, from start: Point, to d: Point, controls c1: Point, _ c2: Point) {
            let minX = Swift.min(start.x, d.x, c1.x, c2.x), maxX = Swift.max(start.x, d.x, c1.x, c2.x)
            let minY = Swift.min(start.y, d.y, c1.y, c2.y), maxY = Swift.max(start.y, d.y, c1.y, c2.y)
            if maxX < visible.min.x || minX > visible.max.x || maxY < visible.min.y || minY > visible.max.y {
                pendingMove = d
                return
            }
            if quantum > 0, case .line = e, d == start, pendingMove == nil { return }
            if let m = pendingMove {
                cairo_move_to(cr, m.x, m.y)
                pendingMove = nil
            }
            switch e {
            case .move: break
            case .line: cairo_line_to(cr, d.x, d.y)
            case .quadCurve, .curve: cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, d.x, d.y)
            }
            last = d
            emitted += 1
            if emitted >= limit {
                draw()
                emitted = 0
                pendingMove = d
            }
        }
    }

    /// Builds the path of `elements` in `cr` (after `cairo_new_path`), drawing it with `draw`
    /// every `limit` drawing elements, and returns the centres of zero-length subpaths, in
    /// device pixels. `start` is the current point before the first element (for a
    /// provisional tail that continues a committed path). What is left in the path is for the
    /// caller to draw.
    static func build<C: Collection>(_ elements: C, from start: Point?, in cr: OpaquePointer, viewport: Viewport,
                                     margin: Double, limit: Int, draw: @escaping () -> Void) -> [Point]
        where C.Element == PathElement {
        cairo_new_path(cr)
        var out = Emitter(cr: cr, quantum: quantum(cr), visible: clip(cr, margin: margin), limit: limit, draw: draw)
        var dots: [Point] = []
        var current: Point? = start
        var subpathStart: Point? = start
        var subpathHasLength = false
        var subpathHasElements = false
        var needsMove = start != nil   // a move is emitted lazily so lone moves add nothing

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
                needsMove = true
                continue
            }
            let from = current ?? e.endPoint
            if current == nil { subpathStart = from; needsMove = true }
            let degenerate: Bool
            switch e {
            case .move: degenerate = true
            case .line(let p): degenerate = p == from
            case .quadCurve(let p, let c): degenerate = p == from && c == from
            case .curve(let p, let c1, let c2): degenerate = p == from && c1 == from && c2 == from
            }
            subpathHasElements = true
            if !degenerate {
                let f = out.device(from, viewport)
                if needsMove {
                    out.move(to: f)
                    needsMove = false
                }
                subpathHasLength = true
                switch e {
                case .move: break
                case .line(let p):
                    let d = out.device(p, viewport)
                    out.emit(e, from: out.pendingMove ?? out.last, to: d, controls: d, d)
                case .quadCurve(let p, let c):
                    // Degree elevation: the cubic with controls a + 2/3(c − a), p + 2/3(c − p).
                    let c1 = from + (c - from) * (2.0 / 3.0), c2 = p + (c - p) * (2.0 / 3.0)
                    let d = out.device(p, viewport)
                    out.emit(e, from: out.pendingMove ?? out.last, to: d,
                             controls: out.device(c1, viewport), out.device(c2, viewport))
                case .curve(let p, let c1, let c2):
                    let d = out.device(p, viewport)
                    out.emit(e, from: out.pendingMove ?? out.last, to: d,
                             controls: out.device(c1, viewport), out.device(c2, viewport))
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
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        // Translucent or dashed ink stays one path: overlapping batches would darken, and a
        // dash pattern would restart at each. Dashed ink is not clipped either: its pattern
        // restarts at every subpath, so leaving elements out would move the dashes after them.
        let limit = color.alpha >= 1 && dash.isEmpty ? batchLimit : Int.max
        let margin = dash.isEmpty ? width / 2 + 1 : .infinity
        let dots = build(elements, from: start, in: cr, viewport: viewport, margin: margin, limit: limit) {
            cairo_stroke(cr)
        }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        for d in dots {
            cairo_new_sub_path(cr)
            cairo_arc(cr, d.x, d.y, width / 2, 0, 2 * Double.pi)
        }
        if !dots.isEmpty { cairo_fill(cr) }
    }

    /// Strokes a polyline (device width, no dots), as ``stroke(_:from:in:viewport:width:color:dash:)``
    /// strokes lines.
    static func strokePolyline(_ points: [Point], in cr: OpaquePointer, viewport: Viewport, width: Double, color: RasterColor) {
        guard points.count >= 2 else { return }
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_new_path(cr)
        var out = Emitter(cr: cr, quantum: quantum(cr), visible: clip(cr, margin: width / 2 + 1),
                          limit: color.alpha >= 1 ? batchLimit : Int.max, draw: { cairo_stroke(cr) })
        var from = out.device(points[0], viewport)
        out.move(to: from)
        for p in points.dropFirst() {
            let d = out.device(p, viewport)
            out.emit(.line(to: p), from: from, to: d, controls: d, d)
            from = d
        }
        cairo_stroke(cr)
    }

    /// Fills a dot of `radius` device pixels at each point, as one fill of their union (dots
    /// wholly outside the clip are left out). Past `limit` dots they are filled in batches of
    /// `limit`, opaque; translucent dots then go into a group painted once with the colour's
    /// alpha, so overlapping dots still do not darken each other and Cairo holds one batch's
    /// path (and the canvas-sized group) instead of every dot's (250,000 dots held 590 MB).
    /// Up to `limit` dots are drawn exactly as one fill. O(n).
    static func dots(_ points: [Point], in cr: OpaquePointer, viewport: Viewport, radius: Double, color: RasterColor,
                     limit: Int = batchLimit) {
        guard !points.isEmpty else { return }
        let visible = clip(cr, margin: radius + 1)
        let grouped = color.alpha < 1 && points.count > limit
        if grouped {
            cairo_push_group(cr)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, 1)
        } else {
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        }
        cairo_new_path(cr)
        var count = 0
        for p in points {
            let d = viewport.device(p)
            guard d.x >= visible.min.x, d.x <= visible.max.x, d.y >= visible.min.y, d.y <= visible.max.y else { continue }
            cairo_new_sub_path(cr)
            cairo_arc(cr, d.x, d.y, radius, 0, 2 * Double.pi)
            count += 1
            if count == limit {
                cairo_fill(cr)
                count = 0
            }
        }
        cairo_fill(cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, color.alpha)
        }
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
