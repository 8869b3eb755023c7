import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// End-to-end: the peers' stages (issue 12) through `strokelab run` and `strokelab replay` on
/// a trace StrokeLab has never seen, written as native JSON with flat samples; malformed
/// parameters as one-line errors naming the label.
final class PeerStagesCommandTests: XCTestCase {
    /// Every new stage, through its preset and through labels that set parameters.
    static let pipelines = [
        "one-euro", "ink", "ink-stroke-end", "krita-weighted", "krita-stabilizer", "lazy-brush", "chromium-lsq",
        "coalesced|filter:one-euro(minCutoff=0.5,beta=0.02,derivative=raw)|interp:midpoint-bezier(tail=complete)",
        "coalesced|filter:ink-modeler(wobble=off,loopContraction=on,strokeNormalProjection=on,maxAnglePerInput=0.3)|interp:linear|predict:ink-kalman(horizon=33,confidence=off)",
        "main|filter:weighted(distance=20,smoothPressure=on)|interp:bezier4|predict:least-squares(window=5,horizon=16)",
        "coalesced|filter:stabilizer(samples=8,delay=off,clock=events)|filter:pulled-string(length=3,finish=on)|interp:linear",
        "coalesced|filter:upsample(rate=300)|filter:stabilizer(samples=20,delayDistance=4,poll=50)|interp:linear|predict:kalman",
    ]

    /// A trace by hand: a fast loop with tablet channels and irregular timing, a slow stroke
    /// with repeated timestamps and a long pause, and a tap.
    static func unseenTrace() -> String {
        var rows1: [String] = [], rows2: [String] = []
        var t = 10.0
        for i in 0..<180 {
            let a = Double(i) * 0.07
            t += i % 7 == 3 ? 0.0061 : 0.0039
            let x = 300 + 120 * cos(a) + 0.3 * sin(Double(i) * 1.7), y = 250 + 80 * sin(2 * a)
            rows1.append("[\(t), \(x), \(y), \(0.3 + 0.2 * sin(a)), 4, \(1.1 - 0.2 * cos(a)), \(-2.5 + 0.03 * Double(i))]")
        }
        t += 0.5
        for i in 0..<90 {
            if i % 10 != 0 { t += 0.0125 }            // some repeated timestamps
            if i == 45 { t += 2.0 }                    // a pause
            rows2.append("[\(t), \(40 + Double(i) * 0.9), \(60 - Double(i) * 0.4), 0, 0, 1.5707963267948966, 0]")
        }
        let tap = "[\(t + 1), 500, 500, 1.2, 4, 0.9, 1.0]"
        return """
            {"format": "strokelab.trace", "version": 1,
             "metadata": {"source": "handwritten for the peer-stage tests", "units": "pt", "sampleRateHz": 240, "refreshRateHz": 60},
             "channels": ["t", "x", "y", "force", "maxForce", "altitude", "azimuth"],
             "strokes": [
              {"id": "loop", "kind": "stylus", "samples": [\(rows1.joined(separator: ",\n"))]},
              {"id": "slow", "kind": "stylus", "samples": [\(rows2.joined(separator: ",\n"))]},
              {"id": "tap", "kind": "stylus", "samples": [\(tap)]}
             ]}
            """
    }

