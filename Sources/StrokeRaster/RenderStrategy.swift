/// How a drawing view turns the current state into a displayed frame (DIGEST.md §A, §B).
public enum RenderStrategy: String, Hashable, Sendable, CaseIterable {
    /// LinearInterpView: clear and stroke every path on the canvas each frame. Cost grows
    /// with everything drawn so far.
    case fullRedraw = "full-redraw"
    /// CachedLIView: finished strokes live in an offscreen bitmap (drawn into it at
    /// `touchesEnded`); each frame copies the bitmap and strokes the whole current stroke.
    /// Cost grows with the current stroke only.
    case cachedBitmap = "cached-bitmap"
    /// Scribble: committed segments are drawn once into `drawingImage` as they arrive; each
    /// frame copies it and draws only the provisional and predicted parts on top. Cost is
    /// flat in the stroke's length.
    case incremental = "incremental"

    /// A label for figures and tables.
    public var label: String {
        switch self {
        case .fullRedraw: return "full redraw (LinearInterpView)"
        case .cachedBitmap: return "cached bitmap + current stroke (CachedLIView)"
        case .incremental: return "incremental bitmap + provisional (Scribble)"
        }
    }
}
