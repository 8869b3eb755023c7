import StrokeIO

/// `answer.csv`: every number the answer shows, one row per dataset × kind × pipeline ×
/// objective, with where it comes from. Columns exactly
/// `dataset,kind,pipeline,status,recommended,metric,shown,ci_low,ci_high,median,n,traces,unit,scale,drawn,strokes,group_strokes,group_traces`:
/// - `status`: `front`, `beaten`, `not ranked: coverage`, `not ranked` (an objective missing),
///   `not enough data`;
/// - `shown`, `ci_low`, `ci_high`, `median`: the values the answer prints, before rounding:
///   `summary_paired.csv`'s `mean`, `ci_low`, `ci_high`, `median` of the row with the same
///   dataset, kind, metric, pipeline and `n` — exp() of them where `scale` is `exp` (a log ratio:
///   the geometric mean);
/// - `drawn`, `strokes`: the pipeline's coverage (`coverage.drawn` in `results.csv`);
///   `group_strokes`, `group_traces`: the group's evidence.
public enum AnswerTable {
    /// The header, exactly.
    public static let columns = ["dataset", "kind", "pipeline", "status", "recommended", "metric", "shown", "ci_low", "ci_high",
                                 "median", "n", "traces", "unit", "scale", "drawn", "strokes", "group_strokes", "group_traces"]

    /// The status of an entry, as the table writes it.
    public static func status(_ e: AnswerEntry, in g: AnswerGroup) -> String {
        if !e.eligible { return "not ranked: coverage" }
        if !g.evidence.isEnough { return "not enough data" }
        guard e.layer != nil else { return "not ranked" }
        return e.onFront ? "front" : "beaten"
    }

    /// The CSV text of `answer` (deterministic: shortest round-trip numbers, empty for NaN).
    public static func csv(_ answer: Answer) -> String {
        var rows: [[String]] = []
        let n: (Double) -> String = CSVTable.number
        for g in answer.groups {
            for e in g.entries {
                for (o, v) in zip(g.objectives, e.values) {
                    guard let v else { continue }
                    rows.append([g.dataset, g.kind, e.pipeline, status(e, in: g), g.recommendation?.pipeline == e.pipeline ? "1" : "0",
                                 o.metric, n(v.shown), n(v.low), n(v.high), n(v.median), String(v.n), String(v.traces), v.unit,
                                 v.isLogRatio ? "exp" : "linear", String(e.coverage.drawn), String(e.coverage.strokes),
                                 String(g.evidence.strokes), String(g.evidence.traces)])
                }
            }
        }
        return CSVTable.text(header: columns, rows: rows)
    }
}
