/// The tool's version, recorded in `run.json` and printed by `strokelab --version`.
public enum StrokeLabVersion {
    /// Semantic version of this StrokeLab.
    public static let current = "0.1.0"
}
