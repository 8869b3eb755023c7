import StrokeCore
import StrokeSmoothing

/// A side-by-side comparison of pipelines on one stroke: one panel per pipeline, all at the
/// same zoom, each titled with its pipeline label, optionally with a zoomed inset of the same
/// region in every panel. Drawn by ``RasterRenderer``.
public struct ComparisonGrid: Hashable, Sendable {
    /// One panel: a title and the ink a pipeline showed for the grid's stroke.
    public struct Panel: Hashable, Sendable {
        /// The panel title, normally the pipeline label.
        public var title: String
        /// The ink to draw (at the grid's frame, or finished).
        public var ink: Ink
        /// How to draw it.
        public var rendering: InkRendering
        /// Creates a panel from ink.
        public init(title: String, ink: Ink, rendering: InkRendering = .line) {
            self.title = title
            self.ink = ink
            self.rendering = rendering
        }
        /// Creates a panel showing `replay` at frame `frameIndex` (``StrokeSmoothing/StrokeReplay/ink(at:)``),
        /// or finished when `nil`.
        public init(title: String, replay: StrokeReplay, frameIndex: Int? = nil, rendering: InkRendering = .line) {
            self.init(title: title, ink: frameIndex.map { replay.ink(at: $0) } ?? replay.finalInk, rendering: rendering)
        }
    }

    /// A zoomed inset: a square as tall as the panel, beside every panel, magnifying the
    /// same region in each.
    public struct Inset: Hashable, Sendable {
        /// The trace-space region to magnify; `nil` picks one automatically
        /// (``ComparisonGrid/automaticInsetRegion()``).
        public var region: Rect?
        /// Creates an inset.
        public init(region: Rect? = nil) {
            self.region = region
        }
    }

    /// The stroke all panels show.
    public var stroke: Stroke
    /// The panels, left to right, top to bottom.
    public var panels: [Panel]
    /// The frame shown in every panel; `nil` for the finished strokes.
    public var frame: SceneFrame?
    /// Panels per row; `nil` chooses up to 2 with an inset, 3 without.
    public var columns: Int?
    /// Drawing-area width of each panel, pixels.
    public var panelWidth: Int
    /// Drawing-area height of each panel, pixels (the maximum when
    /// ``fitsPanelHeightToStroke`` is set).
    public var panelHeight: Int
    /// Shortens panels to the strokes' aspect ratio (down to 45% of the width), so wide
    /// handwriting is not drawn in a thin band of a square panel.
    public var fitsPanelHeightToStroke: Bool
    /// The zoomed inset, or `nil` for none.
    public var inset: Inset?
    /// Overlays drawn in every panel.
    public var overlays: RasterOverlays
    /// Colours and widths.
    public var style: StrokeRasterStyle
    /// A heading above the grid (e.g. the trace and stroke), or `nil`.
    public var heading: String?
    /// Draws a key below the panels explaining colours and dots.
    public var showsKey: Bool

    /// Creates a grid from replays already made.
    public init(stroke: Stroke, panels: [Panel], frame: SceneFrame? = nil, columns: Int? = nil,
                panelWidth: Int = 420, panelHeight: Int = 420, inset: Inset? = Inset(),
                overlays: RasterOverlays = .all, style: StrokeRasterStyle = StrokeRasterStyle(),
                heading: String? = nil, showsKey: Bool = true) {
        self.stroke = stroke
        self.panels = panels
        self.frame = frame
        self.columns = columns
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.fitsPanelHeightToStroke = true
        self.inset = inset
        self.overlays = overlays
        self.style = style
        self.heading = heading
        self.showsKey = showsKey
    }

    /// The scenes the panels draw.
    public var scenes: [StrokeScene] {
        panels.map { StrokeScene(stroke: stroke, ink: $0.ink, frame: frame, rendering: $0.rendering) }
    }

    /// The common trace-space bounds of every panel (so all share one zoom).
    public var sharedBounds: Rect? {
        var box: Rect? = nil
        for s in scenes { if let b = s.bounds { box = box.map { $0.union(b) } ?? b } }
        if box == nil { box = StrokeScene(stroke: stroke, ink: Ink()).bounds }
        return box
    }

    /// The region the inset magnifies when none is given: a square (side 12% of the
    /// stroke's larger dimension, at least 4 units) centred on the worst place, i.e.
    /// - at a chosen frame, the first panel's drawn tip (to show provisional and predicted);
    /// - otherwise, the point of any panel's final path farthest from the ground truth
    ///   (the reference curve, or the polyline through all coalesced samples without one).
    ///
    /// O(n·m) on at most 1500 path points × 3000 truth segments.
    public func automaticInsetRegion() -> Rect? {
        guard let bounds = sharedBounds else { return nil }
        let side = max(max(bounds.width, bounds.height) * 0.12, 4)
        func square(_ c: Point) -> Rect {
            Rect(Point(x: c.x - side / 2, y: c.y - side / 2), Point(x: c.x + side / 2, y: c.y + side / 2))
        }
        if frame != nil, let tip = panels.first?.ink.tip { return square(tip) }
        var truth = stroke.reference?.points.map(\.location) ?? stroke.samples.map(\.location)
        if truth.count > 3000 { truth = stride(from: 0, to: truth.count, by: truth.count / 3000 + 1).map { truth[$0] } }
        guard truth.count >= 2 else { return square(bounds.center) }
        var worst: (distance: Double, point: Point)? = nil
        for panel in panels {
            var points = panel.ink.committed.path.flattened(tolerance: 0.05).points
            if points.count > 1500 { points = stride(from: 0, to: points.count, by: points.count / 1500 + 1).map { points[$0] } }
            for p in points {
                var best = Double.infinity
                for k in 1..<truth.count {
                    best = min(best, ComparisonGrid.distance(p, truth[k - 1], truth[k]))
                }
                if worst == nil || best > worst!.distance { worst = (best, p) }
            }
        }
        return square(worst?.point ?? bounds.center)
    }

    /// Distance from `p` to the segment `a`–`b`.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let len2 = ab.dx * ab.dx + ab.dy * ab.dy
        let t = len2 > 0 ? min(max((ap.dx * ab.dx + ap.dy * ab.dy) / len2, 0), 1) : 0
        return p.distance(to: a + ab * t)
    }
}
