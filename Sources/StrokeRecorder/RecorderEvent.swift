/// What the recorder's server reports as it works, for its log: one event per stored upload
/// and per refused request.
public enum RecorderEvent: Sendable, Hashable {
    /// An upload was stored as `file` in the output directory.
    case saved(file: String, strokes: Int, samples: Int, peer: String?)
    /// A request was answered with an error `status`; `message` is the one-line reason sent.
    case refused(method: String, path: String, status: Int, message: String, peer: String?)

    /// The event as one log line.
    public var line: String {
        switch self {
        case let .saved(file, strokes, samples, peer):
            return "saved \(file) (\(strokes) strokes, \(samples) samples) from \(peer ?? "a local socket")"
        case let .refused(method, path, status, message, peer):
            return "refused \(method) \(path) from \(peer ?? "a local socket"): \(status) \(message)"
        }
    }
}
