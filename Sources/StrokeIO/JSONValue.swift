/// A parsed JSON value that remembers where it was in the text, so that errors found while
/// decoding (a NaN, a wrong column count) can name the line.
///
/// A node parsed by ``JSONParser/parse(_:compactingMatrices:)`` may hold an array of arrays of
/// numbers (a trace's samples) compactly, as a ``JSONMatrix``: its ``value`` is then built on
/// demand, with the same numbers and positions a plain parse gives.
public struct JSONNode: Sendable {
    private var stored: JSONValue
    /// The compact form of an array of arrays of numbers, or `nil`.
    private(set) var matrix: JSONMatrix?
    /// 1-based line of the value's first character.
    public var line: Int
    /// 1-based column of the value's first character.
    public var column: Int

    /// A node holding `value` at `line`, `column`.
    public init(value: JSONValue, line: Int, column: Int) {
        self.stored = value
        self.matrix = nil
        self.line = line
        self.column = column
    }

    /// A node holding `matrix` compactly at `line`, `column`.
    init(matrix: JSONMatrix, line: Int, column: Int) {
        self.stored = .null
        self.matrix = matrix
        self.line = line
        self.column = column
    }

    /// The value. For a compact matrix this builds its nodes: O(elements) on every access.
    public var value: JSONValue {
        get { matrix.map { .array($0.nodes()) } ?? stored }
        set { stored = newValue; matrix = nil }
    }

    /// The members of an object, or `nil`.
    public var object: [(key: String, node: JSONNode)]? {
        if matrix == nil, case .object(let m) = stored { return m }
        return nil
    }

    /// The elements of an array, or `nil`.
    public var array: [JSONNode]? {
        if case .array(let a) = value { return a }
        return nil
    }

    /// Whether the value is an array (without building a compact matrix's nodes).
    var isArray: Bool {
        if matrix != nil { return true }
        if case .array = stored { return true }
        return false
    }

    /// The number, or `nil`.
    public var number: Double? {
        if matrix == nil, case .number(let d) = stored { return d }
        return nil
    }

    /// The string, or `nil`.
    public var string: String? {
        if matrix == nil, case .string(let s) = stored { return s }
        return nil
    }

    /// The member named `key` of an object (the last one when repeated), or `nil`.
    public subscript(key: String) -> JSONNode? {
        object?.last(where: { $0.key == key })?.node
    }

    /// A word for the value's type, for error messages ("a number", "an array").
    public var typeName: String {
        if matrix != nil { return "an array" }
        switch stored {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON value (RFC 8259).
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object([(key: String, node: JSONNode)])
}

/// A syntax error in JSON text, with its 1-based line and column.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int
    /// What is wrong.
    public var problem: String
}

/// A strict RFC 8259 parser over UTF-8 bytes that records positions.
///
/// Rejects what JSON does not allow — `NaN`, `Infinity`, trailing commas, comments, leading
/// zeros — and numbers that overflow a `Double` (`1e999`), so a non-finite value can never
/// enter a trace. Hostile input is bounded: nesting is limited to 512 levels (so it cannot
/// exhaust the stack), a number token to ``maximumNumberLength`` characters and a string to
/// ``maximumStringLength`` bytes (so no token costs more than linear time — a 10 MB number
/// would otherwise take seconds to convert), each with a located error. Complexity O(n).
public struct JSONParser {
    /// The longest number token accepted: 512 characters (a `Double` never needs more than
    /// 25 to round-trip).
    public static let maximumNumberLength = 512
    /// The longest string accepted, in UTF-8 bytes after unescaping: 1 MiB.
    public static let maximumStringLength = 1 << 20

    private let bytes: [UInt8]
    private let compacting: Bool
    private var compacted = false
    private var i = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    /// Parses a complete JSON text (one value, surrounded only by white space).
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try parse(bytes, compactingMatrices: false).node
    }

    /// Parses a complete JSON text; with `compactingMatrices`, every non-empty array whose
    /// elements are all arrays of numbers is held as a ``JSONMatrix`` (8 bytes per number and
    /// per row instead of a node per number), and `compacted` tells whether there was one.
    /// The values, positions and errors are those of a plain parse. Work stays O(n): an array
    /// found not to be a matrix is parsed again, and each byte is looked at by at most its
    /// parent's and grandparent's attempts.
    static func parse(_ bytes: [UInt8], compactingMatrices: Bool) throws(JSONSyntaxError) -> (node: JSONNode, compacted: Bool) {
        var p = JSONParser(bytes: bytes, compacting: compactingMatrices)
        // A UTF-8 byte-order mark is tolerated.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3; p.lineStart = 3 }
        p.skipBlanks()
        guard p.i < bytes.count else { throw p.error("the file is empty") }
        let node = try p.value()
        p.skipBlanks()
        guard p.i == bytes.count else { throw p.error("unexpected text after the end of the JSON value") }
        return (node, p.compacted)
    }

    private init(bytes: [UInt8], compacting: Bool) {
        self.bytes = bytes
        self.compacting = compacting
    }

