/// A problem with an input file, located as precisely as the format allows: the file, and
/// where known the line and column, the stroke (index and id), the event and the sample.
///
/// Its description is one line, e.g.
/// `trace.json:41:9: stroke 2 (id "circle-fast"), event 5, sample 1: t = 0.1 goes backwards (previous 0.2)`.
public struct TraceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?
    /// 0-based stroke index, when the problem is inside a stroke.
    public var stroke: Int?
    /// The stroke's id, when known.
    public var strokeID: String?
    /// 0-based event index within the stroke.
    public var event: Int?
    /// 0-based sample index within the event (or within the stroke's flat samples).
    public var sample: Int?
    /// What is wrong.
    public var problem: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, stroke: Int? = nil, strokeID: String? = nil,
                event: Int? = nil, sample: Int? = nil, problem: String) {
        self.file = file
        self.line = line
        self.column = column
        self.stroke = stroke
        self.strokeID = strokeID
        self.event = event
        self.sample = sample
        self.problem = problem
    }

    /// The one-line message: `file:line:column: stroke k (id "…"), event e, sample s: problem`.
    public var description: String {
        var head = file
        if let line {
            head += ":\(line)"
            if let column { head += ":\(column)" }
        }
        var place: [String] = []
        if let stroke {
            place.append("stroke \(stroke)" + (strokeID.map { " (id \"\(ErrorText.excerpt($0, limit: 60))\")" } ?? ""))
        } else if let strokeID {
            place.append("stroke \"\(ErrorText.excerpt(strokeID, limit: 60))\"")
        }
        if let event { place.append("event \(event)") }
        if let sample { place.append("sample \(sample)") }
        let text = head + ": " + (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + problem
        return ErrorText.bounded(text)
    }

    /// `text` as one line (``ErrorText/visible(_:)``).
    static func oneLine(_ text: String) -> String { ErrorText.visible(text) }
}
