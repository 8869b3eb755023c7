/// Where a figure's key (legend) goes and how it is laid out.
public struct Legend: Hashable, Sendable {
    /// Placement of the key.
    public enum Position: String, Hashable, Sendable {
        /// Inside the plot, top right corner.
        case topRight
        /// Inside, top left.
        case topLeft
        /// Inside, bottom right.
        case bottomRight
        /// Inside, bottom left.
        case bottomLeft
        /// Outside the plot, to the right (for many series or long labels).
        case outsideRight
        /// Outside the plot, below it, laid out in columns.
        case below
        /// No key.
        case hidden
    }

    /// Placement.
    public var position: Position
    /// Draws a box around the key with an opaque background, so it stays readable over data.
    public var boxed: Bool

    /// Creates a legend.
    public init(_ position: Position = .topRight, boxed: Bool = true) {
        self.position = position
        self.boxed = boxed
    }
}
