import Foundation
import StrokeCore

/// How the columns of a generic CSV (``CSVMappedReader``) become sample channels.
///
/// A mapping is a comma-separated list of `target=expression`:
///
///     t=timestamp_ms/1000, x=X, y=Y, force=P/1024, altitude=Alt*0.1*deg, stroke=stroke_id, down=EventType==1
///
/// - **Targets**: `t` (seconds), `x`, `y` (trace units, ``ImportOptions/csvUnits``) are
///   required; `force`, `maxForce`, `altitude`, `azimuth` (radians), `majorRadius` are
///   optional channels; `stroke` and `down` segment the rows into strokes (below).
/// - **Expressions**: numbers, column references, `+ - * /`, unary `-`, parentheses, and one
///   comparison `== != < <= > >=` giving 1 or 0. `pi` is π and `deg` is π/180, so
///   `azimuth=Az*deg` converts degrees. Evaluated in double precision, left to right within
///   a precedence level.
/// - **Columns**: a header name made of letters, digits, `_` and `.` that does not start with
///   a digit (`timestamp_ms`), any name in double quotes (`"pen pressure"`), or `$n` for the
///   n-th column counting from 1 (`$3`; the only way when the file has no header). Names
///   match the header exactly, else case-insensitively when that is unambiguous.
/// - **Segmentation**: `down=expr` marks rows with a non-zero value as pen down; other rows
///   are hover and end the current stroke. `stroke=column` (a bare column) starts a new
///   stroke whenever that column's text changes. With neither, the whole file is one stroke.
///
/// White space around tokens is ignored. Parsing is O(length); evaluation is O(expression
/// size) per row.
public struct CSVColumnMapping: Hashable, Sendable {
    /// What an assignment sets: a sample channel (``Channel``: `t` in seconds, `x`, `y`, and
    /// the optional ones), or one of the two segmentation targets.
    public enum Target: Sendable, Hashable {
        /// A sample channel.
        case channel(Channel)
        /// A column whose text changes start a new stroke.
        case stroke
        /// Non-zero when the pen is down; other rows are hover.
        case down

        /// The name used in mappings: the channel's name, `stroke` or `down`.
        public var name: String {
            switch self {
            case .channel(let c): return c.rawValue
            case .stroke: return "stroke"
            case .down: return "down"
            }
        }

        /// The target named `name`, or `nil`.
        public init?(name: String) {
            switch name {
            case "stroke": self = .stroke
            case "down": self = .down
            default:
                guard let c = Channel(rawValue: name) else { return nil }
                self = .channel(c)
            }
        }

        /// Every target, channels first.
        public static let all: [Target] = Channel.allCases.map { .channel($0) } + [.stroke, .down]

        /// Shorthands for the channel targets.
        public static let t = Target.channel(.t), x = Target.channel(.x), y = Target.channel(.y)
        public static let force = Target.channel(.force), altitude = Target.channel(.altitude)
    }

    /// A column reference: by header name or 1-based position.
    public enum ColumnReference: Hashable, Sendable {
        /// By header name.
        case name(String)
        /// By 1-based position (`$3`).
        case position(Int)
    }

    /// An arithmetic expression over a row's columns.
    public indirect enum Expression: Hashable, Sendable {
        /// A literal (`pi` and `deg` included).
        case number(Double)
        /// A column's value.
        case column(ColumnReference)
        /// Unary minus.
        case negate(Expression)
        /// `+`, `-`, `*` or `/`.
        case binary(Character, Expression, Expression)
        /// `==`, `!=`, `<`, `<=`, `>`, `>=`: 1 when true, else 0.
        case compare(String, Expression, Expression)
    }

