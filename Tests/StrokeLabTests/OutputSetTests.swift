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

    /// The experiment of `pipelines` on `trace`, prepared.
    func prepared(_ trace: String, _ pipelines: [String], in dir: String) throws -> Experiment.Prepared {
        let spec = ExperimentSpec(datasets: [.init(paths: [trace])], pipelines: pipelines.map { .init(label: $0) })
        return try Experiment.prepare(spec, specPath: nil, baseDirectory: dir)
    }

    /// Runs `experiment` into `out` as `strokelab run` does (begin, write, commit), telling
    /// `observer` of each step of the output set.
    func run(_ experiment: Experiment.Prepared, into out: String, observer: OutputSet.StepObserver? = nil) async throws {
        let output = try Experiment.beginOutput(out, observer: observer)
        _ = try await Experiment.run(experiment, into: output)
        try output.commit()
    }

    /// The directory's entries that are not the visible set's: only the switch link, the
    /// lock and one set may remain after a complete run.
    func assertNoLeftovers(_ out: String, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let hidden = TestPaths.files(out).filter { $0.hasPrefix(".") }
        XCTAssertEqual(hidden.filter { $0.hasPrefix(".strokelab-set-") }.count, 1, "\(message) \(hidden)", file: file, line: line)
        XCTAssertEqual(Set(hidden.filter { !$0.hasPrefix(".strokelab-set-") }), [".strokelab-current", ".strokelab-lock"],
                       "\(message) \(hidden)", file: file, line: line)
    }

    /// The acceptance test, at every step. A run is observed after each step of its output
    /// set (``OutputSet/StepObserver``): the directory then is exactly what a run killed there
    /// leaves, so each step is checked, not a random sample. From one set to another and back,
    /// after every step (and before the first: a kill during the computation) the visible
    /// files are all of the set before or all of the new one, switching once; and a complete
    /// run on a copy of the directory as that step left it removes every leftover (and the
    /// temporary files an earlier version leaked beside the tables).
    func testARunKilledAfterAnyStepLeavesThePreviousSetOrTheNewOne() async throws {
        let dir = try makeTemporaryDirectory("killed")
        let trace = try makeTrace(in: dir)
        let out = dir + "/out"
        let experiments = [try prepared(trace, ["linear"], in: dir), try prepared(trace, ["bezier4", "midpoint-bezier"], in: dir)]
        var sets: [Visible] = []
        for e in experiments {
            try await run(e, into: out)
            sets.append(visible(out))
        }
        XCTAssertNotEqual(sets[0], sets[1])
        for (previous, next) in [(1, 0), (0, 1)] {
            let snapshots = dir + "/snapshots-\(next)"
            try FileManager.default.createDirectory(atPath: snapshots, withIntermediateDirectories: true)
            var seen: [Visible] = [visible(out)]
            try await run(experiments[next], into: out) { step in
                seen.append(self.visible(out))
                // What a kill after this step leaves, kept for the cleanup check below.
                let copy = try? runProcess("/bin/cp", ["-a", out, snapshots + "/\(step)"])
                XCTAssertEqual(copy?.status, 0, "snapshot of step \(step)")
            }
            XCTAssertGreaterThanOrEqual(seen.count - 1, 7, "the output phase has its steps")
            // Every step shows one whole set: the previous one up to the switch, then the new one.
            guard let switched = seen.firstIndex(of: sets[next]) else { return XCTFail("never switched to the new set") }
            XCTAssertTrue(seen[..<switched].allSatisfy { $0 == sets[previous] }, "before the switch: \(seen)")
            XCTAssertTrue(seen[switched...].allSatisfy { $0 == sets[next] }, "after the switch: \(seen)")
            XCTAssertGreaterThan(switched, 1, "the new set becomes visible only at the switch, not with its first file")
            // The next run on the directory as any step left it removes what was left when it
            // takes the directory (begin), before it writes anything: the set that was visible
            // stays visible, and nothing else remains.
            for step in 1..<seen.count {
                let left = snapshots + "/\(step)"
                _ = FileManager.default.createFile(atPath: left + "/.results.csv.tmp-999999-42", contents: Data(count: 1000))
                let next = try OutputSet.begin(directory: left)
                next.abandon()
                XCTAssertEqual(visible(left), seen[step], "after a kill at step \(step)")
                assertNoLeftovers(left, "after a kill at step \(step)")
            }
            // And a complete run there writes its own set.
            try await run(experiments[previous], into: snapshots + "/1")
            XCTAssertEqual(visible(snapshots + "/1"), sets[previous])
            assertNoLeftovers(snapshots + "/1")
        }
        XCTAssertEqual(Set(TestPaths.files(out).filter { !$0.hasPrefix(".") }), ["results.csv", "summary.csv", "summary_paired.csv", "run.json"])
    }

    /// A real process killed with SIGKILL (no hook, no pause) at a random moment of its run
    /// leaves one whole set, and its lock dies with it: the next run proceeds and cleans up.
    func testAProcessKilledMidRunLeavesAWholeSetAndNoLock() throws {
        let dir = try makeTemporaryDirectory("sigkill")
        let trace = try makeTrace(in: dir)
        let out = dir + "/out"
        let configs = [["linear"], ["bezier4", "midpoint-bezier"]]
        var sets: [Visible] = []
        for c in configs {
            XCTAssertEqual(try runStrokeLab(arguments(trace, out, c)).status, 0)
            sets.append(visible(out))
        }
        var rng = SystemRandomNumberGenerator()
        var killed = 0, trial = 0
        // Three kills that landed while the child ran (at most 10 trials: a run may finish first).
        while killed < 3, trial < 10 {
            let process = try startStrokeLab(arguments(trace, out, configs[trial % 2]))
            usleep(UInt32.random(in: 0...200_000, using: &rng))
            // Only a child that still runs is killed (never a reaped pid, never 0).
            if process.isRunning, process.processIdentifier > 0 { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL { killed += 1 }
            XCTAssertTrue(sets.contains(visible(out)), "trial \(trial): --out holds a mix of two sets")
            trial += 1
        }
        XCTAssertGreaterThan(killed, 0, "no kill landed while a run was under way in \(trial) trials")
        XCTAssertEqual(try runStrokeLab(arguments(trace, out, configs[1])).status, 0, "the killed run's lock died with it")
        XCTAssertEqual(visible(out), sets[1])
        assertNoLeftovers(out)
    }

    /// A second run on the same --out while the first writes is refused at once, naming the
    /// first (here this test's process, holding the set open); the first finishes normally.
    func testASecondRunOnTheSameOutputIsRefused() async throws {
        let dir = try makeTemporaryDirectory("lock")
        let trace = try makeTrace(in: dir)
        let out = dir + "/out"
        let output = try Experiment.beginOutput(out)
        let second = try runStrokeLab(arguments(trace, out, ["bezier4"]))
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.hasPrefix("error: "), second.stderr)
        XCTAssertTrue(second.stderr.contains("another strokelab run (pid \(getpid())) is writing this output directory"), second.stderr)
        XCTAssertEqual(second.stderr.split(separator: "\n").count, 1, second.stderr)
        _ = try await Experiment.run(try prepared(trace, ["linear"], in: dir), into: output)
        try output.commit()
        XCTAssertTrue(String(decoding: try XCTUnwrap(FileManager.default.contents(atPath: out + "/results.csv")), as: UTF8.self)
            .contains(",linear,"))
        XCTAssertEqual(try runStrokeLab(arguments(trace, out, ["bezier4"])).status, 0, "the lock is released by commit")
    }

    /// A full disk (simulated by a file-size limit) fails with one line and leaves the
    /// previous set and no temporary file.
    func testAFullDiskLeavesThePreviousSet() throws {
        let dir = try makeTemporaryDirectory("full")
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
        let dir = try makeTemporaryDirectory("paths")
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
        let dir = try makeTemporaryDirectory("detached")
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

    /// A detached file that cannot be made a file of its own (here the set's entry is a folder:
    /// no hard link, no copy) never leaves the previous set's copy standing as if current: it
    /// becomes a link into the new set and the problem is returned, naming the file.
    func testADetachedFileThatCannotBePlacedIsALinkToTheNewSetNotThePreviousCopy() throws {
        let dir = try makeTemporaryDirectory("detach-fails")
        let out = dir + "/out"
        let first = try OutputSet.begin(directory: out)
        try AtomicFile.write(text: "single one", to: first.path("report-single.html"))
        XCTAssertEqual(try first.commit(detached: ["report-single.html"]), [])
        XCTAssertEqual(try String(contentsOfFile: out + "/report-single.html", encoding: .utf8), "single one")

        let second = try OutputSet.begin(directory: out)
        try AtomicFile.write(text: "two", to: second.path("report.html"))
        try AtomicFile.write(text: "inside", to: second.path("report-single.html/page.html"))
        let problems = try second.commit(detached: ["report-single.html"])
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?.path, out + "/report-single.html")
        XCTAssertTrue(problems.first?.problem.hasPrefix("left as a link into the output set") == true, "\(problems)")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: out + "/report-single.html"),
                       ".strokelab-current/report-single.html")
        XCTAssertEqual(try String(contentsOfFile: out + "/report-single.html/page.html", encoding: .utf8), "inside",
                       "the name shows the new set's entry, not the previous copy")
    }
}
