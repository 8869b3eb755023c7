import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// Issue 11 item 7: the output set is replaced as a set. A run killed at any point leaves
/// `--out` holding the previous set or the new one, never a mix; what a killed run left is
/// removed by the next; two runs cannot write one `--out` at once; a full disk leaves the
/// previous set.
final class OutputSetTests: XCTestCase {
    /// A small trace, so that a run takes well under a second.
    func makeTrace(in dir: String) throws -> String {
        let spec = SyntheticTraceSpec(name: "tiny", shapes: [.line, .circleFast], seed: 3)
        let path = dir + "/traces/tiny.json"
        try NativeTraceWriter.write(SyntheticTraceGenerator.generate(spec), to: path)
        return path
    }

    /// The visible set: the bytes of results.csv and summary.csv and the pipelines run.json
    /// names (its date and timing differ between runs of the same set), or `nil` entries for
    /// files that are not there.
    struct Visible: Equatable {
        var results: Data?
        var summary: Data?
        var pipelines: String?
    }

    func visible(_ out: String) -> Visible {
        let manifest = FileManager.default.contents(atPath: out + "/run.json").map { String(decoding: $0, as: UTF8.self) }
        let pipelines = manifest.flatMap { text -> String? in
            guard let a = text.range(of: "\"pipelines\": ["), let b = text.range(of: "],", range: a.upperBound..<text.endIndex) else { return "?" }
            return String(text[a.upperBound..<b.lowerBound])
        }
        return Visible(results: FileManager.default.contents(atPath: out + "/results.csv"),
                       summary: FileManager.default.contents(atPath: out + "/summary.csv"), pipelines: pipelines)
    }

    func arguments(_ trace: String, _ out: String, _ pipelines: [String]) -> [String] {
        ["run", "--trace", trace, "--out", out, "--quiet"] + pipelines.flatMap { ["--pipeline", $0] }
    }

    /// The acceptance test: 20 runs killed with SIGKILL at random points between two
    /// different sets. A test hook (`STROKELAB_TEST_OUTPUT_PAUSE_MS`) announces each step of
    /// the output phase and pauses after it; each trial picks a random step (or the
    /// computation before the first, or none) and a random moment within its pause. After
    /// each kill the visible files are all of the set before or all of the new one. The next
    /// complete run removes every temporary the killed ones left.
    func testARunKilledAtRandomPointsLeavesThePreviousSetOrTheNewOne() throws {
        let dir = TestPaths.temporaryDirectory("killed")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = try makeTrace(in: dir)
        let out = dir + "/out"
        let configs = [["linear"], ["bezier4", "midpoint-bezier"]]
        var sets: [Visible] = []
        for c in configs {
            XCTAssertEqual(try runStrokeLab(arguments(trace, out, c)).status, 0)
            sets.append(visible(out))
        }
        XCTAssertNotEqual(sets[0], sets[1])
        let pauseMs = 20
        // How many steps a run's output phase has.
        let probe = try runStrokeLab(arguments(trace, out, configs[0]), environment: ["STROKELAB_TEST_OUTPUT_PAUSE_MS": "\(pauseMs)"])
        let steps = probe.stderr.split(separator: "\n").filter { $0.hasPrefix("strokelab-test: output step") }.count
        XCTAssertGreaterThanOrEqual(steps, 7, probe.stderr)
        var current = 0
        var rng = SystemRandomNumberGenerator()
        var outcomes = [0, 0, 0]  // left the previous set, left the new one, finished before the kill
        var killedAt: [Int] = []
        for trial in 0..<20 {
            let next = 1 - current
            // Step 0: during the computation; 1…steps: within that step's pause.
            let target = trial < 2 ? trial * steps : Int.random(in: 0...steps, using: &rng)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: TestPaths.strokelab)
            process.arguments = arguments(trace, out, configs[next])
            process.environment = ProcessInfo.processInfo.environment.merging(["STROKELAB_TEST_OUTPUT_PAUSE_MS": "\(pauseMs)"]) { $1 }
            let pipe = Pipe()
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            if target == 0 {
                usleep(UInt32.random(in: 0...150_000, using: &rng))
            } else {
                var seen = ""
                while !seen.contains("output step \(target)\n") {
                    let chunk = pipe.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    seen += String(decoding: chunk, as: UTF8.self)
                }
                usleep(UInt32.random(in: 0...UInt32(pauseMs * 1000), using: &rng))
            }
            // Only a child that still runs is killed (never a reaped pid, never 0).
            if process.isRunning, process.processIdentifier > 0 { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            killedAt.append(target)
            let now = visible(out)
            let finished = process.terminationReason == .exit
            if now == sets[current] {
                outcomes[finished ? 2 : 0] += 1
            } else if now == sets[next] {
                outcomes[finished ? 2 : 1] += 1
                current = next
            } else {
                XCTFail("trial \(trial): killed at output step \(target), --out holds a mix of two sets: \(now)")
                return
            }
        }
        print("output set: 20 kills at steps \(killedAt) of 0…\(steps): \(outcomes[0]) left the previous set, \(outcomes[1]) the new one, \(outcomes[2]) finished first")
        XCTAssertGreaterThan(outcomes[0], 0)
        XCTAssertGreaterThan(outcomes[1], 0)
        // A complete run removes what the killed ones left, and the temporary files an
        // earlier version leaked beside the tables (`.results.csv.tmp-<pid>-<n>`).
        _ = FileManager.default.createFile(atPath: out + "/.results.csv.tmp-999999-42", contents: Data(count: 1000))
        XCTAssertEqual(try runStrokeLab(arguments(trace, out, configs[1])).status, 0)
        XCTAssertEqual(visible(out), sets[1])
        let entries = try FileManager.default.contentsOfDirectory(atPath: out)
        let hidden = entries.filter { $0.hasPrefix(".") }.sorted()
        XCTAssertEqual(hidden.filter { $0.hasPrefix(".strokelab-set-") }.count, 1, "\(hidden)")
        XCTAssertEqual(Set(hidden.filter { !$0.hasPrefix(".strokelab-set-") }), [".strokelab-current", ".strokelab-lock"], "\(hidden)")
        XCTAssertEqual(Set(entries.filter { !$0.hasPrefix(".") }), ["results.csv", "summary.csv", "summary_paired.csv", "run.json"])
    }

