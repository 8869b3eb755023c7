import Foundation
import StrokeIO

/// What `strokelab tune` wrote besides the usual result tables.
public struct TuneOutput: Sendable {
    /// Every setting of every dataset × kind, fronts marked.
    public var points: [TunePoint]
    /// One per dataset × kind.
    public var recommendations: [Recommendation]
    /// The plan (families, objectives, preference).
    public var plan: TunePlan
    /// When a verdict may be given (coverage floor, least strokes and traces).
    public var rules: VerdictRules
    /// Files written (relative to the output directory).
    public var files: [String]
}

/// The tune tables: `pareto.csv`, `tune_points.csv`, `recommendations.csv`, `tune.json`.
public enum TuneRunner {
    /// Computes the fronts and recommendations of `report` and writes the tune tables into
    /// `outputDirectory` (each atomically).
    public static func write(report: Experiment.Report, plan: TunePlan, outputDirectory: String) throws(ExperimentError) -> TuneOutput {
        // Each dataset under the objectives it can measure (no lag without real timing), the
        // tables aligned to the plan's objectives.
        var points: [TunePoint] = [], recommendations: [Recommendation] = []
        for d in TuneAnalysis.perDataset(report: report, plan: plan) {
            points += d.points.map { TuneAnalysis.align($0, from: d.plan, to: plan) }
            recommendations += TuneAnalysis.recommendations(d.points, plan: d.plan, rules: report.statistics.rules).map { r in
                var r = r
                r.point = TuneAnalysis.align(r.point, from: d.plan, to: plan)
                return r
            }
        }
        let files: [(String, String)] = [
            ("pareto.csv", TuneAnalysis.table(points, plan: plan, frontOnly: true)),
            ("tune_points.csv", TuneAnalysis.table(points, plan: plan, frontOnly: false)),
            ("recommendations.csv", TuneAnalysis.recommendationTable(recommendations, plan: plan)),
            ("tune.json", TuneAnalysis.planJSON(plan)),
        ]
        do {
            for (name, text) in files { try AtomicFile.write(text: text, to: outputDirectory + "/" + name) }
        } catch { throw ExperimentError(error.description) }
        return TuneOutput(points: points, recommendations: recommendations, plan: plan, rules: report.statistics.rules,
                          files: files.map(\.0))
    }

    /// The console summary: per dataset × kind, the front (rank, pipeline, objectives) and
    /// the recommendation with the label to paste.
    public static func text(_ output: TuneOutput) -> String {
        var lines: [String] = []
        let objectives = output.plan.objectives
        var groups: [String] = []
        for p in output.points where !groups.contains(p.dataset + "\u{1F}" + p.kind) { groups.append(p.dataset + "\u{1F}" + p.kind) }
        for g in groups {
            let parts = g.split(separator: "\u{1F}").map(String.init)
            let members = output.points.filter { $0.dataset == parts[0] && $0.kind == parts[1] }
            let front = members.filter(\.onFront)
            lines.append("\(parts[0]) · \(parts[1]): \(front.count) of \(members.count) settings on the front")
            var table = TextTable(header: ["rank", "pipeline"] + objectives.map(\.metric))
            for p in front {
                table.rows.append([String(p.rank ?? 0), p.pipeline] + p.estimates.map { e in e.map { TextTable.compact($0.mean) } ?? "–" })
            }
            lines.append(table.text)
            for p in members where !p.eligible {
                lines.append("not ranked: \(p.pipeline) draws nothing on \(AnswerWords.percent(1 - (p.coverage ?? 0))) of these strokes (minCoverage \(AnswerWords.percent(output.rules.minCoverage)))")
            }
            if let r = output.recommendations.first(where: { $0.point.dataset == parts[0] && $0.point.kind == parts[1] }) {
                lines.append("recommended (\(output.plan.preference)\(r.meetsLimits ? "" : "; no setting meets the limits, closest shown")): \(r.point.pipeline)")
                lines.append("  label: \(r.point.label)")
            } else if let p = members.first, let strokes = p.groupStrokes, let traces = p.groupTraces,
                      !output.rules.isEnough(strokes: strokes, traces: traces) {
                lines.append("no recommendation: " + AnswerWords.notEnoughData(strokes: strokes, traces: traces, rules: output.rules))
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
