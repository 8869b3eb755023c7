import Foundation
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// `strokelab tune` end to end (issue 15): the prediction-horizon sweep on a synthetic line,
/// determinism, sharding and errors.
final class TuneTests: XCTestCase {
    /// A noisy synthetic line (so overshoot grows gradually with the horizon) and a spec that
    /// sweeps `predict:linear(horizon)` with `midpoint-bezier` (no prediction) beside it,
    /// objectives lag (lower) and overshoot rate (lower).
    private func lineSweep(_ tag: String) throws -> String {
        let dir = try makeTemporaryDirectory(tag)
        let synth = try runStrokeLab(["synth", "--name", "line", "--shape", "line", "--noise", "0.3", "--jitter-ms", "1",
                                      "--seed", "4", "--out", dir + "/line.json"])
        XCTAssertEqual(synth.status, 0, synth.stderr)
        try """
        seed: 3
        bootstrap: 50
        # One synthetic stroke whose answer is known: a verdict on it is allowed.
        minStrokes: 1
        minTraces: 1
        datasets: [{name: line, paths: [line.json]}]
        pipelines: [midpoint-bezier]
        sweeps:
          - label: "midpoint-bezier(tail=complete)|predict:linear"
            grid: {predict.horizon: [0, 8, 16, 24, 28, 32, 36, 40, 48, 64]}
            name: "h={predict.horizon}"
        tune:
          objectives: [{metric: lag.mean_ms, direction: min}, lag.overshoot_rate]
          preference: {limits: {lag.overshoot_rate: 0.1}, then: lag.mean_ms}
        """.write(toFile: dir + "/tune.yaml", atomically: true, encoding: .utf8)
        return dir
    }

    private struct Point { var pipeline: String; var front: Bool; var rank: Int?; var lag: Double; var overshoot: Double }

    private func points(_ file: String) throws -> [Point] {
        let table = try CSVTable(parsing: String(contentsOfFile: file, encoding: .utf8), file: file)
        let c = Dictionary(uniqueKeysWithValues: table.header.enumerated().map { ($1, $0) })
        var out: [String: Point] = [:]
        var order: [String] = []
        for (_, f) in table.rows {
            let name = f[c["pipeline"]!]
            if out[name] == nil {
                order.append(name)
                out[name] = Point(pipeline: name, front: (c["front"].map { f[$0] } ?? "1") == "1", rank: Int(f[c["rank"]!]), lag: .nan, overshoot: .nan)
            }
            let v = Double(f[c["mean"]!]) ?? .nan
            if f[c["objective"]!] == "lag.mean_ms" { out[name]!.lag = v } else { out[name]!.overshoot = v }
        }
        return order.map { out[$0]! }
    }

    private func horizon(_ name: String) -> Double? { name.hasPrefix("h=") ? Double(name.dropFirst(2)) : nil }

