import StrokeIO

/// Render cost per frame, the data of figure (f), as a tidy CSV (`render_cost.csv`):
/// columns exactly `strategy,frame,stroke,elements_on_canvas,median_ms,p25_ms,p75_ms`.
/// `strategy` is the strategy's label; rows of one strategy are in frame order.
public struct RenderCostTable: Hashable, Sendable {
    /// The header, exactly.
    public static let columns = ["strategy", "frame", "stroke", "elements_on_canvas", "median_ms", "p25_ms", "p75_ms"]

    /// The curves, one per strategy.
    public var curves: [RenderCostCurve]
    /// Per curve, the stroke index of each frame (same length as the curve's arrays).
    public var strokeIndices: [[Int]]

    /// Wraps curves; `strokeIndices` defaults to all zeros.
    public init(curves: [RenderCostCurve], strokeIndices: [[Int]]? = nil) {
        self.curves = curves
        self.strokeIndices = strokeIndices ?? curves.map { [Int](repeating: 0, count: $0.strokeLength.count) }
    }

    /// Reads `path`.
    public init(path: String) throws(PlotError) {
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path) } catch { throw PlotError(.io, error.description) }
        try self.init(parsing: String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Parses CSV text.
    public init(parsing text: String, file: String) throws(PlotError) {
        let table = try CSVTable(parsing: text, file: file)
        try table.requireHeader(RenderCostTable.columns, file: file)
        var order: [String] = []
        var byName: [String: (RenderCostCurve, [Int])] = [:]
        for r in table.rows {
            let f = r.fields
            func num(_ i: Int) throws(PlotError) -> Double {
                try CSVTable.number(f[i], file: file, line: r.line, column: RenderCostTable.columns[i])
            }
            guard let stroke = Int(f[2].trimmingSpaces) else {
                throw PlotError(.invalidInput, "\(file):\(r.line): column stroke: '\(f[2])' is not an index")
            }
            if byName[f[0]] == nil {
                order.append(f[0])
                byName[f[0]] = (RenderCostCurve(strategy: f[0], strokeLength: [], medianMilliseconds: [],
                                                lowerMilliseconds: [], upperMilliseconds: []), [])
            }
            byName[f[0]]!.0.strokeLength.append(try num(3))
            byName[f[0]]!.0.medianMilliseconds.append(try num(4))
            byName[f[0]]!.0.lowerMilliseconds.append(try num(5))
            byName[f[0]]!.0.upperMilliseconds.append(try num(6))
            byName[f[0]]!.1.append(stroke)
        }
        curves = order.map { byName[$0]!.0 }
        strokeIndices = order.map { byName[$0]!.1 }
    }

    /// The CSV text (numbers in Swift's shortest round-trip form; labels quoted when needed).
    public var csvText: String {
        var lines = [RenderCostTable.columns.joined(separator: ",")]
        for (c, curve) in curves.enumerated() {
            let n = min(curve.strokeLength.count, curve.medianMilliseconds.count, curve.lowerMilliseconds.count, curve.upperMilliseconds.count)
            for k in 0..<n {
                let stroke = k < strokeIndices[c].count ? strokeIndices[c][k] : 0
                lines.append([CSVTable.quote(curve.strategy), String(k), String(stroke), CSVTable.format(curve.strokeLength[k]),
                              CSVTable.format(curve.medianMilliseconds[k]), CSVTable.format(curve.lowerMilliseconds[k]),
                              CSVTable.format(curve.upperMilliseconds[k])].joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the table atomically.
    public func write(to path: String) throws(PlotError) {
        do { try AtomicFile.write(text: csvText, to: path) } catch { throw PlotError(.io, error.description) }
    }
}

extension CSVTable {
    /// A field quoted per RFC 4180 when it holds a comma, quote or line break.
    public static func quote(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingAll("\"", with: "\"\"") + "\""
    }

    /// A number in Swift's shortest round-trip form; integers without ".0"; NaN as "nan".
    public static func format(_ x: Double) -> String {
        if x.isNaN { return "nan" }
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }
}

extension String {
    /// Replaces every occurrence of `target`.
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
