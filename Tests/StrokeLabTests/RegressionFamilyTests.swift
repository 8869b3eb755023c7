import Foundation
import StrokeIO
import StrokeMetrics
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// Issue 11 item 9: `check` catches a planted regression of every metric family — the
/// acceptance's lag, jaggedness and fidelity +30 %, and smoothness, prediction and
/// throughput too — naming the metric, in text and in `--json`; unchanged results pass; a
/// bare `--tolerance 10`, which used to let a +30 % regression through, is refused.
final class RegressionFamilyTests: XCTestCase {
    /// `mean` made 30 % worse in the metric's own direction.
    static func worse(_ mean: Double, metric: String) -> Double {
        switch MetricDirection.rule(for: metric)!.direction {
        case .lowerIsBetter, .closerToZeroIsBetter: return mean * 1.3
        case .higherIsBetter: return mean - 0.3 * abs(mean)
        case .closerToOneIsBetter: return 1 + (mean - 1) * 1.3 + (mean == 1 ? 0.3 : 0)
        case .informational: return mean
        }
    }

    func testAPlantedRegressionOfEachFamilyFailsNamingTheMetric() throws {
        let dir = try makeTemporaryDirectory("families")
        let trace = TestPaths.packageRoot + "/Datasets/synthetic/stylus-240hz-60fps.json"
        let run = try runStrokeLab(["run", "--trace", trace, "--pipeline", "midpoint-bezier(tail=complete)|predict:linear(horizon=16.7)",
                                    "--out", dir + "/base", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        var baseline = try SummaryTable(path: dir + "/base/summary.csv")
        // Timings come from `bench`; a throughput row with its confidence interval.
        baseline.rows.append(SummaryRow(dataset: "synthetic", pipeline: "midpoint-bezier(tail=complete)|predict:linear(horizon=16.7)",
                                        metric: "throughput.samples_per_s", unit: "samples/s", n: 7, mean: 5e7, median: 5e7,
                                        p95: 5.2e7, min: 4.8e7, max: 5.2e7, ciLow: 4.9e7, ciHigh: 5.1e7))
        try AtomicFile.write(text: baseline.csvText, to: dir + "/base/summary.csv")

        let unchanged = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/base", "--json"])
        XCTAssertEqual(unchanged.status, 0, unchanged.stdout + unchanged.stderr)
        XCTAssertTrue(unchanged.stdout.contains("\"passed\": true"), unchanged.stdout)

        let families = ["lag.mean_ms", "jaggedness.bending_energy", "jaggedness.bending_energy_ratio", "fidelity.mean",
                        "smoothness.sparc", "prediction.error_mean@16ms", "throughput.samples_per_s"]
        for metric in families {
            var planted = baseline
            let i = try XCTUnwrap(planted.rows.firstIndex { $0.metric == metric }, metric)
            planted.rows[i].mean = Self.worse(planted.rows[i].mean, metric: metric)
            try AtomicFile.write(text: planted.csvText, to: dir + "/new/summary.csv")
            let text = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/new"])
            XCTAssertEqual(text.status, 1, "\(metric): \(text.stdout)")
            XCTAssertTrue(text.stdout.contains("REGRESSION") && text.stdout.contains("· \(metric): "), "\(metric): \(text.stdout)")
            XCTAssertTrue(text.stdout.hasSuffix("FAIL: 1 regression\n"), "\(metric): \(text.stdout)")
            let json = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/new", "--json"])
            XCTAssertEqual(json.status, 1)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
            XCTAssertEqual(object["passed"] as? Bool, false)
            XCTAssertEqual(object["exitStatus"] as? Int, 1)
            XCTAssertEqual((object["counts"] as? [String: Int])?["regression"], 1)
            let listed = try XCTUnwrap(object["comparisons"] as? [[String: Any]])
            XCTAssertTrue(listed.contains { $0["metric"] as? String == metric && $0["verdict"] as? String == "regression" }, json.stdout)
            // The ambiguous bare tolerance that used to let it pass is refused.
            let bare = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/new", "--tolerance", "10"])
            XCTAssertEqual(bare.status, 2, bare.stdout)
            XCTAssertTrue(bare.stderr.hasPrefix("error: --tolerance item '10': the bare number 10 is ambiguous"), bare.stderr)
        }
        // A typo'd metric in --tolerance is an error, and --json says so for CI.
        let typo = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/new", "--tolerance", "lag.mean=5%", "--json"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stdout.contains("\"exitStatus\": 2"), typo.stdout)
        XCTAssertTrue(typo.stderr.contains("names no metric"), typo.stderr)
    }
}

