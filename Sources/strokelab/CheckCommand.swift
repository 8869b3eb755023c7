import ArgumentParser
import Foundation
import StrokeLab

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compare results with a baseline; exit non-zero on a regression (the CI job).",
        discussion: """
            Compares the means of two summary.csv files (as 'strokelab run' and 'strokelab bench' write) \
            per dataset × pipeline × metric. Each metric has a direction: lower is better for fidelity.*, \
            jaggedness.* (ratios too), lag.overshoot_rate, lag.offpath_mean and prediction.* errors; closer \
            to 0 for the signed lag.*_ms and prediction.along_mean@*; higher for smoothness.sparc, \
            smoothness.ldlj and throughput.samples_per_s; path.* and unknown metrics are not checked.

            A metric regresses when its new mean is worse than the baseline mean by more than \
            max(relative × |baseline|, absolute floor) — by default 5% (25% for throughput.* timings) \
            and a floor per unit (0.1 ms, 0.01 units, 0.002 mm, 0.005 ratio, 0.1 count, 0.01 for \
            SPARC/LDLJ) — and, for timings only, also lies outside the baseline's 95% CI. \
            --tolerance overrides, comma-separated: '10%' (all metrics), '1ms' (floor of every ms metric), \
            'lag.mean_ms=2ms', 'fidelity.*=10%', 'smoothness.sparc=0%+0.05', 'throughput.*=off'. A bare \
            number ('--tolerance 10') is refused as ambiguous: write 10% or 10ms; an item that names no \
            metric of the tables is refused too.

            Rows of the baseline missing from the results fail the check unless --allow-missing; rows \
            only in the results are listed as new. --json prints a machine-readable verdict instead of \
            the text (passed, exitStatus, counts, every regression, improvement, missing, new and \
            incomparable row). Exit status: 0 pass, 1 regression (or missing or incomparable rows), \
            2 unreadable input or a bad --tolerance.
            """)

    @Option(help: "Baseline: a results directory or its summary.csv.")
    var baseline: String

    @Option(help: "New results: a results directory or its summary.csv.")
    var results: String

    @Option(help: "Tolerance overrides, e.g. '10%' or 'lag.mean_ms=2ms,fidelity.mean=10%,throughput.*=off'.")
    var tolerance: String?

    @Flag(name: .customLong("allow-missing"), help: "Do not fail when baseline rows are missing from the results.")
    var allowMissing = false

    @Flag(help: "Print the verdict as JSON (for CI systems) instead of text.")
    var json = false

    @Flag(help: "Print only the counts, regressions, missing and incomparable rows (no improvements or changed-n notes).")
    var quiet = false

    func run() throws {
        let report: RegressionCheck.Report
        let baselineFile = RegressionCheck.summaryPath(baseline), resultsFile = RegressionCheck.summaryPath(results)
        do {
            let rule = try tolerance.map { text throws(ExperimentError) in try RegressionTolerance(parsing: text) } ?? RegressionTolerance()
            let old = try RegressionCheck.load(baseline)
            let new = try RegressionCheck.load(results)
            report = try RegressionCheck.compare(baseline: old, results: new, tolerance: rule)
        } catch {
            if json { print(RegressionCheck.jsonError(error.description)) }
            throw CommandFailure(error.description, exitCode: 2)
        }
        if json {
            print(RegressionCheck.json(report, allowMissing: allowMissing, baseline: baselineFile, results: resultsFile))
        } else {
            print("baseline \(baselineFile) → results \(resultsFile)")
            print(RegressionCheck.text(report, allowMissing: allowMissing, details: !quiet))
        }
        if !report.passed(allowMissing: allowMissing) { throw ExitCode(1) }
    }
}
