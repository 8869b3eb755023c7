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
            place.append("stroke \(stroke)" + (strokeID.map { " (id \"\($0)\")" } ?? ""))
        } else if let strokeID {
            place.append("stroke \"\(strokeID)\"")
        }
        if let event { place.append("event \(event)") }
        if let sample { place.append("sample \(sample)") }
        let text = head + ": " + (place.isEmpty ? "" : place.joined(separator: ", ") + ": ") + problem
        return Self.oneLine(text)
    }

    /// `text` with control characters (which quoted file content can carry) written as
    /// visible escapes — `\n`, `\r`, `\t`, `\u{1B}` — so a description is always one line.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) || $0 == "\u{2028}" || $0 == "\u{2029}" }) else {
            return text
        }
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || (c.value >= 0x7F && c.value < 0xA0) || c == "\u{2028}" || c == "\u{2029}":
                out += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
