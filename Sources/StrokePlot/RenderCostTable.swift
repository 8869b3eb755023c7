import Foundation
import StrokeIO

/// Render cost per frame, the data of figure (f), as a tidy CSV (`render_cost.csv`):
/// columns exactly `strategy,frame,stroke,elements_on_canvas,median_ms,p25_ms,p75_ms`.
/// `strategy` is the strategy's label; rows of one strategy are in frame order; `frame` is the
/// frame's number in drawing order (every frame, or every k-th when the measurement timed
/// every k-th: `RenderCostOptions.frameStride` in StrokeRaster).
public struct RenderCostTable: Hashable, Sendable, CSVReadable {
    /// The header, exactly.
    public static let columns = ["strategy", "frame", "stroke", "elements_on_canvas", "median_ms", "p25_ms", "p75_ms"]

    /// The curves, one per strategy.
    public var curves: [RenderCostCurve]
    /// Per curve, the stroke index of each frame (same length as the curve's arrays).
    public var strokeIndices: [[Int]]
    /// Per curve, the number of each frame in drawing order (same length as the curve's arrays).
    public var frameIndices: [[Int]]

    /// Wraps curves; `strokeIndices` defaults to all zeros, `frameIndices` to 0, 1, 2, ….
    public init(curves: [RenderCostCurve], strokeIndices: [[Int]]? = nil, frameIndices: [[Int]]? = nil) {
        self.curves = curves
        self.strokeIndices = strokeIndices ?? curves.map { [Int](repeating: 0, count: $0.strokeLength.count) }
        self.frameIndices = frameIndices ?? curves.map { Array(0..<$0.strokeLength.count) }
    }

    /// Builds the table from parsed CSV, checking the header and every number.
    public init(csv table: CSVTable, file: String) throws(TraceFileError) {
        try table.requireHeader(RenderCostTable.columns, file: file)
        var order: [String] = []
        var byName: [String: (RenderCostCurve, [Int], [Int])] = [:]
        for r in table.rows {
            let f = r.fields
            func num(_ i: Int) throws(TraceFileError) -> Double {
                try CSVTable.number(f[i], file: file, line: r.line, column: RenderCostTable.columns[i])
            }
            guard let stroke = Int(f[2].trimmingCharacters(in: .whitespaces)) else {
                throw TraceFileError(file: file, line: r.line, problem: "column stroke: '\(f[2])' is not an index")
            }
            guard let frame = Int(f[1].trimmingCharacters(in: .whitespaces)) else {
                throw TraceFileError(file: file, line: r.line, problem: "column frame: '\(f[1])' is not an index")
            }
            if byName[f[0]] == nil {
                order.append(f[0])
                byName[f[0]] = (RenderCostCurve(strategy: f[0], strokeLength: [], medianMilliseconds: [],
                                                lowerMilliseconds: [], upperMilliseconds: []), [], [])
            }
            byName[f[0]]!.0.strokeLength.append(try num(3))
            byName[f[0]]!.0.medianMilliseconds.append(try num(4))
            byName[f[0]]!.0.lowerMilliseconds.append(try num(5))
            byName[f[0]]!.0.upperMilliseconds.append(try num(6))
            byName[f[0]]!.1.append(stroke)
            byName[f[0]]!.2.append(frame)
        }
        curves = order.map { byName[$0]!.0 }
        strokeIndices = order.map { byName[$0]!.1 }
        frameIndices = order.map { byName[$0]!.2 }
    }

    /// The CSV text (numbers in their shortest round-trip form; labels quoted when needed).
    public var csvText: String {
        var rows: [[String]] = []
        let n: (Double) -> String = CSVTable.number
        for (c, curve) in curves.enumerated() {
            let count = min(curve.strokeLength.count, curve.medianMilliseconds.count, curve.lowerMilliseconds.count,
                            curve.upperMilliseconds.count)
            for k in 0..<count {
                let stroke = k < strokeIndices[c].count ? strokeIndices[c][k] : 0
                let frame = k < frameIndices[c].count ? frameIndices[c][k] : k
                rows.append([curve.strategy, String(frame), String(stroke), n(curve.strokeLength[k]), n(curve.medianMilliseconds[k]),
                             n(curve.lowerMilliseconds[k]), n(curve.upperMilliseconds[k])])
            }
        }
        return CSVTable.text(header: RenderCostTable.columns, rows: rows)
    }

    /// Writes the table atomically.
    public func write(to path: String) throws(PlotError) {
        do { try AtomicFile.write(text: csvText, to: path) } catch { throw PlotError(.io, error.description) }
    }
}
