import StrokeCore

/// The mapping from trace coordinates to device pixels: `device = origin + scale · (p − min)`.
///
/// Trace y grows downwards like the device's (UIKit and Cairo agree), so no flip is needed.
public struct Viewport: Hashable, Sendable {
    /// The trace-space rectangle shown.
    public var bounds: Rect
    /// Device pixels per trace unit.
    public var scale: Double
    /// Device position of `bounds.min`.
    public var origin: Point

    /// Creates a viewport explicitly.
    public init(bounds: Rect, scale: Double, origin: Point) {
        self.bounds = bounds
        self.scale = scale
        self.origin = origin
    }

    /// The viewport that fits `bounds` into the device rectangle `area`, keeping the aspect
    /// ratio and centring; a degenerate bounds (a tap) gets a 20-unit square around it.
    public init(fitting bounds: Rect, into area: Rect) {
        var b = bounds
        if b.width < 1e-9 && b.height < 1e-9 { b = b.outset(by: 10) }
        let w = max(b.width, 1e-9), h = max(b.height, 1e-9)
        let s = min(area.width / w, area.height / h)
        let shownWidth = w * s, shownHeight = h * s
        self.init(bounds: b, scale: s,
                  origin: Point(x: area.min.x + (area.width - shownWidth) / 2, y: area.min.y + (area.height - shownHeight) / 2))
    }

    /// Maps a trace point to device pixels.
    @inlinable
    public func device(_ p: Point) -> Point {
        Point(x: origin.x + scale * (p.x - bounds.min.x), y: origin.y + scale * (p.y - bounds.min.y))
    }

    /// The device rectangle covered by `r` (trace units).
    public func device(_ r: Rect) -> Rect { Rect(device(r.min), device(r.max)) }
}
