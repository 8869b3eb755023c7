import Foundation
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// `strokelab tune` with the perceived side effects as objectives and limits (issue 26 item 5):
/// the prediction-horizon sweep on a noisy synthetic line, ranked by lag and over-anticipation,
/// picks the longest horizon whose ink runs visibly ahead of the pen at most 10 % of the time.
final class PerceivedTuneTests: XCTestCase {
    func testSideEffectsAreObjectivesAndLimits() throws {
        let dir = try makeTemporaryDirectory("tune-perceived")
        let synth = try runStrokeLab(["synth", "--name", "line", "--shape", "line", "--noise", "0.3", "--jitter-ms", "1",
                                      "--seed", "4", "--out", dir + "/line.json"])
        XCTAssertEqual(synth.status, 0, synth.stderr)
        try """
        seed: 3
        bootstrap: 50
        minStrokes: 1
        minTraces: 1
        datasets: [{name: line, paths: [line.json]}]
        pipelines: [midpoint-bezier]
        sweeps:
          - label: "midpoint-bezier(tail=complete)|predict:linear"
            grid: {predict.horizon: [0, 16, 32, 40, 48, 64, 80]}
            name: "h={predict.horizon}"
        tune:
          objectives: [{metric: lag.mean_ms, direction: min}, perceived.over_anticipation_rate, perceived.jitter_rate]
          preference: {limits: {perceived.over_anticipation_rate: 0.1}, then: lag.mean_ms}
        """.write(toFile: dir + "/tune.yaml", atomically: true, encoding: .utf8)
        let r = try runStrokeLab(["tune", "--spec", dir + "/tune.yaml", "--out", dir + "/out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // Each setting's over-anticipation and lag, from tune_points.csv.
        let table = try CSVTable(parsing: String(contentsOfFile: dir + "/out/tune_points.csv", encoding: .utf8), file: "tune_points.csv")
        let c = Dictionary(uniqueKeysWithValues: table.header.enumerated().map { ($1, $0) })
        var over: [String: Double] = [:], lag: [String: Double] = [:]
        for (_, f) in table.rows {
            let v = Double(f[c["mean"]!]) ?? .nan
            switch f[c["objective"]!] {
            case "perceived.over_anticipation_rate": over[f[c["pipeline"]!]] = v
            case "lag.mean_ms": lag[f[c["pipeline"]!]] = v
            default: break
            }
        }
        print(over.sorted { $0.key < $1.key }.map { "\($0.key): over-anticipation \($0.value), lag \(lag[$0.key]!)" }.joined(separator: "\n"))
        XCTAssertEqual(over["h=0"], 0, "no prediction, never ahead")
        XCTAssertGreaterThan(over["h=80"]!, 0.5, "80 ms ahead on a 400 pt/s line: ink visibly ahead almost always")
        let allowed = over.filter { $0.value <= 0.1 }.map(\.key)
        let expected = try XCTUnwrap(allowed.min { lag[$0]! < lag[$1]! })
        let rec = try String(contentsOfFile: dir + "/out/recommendations.csv", encoding: .utf8)
        XCTAssertTrue(rec.contains("\nline,stylus,\(expected),"), "the least lag within the limit is \(expected):\n\(rec)")
    }
}
