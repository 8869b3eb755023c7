/// Decodes the text content of an InkML `<trace>` into rows of channel values
/// (W3C InkML 2011, § 3.2.1 "Trace").
///
/// Grammar handled: points separated by `,`; within a point, one value per channel in the
/// trace format's order, separated by blanks or simply by the next value's sign or prefix
/// (`3-5` is 3 and −5, `'23'43` two values). A value is a decimal (`-1.5`, `.5`, `2e-3`), a
/// hexadecimal integer (`#1F`), `T`/`F` (boolean 1/0), `?` (unknown) or `*` (same as the
/// previous point). A value may carry a *difference order* prefix, which then applies to that
/// channel until another prefix changes it:
///
/// - `!` explicit value: vᵢ = x;
/// - `'` first difference (velocity): vᵢ = vᵢ₋₁ + x;
/// - `"` second difference (acceleration): vᵢ = vᵢ₋₁ + (vᵢ₋₁ − vᵢ₋₂) + x, the velocity
///   term being the channel's last actual difference (0 after the trace's first point).
///
/// A difference cannot open a trace (there is nothing to add it to). Regular channels must
/// all be present in every point; intermittent channels may be left out at the end of a point
/// and then keep their previous value (or their default). Errors name the line of the point
/// (counted from the trace's start line) and its index. O(length).
struct InkMLTraceText {
    /// What the decoder needs to know about each channel, in format order.
    struct ChannelSpec {
        var name: String
        var intermittent: Bool
        var defaultValue: Double?
    }

    /// The decoded points: `values[i][c]` is channel `c` of point `i` (NaN for `?`).
    var values: [[Double]] = []
    /// The line each point starts on.
    var lines: [Int] = []

    enum Order { case explicit, first, second }

    /// Decodes `text`, which starts on line `startLine` of `file`; `stroke`/`strokeID` place
    /// errors.
    static func decode(_ text: String, channels: [ChannelSpec], file: String, startLine: Int,
                       stroke: Int, strokeID: String?) throws(TraceFileError) -> InkMLTraceText {
        let b = Array(text.utf8)
        let n = b.count
        var out = InkMLTraceText()
        var order = [Order](repeating: .explicit, count: channels.count)
        var previous = [Double?](repeating: nil, count: channels.count)
        var velocity = [Double](repeating: 0, count: channels.count)
        let regular = channels.firstIndex { $0.intermittent } ?? channels.count
        var i = 0
        var line = startLine
        var point = 0

        func fail(_ problem: String) -> TraceFileError {
            TraceFileError(file: file, line: line, stroke: stroke, strokeID: strokeID, sample: point, problem: problem)
        }
        func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

        while true {
            // Skip blanks before the point, counting lines.
            while i < n, isBlank(b[i]) { if b[i] == 0x0A { line += 1 }; i += 1 }
            if i == n {
                if point == 0 { break }
                throw fail("the trace ends with ',' (an empty point)")
            }
            let pointLine = line
            var row = [Double](repeating: .nan, count: channels.count)
            var c = 0
            while true {
                while i < n, isBlank(b[i]) { if b[i] == 0x0A { line += 1 }; i += 1 }
                if i == n || b[i] == UInt8(ascii: ",") { break }
                guard c < channels.count else {
                    line = pointLine
                    throw fail("a point has more than \(channels.count) values (channels: \(channels.map(\.name).joined(separator: " ")))")
                }
                // Difference-order prefix.
                switch b[i] {
                case UInt8(ascii: "!"): order[c] = .explicit; i += 1
                case UInt8(ascii: "'"): order[c] = .first; i += 1
                case UInt8(ascii: "\""): order[c] = .second; i += 1
                default: break
                }
                while i < n, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
                guard i < n else { throw fail("the trace ends after a difference prefix") }
                var value: Double
                var special: UInt8? = nil
                switch b[i] {
                case UInt8(ascii: "T"): value = 1; i += 1
                case UInt8(ascii: "F"): value = 0; i += 1
                case UInt8(ascii: "?"), UInt8(ascii: "*"): special = b[i]; value = .nan; i += 1
                case UInt8(ascii: "#"):
                    i += 1
                    let s = i
                    var v: UInt64 = 0
                    while i < n, let d = hexDigit(b[i]) {
                        if i - s >= 15 { throw fail("a hexadecimal value is too long") }
                        v = v * 16 + UInt64(d)
                        i += 1
                    }
                    guard i > s else { throw fail("'#' must be followed by hexadecimal digits") }
                    value = Double(v)
                default:
                    let s = i
                    if b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
                    var digits = 0
                    while i < n, isDigit(b[i]) { i += 1; digits += 1 }
                    if i < n, b[i] == UInt8(ascii: ".") {
                        i += 1
                        while i < n, isDigit(b[i]) { i += 1; digits += 1 }
                    }
                    guard digits > 0 else {
                        var end = s
                        while end < n, end - s < 12, !isBlank(b[end]), b[end] != UInt8(ascii: ",") { end += 1 }
                        end = max(end, min(n, s + 1))
                        let shown = String(decoding: b[s..<end].map { ($0 >= 0x20 && $0 < 0x7F) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
                        throw fail("\"\(shown)\" is not a value (channel \(channels[c].name))")
                    }
                    if i < n, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
                        var j = i + 1
                        if j < n, b[j] == UInt8(ascii: "-") || b[j] == UInt8(ascii: "+") { j += 1 }
                        if j < n, isDigit(b[j]) {
                            i = j
                            while i < n, isDigit(b[i]) { i += 1 }
                        }
                    }
                    guard i - s <= DecimalText.maximumLength else {
                        throw fail("a number of \(i - s) characters (channel \(channels[c].name)); a number may have at most \(DecimalText.maximumLength)")
                    }
                    guard let v = DecimalText.parse(b, s..<i) else { throw fail("\"\(ErrorText.excerpt(b, s..<i))\" is not a number") }
                    guard v.isFinite else { throw fail("\(ErrorText.excerpt(b, s..<i)) is too large to be finite (channel \(channels[c].name))") }
                    value = v
                }
                if special == UInt8(ascii: "*") {
                    guard let p = previous[c] else { throw fail("'*' (same as before) in the first point of channel \(channels[c].name)") }
                    value = p
                } else if special == UInt8(ascii: "?") {
                    value = .nan
                } else {
                    switch order[c] {
                    case .explicit: break
                    case .first:
                        guard let p = previous[c] else { throw fail("channel \(channels[c].name) starts with a difference; the first value must be explicit") }
                        value = p + value
                    case .second:
                        guard let p = previous[c] else { throw fail("channel \(channels[c].name) starts with a difference; the first value must be explicit") }
                        value = p + velocity[c] + value
                    }
                    guard value.isFinite else { throw fail("channel \(channels[c].name) accumulates to a non-finite value") }
                }
                if !value.isNaN {
                    velocity[c] = previous[c].map { value - $0 } ?? 0
                    previous[c] = value
                }
                row[c] = value
                c += 1
            }
            guard c >= regular else {
                line = pointLine
                if c == 0 { throw fail("an empty point (two ',' in a row?)") }
                throw fail("a point has \(c) values but the trace format has \(regular) regular channels (\(channels.prefix(regular).map(\.name).joined(separator: " ")))")
            }
            // Intermittent channels left out keep their previous value, or their default.
            for k in c..<channels.count { row[k] = previous[k] ?? channels[k].defaultValue ?? .nan }
            out.values.append(row)
            out.lines.append(pointLine)
            point += 1
            if i < n, b[i] == UInt8(ascii: ",") { i += 1 } else { break }
        }
        return out
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}
