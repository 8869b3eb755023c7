import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// End-to-end: a trace never seen before, written by hand as native JSON with flat samples,
/// runs through every new curve builder and preset with `strokelab run`, `replay` and
/// `render`; the replay file carries perfect-freehand's outline in the peer's point order.
final class CurveBuilderCommandTests: XCTestCase {
    /// Every preset and stage of the peers' curve builders and outlines, with their options.
    static let labels = [
        "catmull-rom", "quad-midpoint", "signature-pad", "fit-curve", "perfect-freehand",
        "main|interp:catmull-rom(alpha=0,tail=published,ends=duplicate)", "coalesced|interp:catmull-rom(alpha=1)",
        "main|interp:quad-midpoint(tail=published)",
        "coalesced|interp:signature-pad(throttle=0,tail=complete,widthTolerance=0.01,dotSize=2)",
        "coalesced|interp:fit-curve(error=0.3,corner=45,window=8)|predict:linear(horizon=16.7)",
        "perfect-freehand(simulatePressure=off,last=on,startTaper=full,endTaper=12,startCap=off,endCap=off)",
        "coalesced|interp:catmull-rom|style:perfect-freehand(size=6,easing=easeInOutExpo)",
        "signature-pad(tail=complete)|style:constant(width=3)",
    ]

    /// Flat samples in a channel order of its own: a pen stroke with force, a finger stroke
    /// without, one with repeated samples and a pause, a tap and a two-sample stroke.
    static let trace = """
        {"format": "strokelab.trace", "version": 1,
         "metadata": {"source": "hand", "units": "pt", "refreshRateHz": 60},
         "channels": ["x", "t", "y", "force", "maxForce"],
         "strokes": [
          {"id": "pen", "samples": [[10, 0.000, 10, 0.2, 4], [12, 0.004, 11, 0.4, 4], [15, 0.008, 13, 0.8, 4], [19, 0.012, 16, 1.2, 4],
                                    [24, 0.017, 20, 1.6, 4], [30, 0.021, 25, 2.0, 4], [33, 0.025, 33, 2.2, 4], [33, 0.029, 41, 2.0, 4],
                                    [30, 0.033, 48, 1.8, 4], [24, 0.038, 52, 1.4, 4], [16, 0.042, 53, 1.0, 4], [9, 0.046, 50, 0.6, 4],
                                    [5, 0.050, 44, 0.4, 4], [4, 0.054, 37, 0.3, 4], [6, 0.058, 31, 0.2, 4]]},
          {"id": "finger", "channels": ["t", "x", "y"],
           "samples": [[1.0, 100, 100], [1.016, 140, 102], [1.033, 190, 110], [1.05, 230, 130], [1.066, 250, 170], [1.083, 240, 220],
                       [1.1, 200, 250], [1.116, 150, 255], [1.133, 110, 240]]},
          {"id": "repeats", "channels": ["t", "x", "y"],
           "samples": [[2.0, 0, 0], [2.004, 0, 0], [2.008, 1, 0], [2.008, 1, 0], [2.012, 1, 0], [2.5, 1, 0], [2.504, 3, 1], [2.508, 6, 3],
                       [2.512, 6, 3], [2.516, 10, 6]]},
          {"id": "tap", "channels": ["t", "x", "y"], "samples": [[3.0, 50, 50]]},
          {"id": "two", "channels": ["t", "x", "y"], "samples": [[4.0, 50, 50], [4.004, 52, 51]]}
         ]}
        """

