import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeTestSupport
import XCTest

@testable import StrokeLab

final class ExperimentTests: XCTestCase {
    /// Known answer: `linear` through N main samples per revolution of a circle of radius r
    /// strays from the circle by the chord sagitta r(1 − cos(π/N)).
    func testLinearFidelityMaxIsTheChordSagitta() async throws {
        // circle-fast at 60 Hz: N = 30; at 120 Hz: N = 60; circle-slow at 60 Hz: N = 120.
        let cases: [(refresh: Double, shape: SyntheticShape, n: Double)] = [
            (60, .circleFast, 30), (120, .circleFast, 60), (60, .circleSlow, 120),
        ]
        for c in cases {
            let spec = SyntheticTraceSpec(name: "c", shapes: [c.shape], refreshRateHz: c.refresh)
            let trace = LoadedTrace(dataset: "d", path: "-", name: "c", trace: SyntheticTraceGenerator.generate(spec))
            let pipelines = try PipelineSet.resolve([.init(label: "linear")])
            let outcome = await ExperimentRunner.run(traces: [trace], pipelines: pipelines, options: MetricOptions())
            let max = try XCTUnwrap(outcome.rows.first { $0.metric == "fidelity.max" }).value
            let sagitta = 100 * (1 - cos(Double.pi / c.n))
            XCTAssertEqual(max, sagitta, accuracy: 0.01 * sagitta, "N = \(c.n)")
        }
    }

    func testResultsAreDeterministicAndOrdered() async throws {
        let trace = LoadedTrace(dataset: "d", path: "-", name: "t",
                                trace: SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "t", positionNoise: 0.2)))
        let pipelines = try PipelineSet.resolve(PipelineSet.seedPresets.map { .init(label: $0) })
        let a = await ExperimentRunner.run(traces: [trace], pipelines: pipelines, options: MetricOptions(), concurrency: 2)
        let b = await ExperimentRunner.run(traces: [trace], pipelines: pipelines, options: MetricOptions(), concurrency: 1)
        XCTAssertEqual(a.rows, b.rows)
        // Stroke-major, then pipeline order.
        let order = a.rows.map { "\($0.stroke)/\($0.pipeline)" }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        XCTAssertEqual(order.prefix(4), ["circle-slow/linear", "circle-slow/bezier4", "circle-slow/midpoint-bezier", "circle-slow/coalesced-only"])
    }

    func testSweepsExpandTheGridInSortedKeyOrder() throws {
        let sweep = ExperimentSpec.Sweep(label: "bezier4", grid: ["interp.tail": [.word("published"), .word("complete")]],
                                         name: "b4 {interp.tail}")
        let p = try PipelineSet.resolve([], sweeps: [sweep])
        XCTAssertEqual(p.map(\.name), ["b4 published", "b4 complete"])
        XCTAssertEqual(p[1].description.canonical, "main|interp:bezier4(tail=complete)")
        XCTAssertThrowsError(try PipelineSet.resolve([], sweeps: [.init(label: "bezier4", grid: ["interp.width": [.number(1)]])])) {
            XCTAssertTrue("\($0)".contains("has no parameter 'width'"))
        }
        XCTAssertThrowsError(try PipelineSet.resolve([.init(label: "linear"), .init(label: "linear")])) {
            XCTAssertTrue("\($0)".contains("two pipelines are named 'linear'"))
        }
    }

    func testSpecReadsYAMLAndJSON() throws {
        let dir = try makeTemporaryDirectory("spec")
        let yaml = """
            name: demo
            seed: 7
            datasets:
              - {name: syn, paths: [a/*.json], optional: true}
            pipelines:
              - linear
              - {label: "bezier4(tail=complete)", name: "b4 complete"}
            metrics: {resampleStep: 0.25}
            """
        try yaml.write(toFile: dir + "/s.yaml", atomically: true, encoding: .utf8)
        let spec = try ExperimentSpec.load(path: dir + "/s.yaml")
        XCTAssertEqual(spec.seed, 7)
        XCTAssertEqual(spec.pipelines?.map(\.label), ["linear", "bezier4(tail=complete)"])
        XCTAssertEqual(spec.pipelines?[1].name, "b4 complete")
        XCTAssertEqual(spec.metricOptions.resampleStep, 0.25)
        XCTAssertEqual(spec.metricOptions.displayLatencyFrames, 2)
        let json = #"{"datasets": [{"paths": ["x.json"]}], "pipelines": ["midpoint-bezier"]}"#
        try json.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        XCTAssertEqual(try ExperimentSpec.load(path: dir + "/s.json").pipelines?.first?.label, "midpoint-bezier")
        // A misspelled key is an error with a hint, not a silently ignored setting.
        try "datasets: [{paths: [x.json]}]\nmetrics: {resampelStep: 0.1}".write(toFile: dir + "/typo.yaml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ExperimentSpec.load(path: dir + "/typo.yaml")) {
            XCTAssertTrue("\($0)".contains("unknown key 'resampelStep' in metrics (did you mean 'resampleStep'?)"), "\($0)")
        }
        try "datasets: [{paths: [x.json]}]\npipelnes: [bezier4]".write(toFile: dir + "/typo2.yaml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ExperimentSpec.load(path: dir + "/typo2.yaml")) {
            XCTAssertTrue("\($0)".contains("unknown key 'pipelnes' at the top level (did you mean 'pipelines'?)"), "\($0)")
        }
        try "datasets: 3".write(toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ExperimentSpec.load(path: dir + "/bad.yaml")) {
            XCTAssertTrue("\($0)".hasPrefix(dir + "/bad.yaml: datasets"), "\($0)")
        }
    }
}