    /// A second run on the same --out while the first writes is refused at once, naming the
    /// first; the first finishes normally.
    func testASecondRunOnTheSameOutputIsRefused() throws {
        let dir = TestPaths.temporaryDirectory("lock")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = try makeTrace(in: dir)
        let out = dir + "/out"
        let first = try startStrokeLab(arguments(trace, out, ["linear"]), environment: ["STROKELAB_TEST_OUTPUT_PAUSE_MS": "400"])
        // Wait until the first run holds the lock (its staging folder exists).
        for _ in 0..<200 where !((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).contains(where: { $0.hasPrefix(".strokelab-staging-") }) {
            usleep(20_000)
        }
        let second = try runStrokeLab(arguments(trace, out, ["bezier4"]))
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.hasPrefix("error: "), second.stderr)
        XCTAssertTrue(second.stderr.contains("another strokelab run (pid \(first.processIdentifier)) is writing this output directory"), second.stderr)
        XCTAssertEqual(second.stderr.split(separator: "\n").count, 1, second.stderr)
        first.waitUntilExit()
        XCTAssertEqual(first.terminationStatus, 0)
        XCTAssertTrue(String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: out + "/results.csv")), as: UTF8.self)
            .contains(",linear,"))
    }

    /// A full disk (simulated by a file-size limit) fails with one line and leaves the
    /// previous set and no temporary file.
    func testAFullDiskLeavesThePreviousSet() throws {
        let dir = TestPaths.temporaryDirectory("full")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let trace = try makeTrace(in: dir)
        let out = dir + "/out"
        XCTAssertEqual(try runStrokeLab(arguments(trace, out, ["linear"])).status, 0)
        let before = visible(out)
        let binary = TestPaths.strokelab
        let command = "ulimit -f 8 && exec '\(binary)' " + arguments(trace, out, ["bezier4", "midpoint-bezier", "coalesced-only"])
            .map { "'\($0)'" }.joined(separator: " ")
        let result = try runProcess("/bin/sh", ["-c", command])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.hasPrefix("error: ") && result.stderr.contains("File too large"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertEqual(visible(out), before)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".") }
        XCTAssertFalse(hidden.contains { $0.hasPrefix(".strokelab-staging-") || $0.contains(".tmp-") }, "\(hidden)")
    }

    /// An output path that is a file is refused; names built from input cannot leave the set.
    func testOutputPathsStayInsideTheSet() throws {
        let dir = TestPaths.temporaryDirectory("paths")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = FileManager.default.createFile(atPath: dir + "/file", contents: Data("x".utf8))
        XCTAssertThrowsError(try OutputSet.begin(directory: dir + "/file")) { error in
            XCTAssertTrue("\(error)".contains("is a file"), "\(error)")
        }
        for bad in ["../x", "/etc/x", "a/../../b", "", ".", "a//b", ".strokelab-current", "a\u{0}b"] {
            XCTAssertFalse(OutputSet.isSafeRelativePath(bad), bad)
        }
        XCTAssertTrue(OutputSet.isSafeRelativePath("figures/trade-off.png"))
        for hostile in ["x/../../victim/PWNED", "..", ".hidden", "-rf", "a\u{1B}b", String(repeating: "é", count: 500), "", "CON"] {
            let name = SafeFileName.make(hostile)
            XCTAssertTrue(OutputSet.isSafeRelativePath(name), name)
            XCTAssertFalse(name.contains("/") || name.hasPrefix(".") || name.hasPrefix("-") || name.isEmpty, name)
            XCTAssertLessThanOrEqual(name.count, SafeFileName.maximumLength)
        }
        XCTAssertEqual(SafeFileName.make("circle-fast"), "circle-fast", "safe names are kept")
        XCTAssertNotEqual(SafeFileName.make("a/b"), SafeFileName.make("a_b"), "names that map alike stay apart")
    }

    /// A detached file (report-single.html) is a regular file in OUT, not a link into the
    /// hidden set folder: it survives being copied or mailed alone. The next set replaces it;
    /// a set without it removes it while it is still the old set's file, and never a file of
    /// that name that someone else put there.
    func testADetachedFileIsARegularFileReplacedWithItsSetAndRemovedOnlyWhileItIsTheSets() throws {
        let dir = TestPaths.temporaryDirectory("detached")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out"
        func write(_ files: [String: String], detached: Set<String>) throws {
            let set = try OutputSet.begin(directory: out)
            for (name, text) in files { try AtomicFile.write(text: text, to: set.path(name)) }
            try set.commit(detached: detached)
        }
        func type(_ name: String) -> FileAttributeType? {
            (try? FileManager.default.attributesOfItem(atPath: out + "/" + name))?[.type] as? FileAttributeType
        }
        try write(["report.html": "one", "report-single.html": "single one"], detached: ["report-single.html"])
        XCTAssertEqual(type("report-single.html"), .typeRegular)
        XCTAssertEqual(type("report.html"), .typeSymbolicLink)
        XCTAssertEqual(try String(contentsOfFile: out + "/report-single.html", encoding: .utf8), "single one")
        // A copy of the folder's single file, taken elsewhere, reads the same.
        try FileManager.default.copyItem(atPath: out + "/report-single.html", toPath: dir + "/mailed.html")
        XCTAssertEqual(try String(contentsOfFile: dir + "/mailed.html", encoding: .utf8), "single one")

        try write(["report.html": "two", "report-single.html": "single two"], detached: ["report-single.html"])
        XCTAssertEqual(type("report-single.html"), .typeRegular)
        XCTAssertEqual(try String(contentsOfFile: out + "/report-single.html", encoding: .utf8), "single two")
        XCTAssertEqual(try String(contentsOfFile: dir + "/mailed.html", encoding: .utf8), "single one", "the copy is untouched")

        try write(["report.html": "three"], detached: [])
        XCTAssertNil(type("report-single.html"), "a set without it removes the old set's file")

        // A file someone put in its place is not the set's: a set without the name keeps it.
        try write(["report.html": "four", "report-single.html": "single four"], detached: ["report-single.html"])
        try FileManager.default.removeItem(atPath: out + "/report-single.html")
        try "mine".write(toFile: out + "/report-single.html", atomically: true, encoding: .utf8)
        try write(["report.html": "five"], detached: [])
        XCTAssertEqual(try String(contentsOfFile: out + "/report-single.html", encoding: .utf8), "mine")
    }
}
