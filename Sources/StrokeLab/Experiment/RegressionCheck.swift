import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

/// `strokelab check`: compares a new `summary.csv` with a baseline one, per dataset ×
/// pipeline × metric, and says whether anything regressed — the CI job that guards stroke
/// quality and speed.
///
/// **The rule.** For each row present in both tables, with baseline mean b, new mean m, the
/// metric's direction (``MetricDirection``) and its allowance τ = max(r·|b|, a)
/// (``RegressionTolerance``), let w = how much worse m is than b (``MetricDirection/worsening(from:to:)``).
/// - *regression* when w > τ, and, for wall-clock timings only, m also lies outside the
///   baseline's 95 % confidence interval on the worse side;
/// - *improvement* when −w > τ (with the same interval condition for timings);
/// - *unchanged* otherwise.
///
/// Why the interval only gates timings: every other metric is a deterministic function of
/// the traces and the pipeline, so any change of its mean is caused by the change under test;
/// the baseline's interval there describes how strokes differ from each other, not
/// measurement noise, and requiring the new mean to leave it would let a 40 % worse fidelity
/// pass on a dataset of varied strokes. Throughput, in contrast, is measured with noise, and
/// its interval (over timed runs) is exactly the run-to-run spread that should not fail a
/// build. A missing or NaN interval (n = 1) leaves the tolerance alone to decide.
///
/// **Other outcomes.** A metric with no rule is *not checked* (listed); an
/// ``MetricDirection/informational`` one likewise. A row of the baseline missing from the
/// results is *missing* (a dropped pipeline, dataset or metric): a failure unless allowed. A
/// row only in the results is *new* (never a failure). A row whose unit changed, or whose mean
/// became NaN, is *incomparable*: a failure. A changed `n` (strokes or runs behind the mean) is
/// noted beside the verdict.
public enum RegressionCheck {
    /// What became of one dataset × pipeline × metric.
    public enum Verdict: String, Hashable, Sendable, CaseIterable {
        /// Worse by more than the allowance.
        case regression
        /// Better by more than the allowance.
        case improvement
        /// Within the allowance.
        case unchanged
        /// No direction known, informational, or switched off by `--tolerance`.
        case notChecked = "not checked"
        /// In the baseline, not in the results.
        case missing
        /// In the results, not in the baseline.
        case added = "new"
        /// Present in both but not comparable (unit changed, value lost).
        case incomparable
    }

    /// The comparison of one dataset × pipeline × metric.
    public struct Comparison: Hashable, Sendable {
        /// Dataset name.
        public var dataset: String
        /// Pipeline name.
        public var pipeline: String
        /// Metric id.
        public var metric: String
        /// Unit (the baseline's when present).
        public var unit: String
        /// The baseline row, when present.
        public var baseline: SummaryRow?
        /// The new row, when present.
        public var result: SummaryRow?
        /// The verdict.
        public var verdict: Verdict
        /// The allowance τ in the metric's unit (NaN when not checked).
        public var allowance: Double
        /// How much worse the new mean is (positive worse; NaN when not compared).
        public var worsening: Double
        /// Why it was not checked or is incomparable; empty otherwise.
        public var reason: String
    }

    /// Every comparison, and notes.
    public struct Report: Hashable, Sendable {
        /// Baseline rows in order, then rows only in the results.
        public var comparisons: [Comparison]
        /// Things the reader should know (a tolerance pattern that matched nothing).
        public var notes: [String]

        /// How many comparisons have `verdict`.
        public func count(_ verdict: Verdict) -> Int { comparisons.reduce(0) { $0 + ($1.verdict == verdict ? 1 : 0) } }

        /// Whether CI should pass: no regression, nothing incomparable, and nothing missing
        /// unless `allowMissing`.
        public func passed(allowMissing: Bool) -> Bool {
            count(.regression) == 0 && count(.incomparable) == 0 && (allowMissing || count(.missing) == 0)
        }
    }

