/// One line of a text file: its 1-based number and the byte range of its content (line
/// terminator excluded).
struct TextLine: Sendable {
    /// 1-based line number.
    var number: Int
    /// Byte range of the line's content, without `\n`, `\r\n` or `\r`.
    var range: Range<Int>
}

/// Splits a text file into lines and refuses binary data, for the line-oriented readers
/// (`.svc`, wacom-speed CSV, `.cyn`, mapped CSV).
///
/// `\n`, `\r\n` and a lone `\r` all end a line (HelpingHand's files use CRLF). A UTF-8
/// byte-order mark is skipped. A control character other than tab, CR or LF (NUL, say) means
/// the file is not text: the error names the line and column where it was found. O(n).
enum TextLines {
    /// The lines of `bytes`; `file` names the file in errors.
    static func split(_ bytes: [UInt8], file: String) throws(TraceFileError) -> [TextLine] {
        var lines: [TextLine] = []
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var i = start
        var number = 1
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                lines.append(TextLine(number: number, range: start..<i))
                number += 1
                i += (b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A) ? 2 : 1
                start = i
                continue
            }
            if (b < 0x20 && b != 0x09) || b == 0x7F {
                throw TraceFileError(file: file, line: number, column: i - start + 1,
                                     problem: "binary data (byte 0x\(String(b, radix: 16, uppercase: true))): this is not a text file")
            }
            i += 1
        }
        if start < bytes.count { lines.append(TextLine(number: number, range: start..<bytes.count)) }
        return lines
    }

    /// True when the line holds only blanks (spaces and tabs).
    static func isBlank(_ line: TextLine, in bytes: [UInt8]) -> Bool {
        bytes[line.range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The byte ranges of the blank-separated fields of `line` (runs of spaces and tabs separate).
    static func whitespaceFields(_ line: TextLine, in bytes: [UInt8]) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        var i = line.range.lowerBound
        let end = line.range.upperBound
        while i < end {
            while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            guard i < end else { break }
            let s = i
            while i < end, bytes[i] != 0x20, bytes[i] != 0x09 { i += 1 }
            fields.append(s..<i)
        }
        return fields
    }

    /// The byte ranges of the fields of `line` separated by `separator` (empty fields kept),
    /// each trimmed of surrounding blanks.
    static func separatedFields(_ line: TextLine, in bytes: [UInt8], separator: UInt8) -> [Range<Int>] {
        var fields: [Range<Int>] = []
        var s = line.range.lowerBound
        let end = line.range.upperBound
        var i = s
        while true {
            if i == end || bytes[i] == separator {
                fields.append(trimmed(s..<i, in: bytes))
                if i == end { break }
                s = i + 1
            }
            i += 1
        }
        return fields
    }

    /// `range` without leading and trailing spaces and tabs.
    static func trimmed(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var a = range.lowerBound, b = range.upperBound
        while a < b, bytes[a] == 0x20 || bytes[a] == 0x09 { a += 1 }
        while b > a, bytes[b - 1] == 0x20 || bytes[b - 1] == 0x09 { b -= 1 }
        return a..<b
    }

    /// The text of `bytes[range]`, shortened to 40 characters and with non-printable bytes
    /// shown as `?`, for quoting in an error message.
    static func quote(_ bytes: [UInt8], _ range: Range<Int>) -> String {
        let slice = bytes[range.lowerBound..<min(range.upperBound, range.lowerBound + 40)]
        let text = String(decoding: slice.map { ($0 >= 0x20 && $0 < 0x7F) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        return "\"" + text + (range.count > 40 ? "…" : "") + "\""
    }
}

/// Reads numbers out of a line-oriented text file and turns every problem into a
/// ``TraceFileError`` naming the file, line, column and field.
struct FieldReader {
    /// The file, for errors.
    let file: String
    /// The file's bytes.
    let bytes: [UInt8]

    /// The finite number in `range` of `line`; `name` says which field it is ("T", "x").
    func number(_ range: Range<Int>, line: TextLine, name: String) throws(TraceFileError) -> Double {
        let column = range.lowerBound - line.range.lowerBound + 1
        guard !range.isEmpty else {
            throw TraceFileError(file: file, line: line.number, column: column, problem: "field \(name) is empty")
        }
        guard range.count <= DecimalText.maximumLength else {
            throw TraceFileError(file: file, line: line.number, column: column,
                                 problem: "field \(name) is \(range.count) characters long (\(TextLines.quote(bytes, range))); a number may have at most \(DecimalText.maximumLength)")
        }
        guard let v = DecimalText.parse(bytes, range) else {
            let text = String(decoding: bytes[range.prefix(16)], as: UTF8.self).lowercased()
            let bare = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
            if bare == "nan" || bare == "inf" || bare == "infinity" {
                throw TraceFileError(file: file, line: line.number, column: column,
                                     problem: "field \(name) is \(TextLines.quote(bytes, range)); NaN and infinite values are not allowed")
            }
            throw TraceFileError(file: file, line: line.number, column: column,
                                 problem: "field \(name) is \(TextLines.quote(bytes, range)), not a number")
        }
        guard v.isFinite else {
            throw TraceFileError(file: file, line: line.number, column: column,
                                 problem: "field \(name) is \(TextLines.quote(bytes, range)), too large to be finite")
        }
        return v
    }

    /// An error at `line` (and `range`'s column when given).
    func error(_ line: TextLine, _ range: Range<Int>? = nil, _ problem: String) -> TraceFileError {
        TraceFileError(file: file, line: line.number, column: range.map { $0.lowerBound - line.range.lowerBound + 1 }, problem: problem)
    }
}
