import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing
import XCTest

@testable import StrokeLab

/// `strokelab check`'s rule on hand-made summary rows: directions, tolerances, the
/// confidence-interval gate for timings, missing and new rows.
final class RegressionCheckTests: XCTestCase {
    /// A summary row with the given mean; the CI is ±`halfWidth` around it.
    private func row(_ metric: String, _ mean: Double, unit: String = "units", pipeline: String = "linear",
                     dataset: String = "synthetic", n: Int = 8, halfWidth: Double = 0) -> SummaryRow {
        SummaryRow(dataset: dataset, pipeline: pipeline, metric: metric, unit: unit, n: n, mean: mean, median: mean,
                   p95: mean, min: mean - halfWidth, max: mean + halfWidth, ciLow: mean - halfWidth, ciHigh: mean + halfWidth)
    }

    private func verdict(_ metric: String, _ old: Double, _ new: Double, unit: String = "units",
                         tolerance: String? = nil) throws -> RegressionCheck.Verdict {
        let t = try tolerance.map { try RegressionTolerance(parsing: $0) } ?? RegressionTolerance()
        let report = try RegressionCheck.compare(baseline: SummaryTable(rows: [row(metric, old, unit: unit)]),
                                                 results: SummaryTable(rows: [row(metric, new, unit: unit)]), tolerance: t)
        XCTAssertEqual(report.comparisons.count, 1)
        return report.comparisons[0].verdict
    }

    // MARK: directions