    /// Compares `results` with `baseline` under `tolerance` (see the type's documentation).
    /// - Throws: ``ExperimentError`` when a table holds a dataset × pipeline × metric twice,
    ///   a `--tolerance` item contradicts a metric's unit, or a `--tolerance` item names no
    ///   metric of either table (a typo must not pass silently).
    public static func compare(baseline: SummaryTable, results: SummaryTable,
                               tolerance: RegressionTolerance = RegressionTolerance()) throws(ExperimentError) -> Report {
        let metrics = Set(baseline.rows.map(\.metric) + results.rows.map(\.metric))
        for o in tolerance.overrides where !metrics.contains(where: { MetricPattern.matches(o.pattern, $0) }) {
            let hint = ClosestName.hint(for: o.pattern, among: metrics.sorted())
            throw ExperimentError("--tolerance '\(ErrorText.excerpt(o.pattern, limit: 60))' names no metric of the baseline or the results\(hint)")
        }
        let old = try index(baseline, name: "the baseline")
        let new = try index(results, name: "the results")
        var comparisons: [Comparison] = []
        var used = Set<String>()
        for b in baseline.rows {
            let key = Key(b)
            guard let r = new[key] else {
                comparisons.append(Comparison(dataset: b.dataset, pipeline: b.pipeline, metric: b.metric, unit: b.unit,
                                              baseline: b, result: nil, verdict: .missing, allowance: .nan, worsening: .nan,
                                              reason: "in the baseline, not in the results"))
                continue
            }
            var c = Comparison(dataset: b.dataset, pipeline: b.pipeline, metric: b.metric, unit: b.unit, baseline: b,
                               result: r, verdict: .notChecked, allowance: .nan, worsening: .nan, reason: "")
            guard let rule = MetricDirection.rule(for: b.metric) else {
                c.reason = "unknown metric: no direction"
                comparisons.append(c)
                continue
            }
            guard rule.direction != .informational else {
                c.reason = "informational"
                comparisons.append(c)
                continue
            }
            if r.unit != b.unit {
                c.verdict = .incomparable
                c.reason = "unit changed from '\(b.unit)' to '\(r.unit)'"
                comparisons.append(c)
                continue
            }
            for o in tolerance.overrides where MetricPattern.matches(o.pattern, b.metric) { used.insert(o.pattern) }
            guard let resolved = try tolerance.resolve(metric: b.metric, unit: b.unit) else {
                c.reason = "switched off by --tolerance"
                comparisons.append(c)
                continue
            }
            c.allowance = resolved.allowance(baseline: b.mean)
            c.worsening = b.mean.isFinite && r.mean.isFinite ? rule.direction.worsening(from: b.mean, to: r.mean) : .nan
            c.verdict = judge(baseline: b, result: r, direction: rule.direction, allowance: c.allowance, isTiming: rule.isTiming)
            if c.verdict == .incomparable { c.reason = "the mean is \(b.mean.isFinite ? "missing (NaN) in the results" : "missing (NaN) in the baseline")" }
            comparisons.append(c)
        }
        for r in results.rows where old[Key(r)] == nil {
            comparisons.append(Comparison(dataset: r.dataset, pipeline: r.pipeline, metric: r.metric, unit: r.unit,
                                          baseline: nil, result: r, verdict: .added, allowance: .nan, worsening: .nan,
                                          reason: "in the results, not in the baseline"))
        }
        var notes: [String] = []
        for o in tolerance.overrides where !used.contains(o.pattern) {
            notes.append("--tolerance '\(o.pattern)' matched no checked metric")
        }
        return Report(comparisons: comparisons, notes: notes)
    }

    /// The verdict for one metric present in both tables (the rule in the type's
    /// documentation). `allowance` is τ in the metric's unit; `isTiming` turns on the
    /// confidence-interval condition. Both means NaN: unchanged; one NaN: incomparable.
    public static func judge(baseline b: SummaryRow, result r: SummaryRow, direction: MetricDirection, allowance: Double,
                             isTiming: Bool) -> Verdict {
        if b.mean.isNaN && r.mean.isNaN { return .unchanged }
        guard !b.mean.isNaN, !r.mean.isNaN else { return .incomparable }
        guard direction != .informational else { return .notChecked }
        let w = direction.worsening(from: b.mean, to: r.mean)
        let beyond = { (worse: Bool) -> Bool in
            guard isTiming, b.ciLow.isFinite, b.ciHigh.isFinite else { return true }
            // The interval's end on the side the new mean moved to: outside means past it.
            let worseEnd = direction.worsening(from: b.ciLow, to: b.ciHigh) > 0 ? b.ciHigh : b.ciLow
            let betterEnd = worseEnd == b.ciHigh ? b.ciLow : b.ciHigh
            return worse ? direction.worsening(from: worseEnd, to: r.mean) > 0
                : direction.worsening(from: betterEnd, to: r.mean) < 0
        }
        if w > allowance && beyond(true) { return .regression }
        if -w > allowance && beyond(false) { return .improvement }
        return .unchanged
    }

