/// How a raster draws a pipeline's ink.
public enum InkRendering: String, Hashable, Sendable, CaseIterable {
    /// The centre line only, thin and in the raster style's colours (committed black,
    /// provisional blue, predicted dashed blue): for comparing geometry.
    case line
    /// As the seeds draw: every element stroked on its own with round caps, in its own width,
    /// opacity and colour (``StrokeCore/InkPath``); erasers paint the background.
    case segments
    /// The filled outline: a style stage's outline polygons when it made some, else the union
    /// of the round-capped capsules of every element (``StrokeCore/InkOutline``).
    case outline
}
