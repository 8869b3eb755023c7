import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// End-to-end: the built `strokelab` executable, as a user runs it.
final class CommandLineTests: XCTestCase {
    /// A trace the project has never seen (a custom synthetic configuration, written by a
    /// different generator path than the bundled set) runs through every seed preset.
    func testRunMeasuresAnUnseenTraceWithEverySeedPreset() throws {
        let dir = try makeTemporaryDirectory("run")
        let spec = SyntheticTraceSpec(name: "unseen", shapes: [.figureEight, .tap, .cursive], kind: .finger,
                                      sampleRateHz: 97, refreshRateHz: 75, timestampJitterMs: 1, positionNoise: 0.4,
                                      stallProbability: 0.2, force: .none, tilt: .none, seed: 99)
        var trace = SyntheticTraceGenerator.generate(spec)
        trace.strokes[1].reference = nil  // a stroke without ground truth falls back to its samples
        try NativeTraceWriter.write(trace, to: dir + "/unseen.json")
        let result = try runStrokeLab(["run", "--trace", dir + "/unseen.json", "--pipeline", "linear", "--pipeline", "bezier4",
                                       "--pipeline", "midpoint-bezier", "--pipeline", "coalesced-only", "--out", dir + "/out"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let csv = try String(contentsOfFile: dir + "/out/results.csv", encoding: .utf8)
        XCTAssertTrue(csv.hasPrefix("dataset,trace,stroke,pipeline,metric,value,unit\n"))
        for p in ["linear", "bezier4", "midpoint-bezier", "coalesced-only"] {
            for stroke in ["figure-eight", "cursive"] {
                for m in ["path.length", "path.elements", "fidelity.mean", "fidelity.max"] {
                    XCTAssertTrue(csv.contains(",unseen,\(stroke),\(p),\(m),"), "\(stroke) \(p) \(m)")
                }
            }
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/summary.csv"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/run.json"))
    }

    /// A trace written by hand, using the format's every option — channels in another order
    /// with a per-stroke override, explicit events with delivery times and predicted samples,
    /// flat samples, a cancelled stroke, a tap, repeated timestamps, huge coordinates, no
    /// references — runs through every seed preset.
    func testRunMeasuresAHandWrittenTraceUsingEveryFormatOption() throws {
        let dir = try makeTemporaryDirectory("handwritten")
        let trace = """
            {"format": "strokelab.trace", "version": 1,
             "metadata": {"source": "hand", "units": "px", "refreshRateHz": 120},
             "channels": ["y", "force", "t", "x"],
             "strokes": [
              {"id": "events", "events": [
                {"phase": "began", "samples": [[10, 0.5, 0.000, 10]]},
                {"phase": "moved", "time": 0.0100, "samples": [[11, 0.5, 0.004, 14], [12, 0.5, 0.008, 18]],
                 "predicted": [[13, 0.5, 0.012, 22]]},
                {"phase": "moved", "samples": [[13, 0.5, 0.012, 22], [13, 0.5, 0.012, 22], [15, 0.6, 0.016, 26]]},
                {"phase": "moved", "time": 0.03, "samples": [[18, 0.6, 0.02, 29], [22, 0.6, 0.024, 31]]},
                {"phase": "cancelled", "samples": [[27, 0.6, 0.03, 32]]}]},
              {"id": "flat", "channels": ["t", "x", "y"],
               "samples": [[1.0, 1e9, 1e9], [1.004, 1000000003, 1000000001], [1.008, 1000000006, 1000000003],
                           [1.008, 1000000006, 1000000003], [1.012, 1000000008, 1000000006], [1.016, 1000000009, 1000000010],
                           [1.020, 1000000009, 1000000014], [1.024, 1000000008, 1000000018], [1.5, 1000000006, 1000000022]]},
              {"id": "tap", "samples": [[7, 0.3, 2.0, 40]]}
             ]}
            """
        try trace.write(toFile: dir + "/hand.json", atomically: true, encoding: .utf8)
        var arguments = ["run", "--trace", dir + "/hand.json", "--out", dir + "/out"]
        for p in PipelineSet.seedPresets { arguments += ["--pipeline", p] }
        let result = try runStrokeLab(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let rows = try ResultsTable(path: dir + "/out/results.csv").rows
        for p in PipelineSet.seedPresets {
            for stroke in ["events", "flat", "tap"] {
                XCTAssertTrue(rows.contains { $0.stroke == stroke && $0.pipeline == p && $0.metric == "path.elements" }, "\(stroke) \(p)")
            }
        }
        // Lengths carry the trace's unit. (The flat stroke has too few main samples for the
        // Béziers to draw anything, so only the straight-segment pipelines have fidelity.)
        for p in ["linear", "coalesced-only"] {
            XCTAssertTrue(rows.contains { $0.stroke == "flat" && $0.pipeline == p && $0.metric == "fidelity.mean" && $0.unit == "px" }, p)
        }
    }

    func testAMalformedTraceFailsNamingTheFileAndWritesNothing() throws {
        let dir = try makeTemporaryDirectory("bad")
        try "{\"format\": \"strokelab.trace\", \"version\": 1, \"strokes\": [".write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["run", "--trace", dir + "/bad.json", "--out", dir + "/out"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains(dir + "/bad.json"), result.stderr)
        // Detection reports the syntax error at its place, not an unknown JSON format.
        XCTAssertTrue(result.stderr.contains(dir + "/bad.json:1:57: not valid JSON: the file ends where a value was expected (truncated?)"), result.stderr)
        XCTAssertFalse(result.stderr.contains("cannot tell which JSON format"), result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out/results.csv"))
    }

    func testAnUnknownPipelineFailsWithOneClearLine() throws {
        let result = try runStrokeLab(["run", "--pipeline", "linear|interp:spline", "--out", "/tmp/strokelab-never"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("unknown interp 'spline'"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/strokelab-never/results.csv"))
    }

    func testSynthWritesTheStandardSetByteIdentically() throws {
        let dir = try makeTemporaryDirectory("synth")
        let result = try runStrokeLab(["synth", "--out", dir])
        XCTAssertEqual(result.status, 0, result.stderr)
        for spec in SyntheticDataset.standard {
            XCTAssertEqual(FileManager.default.contents(atPath: dir + "/\(spec.name).json"),
                           FileManager.default.contents(atPath: TestPaths.packageRoot + "/Datasets/synthetic/\(spec.name).json"),
                           spec.name)
        }
    }

    func testListShowsEveryStageWithItsParameters() throws {
        let result = try runStrokeLab(["list"])
        XCTAssertEqual(result.status, 0)
        for id in ["interp:linear", "interp:bezier4", "interp:midpoint-bezier", "interp:coalesced-only", "tail=published|complete"] {
            XCTAssertTrue(result.stdout.contains(id), id)
        }
    }
}

/// Issue 3's acceptance: a run over Datasets/ with the seed presets and a Kalman variant
/// writes every metric id DESIGN.md lists.
final class MetricCoverageTests: XCTestCase {
    static let designMetricIDs: [String] = {
        var ids = ["fidelity.mean", "fidelity.max", "fidelity.hausdorff", "fidelity.frechet",
                   "jaggedness.bending_energy", "jaggedness.bending_energy_ratio", "jaggedness.curvature_variation",
                   "jaggedness.kinks", "jaggedness.sign_changes", "smoothness.sparc", "smoothness.ldlj",
                   "lag.mean_ms", "lag.p95_ms", "lag.max_ms", "lag.offpath_mean", "lag.overshoot_rate",
                   "throughput.samples_per_s"]
        for h in [8, 16, 25, 33, 50] {
            for m in ["error_mean", "error_p95", "along_mean", "cross_mean", "jitter", "wrong_direction_rate"] {
                ids.append("prediction.\(m)@\(h)ms")
            }
        }
        return ids
    }()

    func testRunWithAKalmanVariantWritesEveryDesignMetric() throws {
        let dir = try makeTemporaryDirectory("coverage")
        // One synthetic trace with a reference and real timing is enough for every metric id
        // (the whole synthetic set made this the suite's fourth-slowest test).
        var arguments = ["run", "--trace", TestPaths.packageRoot + "/Datasets/synthetic/stylus-240hz-realistic.json", "--out", dir,
                         "--quiet", "--throughput"]
        for p in ["linear", "bezier4", "midpoint-bezier", "coalesced-only", "midpoint-bezier|predict:kalman(horizon=16)"] {
            arguments += ["--pipeline", p]
        }
        let result = try runStrokeLab(arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let metrics = Set(try ResultsTable(path: dir + "/results.csv").rows.map(\.metric))
        for id in Self.designMetricIDs {
            XCTAssertTrue(metrics.contains(id), "missing \(id)")
        }
    }
}