    /// The `summary.csv` a `--baseline`/`--results` argument names: `PATH/summary.csv` when
    /// `PATH` is a directory, else `PATH`.
    public static func summaryPath(_ path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (path.hasSuffix("/") ? String(path.dropLast()) : path) + "/summary.csv"
        }
        return path
    }

    /// Reads the summary table `path` names (``summaryPath(_:)``).
    /// - Throws: ``ExperimentError`` naming the file, the line and the problem.
    public static func load(_ path: String) throws(ExperimentError) -> SummaryTable {
        let file = summaryPath(path)
        do { return try SummaryTable(path: file) } catch { throw ExperimentError(error.description) }
    }

    /// The text `strokelab check` prints: a count table per dataset × pipeline, then one line
    /// per regression, incomparable row and missing row (a whole missing dataset × pipeline on
    /// one line); with `details`, one per improvement and per unchanged row whose `n` changed;
    /// the metrics not checked; and a last line `PASS …` or `FAIL …`.
    public static func text(_ report: Report, allowMissing: Bool, details showDetails: Bool = true) -> String {
        var lines: [String] = []
        let shown: [Verdict] = [.regression, .improvement, .unchanged, .notChecked, .missing, .added, .incomparable]
        var table = TextTable(header: ["dataset", "pipeline"] + shown.map(\.title))
        var pairs: [(String, String)] = []
        for c in report.comparisons where !pairs.contains(where: { $0 == (c.dataset, c.pipeline) }) { pairs.append((c.dataset, c.pipeline)) }
        for (d, p) in pairs {
            let mine = report.comparisons.filter { $0.dataset == d && $0.pipeline == p }
            table.rows.append([d, p] + shown.map { v in String(mine.filter { $0.verdict == v }.count) })
        }
        table.rows.append(["total", ""] + shown.map { String(report.count($0)) })
        lines.append(table.text)

        func name(_ c: Comparison) -> String { "\(c.dataset) · \(c.pipeline) · \(c.metric)" }
        func change(_ c: Comparison) -> String {
            guard let b = c.baseline, let r = c.result else { return "" }
            let unit = c.unit.isEmpty ? "" : " " + c.unit
            var extras: [String] = []
            if b.mean != 0 && b.mean.isFinite && r.mean.isFinite {
                let pct = (r.mean - b.mean) / abs(b.mean) * 100
                extras.append("\(pct >= 0 ? "+" : "")\(TextTable.fixed(pct, 1))%")
            }
            extras.append("tolerance \(SummaryText.format(c.allowance))\(unit)")
            if b.n != r.n { extras.append("n \(b.n) → \(r.n)") }
            return "\(SummaryText.format(b.mean)) → \(SummaryText.format(r.mean))\(unit) (\(extras.joined(separator: "; ")))"
        }
        var details: [String] = []
        for c in report.comparisons where c.verdict == .regression { details.append("REGRESSION    \(name(c)): \(change(c))") }
        for c in report.comparisons where c.verdict == .incomparable { details.append("INCOMPARABLE  \(name(c)): \(c.reason)") }
        // A dataset × pipeline missing altogether is one line, not one per metric.
        for (d, p) in pairs {
            let mine = report.comparisons.filter { $0.dataset == d && $0.pipeline == p }
            let missing = mine.filter { $0.verdict == .missing }
            guard !missing.isEmpty else { continue }
            if missing.count == mine.filter({ $0.baseline != nil }).count {
                details.append("MISSING       \(d) · \(p): absent from the results (\(missing.count) metrics in the baseline)")
            } else {
                for c in missing { details.append("MISSING       \(name(c)): in the baseline, not in the results") }
            }
        }
        if showDetails {
            for c in report.comparisons where c.verdict == .improvement { details.append("improved      \(name(c)): \(change(c))") }
        }
        for c in report.comparisons where showDetails && c.verdict == .unchanged {
            if let b = c.baseline, let r = c.result, b.n != r.n {
                details.append("note          \(name(c)): n \(b.n) → \(r.n) (the strokes or runs behind the mean changed)")
            }
        }
        if !details.isEmpty { lines.append(""); lines += details }
        let unchecked = report.comparisons.filter { $0.verdict == .notChecked }
        if !unchecked.isEmpty {
            var reasons: [String: [String]] = [:]
            for c in unchecked where !(reasons[c.reason]?.contains(c.metric) ?? false) { reasons[c.reason, default: []].append(c.metric) }
            lines.append("")
            for reason in reasons.keys.sorted() {
                lines.append("not checked (\(reason)): \(reasons[reason]!.sorted().joined(separator: ", "))")
            }
        }
        for note in report.notes { lines.append("note: \(note)") }
        lines.append("")
        let regressions = report.count(.regression), missing = report.count(.missing), bad = report.count(.incomparable)
        if report.passed(allowMissing: allowMissing) {
            var s = "PASS: no regression (\(report.count(.unchanged)) unchanged, \(report.count(.improvement)) improved"
            if missing > 0 { s += ", \(missing) missing allowed" }
            lines.append(s + ")")
        } else {
            var parts: [String] = []
            if regressions > 0 { parts.append("\(regressions) regression\(regressions == 1 ? "" : "s")") }
            if bad > 0 { parts.append("\(bad) incomparable") }
            if missing > 0 && !allowMissing { parts.append("\(missing) missing (use --allow-missing to accept)") }
            lines.append("FAIL: " + parts.joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }

    /// The machine-readable verdict `strokelab check --json` prints, for CI systems: one
    /// JSON object (stable keys, deterministic order):
    ///
    /// ```json
    /// {"passed": false, "exitStatus": 1, "baseline": "base/summary.csv", "results": "out/summary.csv",
    ///  "counts": {"regression": 1, "improvement": 0, "unchanged": 43, "not checked": 4, "missing": 0, "new": 0, "incomparable": 0},
    ///  "comparisons": [{"dataset": "synthetic", "pipeline": "midpoint-bezier", "metric": "fidelity.mean",
    ///                   "unit": "pt", "verdict": "regression", "baseline": 0.6002, "result": 0.7803,
    ///                   "change": 0.30, "allowance": 0.03001, "reason": ""}, …],
    ///  "notes": []}
    /// ```
    ///
    /// `comparisons` lists every row that is not `unchanged` or `not checked` (regressions,
    /// improvements, missing, new, incomparable); `change` is the relative change of the mean
    /// (null when the baseline is 0 or a mean is missing); `exitStatus` is what the command
    /// returns (0 pass, 1 fail).
    public static func json(_ report: Report, allowMissing: Bool, baseline: String, results: String) -> String {
        let q = JSONText.quoted
        func n(_ v: Double?) -> String { v.flatMap { $0.isFinite ? JSONText.number($0) : nil } ?? "null" }
        let passed = report.passed(allowMissing: allowMissing)
        var lines = ["{"]
        lines.append("  \"passed\": \(passed),")
        lines.append("  \"exitStatus\": \(passed ? 0 : 1),")
        lines.append("  \"baseline\": \(q(baseline)),")
        lines.append("  \"results\": \(q(results)),")
        lines.append("  \"counts\": {" + Verdict.allCases.map { "\(q($0.rawValue)): \(report.count($0))" }.joined(separator: ", ") + "},")
        let listed = report.comparisons.filter { $0.verdict != .unchanged && $0.verdict != .notChecked }
        lines.append("  \"comparisons\": [")
        lines.append(listed.map { c in
            let b = c.baseline?.mean, r = c.result?.mean
            let change: Double? = b.flatMap { b in r.flatMap { r in b != 0 && b.isFinite && r.isFinite ? (r - b) / abs(b) : nil } }
            return "    {\"dataset\": \(q(c.dataset)), \"pipeline\": \(q(c.pipeline)), \"metric\": \(q(c.metric)), \"unit\": \(q(c.unit)), \"verdict\": \(q(c.verdict.rawValue)), \"baseline\": \(n(b)), \"result\": \(n(r)), \"change\": \(n(change)), \"allowance\": \(n(c.allowance)), \"reason\": \(q(c.reason))}"
        }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append("  \"notes\": [\(report.notes.map(q).joined(separator: ", "))]")
        lines.append("}")
        return lines.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The JSON `strokelab check --json` prints when it cannot compare (exit status 2).
    public static func jsonError(_ message: String) -> String {
        "{\n  \"passed\": false,\n  \"exitStatus\": 2,\n  \"error\": \(JSONText.quoted(message))\n}"
    }

    private struct Key: Hashable {
        var dataset: String, pipeline: String, metric: String
        init(_ r: SummaryRow) { dataset = r.dataset; pipeline = r.pipeline; metric = r.metric }
    }

    private static func index(_ table: SummaryTable, name: String) throws(ExperimentError) -> [Key: SummaryRow] {
        var out: [Key: SummaryRow] = [:]
        for r in table.rows {
            guard out.updateValue(r, forKey: Key(r)) == nil else {
                throw ExperimentError("\(name): \(r.dataset) · \(r.pipeline) · \(r.metric) appears twice")
            }
        }
        return out
    }
}

extension RegressionCheck.Verdict {
    /// Column title in the count table.
    var title: String {
        switch self {
        case .regression: return "regressed"
        case .improvement: return "improved"
        case .unchanged: return "unchanged"
        case .notChecked: return "not checked"
        case .missing: return "missing"
        case .added: return "new"
        case .incomparable: return "incomparable"
        }
    }
}
