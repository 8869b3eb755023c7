/// Why a raster could not be drawn or written; its description is one line.
public struct RasterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file or the input.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message, one line.
    public var description: String { message }
}