    func testRunAndReplayEveryPeerStageOnAnUnseenTrace() throws {
        let dir = try makeTemporaryDirectory("peer-stages")
        let trace = dir + "/unseen.json"
        try Self.unseenTrace().write(toFile: trace, atomically: true, encoding: .utf8)
        let loaded = try XCTUnwrap(TraceImport.load(path: trace).first)

        var arguments = ["run", "--trace", trace, "--out", dir + "/run"]
        for p in Self.pipelines { arguments += ["--pipeline", p] }
        let run = try runStrokeLab(arguments)
        XCTAssertEqual(run.status, 0, run.stderr)
        let csv = try String(contentsOfFile: dir + "/run/results.csv", encoding: .utf8)
        for p in Self.pipelines {
            XCTAssertTrue(csv.contains(",unseen,loop,\(p.contains(",") ? "\"\(p)\"" : p),path.length,"), "\(p) measured")
        }

        for (k, p) in Self.pipelines.enumerated() {
            let out = dir + "/replay\(k).json"
            let replay = try runStrokeLab(["replay", "--trace", trace, "--pipeline", p, "--out", out])
            XCTAssertEqual(replay.status, 0, "\(p): \(replay.stderr)")
            // StrokeIO's parser: exact numbers (Foundation's JSONSerialization on Linux can be an ulp off).
            let json = try JSONParser.parse(Array(Data(contentsOf: URL(fileURLWithPath: out))))
            let strokes = try XCTUnwrap(json["strokes"]?.array)
            XCTAssertEqual(strokes.map { $0["id"]?.string }, ["loop", "slow", "tap"], p)
            // One row per sample the last filter emitted, in emission order: the same replay in-process,
            // built for the trace's scale as the tool builds it.
            var replayer = try PipelineDescription(parsing: p).resolved(for: loaded.metadata.physicalScale).makeReplayer()
            for (s, stroke) in zip(strokes, loaded.strokes) {
                let filtered = try XCTUnwrap(s["filtered"])
                let channels = try XCTUnwrap(filtered["channels"]?.array?.compactMap(\.string))
                XCTAssertEqual(Array(channels.prefix(3)), ["t", "x", "y"])
                let rows = try XCTUnwrap(filtered["samples"]?.array)
                let expected = replayer.replay(stroke, options: ReplayOptions(recordsCurveInput: true)).curveInput
                XCTAssertEqual(rows.count, expected.count, "\(p) \(stroke.id)")
                for (row, sample) in zip(rows, expected) {
                    let values = try XCTUnwrap(row.array)
                    XCTAssertEqual(values.count, channels.count)
                    XCTAssertEqual(values[0].number, sample.time)
                    XCTAssertEqual(values[1].number, sample.location.x)
                    XCTAssertEqual(values[2].number, sample.location.y)
                }
                XCTAssertNotNil(s["frames"]?.array)
            }
        }
    }

    func testMalformedParametersAreOneLineErrorsNamingTheLabel() throws {
        let dir = try makeTemporaryDirectory("peer-errors")
        let trace = dir + "/unseen.json"
        try Self.unseenTrace().write(toFile: trace, atomically: true, encoding: .utf8)
        let cases = [
            ("coalesced|filter:one-euro(minCutoff=-1)|interp:linear", "minCutoff must be in"),
            ("coalesced|filter:one-euro(cutof=1)|interp:linear", "has no parameter 'cutof'"),
            ("coalesced|filter:ink-modeler(dragConstant=-72)|interp:linear", "dragConstant must be in"),
            ("coalesced|filter:weighted(distance=-5)|interp:linear", "distance must be in"),
            ("coalesced|filter:stabilizer(samples=0)|interp:linear", "samples must be in"),
            ("coalesced|filter:pulled-string(length=-1)|interp:linear", "length must be in"),
            ("coalesced|interp:linear|predict:least-squares(window=2)", "window must be in"),
            ("coalesced|interp:linear|predict:ink-kalman", "must be the last filter"),
        ]
        for (label, needle) in cases {
            for command in [["run", "--trace", trace, "--pipeline", label, "--out", dir + "/run"],
                            ["replay", "--trace", trace, "--pipeline", label, "--out", dir + "/replay.json"]] {
                let result = try runStrokeLab(command)
                XCTAssertNotEqual(result.status, 0, label)
                let message = result.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
                XCTAssertFalse(message.contains("\n"), "one line: \(message)")
                XCTAssertTrue(message.contains(label), message)
                XCTAssertTrue(message.contains(needle), message)
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/replay.json"), "nothing written")
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/run/results.csv"), "nothing written")
        }
    }
}
