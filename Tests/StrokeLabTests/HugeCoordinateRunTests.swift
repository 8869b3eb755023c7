import Foundation
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// Issue 11 item 1, end to end: the reproduction's trace (coordinates of 10¹²) aborted
/// `strokelab run --pipeline linear` trying to allocate 64 TB. It runs and gives correct
/// output with bounded memory (the closing report gives the release build's time and memory
/// from `/usr/bin/time -v`; speed is not asserted in tests). Rendering it is bounded too.
final class HugeCoordinateRunTests: XCTestCase {
    static let trace = "{\"format\":\"strokelab.trace\",\"version\":1,\"channels\":[\"t\",\"x\",\"y\"],\"strokes\":[{\"id\":\"s\",\"samples\":[[0,0,0],[0.01,1e12,0],[0.02,2e12,5]]}]}"

    func testTheHugeCoordinateTraceRunsWithBoundedMemory() throws {
        let dir = try makeTemporaryDirectory("huge")
        try Self.trace.write(toFile: dir + "/huge.json", atomically: true, encoding: .utf8)
        let arguments = ["run", "--trace", dir + "/huge.json", "--pipeline", "linear", "--out", dir + "/out", "--quiet"]
        let binary = TestPaths.strokelab
        let timed = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let result = timed ? try runProcess("/usr/bin/time", ["-f", "peak-rss-kb %M"] + [binary] + arguments)
                           : try runStrokeLab(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try ResultsTable(path: dir + "/out/results.csv").rows
        let length = try XCTUnwrap(rows.first { $0.metric == "path.length" }?.value)
        XCTAssertEqual(length, 2e12, accuracy: 1)
        XCTAssertEqual(try XCTUnwrap(rows.first { $0.metric == "fidelity.hausdorff" }?.value), 0, accuracy: 1e-3 * 2e12 / 262_144)
        XCTAssertNotNil(rows.first { $0.metric == "jaggedness.bending_energy" })
        if timed, let line = result.stderr.split(separator: "\n").first(where: { $0.hasPrefix("peak-rss-kb ") }),
           let kb = Int(line.dropFirst("peak-rss-kb ".count)) {
            XCTAssertLessThan(kb, 200_000, "peak memory \(kb) KB")
            print("huge-coordinate run: peak memory \(kb / 1024) MB (debug build)")
        }
        let render = try runStrokeLab(["render", "--trace", dir + "/huge.json", "--out", dir + "/huge.png"])
        XCTAssertEqual(render.status, 0, render.stderr)
    }

    /// The ink core's drawing paths (StrokeRaster's ink drawing, outlines, whole drawings, the
    /// fade frames) and `replay` with the same trace, through styled pipelines: each ends in
    /// correct output or one located line, never a trap or an unbounded canvas.
    func testTheHugeCoordinateTraceRendersAndReplaysThroughTheInkCore() throws {
        let dir = try makeTemporaryDirectory("huge-ink")
        let trace = dir + "/huge.json"
        try Self.trace.write(toFile: trace, atomically: true, encoding: .utf8)
        let styled = ["coalesced|style:brush", "forcesketch", "coalesced|filter:upsample|interp:linear|style:scribble",
                      "coalesced|filter:pulled-string(length=4)|interp:midpoint-bezier"]
        var runs: [[String]] = []
        for mode in ["line", "segments", "outline"] {
            runs.append(["render", "--trace", trace, "--render", mode, "--frame", "1", "--out", dir + "/\(mode).png"])
            runs.append(["render", "--trace", trace, "--render", mode, "--pipeline", styled[0], "--pipeline", styled[1],
                         "--out", dir + "/\(mode)-styled.svg"])
            runs.append(["render", "--trace", trace, "--all-strokes", "--render", mode, "--pipeline", styled[0], "--size", "256",
                         "--out", dir + "/\(mode)-all.png"])
        }
        runs.append(["render", "--trace", trace, "--pipeline", "forcesketch", "--frames", dir + "/frames", "--size", "96"])
        for (k, label) in styled.enumerated() {
            runs.append(["replay", "--trace", trace, "--pipeline", label, "--out", dir + "/replay-\(k).json"])
        }
        for args in runs {
            let r = try runStrokeLab(args)
            let errors = r.stderr.split(separator: "\n").filter { !$0.isEmpty }
            if r.status == 0 {
                XCTAssertTrue(errors.isEmpty, "\(args): \(r.stderr)")
            } else {
                // Refusing is allowed, as one line with the prefix; a crash (a signal, "Fatal error") is not.
                XCTAssertEqual(errors.count, 1, "\(args): \(r.stderr)")
                XCTAssertTrue(errors.first?.hasPrefix("error: ") ?? false, "\(args): \(r.stderr)")
            }
        }
        for mode in ["line", "segments", "outline"] {
            let png = try Data(contentsOf: URL(fileURLWithPath: dir + "/\(mode).png"))
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], mode)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/frames/frame-00000.png"))
        let replay = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/replay-0.json"))))
        XCTAssertEqual(replay["strokes"]?.array?.count, 1)
    }

    /// A spec's `resampleStep: 1e-300` (and a flattening tolerance of 1e-300) asked for
    /// 10³⁰⁰ points; the geometry budgets bound the work and the run completes. The budget is
    /// the smallest a spec may set (1024 points), so the bounded work is quick; that the
    /// default budget bounds it is BoundedWorkTests'.
    func testAnAbsurdlySmallStepOrToleranceIsBounded() throws {
        let dir = try makeTemporaryDirectory("tiny-step")
        let spec = SyntheticTraceSpec(name: "tiny", shapes: [.twoSample], seed: 1)
        try NativeTraceWriter.write(SyntheticTraceGenerator.generate(spec), to: dir + "/t.json")
        try """
            datasets: [{paths: [t.json]}]
            pipelines: [linear]
            metrics: {resampleStep: 1e-300, flatteningTolerance: 1e-300, maximumResampledPoints: 1024}
            """.write(toFile: dir + "/spec.yaml", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["run", "--spec", dir + "/spec.yaml", "--out", dir + "/out", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try ResultsTable(path: dir + "/out/results.csv").rows.contains { $0.metric == "fidelity.mean" })
    }
}
