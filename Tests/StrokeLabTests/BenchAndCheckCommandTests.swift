import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// End-to-end: `strokelab bench` and `strokelab check` as CI runs them.
final class BenchAndCheckCommandTests: XCTestCase {
    private let trace = TestPaths.packageRoot + "/Datasets/synthetic/stylus-240hz-60fps.json"

    func testBenchPrintsTheTableAndWritesTheThreeFiles() throws {
        let dir = try makeTemporaryDirectory("bench-cli")
        let result = try runStrokeLab(["bench", "--trace", trace, "--pipeline", "linear", "--pipeline", "coalesced-only",
                                       "--runs", "3", "--warmup", "1", "--min-run-seconds", "0.002", "--out", dir + "/out"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for column in ["pipeline", "median Msamples/s", "IQR", "ns/sample", "spread", "replay ns/event", "live ns/event"] {
            XCTAssertTrue(result.stdout.contains(column), result.stdout)
        }
        XCTAssertTrue(result.stdout.contains("synthetic  linear "), result.stdout)
        XCTAssertTrue(result.stdout.contains("synthetic  coalesced-only "), result.stdout)
        let rows = try ResultsTable(path: dir + "/out/results.csv").rows
        XCTAssertEqual(rows.count, 2 * 3 * 4)
        XCTAssertEqual(Set(rows.map(\.metric)), ["throughput.samples_per_s", "throughput.ns_per_sample",
                                                 "throughput.ns_per_event", "throughput.live_ns_per_event"])
        XCTAssertEqual(Set(rows.map(\.trace)), ["all"])
        XCTAssertEqual(Set(rows.map(\.stroke)), ["all"])
        XCTAssertEqual(try SummaryTable(path: dir + "/out/summary.csv").rows.map(\.n), Array(repeating: 3, count: 8))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/bench.json"))
    }

    func testBenchWithMetricsTimesEveryMetric() throws {
        let dir = try makeTemporaryDirectory("bench-cli-metrics")
        let result = try runStrokeLab(["bench", "--trace", trace, "--pipeline", "midpoint-bezier", "--runs", "1", "--warmup", "1",
                                       "--min-run-seconds", "0.001", "--metrics", "--metric-runs", "1", "--out", dir + "/out"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("all metrics (StrokeEvaluation.evaluate)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\ntotal "), result.stdout)
        let metrics = Set(try ResultsTable(path: dir + "/out/results.csv").rows.map(\.metric))
        XCTAssertTrue(metrics.contains("throughput.metrics_s"), "\(metrics)")
        XCTAssertTrue(metrics.contains("throughput.metrics_samples_per_s"), "\(metrics)")
    }

    func testBenchRejectsAnUnknownPipelineInOneLineAndWritesNothing() throws {
        let dir = try makeTemporaryDirectory("bench-cli-unknown")
        let result = try runStrokeLab(["bench", "--trace", trace, "--pipeline", "linear|interp:spline", "--out", dir + "/out"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("unknown interp 'spline'"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
    }

    func testBenchRejectsAMalformedTraceInOneLineAndWritesNothing() throws {
        let dir = try makeTemporaryDirectory("bench-cli-bad")
        try "{\"format\": \"strokelab.trace\", \"version\": 1, \"strokes\": [".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["bench", "--trace", dir + "/bad.json", "--out", dir + "/out"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains(dir + "/bad.json"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// A real `strokelab run` output checked against itself passes; the same output with a
    /// planted regression (one pipeline's fidelity 30 % worse) fails and names it.
    func testCheckPassesOnEqualResultsAndFailsOnAPlantedRegression() throws {
        let dir = try makeTemporaryDirectory("check-cli")
        let run = try runStrokeLab(["run", "--trace", trace, "--pipeline", "linear", "--pipeline", "midpoint-bezier",
                                    "--out", dir + "/base", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)

        let same = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/base/summary.csv"])
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        XCTAssertTrue(same.stdout.contains("PASS: no regression"), same.stdout)
        let total = try XCTUnwrap(same.stdout.split(separator: "\n").first { $0.hasPrefix("total") }, same.stdout)
        XCTAssertEqual(total.split(separator: " ").dropFirst().first, "0", "no regression counted: \(total)")

        var summary = try SummaryTable(path: dir + "/base/summary.csv")
        let i = try XCTUnwrap(summary.rows.firstIndex { $0.pipeline == "midpoint-bezier" && $0.metric == "fidelity.mean" })
        let old = summary.rows[i].mean
        summary.rows[i].mean *= 1.3
        try AtomicFile.write(text: summary.csvText, to: dir + "/new/summary.csv")
        let worse = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/new"])
        XCTAssertEqual(worse.status, 1, worse.stdout + worse.stderr)
        let line = try XCTUnwrap(worse.stdout.split(separator: "\n").first { $0.hasPrefix("REGRESSION") }, worse.stdout)
        XCTAssertTrue(line.contains("synthetic · midpoint-bezier · fidelity.mean: \(SummaryText.format(old)) → "), String(line))
        XCTAssertTrue(line.contains("+30.0%"), String(line))
        XCTAssertTrue(worse.stdout.hasSuffix("FAIL: 1 regression\n"), worse.stdout)

        // A wide enough tolerance for that metric lets it pass.
        let tolerant = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/new", "--tolerance", "fidelity.mean=35%"])
        XCTAssertEqual(tolerant.status, 0, tolerant.stdout)
    }

    func testCheckFailsOnADroppedPipelineUnlessMissingIsAllowed() throws {
        let dir = try makeTemporaryDirectory("check-cli-missing")
        let row = { (p: String) in SummaryRow(dataset: "d", pipeline: p, metric: "fidelity.mean", unit: "units", n: 2, mean: 1,
                                              median: 1, p95: 1, min: 1, max: 1, ciLow: 1, ciHigh: 1) }
        try AtomicFile.write(text: SummaryTable(rows: [row("linear"), row("bezier4")]).csvText, to: dir + "/base.csv")
        try AtomicFile.write(text: SummaryTable(rows: [row("linear")]).csvText, to: dir + "/new.csv")
        let strict = try runStrokeLab(["check", "--baseline", dir + "/base.csv", "--results", dir + "/new.csv"])
        XCTAssertEqual(strict.status, 1, strict.stdout)
        XCTAssertTrue(strict.stdout.contains("MISSING       d · bezier4: absent from the results"), strict.stdout)
        let allowed = try runStrokeLab(["check", "--baseline", dir + "/base.csv", "--results", dir + "/new.csv", "--allow-missing"])
        XCTAssertEqual(allowed.status, 0, allowed.stdout)
    }

    func testCheckExitsWithTwoOnUnreadableInputOrABadTolerance() throws {
        let dir = try makeTemporaryDirectory("check-cli-bad")
        try "dataset,pipeline\nd,p\n".write(toFile: dir + "/wrong.csv", atomically: true, encoding: .utf8)
        let header = try runStrokeLab(["check", "--baseline", dir + "/wrong.csv", "--results", dir + "/wrong.csv"])
        XCTAssertEqual(header.status, 2)
        XCTAssertTrue(header.stderr.contains(dir + "/wrong.csv"), header.stderr)
        XCTAssertEqual(header.stderr.split(separator: "\n").count, 1, header.stderr)

        let absent = try runStrokeLab(["check", "--baseline", dir + "/nowhere", "--results", dir + "/wrong.csv"])
        XCTAssertEqual(absent.status, 2)
        XCTAssertTrue(absent.stderr.contains(dir + "/nowhere"), absent.stderr)

        let tolerance = try runStrokeLab(["check", "--baseline", dir + "/wrong.csv", "--results", dir + "/wrong.csv", "--tolerance", "5 percent"])
        XCTAssertEqual(tolerance.status, 2)
        XCTAssertTrue(tolerance.stderr.contains("--tolerance"), tolerance.stderr)
    }
}