    /// The time model: a linear predictor on a line buys lag down one ms per ms of horizon
    /// and, once it reaches past the display latency, runs ahead (overshoots) more often.
    /// Along the front, ordered by horizon, lag falls and overshoot rises.
    func testHorizonSweepOnALineHasAFrontOrderedByHorizonWithLagFallingAndOvershootRising() throws {
        let dir = try lineSweep("tune-line")
        let r = try runStrokeLab(["tune", "--spec", dir + "/tune.yaml", "--out", dir + "/out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let front = try points(dir + "/out/pareto.csv")
        XCTAssertGreaterThanOrEqual(front.count, 4, "a trade-off, not a single winner: \(front.map(\.pipeline))")
        XCTAssertEqual(front.map(\.rank), Array(1...front.count).map(Optional.some), "ranks 1…n in file order")
        let byHorizon = front.sorted { horizon($0.pipeline)! < horizon($1.pipeline)! }
        XCTAssertEqual(front.map(\.pipeline), byHorizon.reversed().map(\.pipeline),
                       "rank 1 has the least lag, which is the longest horizon")
        for (a, b) in zip(byHorizon, byHorizon.dropFirst()) {
            XCTAssertLessThan(b.lag, a.lag, "lag falls from \(a.pipeline) to \(b.pipeline)")
            XCTAssertGreaterThan(b.overshoot, a.overshoot, "overshoot rises from \(a.pipeline) to \(b.pipeline)")
        }
        // The preference: overshoot ≤ 0.1, then least lag: the longest horizon that does not overshoot.
        let rec = try String(contentsOfFile: dir + "/out/recommendations.csv", encoding: .utf8)
        let chosen = byHorizon.filter { $0.overshoot <= 0.1 }.min { $0.lag < $1.lag }!
        XCTAssertTrue(rec.contains("\n" + "line,stylus,\(chosen.pipeline),main|interp:midpoint-bezier(tail=complete)|predict:linear(horizon="),
                      rec)
    }

    /// Every setting off the front is dominated by one on it, and none on it is dominated;
    /// `midpoint-bezier` (no prediction: more lag, no less overshoot than h=0) never is on it.
    func testADominatedSettingIsNeverOnTheFront() throws {
        let dir = try lineSweep("tune-dominated")
        let r = try runStrokeLab(["tune", "--spec", dir + "/tune.yaml", "--out", dir + "/out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let all = try points(dir + "/out/tune_points.csv")
        XCTAssertEqual(all.count, 11)
        func dominates(_ a: Point, _ b: Point) -> Bool {
            a.lag <= b.lag && a.overshoot <= b.overshoot && (a.lag < b.lag || a.overshoot < b.overshoot)
        }
        for p in all {
            let dominated = all.contains { dominates($0, p) }
            XCTAssertEqual(p.front, !dominated, "\(p.pipeline): lag \(p.lag), overshoot \(p.overshoot)")
        }
        let seed = try XCTUnwrap(all.first { $0.pipeline == "midpoint-bezier" })
        XCTAssertFalse(seed.front)
        XCTAssertTrue(all.contains { dominates($0, seed) })
    }

    /// The same spec and seed give the same bytes, and shards merged give the same bytes too.
    func testTuneIsByteIdenticalAcrossRunsAndWhenShardedAndMerged() throws {
        let dir = try lineSweep("tune-bytes")
        for out in ["a", "b"] {
            let r = try runStrokeLab(["tune", "--spec", dir + "/tune.yaml", "--out", dir + "/" + out, "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        for k in 1...2 {
            let r = try runStrokeLab(["tune", "--spec", dir + "/tune.yaml", "--shard", "\(k)/2", "--out", dir + "/s\(k)"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/s\(k)/pareto.csv"), "a shard computes no front")
        }
        let m = try runStrokeLab(["merge", dir + "/s1", dir + "/s2", "--out", dir + "/m", "--quiet"])
        XCTAssertEqual(m.status, 0, m.stderr)
        for file in ["pareto.csv", "tune_points.csv", "recommendations.csv", "tune.json", "results.csv", "summary.csv", "summary_paired.csv"] {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a/" + file))
            XCTAssertEqual(a, try Data(contentsOf: URL(fileURLWithPath: dir + "/b/" + file)), "\(file) differs between runs")
            XCTAssertEqual(a, try Data(contentsOf: URL(fileURLWithPath: dir + "/m/" + file)), "\(file) differs after merging shards")
        }
        XCTAssertEqual(try stableManifest(dir + "/a/run.json"), try stableManifest(dir + "/m/run.json"))
    }

    /// The shipped example: a front and a recommendation for the synthetic stylus and finger.
    func testExampleTuneSpecGivesAFrontAndARecommendationPerInputKind() throws {
        let dir = try makeTemporaryDirectory("tune-example")
        let r = try runStrokeLab(["tune", "--spec", "Experiments/tune.yaml", "--out", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rec = try String(contentsOfFile: dir + "/recommendations.csv", encoding: .utf8)
        XCTAssertTrue(rec.contains("\nsynthetic,stylus,"), rec)
        XCTAssertTrue(rec.contains("\nsynthetic,finger,"), rec)
        let plan = try String(contentsOfFile: dir + "/tune.json", encoding: .utf8)
        XCTAssertTrue(plan.contains("\"method\": \"latin-hypercube\""), plan)
        XCTAssertTrue(r.stdout.contains("label: "), r.stdout)
    }

    func testBadTuneSectionsAreOneLineErrorsNamingTheProblem() throws {
        let dir = try makeTemporaryDirectory("tune-errors")
        let cases: [(String, String)] = [
            ("tune: {objectives: [lag.mean_msec]}", "'lag.mean_msec' is not a metric id"),
            ("tune: {objectives: [path.length]}", "informational"),
            ("tune: {preference: {then: fidelity.max}}", "'fidelity.max' is not one of the objectives"),
            ("tune: {objectivs: [lag.mean_ms]}", "unknown key 'objectivs'"),
            ("tune: {searches: [{label: one-euro, ranges: {one-euro.gamma: {min: 0, max: 1}}}]}", "has no parameter 'gamma'"),
            ("tune: {searches: [{label: one-euro, ranges: {one-euro.beta: {min: 0, max: 1, scale: log}}}]}", "a log scale needs min > 0"),
            ("tune: {searches: [{label: one-euro, samples: 1e300, ranges: {one-euro.beta: {min: 0, max: 1}}}]}",
             "tune.searches[0].samples: expected a whole number"),
            ("tune: {searches: [{label: one-euro, samples: 2.5, ranges: {one-euro.beta: {min: 0, max: 1}}}]}",
             "samples: expected a whole number"),
        ]
        for (i, (section, expected)) in cases.enumerated() {
            let spec = dir + "/bad\(i).yaml"
            try "datasets: [{paths: [\(TestPaths.packageRoot)/Datasets/synthetic/finger-60hz-60fps.json]}]\npipelines: [linear]\n\(section)\n"
                .write(toFile: spec, atomically: true, encoding: .utf8)
            let r = try runStrokeLab(["tune", "--spec", spec, "--out", dir + "/out\(i)"])
            XCTAssertNotEqual(r.status, 0, section)
            XCTAssertTrue(r.stderr.contains(expected), "\(section): \(r.stderr)")
            XCTAssertEqual(r.stderr.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").count, 1, r.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out\(i)/results.csv"))
        }
    }
}

/// `run.json` without the members that differ between runs of the same spec (date, elapsed time).
func stableManifest(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.contains("\"date\"") && !$0.contains("\"elapsedSeconds\"") }.joined(separator: "\n")
}
