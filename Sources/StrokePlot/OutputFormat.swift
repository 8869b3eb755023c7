/// A file format for figures and rasters.
public enum OutputFormat: String, Hashable, Sendable, CaseIterable {
    /// Portable Network Graphics (raster).
    case png
    /// Scalable Vector Graphics (deterministic: no timestamps).
    case svg
    /// Portable Document Format (creation date fixed so the file is deterministic).
    case pdf

    /// The format named by a path's extension (case-insensitive), or `nil`.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."),
              !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The format of `path`, or a one-line error naming it.
    public static func of(path: String) throws(PlotError) -> OutputFormat {
        guard let f = OutputFormat(path: path) else {
            throw PlotError(.invalidInput, "\(path): unknown output format (use a .png, .svg or .pdf file name)")
        }
        return f
    }
}
