/// A file format for rasters.
public enum RasterFormat: String, Hashable, Sendable, CaseIterable {
    /// PNG (8-bit RGB).
    case png
    /// SVG 1.1, pixel units, element ids renumbered so files are byte-identical across runs.
    case svg
    /// PDF with a fixed creation date.
    case pdf

    /// The format named by a path's extension (case-insensitive), or `nil`.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The format of `path`, or a one-line error naming it.
    public static func of(path: String) throws(RasterError) -> RasterFormat {
        guard let f = RasterFormat(path: path) else {
            throw RasterError("\(path): unknown output format (use a .png, .svg or .pdf file name)")
        }
        return f
    }
}
