/// A parsed CSV file (RFC 4180): a header row and data rows of text fields, each row with
/// its 1-based line number for error messages.
///
/// Fields may be quoted with `"`; a quote inside a quoted field is doubled; quoted fields
/// may hold commas and newlines (pipeline labels such as
/// `coalesced|filter:one-euro(minCutoff=1,beta=0.007)` contain commas). CRLF and LF line ends
/// are accepted; blank lines are skipped. O(n) in the text length.
public struct CSVTable: Hashable, Sendable {
    /// The header's field names.
    public var header: [String]
    /// Data rows, each with the line it starts on.
    public var rows: [(line: Int, fields: [String])]

    /// Equal when headers and rows (fields and line numbers) are equal.
    public static func == (a: CSVTable, b: CSVTable) -> Bool {
        a.header == b.header && a.rows.count == b.rows.count
            && zip(a.rows, b.rows).allSatisfy { $0.line == $1.line && $0.fields == $1.fields }
    }

    /// Hashes the header and rows, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(header)
        for r in rows { hasher.combine(r.line); hasher.combine(r.fields) }
    }

    /// Parses `text`; `file` names the source in errors. Every row must have as many fields
    /// as the header.
    public init(parsing text: String, file: String) throws(TraceFileError) {
        var records: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var quotedField = false
        var line = 1
        var recordLine = 1
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var i = 0
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !quotedField) {
                records.append((recordLine, fields))
            }
            fields = []
            field = ""
            quotedField = false
        }
        while i < scalars.count {
            let c = scalars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < scalars.count, scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 }
                    else { inQuotes = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                guard field.isEmpty else {
                    throw TraceFileError(file: file, line: line, problem: "a quote inside an unquoted field")
                }
                inQuotes = true
                quotedField = true
            } else if c == "," {
                fields.append(field)
                field = ""
            } else if c == "\n" || c == "\r" {
                if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                endRecord()
                line += 1
                recordLine = line
            } else {
                field.unicodeScalars.append(c)
            }
            i += 1
        }
        if inQuotes { throw TraceFileError(file: file, line: recordLine, problem: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRecord() }
        guard let first = records.first else { throw TraceFileError(file: file, problem: "empty file, expected a CSV header") }
        header = first.fields
        rows = Array(records.dropFirst())
        for r in rows where r.fields.count != header.count {
            throw TraceFileError(file: file, line: r.line, problem: "\(r.fields.count) fields, the header has \(header.count)")
        }
    }

    /// Checks that the header is exactly `expected`, or throws a one-line error naming both.
    public func requireHeader(_ expected: [String], file: String) throws(TraceFileError) {
        guard header == expected else {
            throw TraceFileError(file: file, line: 1, problem: "columns are '\(header.joined(separator: ","))', expected exactly '\(expected.joined(separator: ","))'")
        }
    }

    /// Parses a numeric field: a decimal or exponent number, `nan`/`NaN` or empty (missing,
    /// read as NaN), `inf`/`-inf`.
    public static func number(_ text: String, file: String, line: Int, column: String) throws(TraceFileError) -> Double {
        let t = text.trimmingSpaces
        if t.isEmpty || t.lowercased() == "nan" { return .nan }
        guard let v = Double(t) else {
            throw TraceFileError(file: file, line: line, problem: "column \(column): '\(text)' is not a number")
        }
        return v
    }
}

extension CSVTable {
    /// Reads and parses the CSV file at `path`.
    public init(path: String) throws(TraceFileError) {
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path) } catch { throw TraceFileError(file: path, problem: error.problem) }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Whether ``field(_:)`` quotes `s`: it holds a comma, a quote, a line feed or a carriage
    /// return. By bytes, not characters: "\r\n" is one Character equal to neither "\r" nor
    /// "\n", and a quote followed by a combining mark is one Character that is not "\"" (both
    /// were written unquoted or undoubled). These four are ASCII, never part of a longer UTF-8
    /// sequence, so the byte test is exact.
    public static func needsQuotes(_ s: String) -> Bool {
        s.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D })
    }

    /// One field for writing: quoted (RFC 4180) when it holds a comma, a quote or a line
    /// break — pipeline labels such as `bezier4(tail=complete,…)` do.
    public static func field(_ s: String) -> String {
        guard needsQuotes(s) else { return s }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for c in s.unicodeScalars {
            out.append(c)
            if c == "\"" { out.append("\"") }
        }
        out.append("\"")
        return String(out)
    }

    /// CSV text: a header line and one line per row, fields quoted as needed.
    public static func text(header: [String], rows: [[String]]) -> String {
        var out = header.map(field).joined(separator: ",") + "\n"
        for r in rows { out += r.map(field).joined(separator: ",") + "\n" }
        return out
    }

    /// A number for writing: the shortest text that reads back to the same `Double`
    /// (``JSONText/number(_:)``); empty for NaN (a missing value); `inf`/`-inf`.
    public static func number(_ v: Double) -> String {
        if v.isNaN { return "" }
        if v.isInfinite { return v > 0 ? "inf" : "-inf" }
        return JSONText.number(v)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}

/// A table read from CSV: conformers say how to build themselves from a parsed ``CSVTable``
/// and get reading from a file or from text for free.
public protocol CSVReadable {
    /// Builds the value from parsed CSV; `file` names the source in errors (with the line).
    init(csv table: CSVTable, file: String) throws(TraceFileError)
}

extension CSVReadable {
    /// Reads `path`; errors name the file and line.
    public init(path: String) throws(TraceFileError) {
        try self.init(csv: try CSVTable(path: path), file: path)
    }

    /// Parses CSV text; `file` names it in errors.
    public init(parsing text: String, file: String) throws(TraceFileError) {
        try self.init(csv: try CSVTable(parsing: text, file: file), file: file)
    }
}