    func testEveryMetricTheEvaluationEmitsHasADirection() throws {
        // A predicting pipeline on a synthetic stroke emits every metric family, prediction included.
        let trace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "d", shapes: [.figureEight], seed: 3))
        let pipeline = try PipelineDescription(parsing: "midpoint-bezier(tail=complete)|predict:kalman(horizon=16)")
        let result = StrokeEvaluation.evaluate(stroke: trace.strokes[0], pipeline: pipeline, metadata: trace.metadata)
        XCTAssertGreaterThan(result.measurements.count, 30)
        for m in result.measurements {
            XCTAssertNotNil(MetricDirection.rule(for: m.metric), "\(m.metric) has no direction")
        }
        for id in ["throughput.samples_per_s", "throughput.ns_per_sample", "throughput.metrics_s", "throughput.metrics_samples_per_s"] {
            XCTAssertEqual(MetricDirection.rule(for: id)?.isTiming, true, id)
        }
    }

    func testDirectionsFollowWhatEachMetricMeans() {
        let expected: [(String, MetricDirection?)] = [
            ("fidelity.mean", .lowerIsBetter), ("fidelity.frechet_mm", .lowerIsBetter),
            ("jaggedness.bending_energy_ratio", .lowerIsBetter), ("jaggedness.kinks", .lowerIsBetter),
            ("smoothness.sparc", .higherIsBetter), ("smoothness.ldlj", .higherIsBetter),
            ("lag.mean_ms", .closerToZeroIsBetter), ("lag.p95_ms", .closerToZeroIsBetter),
            ("lag.overshoot_rate", .lowerIsBetter), ("lag.offpath_mean_mm", .lowerIsBetter),
            ("prediction.error_mean@16ms", .lowerIsBetter), ("prediction.wrong_direction_rate@8ms", .lowerIsBetter),
            ("prediction.along_mean@16.7ms", .closerToZeroIsBetter),
            ("throughput.samples_per_s", .higherIsBetter), ("throughput.ns_per_sample", .lowerIsBetter),
            ("path.length", .informational), ("render.cost_us", nil), ("fidelity", nil),
        ]
        for (metric, direction) in expected { XCTAssertEqual(MetricDirection.rule(for: metric)?.direction, direction, metric) }
        XCTAssertEqual(MetricDirection.rule(for: "fidelity.mean")?.isTiming, false)
    }

    func testWorseningIsPositiveWhenWorse() {
        XCTAssertEqual(MetricDirection.lowerIsBetter.worsening(from: 1, to: 1.5), 0.5)
        XCTAssertEqual(MetricDirection.higherIsBetter.worsening(from: -1.4, to: -1.6), 0.2, accuracy: 1e-12)
        XCTAssertEqual(MetricDirection.closerToZeroIsBetter.worsening(from: 10, to: -12), 2)
        XCTAssertEqual(MetricDirection.closerToZeroIsBetter.worsening(from: -10, to: 4), -6)
        XCTAssertEqual(MetricDirection.informational.worsening(from: 1, to: 100), 0)
    }

    func testPatternsMatchWholeIdsWithStars() {
        XCTAssertTrue(MetricPattern.matches("lag.*_ms", "lag.mean_ms"))
        XCTAssertFalse(MetricPattern.matches("lag.*_ms", "lag.overshoot_rate"))
        XCTAssertTrue(MetricPattern.matches("*", ""))
        XCTAssertTrue(MetricPattern.matches("prediction.*@16ms", "prediction.error_p95@16ms"))
        XCTAssertFalse(MetricPattern.matches("prediction.*@16ms", "prediction.error_p95@16.7ms"))
        XCTAssertFalse(MetricPattern.matches("fidelity.mean", "fidelity.mean_mm"))
        XCTAssertTrue(MetricPattern.matches("a*b*c", "aXbYbZc"))
    }

    // MARK: the rule

    func testLowerIsBetterMetricRegressesBeyondFivePercent() throws {
        XCTAssertEqual(try verdict("fidelity.mean", 1.0, 1.06), .regression)
        XCTAssertEqual(try verdict("fidelity.mean", 1.0, 1.04), .unchanged)
        XCTAssertEqual(try verdict("fidelity.mean", 1.0, 0.94), .improvement)
    }

    func testHigherIsBetterMetricRegressesWhenItFalls() throws {
        // SPARC −2.0: 5 % is 0.1.
        XCTAssertEqual(try verdict("smoothness.sparc", -2.0, -2.15, unit: ""), .regression)
        XCTAssertEqual(try verdict("smoothness.sparc", -2.0, -1.85, unit: ""), .improvement)
        XCTAssertEqual(try verdict("smoothness.sparc", -2.0, -2.05, unit: ""), .unchanged)
    }

    func testSignedLagIsJudgedByItsDistanceFromZero() throws {
        XCTAssertEqual(try verdict("lag.mean_ms", 20, -25, unit: "ms"), .regression, "overshooting by 25 ms is worse than lagging 20")
        XCTAssertEqual(try verdict("lag.mean_ms", 20, -10, unit: "ms"), .improvement)
        XCTAssertEqual(try verdict("lag.mean_ms", 20, 20.9, unit: "ms"), .unchanged)
    }

    func testTheUnitFloorKeepsNearZeroValuesFromFailing() throws {
        // 5 % of 0.02 ms is 0.001 ms; the 0.1 ms floor decides.
        XCTAssertEqual(try verdict("lag.mean_ms", 0.02, 0.09, unit: "ms"), .unchanged)
        XCTAssertEqual(try verdict("lag.mean_ms", 0.02, 0.15, unit: "ms"), .regression)
        XCTAssertEqual(try verdict("jaggedness.kinks", 0, 0.05, unit: "count"), .unchanged)
        XCTAssertEqual(try verdict("jaggedness.kinks", 0, 0.5, unit: "count"), .regression)
    }

    func testDeterministicMetricsRegressEvenInsideTheBaselineInterval() throws {
        // The interval across strokes is wide; a 50 % worse mean is still a regression.
        let b = row("fidelity.mean", 1.0, halfWidth: 0.9), r = row("fidelity.mean", 1.5)
        XCTAssertEqual(RegressionCheck.judge(baseline: b, result: r, direction: .lowerIsBetter, allowance: 0.05, isTiming: false),
                       .regression)
    }

    func testTimingsMustAlsoLeaveTheBaselineInterval() {
        let b = row("throughput.samples_per_s", 100e6, unit: "samples/s", halfWidth: 30e6)
        let tau = 0.25 * 100e6
        // 26 % slower but within the run-to-run interval [70, 130] M: noise, not a regression.
        XCTAssertEqual(RegressionCheck.judge(baseline: b, result: row("throughput.samples_per_s", 74e6, unit: "samples/s"),
                                             direction: .higherIsBetter, allowance: tau, isTiming: true), .unchanged)
        XCTAssertEqual(RegressionCheck.judge(baseline: b, result: row("throughput.samples_per_s", 60e6, unit: "samples/s"),
                                             direction: .higherIsBetter, allowance: tau, isTiming: true), .regression)
        XCTAssertEqual(RegressionCheck.judge(baseline: b, result: row("throughput.samples_per_s", 126e6, unit: "samples/s"),
                                             direction: .higherIsBetter, allowance: tau, isTiming: true), .unchanged)
        XCTAssertEqual(RegressionCheck.judge(baseline: b, result: row("throughput.samples_per_s", 140e6, unit: "samples/s"),
                                             direction: .higherIsBetter, allowance: tau, isTiming: true), .improvement)
        // Without an interval (n = 1) the tolerance alone decides.
        var single = row("throughput.samples_per_s", 100e6, unit: "samples/s", n: 1)
        single.ciLow = .nan
        single.ciHigh = .nan
        XCTAssertEqual(RegressionCheck.judge(baseline: single, result: row("throughput.samples_per_s", 74e6, unit: "samples/s"),
                                             direction: .higherIsBetter, allowance: tau, isTiming: true), .regression)
    }

    func testTimingsGetTheWiderDefaultTolerance() throws {
        XCTAssertEqual(try verdict("throughput.samples_per_s", 100e6, 80e6, unit: "samples/s"), .unchanged)
        XCTAssertEqual(try verdict("throughput.samples_per_s", 100e6, 70e6, unit: "samples/s"), .regression)
        XCTAssertEqual(try verdict("throughput.ns_per_sample", 10, 13, unit: "ns"), .regression)
    }

    func testNaNMeansAreIncomparableUnlessBothAreNaN() {
        let b = row("fidelity.mean", .nan), r = row("fidelity.mean", 1)
        XCTAssertEqual(RegressionCheck.judge(baseline: b, result: b, direction: .lowerIsBetter, allowance: 0.1, isTiming: false), .unchanged)
        XCTAssertEqual(RegressionCheck.judge(baseline: b, result: r, direction: .lowerIsBetter, allowance: 0.1, isTiming: false), .incomparable)
        XCTAssertEqual(RegressionCheck.judge(baseline: r, result: b, direction: .lowerIsBetter, allowance: 0.1, isTiming: false), .incomparable)
    }

    // MARK: tolerances

    func testDefaultTolerances() throws {
        let t = RegressionTolerance()
        XCTAssertEqual(try t.resolve(metric: "fidelity.mean", unit: "units"), .init(relative: 0.05, absolute: 0.01))
        XCTAssertEqual(try t.resolve(metric: "lag.mean_ms", unit: "ms"), .init(relative: 0.05, absolute: 0.1))
        XCTAssertEqual(try t.resolve(metric: "throughput.samples_per_s", unit: "samples/s"), .init(relative: 0.25, absolute: 0))
        XCTAssertEqual(try t.resolve(metric: "x.y", unit: "furlongs"), .init(relative: 0.05, absolute: 0))
    }

    func testToleranceOverridesGloballyAndPerMetric() throws {
        let t = try RegressionTolerance(parsing: "10%, 1ms, lag.mean_ms=2ms, fidelity.*=0%+0.5units, throughput.*=off")
        XCTAssertEqual(try t.resolve(metric: "lag.mean_ms", unit: "ms"), .init(relative: 0.1, absolute: 2))
        XCTAssertEqual(try t.resolve(metric: "lag.p95_ms", unit: "ms"), .init(relative: 0.1, absolute: 1), "a global 1ms sets every ms floor")
        XCTAssertEqual(try t.resolve(metric: "lag.overshoot_rate", unit: "ratio"), .init(relative: 0.1, absolute: 0.005),
                       "a term in ms leaves other units alone")
        XCTAssertEqual(try t.resolve(metric: "fidelity.mean", unit: "units"), .init(relative: 0, absolute: 0.5))
        XCTAssertNil(try t.resolve(metric: "throughput.samples_per_s", unit: "samples/s"))
        // Later items win; a value after `off` switches the metric back on.
        let u = try RegressionTolerance(parsing: "off,fidelity.mean=20%")
        XCTAssertNil(try u.resolve(metric: "lag.mean_ms", unit: "ms"))
        XCTAssertEqual(try u.resolve(metric: "fidelity.mean", unit: "units"), .init(relative: 0.2, absolute: 0.01))
        XCTAssertEqual(try RegressionTolerance(parsing: "fidelity.mean=1e-3units").resolve(metric: "fidelity.mean", unit: "units"),
                       .init(relative: 0.05, absolute: 0.001))
    }

    func testAToleranceChangesTheVerdict() throws {
        XCTAssertEqual(try verdict("fidelity.mean", 1.0, 1.06, tolerance: "fidelity.mean=10%"), .unchanged)
        XCTAssertEqual(try verdict("lag.mean_ms", 40, 41.5, unit: "ms"), .unchanged)
        XCTAssertEqual(try verdict("lag.mean_ms", 40, 41.5, unit: "ms", tolerance: "lag.mean_ms=0%+1ms"), .regression)
        XCTAssertEqual(try verdict("fidelity.mean", 1.0, 9.0, tolerance: "fidelity.*=off"), .notChecked)
    }

    func testMalformedTolerancesAreOneLineErrors() {
        for spec in ["", "abc", "fidelity.mean=", "-5%", "5%+6%", "1ms+2ms", "a,,b", "fid elity=5%", "=5%", "5 percent", "2msec"] {
            XCTAssertThrowsError(try RegressionTolerance(parsing: spec), spec) { error in
                XCTAssertFalse("\(error)".contains("\n"))
                XCTAssertTrue("\(error)".contains("--tolerance"), "\(error)")
            }
        }
    }

    func testAUnitThatContradictsANamedMetricIsAnError() throws {
        let t = try RegressionTolerance(parsing: "fidelity.mean=2ms")
        XCTAssertThrowsError(try t.resolve(metric: "fidelity.mean", unit: "units")) { error in
            XCTAssertTrue("\(error)".contains("'ms'"), "\(error)")
        }
    }

    // MARK: whole tables

    func testMissingNewIncomparableAndUncheckedRows() throws {
        let baseline = SummaryTable(rows: [
            row("fidelity.mean", 1), row("path.length", 100), row("custom.score", 3, unit: ""),
            row("lag.mean_ms", 30, unit: "ms"), row("fidelity.max", 2),
            row("fidelity.mean", 1, pipeline: "bezier4"), row("fidelity.max", 2, pipeline: "bezier4"),
        ])
        let results = SummaryTable(rows: [
            row("fidelity.mean", 1.2), row("path.length", 300), row("custom.score", 0, unit: ""),
            row("lag.mean_ms", 30, unit: "s"), row("fidelity.max", 2), row("fidelity.max", 2, pipeline: "midpoint-bezier"),
        ])
        let report = try RegressionCheck.compare(baseline: baseline, results: results)
        func verdict(_ pipeline: String, _ metric: String) -> RegressionCheck.Verdict? {
            report.comparisons.first { $0.pipeline == pipeline && $0.metric == metric }?.verdict
        }
        XCTAssertEqual(verdict("linear", "fidelity.mean"), .regression)
        XCTAssertEqual(verdict("linear", "path.length"), .notChecked)
        XCTAssertEqual(verdict("linear", "custom.score"), .notChecked)
        XCTAssertEqual(verdict("linear", "lag.mean_ms"), .incomparable)
        XCTAssertEqual(verdict("linear", "fidelity.max"), .unchanged)
        XCTAssertEqual(verdict("bezier4", "fidelity.mean"), .missing)
        XCTAssertEqual(verdict("midpoint-bezier", "fidelity.max"), .added)
        XCTAssertEqual(report.count(.missing), 2)
        XCTAssertFalse(report.passed(allowMissing: true))

        let text = RegressionCheck.text(report, allowMissing: false)
        XCTAssertTrue(text.contains("REGRESSION    synthetic · linear · fidelity.mean: 1 → 1.2 units (+20.0%; tolerance 0.05 units)"), text)
        XCTAssertTrue(text.contains("INCOMPARABLE  synthetic · linear · lag.mean_ms: unit changed from 'ms' to 's'"), text)
        XCTAssertTrue(text.contains("MISSING       synthetic · bezier4: absent from the results (2 metrics in the baseline)"), text)
        XCTAssertTrue(text.contains("not checked (unknown metric: no direction): custom.score"), text)
        XCTAssertTrue(text.contains("not checked (informational): path.length"), text)
        XCTAssertTrue(text.hasSuffix("FAIL: 1 regression, 1 incomparable, 2 missing (use --allow-missing to accept)"), text)
    }

    func testMissingRowsFailUnlessAllowed() throws {
        let baseline = SummaryTable(rows: [row("fidelity.mean", 1), row("fidelity.max", 2)])
        let results = SummaryTable(rows: [row("fidelity.mean", 1)])
        let report = try RegressionCheck.compare(baseline: baseline, results: results)
        XCTAssertFalse(report.passed(allowMissing: false))
        XCTAssertTrue(report.passed(allowMissing: true))
        let text = RegressionCheck.text(report, allowMissing: false)
        XCTAssertTrue(text.contains("MISSING       synthetic · linear · fidelity.max: in the baseline, not in the results"), text)
        XCTAssertTrue(RegressionCheck.text(report, allowMissing: true).hasSuffix("PASS: no regression (1 unchanged, 0 improved, 1 missing allowed)"))
    }

    func testIdenticalTablesPass() throws {
        let table = SummaryTable(rows: [row("fidelity.mean", 1), row("smoothness.sparc", -1.6, unit: ""),
                                        row("throughput.samples_per_s", 6e7, unit: "samples/s", halfWidth: 1e6)])
        let report = try RegressionCheck.compare(baseline: table, results: table)
        XCTAssertEqual(report.count(.unchanged), 3)
        XCTAssertTrue(report.passed(allowMissing: false))
        XCTAssertTrue(RegressionCheck.text(report, allowMissing: false).hasSuffix("PASS: no regression (3 unchanged, 0 improved)"))
    }

    func testAChangedCountIsNotedBesideTheVerdict() throws {
        let report = try RegressionCheck.compare(baseline: SummaryTable(rows: [row("fidelity.mean", 1, n: 8)]),
                                                 results: SummaryTable(rows: [row("fidelity.mean", 1, n: 6)]))
        XCTAssertEqual(report.comparisons[0].verdict, .unchanged)
        XCTAssertTrue(RegressionCheck.text(report, allowMissing: false).contains("fidelity.mean: n 8 → 6"))
    }

    func testADuplicatedRowIsAnError() {
        let table = SummaryTable(rows: [row("fidelity.mean", 1), row("fidelity.mean", 2)])
        XCTAssertThrowsError(try RegressionCheck.compare(baseline: table, results: SummaryTable(rows: []))) { error in
            XCTAssertTrue("\(error)".contains("appears twice"), "\(error)")
        }
    }

    /// A typo in `--tolerance` used to pass silently (a note); it is an error naming the
    /// nearest metric.
    func testAToleranceThatNamesNoMetricIsRefusedWithAHint() throws {
        let table = SummaryTable(rows: [row("fidelity.mean", 1), row("lag.mean_ms", 30, unit: "ms")])
        XCTAssertThrowsError(try RegressionCheck.compare(baseline: table, results: table,
                                                         tolerance: RegressionTolerance(parsing: "lag.mean_mss=2ms"))) { error in
            XCTAssertTrue("\(error)".contains("names no metric"), "\(error)")
            XCTAssertTrue("\(error)".contains("did you mean 'lag.mean_ms'"), "\(error)")
        }
        // A pattern that only matches metrics that are not checked is still a note.
        let withPath = SummaryTable(rows: [row("fidelity.mean", 1), row("path.length", 100)])
        let report = try RegressionCheck.compare(baseline: withPath, results: withPath,
                                                 tolerance: RegressionTolerance(parsing: "path.*=5%"))
        XCTAssertEqual(report.notes, ["--tolerance 'path.*' matched no checked metric"])
    }

    /// Issue 11 item 9: `--tolerance 10` was read as 10 in every metric's own unit, so a
    /// planted +30 % regression passed. A bare number is refused unless it follows the exact
    /// id of a dimensionless metric.
    func testABareNumberIsAmbiguousAndRefused() throws {
        for spec in ["10", "lag.*=2", "0%+0.5", "fidelity.*=0%+0.5"] {
            XCTAssertThrowsError(try RegressionTolerance(parsing: spec), spec) { error in
                XCTAssertTrue("\(error)".contains("ambiguous"), "\(error)")
                XCTAssertTrue("\(error)".contains("%") && "\(error)".contains("ms"), "the message says what to write: \(error)")
            }
        }
        XCTAssertEqual(try RegressionTolerance(parsing: "smoothness.sparc=0%+0.05").resolve(metric: "smoothness.sparc", unit: ""),
                       .init(relative: 0, absolute: 0.05))
        XCTAssertThrowsError(try RegressionTolerance(parsing: "fidelity.mean=0.5").resolve(metric: "fidelity.mean", unit: "pt")) { error in
            XCTAssertTrue("\(error)".contains("ambiguous"), "\(error)")
        }
        XCTAssertEqual(try verdict("fidelity.mean", 1.0, 1.3, tolerance: "10%"), .regression)
    }
}
