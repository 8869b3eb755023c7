/// A minimal JSON reader for the oracle files whose numbers must be read exactly: every
/// number goes through `Double(String)` (correctly rounded), where Foundation's
/// JSONSerialization on Linux can be off by an ulp (seen on the oracles' prediction times).
/// Objects become `[String: Any]`, arrays `[Any]` (numbers `Double`; an array of numbers is
/// also castable with `as? [Double]`, and of integers with `as? [Int]` via ``ints(_:)``).
///
/// Complexity: O(n) in the input's bytes. Edge cases: `\u` escapes are kept verbatim (the
/// oracles' keys never need them); `null` becomes `Optional<Any>.none`; nesting is recursive,
/// so a hostile, deeply nested input is not its use (it reads the project's own oracle files).
public enum ExactJSON {
    /// The input is not JSON: `offset` is the byte where reading stopped.
    public struct ParseError: Error, CustomStringConvertible {
        /// The byte offset where the parser stopped.
        public var offset: Int
        /// "JSON parse error at byte N".
        public var description: String { "JSON parse error at byte \(offset)" }
    }

    /// Parses one JSON value from `bytes` (trailing bytes are ignored); throws ``ParseError``.
    public static func parse(_ bytes: [UInt8]) throws -> Any {
        var i = 0
        let value = try parseValue(bytes, &i)
        return value
    }

    /// Converts a parsed array of whole numbers to `[Int]`.
    public static func ints(_ value: Any?) -> [Int]? {
        guard let doubles = value as? [Double] else { return nil }
        return doubles.map { Int($0) }
    }

    private static func skipSpace(_ b: [UInt8], _ i: inout Int) {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    private static func parseValue(_ b: [UInt8], _ i: inout Int) throws -> Any {
        skipSpace(b, &i)
        guard i < b.count else { throw ParseError(offset: i) }
        switch b[i] {
        case UInt8(ascii: "{"):
            i += 1
            var object: [String: Any] = [:]
            skipSpace(b, &i)
            if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return object }
            while true {
                skipSpace(b, &i)
                guard let key = try parseValue(b, &i) as? String else { throw ParseError(offset: i) }
                skipSpace(b, &i)
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw ParseError(offset: i) }
                i += 1
                object[key] = try parseValue(b, &i)
                skipSpace(b, &i)
                guard i < b.count else { throw ParseError(offset: i) }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return object }
                throw ParseError(offset: i)
            }
        case UInt8(ascii: "["):
            i += 1
            var elements: [Any] = []
            var numbers: [Double] = []
            var allNumbers = true
            skipSpace(b, &i)
            if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return numbers }
            while true {
                let element = try parseValue(b, &i)
                if allNumbers, let d = element as? Double { numbers.append(d) } else {
                    if allNumbers { elements = numbers.map { $0 as Any }; allNumbers = false }
                    elements.append(element)
                }
                skipSpace(b, &i)
                guard i < b.count else { throw ParseError(offset: i) }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "]") { i += 1; return allNumbers ? numbers as Any : elements as Any }
                throw ParseError(offset: i)
            }
        case UInt8(ascii: "\""):
            i += 1
            var scalars: [UInt8] = []
            while i < b.count, b[i] != UInt8(ascii: "\"") {
                if b[i] == UInt8(ascii: "\\"), i + 1 < b.count {
                    i += 1
                    switch b[i] {
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "u"):
                        // Not needed by the oracles' keys; keep the escape verbatim.
                        scalars.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
                    default: scalars.append(b[i])
                    }
                } else {
                    scalars.append(b[i])
                }
                i += 1
            }
            guard i < b.count else { throw ParseError(offset: i) }
            i += 1
            return String(decoding: scalars, as: UTF8.self)
        case UInt8(ascii: "t"):
            i += 4
            return true
        case UInt8(ascii: "f"):
            i += 5
            return false
        case UInt8(ascii: "n"):
            i += 4
            return Optional<Any>.none as Any
        default:
            let start = i
            while i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: ".")
                || b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") || (b[i] >= 0x30 && b[i] <= 0x39) {
                i += 1
            }
            guard let d = Double(String(decoding: b[start..<i], as: UTF8.self)) else { throw ParseError(offset: start) }
            return d
        }
    }
}
