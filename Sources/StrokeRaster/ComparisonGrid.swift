import StrokeCore
import StrokeSmoothing

/// A side-by-side comparison of pipelines on one stroke: one panel per pipeline, all at the
/// same zoom, each titled with its pipeline label, optionally with a zoomed inset beside each
/// panel — of the place where that panel strays farthest from the truth, or of one given
/// region in every panel — and optionally cropped to one region. Drawn by ``RasterRenderer``.
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

    /// A zoomed inset: a square as tall as the panel, beside every panel, magnifying a region
    /// of it.
    public struct Inset: Hashable, Sendable {
        /// The trace-space region to magnify in every panel; `nil` picks one per panel
        /// (``ComparisonGrid/automaticInsetRegion(panel:)``).
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
    /// The trace-space region every panel shows (cropped to it, at one zoom); `nil` shows
    /// everything drawn (``sharedBounds``).
    public var crop: Rect? = nil

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

    /// The common trace-space bounds of every panel (so all share one zoom); see also ``crop``.
    public var sharedBounds: Rect? {
        var box: Rect? = nil
        for s in scenes { if let b = s.bounds { box = box.map { $0.union(b) } ?? b } }
        if box == nil { box = StrokeScene(stroke: stroke, ink: Ink()).bounds }
        return box
    }

    /// Why a panel has no inset.
    public enum NoInset: Error, Hashable, Sendable {
        /// The panel's pipeline drew nothing (at the shown frame).
        case noInk
        /// The panel's ink stays within half a stroke width of the truth everywhere (its
        /// worst distance, trace units): magnifying would show nothing the panel does not.
        case withinInk(Double)
    }

    /// The region each panel's inset magnifies, in panel order: the given region in every
    /// panel, or per panel ``automaticInsetRegion(panel:)``; all `.failure` without an inset.
    public func insetRegions() -> [Result<Rect, NoInset>] {
        guard let inset else { return panels.map { _ in .failure(.noInk) } }
        if let region = inset.region { return panels.map { _ in .success(region) } }
        return panels.indices.map { automaticInsetRegion(panel: $0) }
    }

    /// The region panel `index`'s inset magnifies when none is given, or why it has none:
    /// - at a chosen frame, the panel's drawn tip (the end of its committed, provisional and
    ///   predicted ink) together with where the pen truly is (the reference at the frame's
    ///   time, else the newest sample delivered) and the committed ink's end, so the inset shows
    ///   the lag and the prediction; none when the panel shows no ink;
    /// - otherwise the place where this panel's final ink and the ground truth (the reference
    ///   curve, or the polyline through all coalesced samples without one) are farthest apart,
    ///   either way (ink far from the truth, or truth the ink never reaches, such as dropped
    ///   samples); none when that distance is below half the stroke width — the ink covers the
    ///   truth everywhere — or the panel drew nothing.
    ///
    /// The region is a square of side 12% of the drawing's larger dimension (at least 4 units),
    /// grown to hold the tip and the pen at a frame. O(n·m) on at most 1500 ink points ×
    /// 3000 truth segments, and 1500 truth points × 1500 ink segments.
    public func automaticInsetRegion(panel index: Int) -> Result<Rect, NoInset> {
        guard let bounds = crop ?? sharedBounds else { return .failure(.noInk) }
        let side = max(max(bounds.width, bounds.height) * 0.12, 4)
        func square(_ c: Point, side: Double) -> Rect {
            Rect(Point(x: c.x - side / 2, y: c.y - side / 2), Point(x: c.x + side / 2, y: c.y + side / 2))
        }
        let ink = panels[index].ink
        if let frame {
            guard let tip = ink.tip else { return .failure(.noInk) }
            let pen = stroke.reference.map { $0.points.count >= 2 ? $0.position(at: frame.time) : tip }
                ?? StrokeScene(stroke: stroke, ink: ink, frame: frame).deliveredEvents.last?.main.location ?? tip
            var box = Rect(tip, tip).including(pen)
            if let end = ink.committed.currentPoint { box = box.including(end) }
            return .success(square(box.center, side: max(side, 1.6 * max(box.width, box.height))))
        }
        var truth = stroke.reference?.points.map(\.location) ?? stroke.samples.map(\.location)
        if truth.count > 3000 { truth = stride(from: 0, to: truth.count, by: truth.count / 3000 + 1).map { truth[$0] } }
        var points = ink.committed.path.flattened(tolerance: 0.05).points
        guard !points.isEmpty else { return .failure(.noInk) }
        guard truth.count >= 2 else { return .success(square(bounds.center, side: side)) }
        if points.count > 1500 { points = stride(from: 0, to: points.count, by: points.count / 1500 + 1).map { points[$0] } }
        var worst: (distance: Double, point: Point) = (0, points[0])
        // Ink far from the truth.
        for p in points {
            var best = Double.infinity
            for k in 1..<truth.count { best = min(best, ComparisonGrid.distance(p, truth[k - 1], truth[k])) }
            if best > worst.distance { worst = (best, p) }
        }
        // Truth far from the ink (what the ink never reaches).
        let probes = truth.count > 1500 ? stride(from: 0, to: truth.count, by: truth.count / 1500 + 1).map { truth[$0] } : truth
        for q in probes {
            var best = points.count == 1 ? q.distance(to: points[0]) : Double.infinity
            for k in points.indices.dropFirst() { best = min(best, ComparisonGrid.distance(q, points[k - 1], points[k])) }
            if best > worst.distance { worst = (best, q) }
        }
        guard worst.distance >= style.strokeWidth / 2 else { return .failure(.withinInk(worst.distance)) }
        return .success(square(worst.point, side: side))
    }

    /// Distance from `p` to the segment `a`–`b`.
    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let len2 = ab.dx * ab.dx + ab.dy * ab.dy
        let t = len2 > 0 ? min(max((ap.dx * ab.dx + ap.dy * ab.dy) / len2, 0), 1) : 0
        return p.distance(to: a + ab * t)
    }
}
