import Foundation
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// External pipelines through `strokelab run` and `check`: the guide's Python moving average
/// is measured like a built-in pipeline (with a window of one sample it draws exactly what
/// `coalesced-only(tail=complete)` draws, so every metric agrees), passes `check` against
/// itself and fails it with a wider window; hostile children end the run with one line
/// naming the stroke and event, within the stated bound, and leave the output folder as it was.
final class ExternalPipelineTests: XCTestCase {
    private let trace = TestPaths.packageRoot + "/Datasets/synthetic/finger-60hz-60fps.json"
    private let smoother = TestPaths.packageRoot + "/docs/guides/external/moving_average.py"
    private let hostile = TestPaths.packageRoot + "/Tests/Fixtures/external/hostile.py"

    private func python() throws -> String {
        guard let p = executableOnPath("python3") else { throw MissingRequirement.error("python3 is not on PATH; the external pipeline tests need it") }
        return p
    }

    /// A spec over the finger trace with `pipelines` and the `external` entries (JSON text).
    private func spec(in dir: String, pipelines: [String], external: String, name: String = "spec.json") throws -> String {
        let path = dir + "/" + name
        let list = pipelines.map { JSONText.quoted($0) }.joined(separator: ", ")
        try AtomicFile.write(text: """
            {"datasets": [{"name": "finger", "paths": [\(JSONText.quoted(trace))]}],
             "pipelines": [\(list)],
             "external": [\(external)]}
            """, to: path)
        return path
    }

    private func rows(_ dir: String, pipeline: String) throws -> [String: Double] {
        let table = try ResultsTable(path: dir + "/results.csv")
        var out: [String: Double] = [:]
        for r in table.rows where r.pipeline == pipeline { out["\(r.stroke) \(r.metric)"] = r.value }
        return out
    }