    func testAnUnseenTraceRunsReplaysAndRendersThroughEveryNewStageAndPreset() throws {
        let dir = try makeTemporaryDirectory("curves")
        try Self.trace.write(toFile: dir + "/unseen.json", atomically: true, encoding: .utf8)

        var run = ["run", "--trace", dir + "/unseen.json", "--out", dir + "/run"]
        for l in Self.labels { run += ["--pipeline", l] }
        let result = try runStrokeLab(run)
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try ResultsTable(path: dir + "/run/results.csv").rows
        for l in Self.labels {
            for stroke in ["pen", "finger", "repeats", "tap", "two"] {
                XCTAssertTrue(rows.contains { $0.pipeline == l && $0.stroke == stroke && $0.metric == "path.elements" }, "\(l) \(stroke)")
            }
        }

        for (k, l) in Self.labels.enumerated() {
            let out = dir + "/replay\(k).json"
            let r = try runStrokeLab(["replay", "--trace", dir + "/unseen.json", "--pipeline", l, "--out", out])
            XCTAssertEqual(r.status, 0, "\(l): \(r.stderr)")
            let root = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
            let strokes = try XCTUnwrap(root["strokes"]?.array)
            XCTAssertEqual(strokes.count, 5)
            let makesOutline = l.contains("perfect-freehand")
            for s in strokes {
                XCTAssertEqual(s["outline"] != nil, makesOutline, "\(l) \(s["id"]?.string ?? "?")")
                XCTAssertNotNil(s["committed"]?["elements"]?.array)
            }
        }

        for mode in ["auto", "outline", "segments", "line"] {
            var render = ["render", "--trace", dir + "/unseen.json", "--stroke", "pen", "--render", mode, "--out", dir + "/\(mode).png"]
            for l in Self.labels { render += ["--pipeline", l] }
            let r = try runStrokeLab(render)
            XCTAssertEqual(r.status, 0, "\(mode): \(r.stderr)")
            XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: dir + "/\(mode).png")[.size] as? Int) ?? 0, 1000)
        }
        let all = try runStrokeLab(["render", "--trace", dir + "/unseen.json", "--all-strokes", "--pipeline", "perfect-freehand",
                                    "--out", dir + "/page.png"])
        XCTAssertEqual(all.status, 0, all.stderr)
    }

    /// `strokes[i].outline` is perfect-freehand's `getStroke` of the stroke's samples, as
    /// `[[x, y], …]` in the peer's order: left side, end cap, right side back, start cap — with
    /// the peer's pixel constants (size 16 px, …) in the trace's points (×1.375).
    func testTheReplayFileCarriesTheOutlineInThePeersOrder() throws {
        let dir = try makeTemporaryDirectory("outline")
        try Self.trace.write(toFile: dir + "/unseen.json", atomically: true, encoding: .utf8)
        let r = try runStrokeLab(["replay", "--trace", dir + "/unseen.json", "--stroke", "finger", "--pipeline", "perfect-freehand",
                                  "--out", dir + "/r.json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let root = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/r.json"))))
        let outline = try XCTUnwrap(root["strokes"]?.array?.first?["outline"]?.array).map { p in
            Point(x: p.array![0].number!, y: p.array![1].number!)
        }
        let trace = try XCTUnwrap(try TraceImport.load(path: dir + "/unseen.json").first)
        let input = trace.strokes[1].samples.map { PerfectFreehand.InputPoint(x: $0.location.x, y: $0.location.y) }
        let options = PerfectFreehandStyle.Parameters().inTraceUnits(millimetresPerUnit: trace.metadata.physicalScale.millimetresPerUnit)
            .options(simulate: true, last: false)
        XCTAssertEqual(options.size, 22)
        XCTAssertEqual(outline, PerfectFreehand.stroke(input, options))
    }

    func testMalformedStageParametersAreOneLineErrorsNamingTheLabel() throws {
        let dir = try makeTemporaryDirectory("badlabel")
        try Self.trace.write(toFile: dir + "/unseen.json", atomically: true, encoding: .utf8)
        for label in ["fit-curve(window=1)", "perfect-freehand(endTaper=long)", "interp:signature-pad(throttle=-4)"] {
            let r = try runStrokeLab(["replay", "--trace", dir + "/unseen.json", "--pipeline", label, "--out", dir + "/r.json"])
            XCTAssertNotEqual(r.status, 0)
            let message = r.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            XCTAssertTrue(message.contains(label), message)
            XCTAssertEqual(message.split(separator: "\n").count, 1, message)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/r.json"))
        }
    }
}
