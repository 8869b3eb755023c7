import Foundation
import StrokeIO
import XCTest

@testable import StrokeLab

/// Issue 11 item 1, end to end: the reproduction's trace (coordinates of 10¹²) aborted
/// `strokelab run --pipeline linear` trying to allocate 64 TB. It runs and gives correct
/// output with bounded memory (the closing report gives the release build's time and memory
/// from `/usr/bin/time -v`; speed is not asserted in tests). Rendering it is bounded too.
final class HugeCoordinateRunTests: XCTestCase {
    static let trace = "{\"format\":\"strokelab.trace\",\"version\":1,\"channels\":[\"t\",\"x\",\"y\"],\"strokes\":[{\"id\":\"s\",\"samples\":[[0,0,0],[0.01,1e12,0],[0.02,2e12,5]]}]}"

    func testTheHugeCoordinateTraceRunsWithBoundedMemory() throws {
        let dir = TestPaths.temporaryDirectory("huge")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.trace.write(toFile: dir + "/huge.json", atomically: true, encoding: .utf8)
        let arguments = ["run", "--trace", dir + "/huge.json", "--pipeline", "linear", "--out", dir + "/out", "--quiet"]
        let binary = TestPaths.productsDirectory.appendingPathComponent("strokelab").path
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

    /// A spec's `resampleStep: 1e-300` (and a flattening tolerance of 1e-300) asked for
    /// 10³⁰⁰ points; the geometry budgets bound the work and the run completes.
    func testAnAbsurdlySmallStepOrToleranceIsBounded() throws {
        let dir = TestPaths.temporaryDirectory("tiny-step")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = SyntheticTraceSpec(name: "tiny", shapes: [.twoSample], seed: 1)
        try NativeTraceWriter.write(SyntheticTraceGenerator.generate(spec), to: dir + "/t.json")
        try """
            datasets: [{paths: [t.json]}]
            pipelines: [linear]
            metrics: {resampleStep: 1e-300, flatteningTolerance: 1e-300}
            """.write(toFile: dir + "/spec.yaml", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["run", "--spec", dir + "/spec.yaml", "--out", dir + "/out", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try ResultsTable(path: dir + "/out/results.csv").rows.contains { $0.metric == "fidelity.mean" })
    }
}
