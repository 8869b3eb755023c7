/// A colour with alpha for rasters, channels in 0…1 (sRGB, not premultiplied).
public struct RasterColor: Hashable, Sendable {
    /// Red.
    public var red: Double
    /// Green.
    public var green: Double
    /// Blue.
    public var blue: Double
    /// Opacity.
    public var alpha: Double

    /// Creates a colour.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The same colour with another opacity.
    public func withAlpha(_ a: Double) -> RasterColor { RasterColor(red: red, green: green, blue: blue, alpha: a) }

    /// Black: the seed views' stroke colour.
    public static let black = RasterColor(red: 0, green: 0, blue: 0)
    /// White: the seed views' background.
    public static let white = RasterColor(red: 1, green: 1, blue: 1)
    /// Scribble's demo blue for predicted (and here provisional) segments.
    public static let scribbleBlue = RasterColor(red: 0, green: 0.45, blue: 1)
    /// The reference curve's colour: a green that stays visible under black strokes.
    public static let reference = RasterColor(red: 0.0, green: 0.62, blue: 0.45)
    /// Input sample dots.
    public static let sample = RasterColor(red: 0.84, green: 0.37, blue: 0.0)
    /// Mid grey for frames and secondary text.
    public static let grey = RasterColor(red: 0.55, green: 0.55, blue: 0.55)
}
