import StrokeIO

/// Writing result tables as CSV (RFC 4180): a header, one row per line, fields quoted when
/// they hold a comma, a quote or a line break (pipeline labels do: `bezier4(tail=complete,…)`).
public enum ResultsTable {
    /// The header of `results.csv`, exactly as DESIGN.md specifies.
    public static let resultsHeader = ["dataset", "trace", "stroke", "pipeline", "metric", "value", "unit"]

    /// One CSV field.
    public static func field(_ s: String) -> String {
        guard s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return s }
        return "\"" + s.replacingAll("\"", with: "\"\"") + "\""
    }

    /// A number in the shortest text that reads back to the same `Double`.
    public static func number(_ v: Double) -> String { v.isFinite ? JSONText.number(v) : "" }

    /// CSV text of `rows` with `header`.
    public static func csv(header: [String], rows: [[String]]) -> String {
        var out = header.map(field).joined(separator: ",") + "\n"
        for r in rows { out += r.map(field).joined(separator: ",") + "\n" }
        return out
    }

    /// `results.csv` text.
    public static func results(_ rows: [ResultRow]) -> String {
        csv(header: resultsHeader, rows: rows.map {
            [$0.dataset, $0.trace, $0.stroke, $0.pipeline, $0.metric, number($0.value), $0.unit]
        })
    }

    /// Parses CSV text into rows of fields (RFC 4180 quoting). Used to read result tables back.
    /// - Throws: a message with the 1-based line of an unterminated quote.
    public static func parse(_ text: String) throws(ExperimentError) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var line = 1
        var quoteLine = 1
        var iterator = text.makeIterator()
        var pending: Character? = nil
        func nextChar() -> Character? {
            if let p = pending { pending = nil; return p }
            return iterator.next()
        }
        while let c = nextChar() {
            if quoted {
                if c == "\"" {
                    if let n = nextChar() {
                        if n == "\"" { field.append("\"") } else { quoted = false; pending = n }
                    } else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty: quoted = true; quoteLine = line
            case ",": row.append(field); field = ""
            case "\r\n", "\n":
                row.append(field); field = ""
                rows.append(row); row = []
                line += 1
            case "\r": break
            default: field.append(c)
            }
        }
        if quoted { throw ExperimentError("line \(quoteLine): a quoted field is never closed") }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
