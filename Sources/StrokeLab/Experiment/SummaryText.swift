import Foundation
import StrokeIO
import StrokeMetrics

/// The summary table `strokelab run` prints: one line per dataset × pipeline, the mean of
/// each headline metric across strokes, titled as the metric catalog titles it.
public enum SummaryText {
    /// Headline metrics and their column titles (``MetricCatalog``), in order; metrics absent
    /// from the results are left out.
    public static let headline: [(metric: String, title: String)] = [
        "fidelity.mean", "fidelity.max", "fidelity.hausdorff", "jaggedness.bending_energy_ratio", "jaggedness.kinks",
        "lag.mean_ms", "lag.p95_ms", "prediction.error_mean@16ms", "smoothness.sparc", "path.elements",
    ].map { id in
        let d = MetricCatalog.definition(of: id)!
        return (id, d.isFamily ? d.title.replacingOccurrences(of: "{h}", with: "16") : d.title)
    }

    /// A fixed-width text table of `summary`.
    public static func table(_ summary: [SummaryRow]) -> String {
        var present: [(metric: String, title: String)] = []
        for h in headline where summary.contains(where: { $0.metric == h.metric }) { present.append(h) }
        var keys: [(String, String)] = []
        var means: [String: Double] = [:]
        for r in summary {
            if !keys.contains(where: { $0 == (r.dataset, r.pipeline) }) { keys.append((r.dataset, r.pipeline)) }
            means["\(r.dataset)\u{1F}\(r.pipeline)\u{1F}\(r.metric)"] = r.mean
        }
        var rows: [[String]] = [["dataset", "pipeline"] + present.map(\.title)]
        for (d, p) in keys {
            rows.append([d, p] + present.map { h in
                means["\(d)\u{1F}\(p)\u{1F}\(h.metric)"].map { format($0) } ?? "—"
            })
        }
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in
                c < 2 ? cell + String(repeating: " ", count: widths[c] - cell.count)
                    : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// Four significant digits, without exponent for ordinary magnitudes; three significant
    /// digits with an exponent below 10⁻³ or from 10⁶ (`3.64e-15`, never a raw double).
    static func format(_ v: Double) -> String {
        guard v.isFinite else { return "—" }
        let a = abs(v)
        if a == 0 { return "0" }
        if a >= 1e6 || a < 1e-3 { return String(format: "%.3g", v) }
        let decimals = max(0, 3 - Int((a).log10Floor))
        var s = String(Double(Int64((v * pow10(decimals)).rounded())) / pow10(decimals))
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }

    private static func pow10(_ k: Int) -> Double { (0..<k).reduce(1.0) { r, _ in r * 10 } }
}

extension Double {
    /// ⌊log₁₀ x⌋ for x > 0, without Foundation.
    var log10Floor: Int {
        var k = 0
        var x = self
        while x >= 10 { x /= 10; k += 1 }
        while x < 1 { x *= 10; k -= 1 }
        return k
    }
}