    func testThePythonMovingAverageIsMeasuredByRunAndGatedByCheck() throws {
        let py = try python()
        let dir = try makeTemporaryDirectory("external-run")
        let entries = "{\"name\": \"ma\", \"command\": [\(JSONText.quoted(py)), \(JSONText.quoted(smoother)), \"1\"]}"
        let base = try spec(in: dir, pipelines: ["coalesced-only(tail=complete)", "external:ma"], external: entries)
        let run = try runStrokeLab(["run", "--spec", base, "--allow-external", "--out", dir + "/base", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let builtIn = try rows(dir + "/base", pipeline: "coalesced-only(tail=complete)")
        let external = try rows(dir + "/base", pipeline: "external:ma")
        XCTAssertGreaterThan(external.count, 100, "every stroke measured")
        // Every metric on every stroke but the ink areas, which need the pipeline's style drawn
        // on the reference (an external pipeline's style is its own).
        let inkAreas: Set<String> = ["ink.iou", "ink.error_area", "ink.resolution"]
        XCTAssertEqual(Set(external.keys), Set(builtIn.keys.filter { !inkAreas.contains(String($0.split(separator: " ")[1])) }))
        for (key, value) in external {
            XCTAssertEqual(value, builtIn[key] ?? .nan, accuracy: 1e-12 * max(1, abs(value)), key)
        }
        let manifest = try String(contentsOfFile: dir + "/base/run.json", encoding: .utf8)
        XCTAssertTrue(manifest.contains("external:ma(command="), "run.json names the command")

        // check: the same run passes; the wider window, under the same name, regresses.
        let same = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/base/summary.csv"])
        XCTAssertEqual(same.status, 0, same.stdout + same.stderr)
        let wider = try spec(in: dir, pipelines: ["coalesced-only(tail=complete)", "external:ma"],
                             external: entries.replacingOccurrences(of: "\"1\"]", with: "\"8\"]"), name: "wider.json")
        XCTAssertEqual(try runStrokeLab(["run", "--spec", wider, "--allow-external", "--out", dir + "/wider", "--quiet"]).status, 0)
        let worse = try runStrokeLab(["check", "--baseline", dir + "/base", "--results", dir + "/wider"])
        XCTAssertEqual(worse.status, 1, worse.stdout + worse.stderr)
        XCTAssertTrue(worse.stdout.contains("REGRESSION    finger · external:ma · fidelity"), worse.stdout)
    }

    /// Hostile declarations end in one line naming the entry and the problem, before any
    /// program starts and with nothing written: path-like and overlong names, an empty command,
    /// a first word /usr/bin/env would read as an option or a variable, timeouts too short to
    /// answer in or absurdly long, line limits out of range, a missing cwd, a name twice.
    func testHostileDeclarationsAreOneLineErrorsNamingTheEntry() throws {
        let dir = try makeTemporaryDirectory("external-hostile-declarations")
        let ok = "\"command\": [\"python3\", \"x.py\"]"
        let cases: [(entry: String, expected: String)] = [
            ("{\"name\": \"../up\", \(ok)}", "must be 1–64 letters, digits"),
            ("{\"name\": \"\(String(repeating: "a", count: 65))\", \(ok)}", "must be 1–64 letters, digits"),
            ("{\"name\": \"\", \(ok)}", "must be 1–64 letters, digits"),
            ("{\"name\": \"m\", \"command\": []}", "command is empty"),
            ("{\"name\": \"m\", \"command\": [\"-i\", \"sh\"]}", "must not start with '-' or contain '='"),
            ("{\"name\": \"m\", \"command\": [\"PATH=/tmp\", \"sh\"]}", "must not start with '-' or contain '='"),
            ("{\"name\": \"m\", \(ok), \"timeoutSeconds\": 0.0001}", "timeoutSeconds must be in 0.01…3600"),
            ("{\"name\": \"m\", \(ok), \"timeoutSeconds\": 1e300}", "timeoutSeconds must be in 0.01…3600"),
            ("{\"name\": \"m\", \(ok), \"timeoutSeconds\": -1}", "timeoutSeconds must be in 0.01…3600"),
            ("{\"name\": \"m\", \(ok), \"maxLineBytes\": 10}", "maxLineBytes must be in 1024…268435456"),
            ("{\"name\": \"m\", \(ok), \"maxLineBytes\": 1000000000000}", "maxLineBytes must be in 1024…268435456"),
            ("{\"name\": \"m\", \(ok), \"cwd\": \"/nonexistent/dir\"}", "is not a directory"),
            ("{\"name\": \"m\", \(ok)}, {\"name\": \"m\", \(ok)}", "is declared twice"),
        ]
        for (i, c) in cases.enumerated() {
            let path = try spec(in: dir, pipelines: ["linear"], external: c.entry, name: "spec\(i).json")
            let r = try runStrokeLab(["run", "--spec", path, "--allow-external", "--out", dir + "/out", "--quiet"])
            XCTAssertNotEqual(r.status, 0, c.entry)
            XCTAssertTrue(r.stderr.hasPrefix("error: ") && r.stderr.contains(c.expected), "\(c.entry): \(r.stderr)")
            XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, "one line: \(r.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
    }

    /// With `throughput: true` an external pipeline gets no timings: StrokeLab cannot time a
    /// child behind a pipe as it times its own loop (it timed the placeholder description,
    /// `coalesced-only`, under the external name). Built-in pipelines keep theirs.
    func testThroughputIsNotReportedForAnExternalPipeline() throws {
        let py = try python()
        let dir = try makeTemporaryDirectory("external-throughput")
        let entry = "{\"name\": \"ma\", \"command\": [\(JSONText.quoted(py)), \(JSONText.quoted(smoother))]}"
        let path = dir + "/spec.json"
        try AtomicFile.write(text: """
            {"datasets": [{"name": "finger", "paths": [\(JSONText.quoted(trace))]}],
             "pipelines": ["linear", "external:ma"], "throughput": true,
             "external": [\(entry)]}
            """, to: path)
        let r = try runStrokeLab(["run", "--spec", path, "--allow-external", "--out", dir + "/out", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let table = try ResultsTable(path: dir + "/out/results.csv")
        let timed = Set(table.rows.filter { $0.metric.hasPrefix("throughput.") }.map(\.pipeline))
        XCTAssertEqual(timed, ["linear"])
        XCTAssertFalse(table.rows.filter { $0.pipeline == "external:ma" }.isEmpty, "the external pipeline is measured otherwise")
    }

    func testExternalPipelinesStartOnlyWhenAllowedAndOnlyWhenDeclared() throws {
        let py = try python()
        let dir = try makeTemporaryDirectory("external-refused")
        let entry = "{\"name\": \"ma\", \"command\": [\(JSONText.quoted(py)), \(JSONText.quoted(smoother))]}"
        let path = try spec(in: dir, pipelines: ["external:ma"], external: entry)
        let refused = try runStrokeLab(["run", "--spec", path, "--out", dir + "/out", "--quiet"])
        XCTAssertNotEqual(refused.status, 0)
        XCTAssertTrue(refused.stderr.hasPrefix("error: pipeline 'external:ma' runs a program"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--allow-external"), refused.stderr)
        let unknown = try spec(in: dir, pipelines: ["external:other"], external: entry, name: "unknown.json")
        let missing = try runStrokeLab(["run", "--spec", unknown, "--allow-external", "--out", dir + "/out", "--quiet"])
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("no external pipeline 'other' is declared"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/results.csv"))
    }

    /// A child that closes its standard error and then hangs is waited for without spinning:
    /// a closed pipe reports POLLHUP at once on every poll, and a wait that kept watching it
    /// burnt a core until the deadline. StrokeLab's CPU over a 3 s wait stays far below 3 s.
    func testAChildWithItsStandardErrorClosedIsWaitedForWithoutSpinning() throws {
        let py = try python()
        let dir = try makeTemporaryDirectory("external-mute")
        let entry = "{\"name\": \"mute\", \"command\": [\(JSONText.quoted(py)), \(JSONText.quoted(hostile)), \"mute\"], \"timeoutSeconds\": 3}"
        let path = try spec(in: dir, pipelines: ["external:mute"], external: entry)
        var before = rusage(), after = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        let r = try runStrokeLab(["run", "--spec", path, "--allow-external", "--out", dir + "/out", "--quiet"])
        getrusage(RUSAGE_CHILDREN.rawValue, &after)
        XCTAssertTrue(r.stderr.contains("did not answer within 3 s"), r.stderr)
        let cpu = { (u: rusage) in Double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + Double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6 }
        print("strokelab and its child: \(cpu(after) - cpu(before)) s CPU over a 3 s wait")
        XCTAssertLessThan(cpu(after) - cpu(before), 1.5, "the wait spun")
    }

    func testHostileChildrenEndTheRunWithOneLineNamingStrokeAndEventAndLeaveTheOutputAsItWas() throws {
        let py = try python()
        let dir = try makeTemporaryDirectory("external-hostile")
        // A previous good run in the output folder, which must survive every failure.
        let good = try spec(in: dir, pipelines: ["linear"], external: "", name: "good.json")
        XCTAssertEqual(try runStrokeLab(["run", "--spec", good, "--out", dir + "/out", "--quiet"]).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/results.csv"))
        let cases: [(mode: String, says: String)] = [
            ("exit", "exited"), ("hang", "did not answer within 5 s"), ("flood", "longer than 1048576 bytes"),
            ("garbage", "invalid JSON"), ("nan", "invalid JSON"),
        ]
        for (mode, says) in cases {
            let entry = "{\"name\": \"\(mode)\", \"command\": [\(JSONText.quoted(py)), \(JSONText.quoted(hostile)), \"\(mode)\"], "
                + "\"timeoutSeconds\": 5, \"maxLineBytes\": 1048576}"
            let path = try spec(in: dir, pipelines: ["linear", "external:\(mode)"], external: entry, name: "\(mode).json")
            let start = ContinuousClock.now
            let r = try runStrokeLab(["run", "--spec", path, "--allow-external", "--out", dir + "/out", "--quiet"])
            let seconds = (ContinuousClock.now - start) / .seconds(1)
            XCTAssertNotEqual(r.status, 0, mode)
            let lines = r.stderr.split(separator: "\n")
            XCTAssertEqual(lines.count, 1, "\(mode): \(r.stderr)")
            let line = String(lines.first ?? "")
            XCTAssertTrue(line.hasPrefix("error: external pipeline '\(mode)'"), line)
            XCTAssertTrue(line.contains("stroke '") && line.contains("event 3"), "\(mode): \(line)")
            XCTAssertTrue(line.contains(says), "\(mode): \(line)")
            XCTAssertLessThan(seconds, 30, "\(mode): bounded")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/out/results.csv")), before, "\(mode): output kept")
        }
    }
}
