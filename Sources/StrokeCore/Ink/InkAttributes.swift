/// How ink is composited: painted over what is there, or erasing it.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
    /// Source-over: the ink covers what is below with its colour and opacity.
    case normal
    /// The ink removes what is below (Scribble's finger eraser paints the background colour;
    /// StrokeLab clears to the background, which looks the same on an opaque canvas).
    case erase
}

/// The ink at one point of a stroke's centre line: width, opacity, colour and blend mode.
///
/// A styled path (``InkPath``) stores one per path element — the ink at the element's end
/// point — which is exactly the seeds' rule: Scribble and ForceSketch draw each segment with
/// the width and colour computed from the touch at its end. Width in trace units (the full
/// line width, not a radius); opacity in 0…1.
public struct InkAttributes: Hashable, Sendable {
    /// Full line width in trace units (≥ 0).
    public var width: Double
    /// Opacity in 0…1.
    public var opacity: Double
    /// Colour.
    public var color: InkColor
    /// Normal ink or eraser.
    public var blend: BlendMode

    /// Creates attributes; width is clamped at 0 and opacity to 0…1 (NaN becomes 0).
    @inlinable
    public init(width: Double, opacity: Double = 1, color: InkColor = .black, blend: BlendMode = .normal) {
        self.width = width.isNaN ? 0 : Swift.max(width, 0)
        self.opacity = opacity.isNaN ? 0 : Swift.min(Swift.max(opacity, 0), 1)
        self.color = color
        self.blend = blend
    }

    /// StrokeLab's default ink: black, opaque, 2 units wide (the seed views' line width, 2 iOS points;
    /// a pipeline resolved for a trace scale converts it, `PipelineDescription.baseInk`).
    public static let `default` = InkAttributes(width: 2)
}