    /// A syntax error in a mapping, with the 1-based character position.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// 1-based position in the mapping text.
        public var position: Int
        /// What is wrong.
        public var problem: String
        /// One line: `column mapping, character 12: expected ')'`.
        public var description: String { "column mapping, character \(position): \(problem)" }
    }

    /// The mapping as written.
    public let text: String
    /// The assignments in the order written.
    public let assignments: [(target: Target, expression: Expression)]

    /// Two mappings are equal when written identically (the assignments follow from the text).
    public static func == (a: CSVColumnMapping, b: CSVColumnMapping) -> Bool { a.text == b.text }
    /// Hashes the text, consistently with `==`.
    public func hash(into h: inout Hasher) { h.combine(text) }

    /// The expression assigned to `target`, if any.
    public func expression(for target: Target) -> Expression? {
        assignments.first { $0.target == target }?.expression
    }

    /// Parses `text`; throws on a syntax error, an unknown or repeated target, a missing
    /// `t`, `x` or `y`, or a `stroke` that is not a bare column.
    public init(parsing text: String) throws(SyntaxError) {
        self.text = text
        var p = Parser(chars: Array(text))
        var result: [(Target, Expression)] = []
        repeat {
            p.skipBlanks()
            let start = p.i
            let name = p.identifier()
            guard !name.isEmpty else { throw p.error("expected a target name (t, x, y, force, …)") }
            guard let target = Target(name: name) else {
                throw SyntaxError(position: start + 1, problem: "unknown target \"\(name)\" (one of: \(Target.all.map(\.name).joined(separator: ", ")))")
            }
            guard !result.contains(where: { $0.0 == target }) else {
                throw SyntaxError(position: start + 1, problem: "\(name) is assigned twice")
            }
            p.skipBlanks()
            guard p.eat("=") else { throw p.error("expected '=' after \(name)") }
            let exprStart = p.i
            let e = try p.comparison()
            if target == .stroke, case .column = e {} else if target == .stroke {
                throw SyntaxError(position: exprStart + 1, problem: "stroke must be a bare column, e.g. stroke=stroke_id")
            }
            result.append((target, e))
            p.skipBlanks()
        } while p.eat(",")
        guard p.i == p.chars.count else { throw p.error("expected ',' or the end of the mapping") }
        for required in [Target.t, .x, .y] where !result.contains(where: { $0.0 == required }) {
            throw SyntaxError(position: text.count + 1, problem: "the mapping must assign \(required.name) (t, x and y are required)")
        }
        assignments = result
    }

    /// Every column the mapping refers to, in order of first use.
    public var columnReferences: [ColumnReference] {
        var seen: [ColumnReference] = []
        func walk(_ e: Expression) {
            switch e {
            case .number: break
            case .column(let c): if !seen.contains(c) { seen.append(c) }
            case .negate(let a): walk(a)
            case .binary(_, let a, let b), .compare(_, let a, let b): walk(a); walk(b)
            }
        }
        for a in assignments { walk(a.expression) }
        return seen
    }

    /// Evaluates `e`, asking `column` for each referenced column's value; comparisons give 1
    /// or 0. Plain IEEE arithmetic: a division by zero gives ±∞ or NaN, which callers reject.
    public static func evaluate(_ e: Expression, _ column: (ColumnReference) throws(TraceFileError) -> Double) throws(TraceFileError) -> Double {
        switch e {
        case .number(let v): return v
        case .column(let c): return try column(c)
        case .negate(let a): return -(try evaluate(a, column))
        case .binary(let op, let a, let b):
            let x = try evaluate(a, column), y = try evaluate(b, column)
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            default: return x / y
            }
        case .compare(let op, let a, let b):
            let x = try evaluate(a, column), y = try evaluate(b, column)
            let r: Bool
            switch op {
            case "==": r = x == y
            case "!=": r = x != y
            case "<": r = x < y
            case "<=": r = x <= y
            case ">": r = x > y
            default: r = x >= y
            }
            return r ? 1 : 0
        }
    }

    private struct Parser {
        let chars: [Character]
        var i = 0
        var depth = 0

        func error(_ problem: String) -> SyntaxError { SyntaxError(position: i + 1, problem: problem) }

        mutating func skipBlanks() { while i < chars.count, chars[i] == " " || chars[i] == "\t" { i += 1 } }

        mutating func eat(_ s: String) -> Bool {
            skipBlanks()
            let c = Array(s)
            guard i + c.count <= chars.count, Array(chars[i..<(i + c.count)]) == c else { return false }
            i += c.count
            return true
        }

        func isNameStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
        func isName(_ c: Character) -> Bool { isNameStart(c) || c == "." || (c.isASCII && c.isNumber) }

        mutating func identifier() -> String {
            guard i < chars.count, isNameStart(chars[i]) else { return "" }
            let s = i
            while i < chars.count, isName(chars[i]) { i += 1 }
            return String(chars[s..<i])
        }

        mutating func comparison() throws(SyntaxError) -> Expression {
            let a = try sum()
            for op in ["==", "!=", "<=", ">=", "<", ">"] where eat(op) {
                return .compare(op, a, try sum())
            }
            return a
        }

        mutating func sum() throws(SyntaxError) -> Expression {
            var a = try product()
            while true {
                skipBlanks()
                guard i < chars.count, chars[i] == "+" || chars[i] == "-" else { return a }
                let op = chars[i]
                i += 1
                a = .binary(op, a, try product())
            }
        }

        mutating func product() throws(SyntaxError) -> Expression {
            var a = try unary()
            while true {
                skipBlanks()
                guard i < chars.count, chars[i] == "*" || chars[i] == "/" else { return a }
                let op = chars[i]
                i += 1
                a = .binary(op, a, try unary())
            }
        }

        mutating func unary() throws(SyntaxError) -> Expression {
            skipBlanks()
            if eat("-") { return .negate(try unary()) }
            if eat("+") { return try unary() }
            return try primary()
        }

        mutating func primary() throws(SyntaxError) -> Expression {
            skipBlanks()
            guard i < chars.count else { throw error("the mapping ends where a value was expected") }
            let c = chars[i]
            if c == "(" {
                depth += 1
                guard depth <= 64 else { throw error("parentheses nested too deeply") }
                i += 1
                let e = try comparison()
                guard eat(")") else { throw error("expected ')'") }
                depth -= 1
                return e
            }
            if c == "$" {
                let dollar = i
                i += 1
                let s = i
                while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
                guard i > s, i - s <= 6, let n = Int(String(chars[s..<i])), n >= 1, n <= 100_000 else {
                    throw SyntaxError(position: dollar + 1, problem: "'$' must be followed by a column number from 1 to 100000")
                }
                return .column(.position(n))
            }
            if c == "\"" {
                i += 1
                let s = i
                while i < chars.count, chars[i] != "\"" { i += 1 }
                guard i < chars.count else { throw error("a quoted column name is not closed") }
                let name = String(chars[s..<i])
                i += 1
                guard !name.isEmpty else { throw error("an empty column name") }
                return .column(.name(name))
            }
            if (c.isASCII && c.isNumber) || c == "." {
                let s = i
                while i < chars.count, (chars[i].isASCII && chars[i].isNumber) || chars[i] == "." { i += 1 }
                if i < chars.count, chars[i] == "e" || chars[i] == "E" {
                    var j = i + 1
                    if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
                    if j < chars.count, chars[j].isASCII, chars[j].isNumber {
                        i = j
                        while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
                    }
                }
                let literal = String(chars[s..<i])
                guard let v = DecimalText.parse(literal), v.isFinite else {
                    throw SyntaxError(position: s + 1, problem: "\"\(literal)\" is not a number")
                }
                return .number(v)
            }
            let s = i
            let name = identifier()
            guard !name.isEmpty else { throw error("unexpected '\(c)'") }
            switch name {
            case "pi": return .number(.pi)
            case "deg": return .number(.pi / 180)
            default:
                _ = s
                return .column(.name(name))
            }
        }
    }
}