/// Issue 11 items 8 and 13: how the command line behaves.
final class CommandLineBehaviourTests: XCTestCase {
    /// Usage errors: one line, the shared `error:` prefix, the option and value named, the
    /// --help command that explains it.
    func testUsageErrorsAreOneLineWithTheHelpHint() throws {
        let cases: [([String], [String])] = [
            (["synth", "--name", "x", "--sample-rate", "-5"], ["--sample-rate must be in 1…10000 Hz (the work budget, docs/spec.md), not -5.0", "(see 'strokelab synth --help')"]),
            (["synth", "--name", "x", "--stall-probability", "2"], ["--stall-probability must be in [0, 1], not 2.0"]),
            (["run", "--bogus"], ["Unknown option '--bogus'", "(see 'strokelab run --help')"]),
            (["run", "--out"], ["Missing value for '--out <out>'", "(see 'strokelab run --help')"]),
            (["report", "--throughput-runs", "0"], ["--throughput-runs must be in 1…1000, not 0"]),
            (["bench", "--runs", "-3"], ["--runs must be in 1…1000, not -3"]),
            (["run", "--max-pipelines", "0"], ["--max-pipelines must be at least 1, not 0"]),
            (["check", "--baseline", "a"], ["Missing expected argument '--results <results>'", "(see 'strokelab check --help')"]),
            (["import", "nosuchformat", "x", "--out", "o"], ["unknown format 'nosuchformat'"]),
            (["frobnicate"], ["(see 'strokelab --help')"]),
        ]
        for (arguments, expected) in cases {
            let result = try runStrokeLab(arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
            for e in expected { XCTAssertTrue(result.stderr.contains(e), "\(arguments): «\(result.stderr)» lacks «\(e)»") }
            XCTAssertFalse(result.stderr.contains("Usage:"), result.stderr)
        }
        let help = try runStrokeLab(["run", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--max-pipelines"), help.stdout)
    }

    /// Failures of every command share the prefix (import used `error:`, others `Error:`).
    func testEveryCommandReportsFailuresTheSameWay() throws {
        let dir = try makeTemporaryDirectory("prefix")
        for arguments in [["import", "auto", dir + "/absent.svc", "--out", dir + "/o"], ["run", "--trace", dir + "/absent.json", "--out", dir + "/o"],
                          ["render", "--trace", dir + "/absent.json", "--out", dir + "/o.png"], ["check", "--baseline", dir, "--results", dir],
                          ["plot", "--figure", "fidelity", "--results", dir, "--out", dir + "/f.png"], ["report", "--spec", dir + "/none.yaml", "--out", dir + "/o"]] {
            let result = try runStrokeLab(arguments)
            XCTAssertNotEqual(result.status, 0, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(arguments): \(result.stderr)")
        }
    }

    /// `--trace a.json --trace b.json` from one folder failed with "two datasets are named
    /// 'synth'"; they are one dataset, `--dataset` names it, and a quoted glob works.
    func testSeveralTracesFromOneFolderAreOneDataset() throws {
        let dir = try makeTemporaryDirectory("traces")
        for (name, shape) in [("a", SyntheticShape.line), ("b", .circleFast)] {
            let spec = SyntheticTraceSpec(name: name, shapes: [shape], seed: 1)
            try NativeTraceWriter.write(SyntheticTraceGenerator.generate(spec), to: dir + "/synth/\(name).json")
        }
        func datasets(_ arguments: [String]) throws -> Set<String> {
            let result = try runStrokeLab(["run", "--pipeline", "linear", "--out", dir + "/out", "--quiet"] + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            return Set(try ResultsTable(path: dir + "/out/results.csv").rows.map(\.dataset))
        }
        XCTAssertEqual(try datasets(["--trace", dir + "/synth/a.json", "--trace", dir + "/synth/b.json"]), ["synth"])
        XCTAssertEqual(try datasets(["--trace", dir + "/synth/a.json", "--trace", dir + "/synth/b.json", "--dataset", "mine"]), ["mine"])
        XCTAssertEqual(try datasets(["--trace", dir + "/synth/*.json"]), ["synth"])
        let rows = try ResultsTable(path: dir + "/out/results.csv").rows
        XCTAssertEqual(Set(rows.map(\.trace)), ["a", "b"])
    }

    /// Skipped datasets are named on the console, with the reason, by `run` and `report`.
    func testSkippedDatasetsAreNamedOnTheConsole() throws {
        let dir = try makeTemporaryDirectory("skipped")
        try """
            datasets:
              - {name: synthetic, paths: ["\(TestPaths.packageRoot)/Datasets/synthetic/stylus-240hz-60fps.json"]}
              - {name: absent-recordings, paths: ["\(dir)/nowhere/*.svc"], optional: true}
            pipelines: [linear]
            """.write(toFile: dir + "/spec.yaml", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["run", "--spec", dir + "/spec.yaml", "--out", dir + "/out", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("note: dataset 'absent-recordings' skipped: nothing found at \(dir)/nowhere/*.svc"), result.stdout)
    }

    /// gnuplot missing was found only after the whole experiment; it is found first, and
    /// nothing is written.
    func testAMissingGnuplotIsFoundBeforeTheExperimentRuns() throws {
        let dir = try makeTemporaryDirectory("nognuplot")
        let result = try runStrokeLab(["report", "--spec", "Experiments/quick.yaml", "--out", dir + "/out"],
                                      environment: ["STROKELAB_GNUPLOT": dir + "/no-such-gnuplot"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.hasPrefix("error: report: "), result.stderr)
        XCTAssertTrue(result.stderr.lowercased().contains("gnuplot"), result.stderr)
        XCTAssertFalse(result.stdout.contains("running the experiment"), result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// Progress: phases that run longer than a second get a line with counts and the
    /// elapsed time when piped; a terminal gets a live counter; quiet prints nothing.
    func testProgressLinesPerPhase() {
        final class Sink: @unchecked Sendable {
            var text = ""
            let lock = NSLock()
            func append(_ s: String) { lock.lock(); text += s; lock.unlock() }
        }
        let piped = Sink(), live = Sink(), quiet = Sink()
        let a = Progress(enabled: true, live: false) { piped.append($0) }
        let b = Progress(enabled: true, live: true) { live.append($0) }
        let c = Progress(enabled: false, live: true) { quiet.append($0) }
        for p in [a, b, c] {
            p.begin("quick phase", total: 3)
            p.advance(by: 3)
            p.end("quick phase done")
            p.begin("measuring 4 strokes × 2 pipelines", total: 8)
        }
        for _ in 0..<8 {
            for p in [a, b, c] { p.advance() }
            usleep(150_000)
        }
        for p in [a, b, c] { p.end("measured 4 strokes × 2 pipelines") }
        XCTAssertFalse(piped.text.contains("quick phase"), "a quick phase stays silent when piped: \(piped.text)")
        XCTAssertTrue(piped.text.contains("measuring 4 strokes × 2 pipelines… ["), piped.text)
        XCTAssertTrue(piped.text.contains("measured 4 strokes × 2 pipelines in "), piped.text)
        XCTAssertFalse(piped.text.contains("\r"), "piped output is whole lines")
        XCTAssertTrue(live.text.contains("\r\u{1B}[K"), "a terminal gets a live line")
        XCTAssertTrue(live.text.contains("8/8 (100%)"), live.text)
        XCTAssertFalse(live.text.contains(" left"), "no estimate from 1.2 s of data: \(live.text)")
        XCTAssertFalse(piped.text.contains(" left"), "piped lines carry no estimate")
        XCTAssertEqual(quiet.text, "")
    }

    /// Issue 28 item 3: the estimate starts sensible — none before 3 units, 5 % of the units
    /// and 2 s are behind (the first report's first estimate was 2983 s for a 93 s phase) —
    /// and a phase that finishes no unit for a while still shows progress: on a terminal the
    /// ticker redraws the line with its elapsed time, piped a line comes every 10 s; a step
    /// without units (the bootstrap) has its own line.
    func testEstimatesWaitForDataAndSilentStretchesStillShowProgress() {
        XCTAssertNil(Progress.estimate(done: 1, total: 100, spent: .seconds(30)), "one unit is no rate")
        XCTAssertNil(Progress.estimate(done: 4, total: 100, spent: .seconds(30)), "under 5 %")
        XCTAssertNil(Progress.estimate(done: 50, total: 100, spent: .milliseconds(1500)), "under 2 s")
        XCTAssertEqual(Progress.estimate(done: 5, total: 100, spent: .seconds(10)), .seconds(190))
        XCTAssertNil(Progress.estimate(done: 100, total: 100, spent: .seconds(10)), "nothing left")
        final class Clock: @unchecked Sendable {
            var now = ContinuousClock.now
            let lock = NSLock()
            func read() -> ContinuousClock.Instant { lock.lock(); defer { lock.unlock() }; return now }
            func pass(_ d: Duration) { lock.lock(); now += d; lock.unlock() }
        }
        final class Sink: @unchecked Sendable {
            var text = ""
            func append(_ s: String) { text += s }
        }
        let clock = Clock(), live = Sink(), piped = Sink()
        let terminal = Progress(enabled: true, live: true, clock: { clock.read() }, write: { live.append($0) })
        let log = Progress(enabled: true, live: false, clock: { clock.read() }, write: { piped.append($0) })
        for p in [terminal, log] { p.begin("measuring 2 strokes × 10 pipelines", total: 20) }
        for _ in 0..<25 {          // 25 s with no unit finished: a tick a second
            clock.pass(.seconds(1))
            terminal.tick()
            log.tick()
        }
        XCTAssertTrue(live.text.contains("measuring 2 strokes × 10 pipelines: 0/20 (0%), 25.0 s"), live.text)
        XCTAssertFalse(live.text.contains(" left"), "no unit done, no estimate")
        XCTAssertTrue(piped.text.contains("measuring 2 strokes × 10 pipelines… ["), piped.text)
        XCTAssertTrue(piped.text.contains("still measuring 2 strokes × 10 pipelines, 0/20: 11.0 s"), piped.text)
        XCTAssertTrue(piped.text.contains("still measuring 2 strokes × 10 pipelines, 0/20: 21.0 s"), piped.text)
        for p in [terminal, log] { p.advance(by: 4) }
        clock.pass(.seconds(1))
        terminal.tick()
        XCTAssertTrue(live.text.hasSuffix("4/20 (20%), 26.0 s, about 104.0 s left"), live.text)
        for p in [terminal, log] { p.end() }
        let value = log.during("summarising 500 measurements (bootstrap 1000 by trace)") { () -> Int in
            clock.pass(.seconds(12))
            log.tick()
            return 7
        }
        XCTAssertEqual(value, 7)
        XCTAssertTrue(piped.text.contains("summarising 500 measurements (bootstrap 1000 by trace)… ["), piped.text)
        XCTAssertTrue(piped.text.contains("summarising 500 measurements (bootstrap 1000 by trace): done in 12.0 s"), piped.text)
        terminal.during("drawing the rasters (Cairo)") {
            clock.pass(.seconds(3))
            terminal.tick()
        }
        XCTAssertTrue(live.text.contains("drawing the rasters (Cairo): 3.0 s"), live.text)
        // A step that throws does not end with "done".
        struct Failure: Error {}
        XCTAssertThrowsError(try log.during("drawing the figures (gnuplot)") { () throws(Failure) -> Void in
            clock.pass(.seconds(2))
            throw Failure()
        })
        XCTAssertTrue(piped.text.contains("drawing the figures (gnuplot): failed in 2.0 s"), piped.text)
        XCTAssertFalse(piped.text.contains("drawing the figures (gnuplot): done"), piped.text)
    }
}