    private func error(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: i - lineStart + 1, problem: problem)
    }

    private mutating func skipBlanks() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    private func describe(_ b: UInt8) -> String {
        (0x21...0x7E).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16, uppercase: true))"
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONNode {
        guard i < bytes.count else { throw error("the file ends where a value was expected (truncated?)") }
        let startLine = line, startColumn = i - lineStart + 1
        let v: JSONValue
        switch bytes[i] {
        case UInt8(ascii: "{"): v = try object()
        case UInt8(ascii: "["):
            if compacting, let m = matrix() {
                compacted = true
                return JSONNode(matrix: m, line: startLine, column: startColumn)
            }
            v = try array()
        case UInt8(ascii: "\""): v = .string(try string())
        case UInt8(ascii: "t"): try literal("true"); v = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); v = .bool(false)
        case UInt8(ascii: "n"): try literal("null"); v = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): v = .number(try number())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers; every value must be finite")
        default: throw error("expected a value, found \(describe(bytes[i]))")
        }
        return JSONNode(value: v, line: startLine, column: startColumn)
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        let n = w.count
        guard i + n <= bytes.count, bytes[i..<(i + n)].elementsEqual(w) else {
            throw error("expected \(word)")
        }
        i += n
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > 512 { throw error("nesting deeper than 512 levels") }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var members: [(key: String, node: JSONNode)] = []
        skipBlanks()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipBlanks()
            guard i < bytes.count else { throw error("the file ends inside an object (truncated?)") }
            guard bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes, found \(describe(bytes[i]))") }
            let key = try string()
            skipBlanks()
            guard i < bytes.count else { throw error("the file ends inside an object (truncated?)") }
            guard bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after member name \"\(key)\"") }
            i += 1
            skipBlanks()
            members.append((key, try value()))
            skipBlanks()
            guard i < bytes.count else { throw error("the file ends inside an object (truncated?)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error("expected ',' or '}' in an object, found \(describe(bytes[i]))")
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        i += 1
        var elements: [JSONNode] = []
        skipBlanks()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
        while true {
            skipBlanks()
            elements.append(try value())
            skipBlanks()
            guard i < bytes.count else { throw error("the file ends inside an array (truncated?)") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(elements) }
            throw error("expected ',' or ']' in an array, found \(describe(bytes[i]))")
        }
    }

    /// At a `[`: reads a non-empty array of arrays of numbers into a ``JSONMatrix``, or, when
    /// the array is anything else (or malformed), restores the position and returns `nil` so
    /// that ``array()`` parses it (and reports its error) as usual.
    private mutating func matrix() -> JSONMatrix? {
        let start = i, startLine = line, startLineStart = lineStart
        func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        var values: [Double] = []
        var rowStarts: [Int] = []
        // The array and its rows are two levels deeper, as array() would count them.
        var ok = depth + 2 <= 512
        i += 1
        skipBlanks()
        rows: while ok {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { ok = false; break }
            rowStarts.append(values.count)
            i += 1
            skipBlanks()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
            } else {
                while true {
                    skipBlanks()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "-") || digit(bytes[i]),
                          let d = try? number() else { ok = false; break rows }
                    values.append(d)
                    skipBlanks()
                    guard i < bytes.count else { ok = false; break rows }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; break }
                    ok = false
                    break rows
                }
            }
            skipBlanks()
            guard i < bytes.count else { ok = false; break }
            if bytes[i] == UInt8(ascii: ",") { i += 1; skipBlanks(); continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; break }
            ok = false
        }
        guard ok else {
            i = start; line = startLine; lineStart = startLineStart
            return nil
        }
        return JSONMatrix(values: values, rowStarts: rowStarts, bytes: bytes, start: start,
                          line: startLine, lineStart: startLineStart)
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = i
        func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, digit(bytes[i]) else { throw error("a '-' must be followed by digits") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, digit(bytes[i]) { throw error("numbers must not have leading zeros") }
        } else {
            while i < bytes.count, digit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, digit(bytes[i]) else { throw error("a '.' in a number must be followed by digits") }
            while i < bytes.count, digit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, digit(bytes[i]) else { throw error("an exponent must have digits") }
            while i < bytes.count, digit(bytes[i]) { i += 1 }
        }
        let length = i - start
        guard length <= Self.maximumNumberLength else {
            i = start
            throw error("a number of \(length) characters; numbers may have at most \(Self.maximumNumberLength)")
        }
        guard let d = DecimalText.parse(bytes, start..<i) else {
            throw error("'\(ErrorText.excerpt(bytes, start..<i))' is not a number")
        }
        guard d.isFinite else { throw error("\(ErrorText.excerpt(bytes, start..<i)) is too large for a double; every value must be finite") }
        return d
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let quote = i
        i += 1
        var out: [UInt8] = []
        while true {
            if out.count > Self.maximumStringLength {
                i = quote
                throw error("a string longer than \(Self.maximumStringLength) bytes; strings may have at most \(Self.maximumStringLength)")
            }
            guard i < bytes.count else { throw error("the file ends inside a string (truncated?)") }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { throw error("the file ends inside a string (truncated?)") }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error("an unpaired UTF-16 surrogate in a string")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("an unpaired UTF-16 surrogate in a string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("an unpaired UTF-16 surrogate in a string")
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("an invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw error("an invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                }
            case 0x00..<0x20:
                throw error("a control character (byte 0x\(String(b, radix: 16))) inside a string; a line break must be written \\n")
            default:
                out.append(b)
                i += 1
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("the file ends inside a \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("an invalid \\u escape")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}

/// Writes JSON text: string escaping and a deterministic number format.
public enum JSONText {
    /// `s` as a JSON string literal, quotes included.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    /// A finite number in the shortest text that reads back to the same `Double`: integers
    /// below 2⁵³ without a decimal point (`100`), others as Swift prints them (`0.004`,
    /// `1e-05`). Deterministic on every platform.
    /// - Precondition: `v` is finite.
    public static func number(_ v: Double) -> String {
        precondition(v.isFinite, "JSON cannot hold a non-finite number")
        if v == v.rounded(), abs(v) < 9_007_199_254_740_992 {
            return v == 0 ? "0" : String(Int64(v))
        }
        return String(v)
    }
}
