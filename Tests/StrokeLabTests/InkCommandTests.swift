import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeRaster
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// The ink pipeline end to end: streaming stages through metrics and rendering, whole
/// drawings and replay files from the command line, on traces never seen before.
final class InkCommandTests: XCTestCase {
    /// A hand-written trace with flat samples and no force, tilt or radius channels.
    private func plainTrace(in dir: String) throws -> String {
        let path = dir + "/plain.json"
        var rows: [String] = []
        for i in 0...90 {
            let t = Double(i) / 120, a = 4 * t
            rows.append("[\(t), \(200 + 80 * cos(a)), \(150 + 50 * sin(2 * a))]")
        }
        let text = """
            {"format": "strokelab.trace", "version": 1, "metadata": {"source": "hand", "refreshRateHz": 60},
             "channels": ["t", "x", "y"],
             "strokes": [{"id": "loop", "samples": [\(rows.joined(separator: ", "))]},
                         {"id": "tap", "samples": [[2.0, 10, 10]]}]}
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testStagesEmittingSeveralOrNoSamplesAreMeasuredAndDrawn() throws {
        let stroke = try XCTUnwrap(NativeTraceReader.read(path: TestPaths.packageRoot + "/Datasets/synthetic/stylus-240hz-60fps.json")
            .strokes.first { $0.id == "cursive" })
        let metadata = try NativeTraceReader.read(path: TestPaths.packageRoot + "/Datasets/synthetic/stylus-240hz-60fps.json").metadata
        for label in ["main|filter:upsample(rate=240)|interp:midpoint-bezier(tail=complete)",
                      "coalesced|filter:pulled-string(length=6,finish=on)|interp:linear|style:forcesketch"] {
            let d = try PipelineDescription(parsing: label)
            let result = StrokeEvaluation.evaluate(stroke: stroke, pipeline: d, metadata: metadata)
            let ids = Set(result.measurements.map(\.metric))
            for m in ["fidelity.mean", "jaggedness.bending_energy", "lag.mean_ms"] { XCTAssertTrue(ids.contains(m), "\(label): \(m)") }
            var grid = try InkRasters.comparisonGrid(stroke: stroke, scale: metadata.physicalScale, pipelines: [label], frameIndex: 20)
            grid.inset = nil
            let png = try RasterRenderer.render(grid, format: .png)
            XCTAssertGreaterThan(png.count, 1000, label)
        }
    }

    func testWholeDrawingsAndReplayFilesOfAnUnseenTraceWithoutForceOrTilt() throws {
        let dir = try makeTemporaryDirectory("ink-cli")
        let trace = try plainTrace(in: dir)
        for (label, file) in [("coalesced|style:scribble", "scribble.png"), ("forcesketch", "fs.svg"),
                              ("midpoint-bezier(tail=complete)|style:brush(preset=scribble)", "brush.pdf")] {
            let r = try runStrokeLab(["render", "--trace", trace, "--all-strokes", "--pipeline", label, "--size", "300",
                                      "--out", dir + "/" + file])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: dir + "/" + file)[.size] as? Int) ?? 0, 200)
        }
        let replay = try runStrokeLab(["replay", "--trace", trace, "--pipeline", "coalesced|filter:pulled-string(length=4)|interp:linear",
                                       "--out", dir + "/replay.json"])
        XCTAssertEqual(replay.status, 0, replay.stderr)
        let root = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/replay.json"))))
        let strokes = try XCTUnwrap(root["strokes"]?.array)
        XCTAssertEqual(strokes.count, 2)
        let filtered = try XCTUnwrap(strokes[0]["filtered"])
        XCTAssertEqual(filtered["channels"]?.array?.first?.string, "t")
        XCTAssertGreaterThan(filtered["samples"]?.array?.count ?? 0, 5)
        XCTAssertEqual(strokes[0]["id"]?.string, "loop")
        // Frames: the fade animation of the whole trace.
        let frames = try runStrokeLab(["render", "--trace", trace, "--pipeline", "forcesketch", "--frames", dir + "/frames", "--size", "96"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        XCTAssertTrue(frames.stdout.contains("blank after"), frames.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/frames/frame-00000.png"))
    }

    func testBadRenderAndReplayArgumentsAreOneLineErrors() throws {
        let dir = try makeTemporaryDirectory("ink-cli-bad")
        let trace = try plainTrace(in: dir)
        for args in [["render", "--trace", trace, "--all-strokes", "--pipeline", "coalesced|style:brush(b1=wat)", "--out", dir + "/x.png"],
                     ["render", "--trace", trace, "--render", "sideways", "--out", dir + "/x.png"],
                     ["render", "--trace", trace, "--all-strokes", "--size", "5", "--out", dir + "/x.png"],
                     ["replay", "--trace", trace, "--pipeline", "linear", "--stroke", "nope", "--out", dir + "/r.json"],
                     ["replay", "--trace", trace, "--pipeline", "filter:one-euro(minCutoff=-1)", "--out", dir + "/r.json"],
                     ["bench", "--trace", trace, "--stage", "style:scribble(eraser=maybe)", "--json"]] {
            let r = try runStrokeLab(args)
            XCTAssertNotEqual(r.status, 0, args.joined(separator: " "))
            let lines = r.stderr.split(separator: "\n").filter { !$0.isEmpty }
            XCTAssertEqual(lines.count, 1, "\(args): \(r.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.png"))
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/r.json"))
        }
    }
}
