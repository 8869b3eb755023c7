/// Safe text for error messages: every message StrokeLab prints is one line of bounded
/// length, and text quoted from an input is a short excerpt with control characters and
/// terminal escape sequences neutralised, so a hostile file can neither flood the terminal
/// (a 10 MB token) nor drive it (ESC sequences, bidirectional overrides).
public enum ErrorText {
    /// The longest message, in characters, that ``bounded(_:limit:)`` lets through.
    public static let maximumMessageLength = 480

    /// At most `limit` characters of `text`, made visible with ``visible(_:)`` and followed
    /// by `…` when cut. O(limit).
    public static func excerpt(_ text: some StringProtocol, limit: Int = 40) -> String {
        var out = ""
        var count = 0
        for c in text {
            if count == limit { return visible(out) + "…" }
            out.append(c)
            count += 1
        }
        return visible(out)
    }

    /// `bytes[range]` as an excerpt of at most `limit` characters (invalid UTF-8 repaired).
    public static func excerpt(_ bytes: [UInt8], _ range: Range<Int>, limit: Int = 40) -> String {
        // Four bytes per character at most: decode only what can be shown.
        let end = Swift.min(range.upperBound, range.lowerBound + 4 * limit + 4)
        let text = String(decoding: bytes[range.lowerBound..<end], as: UTF8.self)
        let shown = excerpt(text, limit: limit)
        return end < range.upperBound && !shown.hasSuffix("…") ? shown + "…" : shown
    }

    /// `text` with every control character (C0, DEL, C1 — ESC among them), line or paragraph
    /// separator and bidirectional-formatting character written as a visible escape
    /// (`\n`, `\r`, `\t`, `\u{1B}`, `\u{202E}`), so the result is one line that cannot move
    /// the cursor, change colours or reorder what follows. O(n).
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where isUnsafe(c): out += "\\u{\(String(c.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// `message` as one line (``visible(_:)``) of at most `limit` characters: a longer one
    /// keeps its start and its end with `… (N characters omitted) …` between, cut between
    /// words (at a space, within the last 40 characters of the start and the first 40 of the
    /// end) so that no word or name of a list is shown in part. O(n).
    public static func bounded(_ message: String, limit: Int = maximumMessageLength) -> String {
        let line = visible(message)
        guard line.count > limit else { return line }
        var head = line.prefix(limit * 2 / 3), tail = line.suffix(limit / 4)
        if let space = head.suffix(40).lastIndex(of: " ") { head = head[..<space] }
        if let space = tail.prefix(40).firstIndex(of: " ") { tail = tail[tail.index(after: space)...] }
        return "\(head) … (\(line.count - head.count - tail.count) characters omitted) … \(tail)"
    }

    /// True for scalars that must not reach a terminal raw.
    static func isUnsafe(_ u: Unicode.Scalar) -> Bool {
        let v = u.value
        return v < 0x20 || (v >= 0x7F && v < 0xA0) || v == 0x2028 || v == 0x2029
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
            || v == 0x061C || v == 0xFEFF
    }
}
