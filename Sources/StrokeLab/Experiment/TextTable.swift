/// A fixed-width text table for the terminal, as `strokelab bench` and `strokelab check`
/// print them: the first `leftAligned` columns are left-aligned (names), the rest
/// right-aligned (numbers), columns separated by two spaces. Widths count characters
/// (grapheme clusters), so `–` and `→` take one column. O(cells).
struct TextTable {
    /// The header row.
    var header: [String]
    /// Data rows; each has as many cells as the header (missing cells print empty).
    var rows: [[String]] = []
    /// How many leading columns hold names rather than numbers.
    var leftAligned: Int = 2

    /// The table as lines joined by `\n`, without a trailing newline; trailing spaces trimmed.
    var text: String {
        let all = [header] + rows
        let widths = header.indices.map { c in all.map { c < $0.count ? $0[c].count : 0 }.max() ?? 0 }
        return all.map { row in
            var line = header.indices.map { c -> String in
                let cell = c < row.count ? row[c] : ""
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c < leftAligned ? cell + pad : pad + cell
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    /// `v` with `decimals` digits after the point (rounded half away from zero), no exponent;
    /// "—" when not finite. Foundation-free so the output is the same on every platform.
    static func fixed(_ v: Double, _ decimals: Int) -> String {
        guard v.isFinite else { return "—" }
        var scale = 1.0
        for _ in 0..<max(decimals, 0) { scale *= 10 }
        let scaled = (abs(v) * scale).rounded()
        guard scaled < 9e15 else { return String(v) }
        let digits = String(Int64(scaled))
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        let whole = padded.dropLast(decimals)
        let fraction = padded.suffix(decimals)
        let sign = v < 0 && scaled != 0 ? "-" : ""
        return sign + whole + (decimals > 0 ? "." + fraction : "")
    }

    /// A compact human number with four significant digits (``SummaryText``'s format).
    static func compact(_ v: Double) -> String { SummaryText.format(v) }
}
