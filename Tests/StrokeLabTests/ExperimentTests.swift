import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
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
        let dir = TestPaths.temporaryDirectory("spec")
        defer { try? FileManager.default.removeItem(atPath: dir) }
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
        try "datasets: 3".write(toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ExperimentSpec.load(path: dir + "/bad.yaml")) {
            XCTAssertTrue("\($0)".hasPrefix(dir + "/bad.yaml: datasets"), "\($0)")
        }
    }
}

final class SummaryTests: XCTestCase {
    func testQuantilesInterpolateLinearly() {
        XCTAssertEqual(ResultSummary.quantile(sorted: [1, 2, 3, 4], 0.5), 2.5)
        XCTAssertEqual(ResultSummary.quantile(sorted: [0, 10], 0.95), 9.5)
        XCTAssertEqual(ResultSummary.quantile(sorted: [7], 0.95), 7)
    }

    func testBootstrapIntervalIsSeededAndBracketsTheMean() {
        let values = (0..<50).map { Double($0 % 7) }
        let a = ResultSummary.bootstrapMeanInterval(values, resamples: 2000, seed: 3)
        XCTAssertEqual(a.0, ResultSummary.bootstrapMeanInterval(values, resamples: 2000, seed: 3).0)
        let mean = values.reduce(0, +) / 50
        XCTAssertLessThan(a.0, mean)
        XCTAssertGreaterThan(a.1, mean)
        // Standard error ≈ σ/√n = 2/√50 ≈ 0.28: the interval is about ±1.96·0.28.
        XCTAssertEqual(a.1 - a.0, 2 * 1.96 * 2 / 50.0.squareRoot(), accuracy: 0.15)
    }

    func testSummaryGroupsByDatasetPipelineMetric() {
        let rows = [1.0, 2, 3].map { ResultRow(dataset: "d", trace: "t", stroke: "s\($0)", pipeline: "p", metric: "m", value: $0, unit: "u") }
            + [ResultRow(dataset: "d", trace: "t", stroke: "s", pipeline: "q", metric: "m", value: 5, unit: "u")]
        let s = ResultSummary.summarize(rows, seed: 1, resamples: 100)
        XCTAssertEqual(s.count, 2)
        XCTAssertEqual(s[0].n, 3)
        XCTAssertEqual(s[0].mean, 2)
        XCTAssertEqual(s[0].median, 2)
        XCTAssertEqual(s[1].ciLow, 5)
    }

    func testCSVQuotesLabelsWithCommasAndParsesBack() throws {
        let row = ResultRow(dataset: "d", trace: "t", stroke: "a \"b\"", pipeline: "x(a=1,b=2)", metric: "m", value: 0.1, unit: "u")
        let text = ResultsTable.results([row])
        XCTAssertTrue(text.contains("\"x(a=1,b=2)\""))
        let parsed = try ResultsTable.parse(text)
        XCTAssertEqual(parsed[1], ["d", "t", "a \"b\"", "x(a=1,b=2)", "m", "0.1", "u"])
        XCTAssertThrowsError(try ResultsTable.parse("a,\"b\nc"))
    }
}
