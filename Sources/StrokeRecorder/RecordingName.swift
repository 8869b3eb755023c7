/// The file-name stem of a recording, made from the name a user typed (or any text a client
/// sent): safe to use as one path component inside the output directory, whatever the input.
///
/// Letters and digits of any script, `-`, `_` and `.` are kept; every other character —
/// `/`, `\`, white space, controls, quotes, `:` — becomes `-`. Runs of `-` collapse to one,
/// parts between them made only of dots and underscores are dropped, and leading and trailing
/// `-`, `_` and `.` are removed, so the stem never starts with a dot (no hidden files, no
/// `..`) and never holds a path separator: `../x` → `x`, `a/../../b` → `a-b`,
/// `/etc/passwd` → `etc-passwd`, `my circle` → `my-circle`. It is cut to ``maximumLength``
/// characters (and at most 128 UTF-8 bytes), and an empty result becomes ``fallback``.
/// O(length of the text).
public struct RecordingName: Hashable, Sendable, CustomStringConvertible {
    /// The stem: non-empty, no path separator, no leading dot.
    public let stem: String

    /// Longest stem, in characters.
    public static let maximumLength = 64
    /// Longest stem, in UTF-8 bytes (file systems limit a name to 255 bytes; the date and a
    /// counter are appended).
    public static let maximumBytes = 128
    /// The stem of a recording without a usable name.
    public static let fallback = "recording"

    /// The stem for `text`; `nil` or unusable text gives ``fallback``.
    public init(_ text: String?) {
        var out = ""
        var lastWasDash = false
        for c in (text ?? "") {
            let keep = c.isASCII ? (c.isLetter || c.isNumber || c == "_" || c == ".") : (c.isLetter || c.isNumber)
            if keep {
                out.append(c)
                lastWasDash = false
            } else if !lastWasDash {
                out.append("-")
                lastWasDash = true
            }
        }
        // Path components made only of dots and underscores ("..", ".") say nothing: drop them.
        out = out.split(separator: "-").filter { !$0.allSatisfy { $0 == "." || $0 == "_" } }.joined(separator: "-")
        let trim: Set<Character> = ["-", "_", "."]
        while let first = out.first, trim.contains(first) { out.removeFirst() }
        while let last = out.last, trim.contains(last) { out.removeLast() }
        if out.count > Self.maximumLength { out = String(out.prefix(Self.maximumLength)) }
        while out.utf8.count > Self.maximumBytes { out.removeLast() }
        while let last = out.last, trim.contains(last) { out.removeLast() }
        stem = out.isEmpty ? Self.fallback : out
    }

    /// The stem.
    public var description: String { stem }
}
