import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// Issue 24 item 1: one work budget for every command, stated once, refused with one line
/// naming the limit and the option, in well under a second. Each test is a reproduction of
/// the issue, run with a deadline so that code that runs away fails in bounded time.
final class WorkBudgetTests: XCTestCase {
    /// Seconds a refusal may take in these tests (a debug build on a shared machine; the
    /// refusals themselves take milliseconds).
    let refusalDeadline = 8.0

    /// Runs `arguments` and checks the refusal: exit 1, one `error:` line containing every
    /// `expected` text, within the deadline.
    @discardableResult
    func assertRefused(_ arguments: [String], _ expected: [String], in directory: String = TestPaths.packageRoot,
                       file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try runStrokeLab(arguments, in: directory, deadline: refusalDeadline)
        XCTAssertFalse(run.killed, "\(arguments.joined(separator: " ")) still ran after \(refusalDeadline) s", file: file, line: line)
        let stderr = run.output.stderr
        XCTAssertNotEqual(run.output.status, 0, "\(arguments): \(run.output.stdout)", file: file, line: line)
        XCTAssertTrue(stderr.hasPrefix("error: "), "\(arguments): \(stderr)", file: file, line: line)
        XCTAssertEqual(stderr.split(separator: "\n").count, 1, "\(arguments): \(stderr)", file: file, line: line)
        for e in expected { XCTAssertTrue(stderr.contains(e), "«\(stderr)» lacks «\(e)»", file: file, line: line) }
        return stderr
    }