final class DatasetLoaderTests: XCTestCase {
    func testTraceNamesAreUniqueWithinADataset() {
        let names = DatasetLoader.uniqueNames(for: [
            "/d/ID0001/task-1.csv", "/d/ID0002/task-1.csv", "/d/ID0002/other.csv", "/x/a/same.json", "/y/a/same.json",
        ])
        XCTAssertEqual(names, ["ID0001/task-1", "ID0002/task-1", "other", "x/a/same", "y/a/same"])
        XCTAssertEqual(DatasetLoader.uniqueNames(for: ["/a/t.json"]), ["t"])
    }

    func testDatasetNamesComeFromTheFolder() {
        XCTAssertEqual(DatasetLoader.defaultName(for: "Datasets/synthetic"), "synthetic")
        XCTAssertEqual(DatasetLoader.defaultName(for: "../shared/datasets/wacom-speed/*/*.csv"), "wacom-speed")
        XCTAssertEqual(DatasetLoader.defaultName(for: "/tmp/foo/bar.json"), "foo")
    }

    /// The summaries are computed on every core, group by group; they must equal the serial
    /// tables exactly (order and every value), including groups whose first row comes late,
    /// NaN values and a pipeline missing a stroke, by trace and by stroke.
    func testTheParallelSummariesEqualTheSerialOnes() {
        var rows: [ResultRow] = []
        var rng = SeededGenerator(seed: 9)
        for d in ["a", "b"] {
            for stroke in 0..<30 {
                for p in ["linear", "bezier4", "midpoint"] {
                    for m in ["fidelity.mean", "lag.mean_ms", "jaggedness.kinks"] where !(stroke == 0 && m == "lag.mean_ms" && p == "linear") {
                        rows.append(ResultRow(dataset: d, trace: "t\(stroke % 4)", stroke: "s\(stroke)", pipeline: p, metric: m,
                                              value: stroke == 3 && m == "jaggedness.kinks" ? .nan : rng.nextUnit() * 10, unit: "u"))
                    }
                }
            }
        }
        for unit in BootstrapUnit.allCases {
            let settings = StatisticsSettings(seed: 42, resamples: 300, unit: unit, baseline: "bezier4")
            let serial = ResultStatistics.summary(rows, settings: settings, parallel: false)
            XCTAssertEqual(serial.count, 2 * 3 * 3)
            XCTAssertEqual(SummaryTable(rows: ResultStatistics.summary(rows, settings: settings)).csvText, SummaryTable(rows: serial).csvText)
            let pipelines = ["linear", "bezier4", "midpoint"]
            let pairedSerial = ResultStatistics.paired(rows, pipelines: pipelines, settings: settings, parallel: false)
            XCTAssertFalse(pairedSerial.isEmpty)
            XCTAssertEqual(PairedSummaryTable(rows: ResultStatistics.paired(rows, pipelines: pipelines, settings: settings)).csvText,
                           PairedSummaryTable(rows: pairedSerial).csvText)
        }
    }
}
