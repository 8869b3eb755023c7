/// A JSON array of arrays of numbers (`[[0, 1.5, 2], [0.004, 1.6, 2.1]]`, a trace's samples)
/// held compactly: the numbers in one flat array and where each row starts, 8 bytes per number
/// and per row instead of a ``JSONNode`` per number.
///
/// Positions are not stored: the line and column of a row or number (wanted only for an error
/// message) are found again by scanning the matrix's text, which the parser has already
/// validated — O(matrix length) per lookup. The text is shared with the caller's bytes, not
/// copied. Built by ``JSONParser/parse(_:compactingMatrices:)``.
final class JSONMatrix: Sendable {
    /// Every number, row after row.
    let values: [Double]
    /// The index in ``values`` of each row's first number.
    let rowStarts: [Int]
    /// The whole JSON text.
    private let bytes: [UInt8]
    /// Offset of the matrix's `[` in ``bytes``; its line and the offset at which that line starts.
    private let start: Int, line: Int, lineStart: Int

    init(values: [Double], rowStarts: [Int], bytes: [UInt8], start: Int, line: Int, lineStart: Int) {
        self.values = values
        self.rowStarts = rowStarts
        self.bytes = bytes
        self.start = start
        self.line = line
        self.lineStart = lineStart
    }

    /// The number of rows (at least 1).
    var rowCount: Int { rowStarts.count }

    /// The indices in ``values`` of row `r`'s numbers.
    func row(_ r: Int) -> Range<Int> {
        rowStarts[r]..<(r + 1 < rowStarts.count ? rowStarts[r + 1] : values.count)
    }

    /// The 1-based line and column of row `r`'s `[`, or, with `value`, of its `value`-th number.
    func position(row r: Int, value: Int? = nil) -> (line: Int, column: Int) {
        var found = (line: line, column: 1)
        scan { row, index, line, column in
            guard row == r, index == value else { return true }
            found = (line, column)
            return false
        }
        return found
    }

    /// The nodes a plain parse gives: one array node per row holding a number node per value.
    func nodes() -> [JSONNode] {
        var rows: [JSONNode] = []
        rows.reserveCapacity(rowCount)
        var current: [JSONNode] = []
        var rowLine = 0, rowColumn = 0
        scan { row, index, line, column in
            if let index {
                current.append(JSONNode(value: .number(values[rowStarts[row] + index]), line: line, column: column))
            } else {
                if row > 0 { rows.append(JSONNode(value: .array(current), line: rowLine, column: rowColumn)) }
                current = []
                rowLine = line
                rowColumn = column
            }
            return true
        }
        rows.append(JSONNode(value: .array(current), line: rowLine, column: rowColumn))
        return rows
    }

    /// Walks the matrix's text, calling `visit(row, nil, line, column)` at each row's `[` and
    /// `visit(row, k, line, column)` at its `k`-th number, until `visit` returns `false`.
    private func scan(_ visit: (Int, Int?, Int, Int) -> Bool) {
        var i = start + 1, line = self.line, lineStart = self.lineStart
        func skipBlanks() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0D: i += 1
                case 0x0A: i += 1; line += 1; lineStart = i
                default: return
                }
            }
        }
        func isNumberByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
        }
        for r in 0..<rowCount {
            skipBlanks()
            guard visit(r, nil, line, i - lineStart + 1) else { return }
            i += 1  // '['
            for k in 0..<row(r).count {
                skipBlanks()
                guard visit(r, k, line, i - lineStart + 1) else { return }
                while i < bytes.count, isNumberByte(bytes[i]) { i += 1 }
                skipBlanks()
                i += 1  // ',' or ']'
            }
            if row(r).isEmpty { skipBlanks(); i += 1 }  // ']'
            skipBlanks()
            i += 1  // ',' or the matrix's ']'
        }
    }
}