    /// A tune spec in `dir` with `tune` as its `tune:` section, over the clean synthetic trace.
    func tuneSpec(_ tune: String, in dir: String) -> String {
        let path = dir + "/tune.yaml"
        let text = """
            datasets: [{name: synthetic, paths: [\(TestPaths.packageRoot)/Datasets/synthetic/stylus-240hz-60fps.json]}]
            pipelines: [linear]
            tune:
            \(tune)
            """
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    // MARK: - The table, stated once

    func testTheBudgetTableIsTheSpecPagesAndEachCommandsHelpQuotesItsLines() throws {
        let table = try runStrokeLab(["list", "--work-budget"])
        XCTAssertEqual(table.status, 0, table.stderr)
        let page = try String(contentsOfFile: TestPaths.packageRoot + "/docs/spec.md", encoding: .utf8)
        let begin = try XCTUnwrap(page.range(of: "<!-- work-budget -->\n")), end = try XCTUnwrap(page.range(of: "<!-- /work-budget -->"))
        XCTAssertEqual(String(page[begin.upperBound..<end.lowerBound]), table.stdout,
                       "docs/spec.md's work budget differs from `strokelab list --work-budget`; paste the table")
        func words(_ text: String) -> String { text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
        for (command, option) in [("run", "--max-pipelines N"), ("tune", "--max-pipelines N"), ("report", "--max-pipelines N"),
                                  ("merge", "--max-pipelines N"), ("render", "--max-frames N"), ("synth", "--sample-rate"),
                                  ("record", "--max-upload-mb"), ("replay", "256 MiB"), ("import", "256 MiB"), ("bench", "256 MiB")] {
            let help = try runStrokeLab([command, "--help"])
            XCTAssertEqual(help.status, 0, command)
            XCTAssertTrue(words(help.stdout).contains("Work budget (docs/spec.md"), "\(command) --help lacks the work budget")
            XCTAssertTrue(words(help.stdout).contains(option), "\(command) --help lacks \(option)")
        }
    }

    // MARK: - tune

    /// `method: grid, steps: 1000` over three ranges is 10⁹ settings: it ran 191 s, took
    /// 5.9 GB and aborted ("failed to allocate 128 bytes").
    func testABillionSettingGridIsRefusedBeforeAnythingRuns() throws {
        let dir = try makeTemporaryDirectory("budget-tune")
        let spec = tuneSpec("""
              searches:
                - label: "coalesced|filter:one-euro|interp:linear"
                  method: grid
                  steps: 1000
                  ranges: {one-euro.minCutoff: {min: 0.1, max: 10}, one-euro.beta: {min: 0, max: 0.1}, one-euro.dCutoff: {min: 0.5, max: 2}}
            """, in: dir)
        try assertRefused(["tune", "--spec", spec, "--out", dir + "/out", "--quiet"],
                          ["1000000001 settings", "tune.searches[0]", "a grid of 1000 × 1000 × 1000 = 1000000000", "limit of 1000",
                           "--max-pipelines 1000000001"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/results.csv"))
        // Over two ranges (10⁶) it ran past 240 s.
        let two = tuneSpec("""
              searches:
                - label: "coalesced|filter:one-euro|interp:linear"
                  method: grid
                  steps: 1000
                  ranges: {one-euro.minCutoff: {min: 0.1, max: 10}, one-euro.beta: {min: 0, max: 0.1}}
            """, in: dir)
        try assertRefused(["tune", "--spec", two, "--out", dir + "/out", "--quiet"], ["1000001 settings", "1000 × 1000 = 1000000"])
    }

    /// Fifty searches of `samples: 10000` ran unrefused: all searches count together.
    func testSearchesCountTogether() throws {
        let dir = try makeTemporaryDirectory("budget-tune-all")
        let searches = (0..<50).map { _ in
            "    - {label: \"coalesced|filter:one-euro|interp:linear\", method: random, samples: 10000, ranges: {one-euro.beta: {min: 0, max: 0.1}}}"
        }.joined(separator: "\n")
        let spec = tuneSpec("  searches:\n" + searches, in: dir)
        try assertRefused(["tune", "--spec", spec, "--out", dir + "/out", "--quiet"],
                          ["500001 settings", "10000 random samples", "--max-pipelines 500001"])
        // The library refuses it as fast: the count is computed, nothing is drawn.
        let parsed = try ExperimentSpec.load(path: spec)
        XCTAssertEqual(try TunePlan.settingCount(of: parsed).total, 500_001)
        XCTAssertThrowsError(try TunePlan(parsed))
    }

    /// `samples:` alone was refused at 1001 pipelines with a message suggesting
    /// `--max-pipelines`, an option `tune` did not have; it has it now, and it counts.
    func testTuneHasTheMaxPipelinesOptionItsMessageSuggests() throws {
        let dir = try makeTemporaryDirectory("budget-tune-max")
        let spec = tuneSpec("""
              searches:
                - {label: "coalesced|filter:one-euro|interp:linear", method: random, samples: 1001, ranges: {one-euro.beta: {min: 0, max: 0.1}}}
            """, in: dir)
        try assertRefused(["tune", "--spec", spec, "--out", dir + "/out", "--quiet"], ["1002 settings", "--max-pipelines 1002"])
        // The option is accepted and raises the limit (a limit still below the count is refused
        // naming it).
        try assertRefused(["tune", "--spec", spec, "--out", dir + "/out", "--quiet", "--max-pipelines", "1001"], ["limit of 1001"])
        try assertRefused(["tune", "--max-pipelines", "0"], ["--max-pipelines must be at least 1", "(see 'strokelab tune --help')"])
    }

    // MARK: - synth

    /// `--sample-rate 1e-300` trapped ("Double value cannot be converted to Int"), `1e-10`
    /// aborted, `1e-6` ran over 60 s; `--noise 1e308` trapped in JSONText.number and
    /// `--noise 1e300` wrote a trace every reader refused.
    func testSynthRefusesValuesOutsideItsBudgetAndWritesOnlyReadableTraces() throws {
        let dir = try makeTemporaryDirectory("budget-synth")
        for rate in ["1e-300", "1e-10", "1e-6", "0.5", "20000", "nan"] {
            try assertRefused(["synth", "--name", "x", "--sample-rate", rate, "--out", dir + "/x.json"],
                              ["--sample-rate must be in 1…10000 Hz", "(see 'strokelab synth --help')"])
        }
        for rate in ["1e-300", "1e300", "0.5"] {
            try assertRefused(["synth", "--name", "x", "--refresh-rate", rate, "--out", dir + "/x.json"], ["--refresh-rate must be in 1…1000 Hz"])
        }
        for noise in ["1e308", "1e300", "1e13", "-1", "inf"] {
            try assertRefused(["synth", "--name", "x", "--noise", noise, "--out", dir + "/x.json"],
                              ["--noise must be in 0…1000000000000 pt", "±2^53"])
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.json"))
        // At the limits, the trace is written and every reader accepts it.
        for options in [["--noise", "1e12"], ["--sample-rate", "1", "--refresh-rate", "1"], ["--sample-rate", "10000", "--shape", "line"]] {
            let path = dir + "/edge.json"
            let run = try runStrokeLab(["synth", "--name", "edge", "--out", path] + options, deadline: 60)
            XCTAssertEqual(run.output.status, 0, "\(options): \(run.output.stderr)")
            XCTAssertNoThrow(try TraceImport.load(path: path), "\(options)")
        }
    }

    // MARK: - render --frames

    /// A trace of one stroke of `samples` flat samples at 60 Hz, so one event each.
    func eventTrace(_ samples: Int, in dir: String) throws -> String {
        let rows = (0..<samples).map { i -> String in
            let a = Double(i) / 40
            return "[\(Double(i) / 60), \(100 + 80 * cos(a)), \(100 + 80 * sin(a)), 1]"
        }
        let text = """
            {"format": "strokelab.trace", "version": 1, "channels": ["t", "x", "y", "force"],
             "strokes": [{"id": "s", "kind": "stylus", "samples": [\(rows.joined(separator: ", "))]}]}
            """
        let path = dir + "/events-\(samples).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// One PNG per event: 311 frames of a 300-sample trace at the default size (31 MB, 55 s);
    /// over 200 s at `--size 4096`; a 10⁵-event trace would have written ~10 GB.
    func testRenderFramesAreCountedBeforeAnyIsDrawn() throws {
        let dir = try makeTemporaryDirectory("budget-frames")
        let trace = try eventTrace(700, in: dir)
        let refusal = try assertRefused(["render", "--trace", trace, "--pipeline", "forcesketch", "--frames", dir + "/frames"],
                                        ["would write", "frames", "more than --max-frames 600", "--every 2", "--size", "raise --max-frames"])
        XCTAssertFalse(refusal.contains("blur"), refusal)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/frames"), "nothing is written")
        // A large canvas counts in proportion: 300 events at 4096 px.
        let short = try eventTrace(300, in: dir)
        try assertRefused(["render", "--trace", short, "--pipeline", "forcesketch", "--frames", dir + "/frames", "--size", "4096"],
                          ["of a 4096-pixel canvas", "more than --max-frames 600"])
        // Within the budget: every 4th frame of the 700 events (and the fade).
        let every = try runStrokeLab(["render", "--trace", trace, "--pipeline", "forcesketch", "--frames", dir + "/frames",
                                      "--every", "4", "--size", "96"], deadline: 120)
        XCTAssertEqual(every.output.status, 0, every.output.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/frames").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(files.first, "frame-00000.png")
        XCTAssertTrue(files.contains("frame-00004.png") && !files.contains("frame-00001.png"), "\(files.prefix(5))")
        XCTAssertLessThanOrEqual(files.count, (700 + 24) / 4 + 1)
        XCTAssertGreaterThanOrEqual(files.count, 700 / 4)
        // The options need --frames, and --size needs --all-strokes or --frames.
        try assertRefused(["render", "--trace", trace, "--every", "2", "--out", dir + "/x.png"], ["--max-frames and --every apply to --frames"])
        // A --max-frames whose byte budget (× 2 MiB) would overflow is refused, not a trap.
        try assertRefused(["render", "--trace", trace, "--frames", dir + "/f3", "--max-frames", "9999999999999"],
                          ["--max-frames must be in 1…1000000, not 9999999999999"])
        try assertRefused(["render", "--trace", trace, "--pipeline", "forcesketch", "--frames", dir + "/f2", "--every", "0"], ["--every must be at least 1"])
    }
}
