import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// `strokelab bench`'s bookkeeping: what is measured, which rows and files are written, and
/// that bad input writes nothing. Speed itself is never asserted here.
final class BenchmarkTests: XCTestCase {
    /// Settings that keep a debug-build test short: two timed runs of a few milliseconds.
    private let quick = Benchmark.Settings(runs: 2, warmupRuns: 1, minimumRunSeconds: 0.001)

    /// A small trace file (a circle, a line and a tap) written to `dir`.
    private func writeSmallTrace(in dir: String, name: String = "small") throws -> String {
        let spec = SyntheticTraceSpec(name: name, shapes: [.circleFast, .line, .tap], kind: .stylus, sampleRateHz: 240,
                                      refreshRateHz: 60, seed: 5)
        let path = dir + "/\(name).json"
        try NativeTraceWriter.write(SyntheticTraceGenerator.generate(spec), to: path)
        return path
    }

    func testThroughputRowsAreOnePerTimedRunAndMetricWithTraceAndStrokeAll() throws {
        let dir = try makeTemporaryDirectory("bench-rows")
        let trace = try writeSmallTrace(in: dir)
        let report = try Benchmark.run(datasets: Benchmark.datasets(forPaths: [trace]), pipelines: ["linear", "coalesced-only"],
                                       settings: quick, outputDirectory: dir + "/out")
        XCTAssertEqual(report.throughput.map(\.pipeline), ["linear", "coalesced-only"])
        XCTAssertEqual(report.rows.count, 2 * 2 * 4, "pipelines × runs × {samples_per_s, ns_per_sample, ns_per_event, live_ns_per_event}")
        for pipeline in ["linear", "coalesced-only"] {
            for (metric, unit) in [("throughput.samples_per_s", "samples/s"), ("throughput.ns_per_sample", "ns"),
                                   ("throughput.ns_per_event", "ns"), ("throughput.live_ns_per_event", "ns")] {
                let rows = report.rows.filter { $0.pipeline == pipeline && $0.metric == metric }
                XCTAssertEqual(rows.count, 2, "\(pipeline) \(metric)")
                for r in rows {
                    XCTAssertEqual(r.dataset, DatasetLoader.defaultName(for: trace))
                    XCTAssertEqual(r.trace, "all")
                    XCTAssertEqual(r.stroke, "all")
                    XCTAssertEqual(r.unit, unit)
                    XCTAssertGreaterThan(r.value, 0)
                }
            }
        }
        // samples/s and ns/sample of the same run describe the same timing.
        let rates = report.rows.filter { $0.pipeline == "linear" && $0.metric == "throughput.samples_per_s" }.map(\.value)
        let costs = report.rows.filter { $0.pipeline == "linear" && $0.metric == "throughput.ns_per_sample" }.map(\.value)
        for (rate, cost) in zip(rates, costs) { XCTAssertEqual(rate * cost, 1e9, accuracy: 1e-3) }
    }

    func testSamplesCountWhatTheInputViewFeeds() throws {
        let dir = try makeTemporaryDirectory("bench-samples")
        let path = try writeSmallTrace(in: dir)
        let trace = try NativeTraceReader.read(path: path)
        let mainSamples = trace.strokes.reduce(0) { $0 + $1.events.count }
        let allSamples = trace.strokes.reduce(0) { $0 + $1.sampleCount }
        XCTAssertLessThan(mainSamples, allSamples)
        let report = try Benchmark.run(datasets: Benchmark.datasets(forPaths: [path]), pipelines: ["linear", "coalesced-only"],
                                       settings: quick, outputDirectory: dir + "/out")
        let linear = try XCTUnwrap(report.throughput.first { $0.pipeline == "linear" }).result
        let coalesced = try XCTUnwrap(report.throughput.first { $0.pipeline == "coalesced-only" }).result
        XCTAssertEqual(linear.samplesPerRun, mainSamples * linear.passesPerRun)
        XCTAssertEqual(coalesced.samplesPerRun, allSamples * coalesced.passesPerRun)
    }

    func testFilesAreWrittenAndReadBack() throws {
        let dir = try makeTemporaryDirectory("bench-files")
        let trace = try writeSmallTrace(in: dir)
        var settings = quick
        settings.metricRuns = 2
        let report = try Benchmark.run(datasets: Benchmark.datasets(forPaths: [trace]), pipelines: ["midpoint-bezier"],
                                       settings: settings, outputDirectory: dir + "/out")
        XCTAssertEqual(try ResultsTable(path: dir + "/out/results.csv").rows, report.rows)
        let summary = try SummaryTable(path: dir + "/out/summary.csv")
        XCTAssertEqual(summary.rows, report.summary)
        XCTAssertEqual(summary.rows.map(\.metric), ["throughput.samples_per_s", "throughput.ns_per_sample",
                                                     "throughput.ns_per_event", "throughput.live_ns_per_event",
                                                     "throughput.metrics_s", "throughput.metrics_samples_per_s"])
        XCTAssertEqual(summary.rows.map(\.n), [2, 2, 2, 2, 2, 2])
        let json = try JSONParser.parse(AtomicFile.read(dir + "/out/bench.json"))
        XCTAssertEqual(json["tool"]?.string, "strokelab bench")
        XCTAssertEqual(json["build"]?.string, Benchmark.isDebugBuild ? "debug" : "release")
        XCTAssertNotNil(json["machine"]?["cores"]?.number)
        XCTAssertEqual(json["settings"]?["runs"]?.number, 2)
        XCTAssertEqual(json["throughput"]?.array?.count, 1)
        XCTAssertEqual(json["throughput"]?.array?.first?["passesPerRun"]?.number, Double(report.throughput[0].result.passesPerRun))
        XCTAssertEqual(json["metrics"]?["runs"]?.number, 2)
        XCTAssertEqual(json["metrics"]?["evaluations"]?.number, 3, "three strokes × one pipeline")
    }

    func testMetricTimingCoversEveryStrokeTimesPipelineAndCountsFedSamples() throws {
        let dir = try makeTemporaryDirectory("bench-metrics")
        let path = try writeSmallTrace(in: dir)
        let (traces, _) = try DatasetLoader.load(Benchmark.datasets(forPaths: [path]), relativeTo: ".")
        let pipelines = try PipelineSet.resolve([.init(label: "linear"), .init(label: "coalesced-only")])
        let timing = Benchmark.timeMetrics(traces: traces, pipelines: pipelines, options: Benchmark.Settings().metricOptions, runs: 3)
        XCTAssertEqual(timing.cells.map(\.pipeline), ["linear", "coalesced-only"])
        XCTAssertEqual(timing.cells.map(\.strokes), [3, 3])
        XCTAssertEqual(timing.cells.map(\.seconds.count), [3, 3])
        XCTAssertEqual(timing.totalSeconds.count, 3)
        for run in 0..<3 {
            XCTAssertEqual(timing.totalSeconds[run], timing.cells.reduce(0) { $0 + $1.seconds[run] }, accuracy: 1e-12)
        }
        let trace = traces[0].trace
        XCTAssertEqual(timing.cells[0].samples, trace.strokes.reduce(0) { $0 + $1.events.count })
        XCTAssertEqual(timing.cells[1].samples, trace.strokes.reduce(0) { $0 + $1.sampleCount })
        XCTAssertEqual(timing.evaluations, 6)
        XCTAssertGreaterThan(timing.measurementCount, 0)
        let rows = Benchmark.rows(throughput: [], metrics: timing)
        XCTAssertEqual(rows.filter { $0.metric == "throughput.metrics_s" }.count, 6)
        XCTAssertEqual(rows.filter { $0.metric == "throughput.metrics_samples_per_s" }.count, 6)
    }

    func testEachTracePathIsItsOwnDatasetWithUniqueNames() {
        let datasets = Benchmark.datasets(forPaths: ["/a/synthetic/x.json", "/b/synthetic", "/c/synthetic/*.json", "/d/other/y.json"])
        XCTAssertEqual(datasets.map(\.name), ["synthetic", "synthetic-2", "synthetic-3", "other"])
        XCTAssertEqual(datasets.map(\.paths), [["/a/synthetic/x.json"], ["/b/synthetic"], ["/c/synthetic/*.json"], ["/d/other/y.json"]])
    }

    func testTheTableHasAHeaderAndALinePerPipeline() throws {
        let dir = try makeTemporaryDirectory("bench-table")
        let trace = try writeSmallTrace(in: dir)
        let report = try Benchmark.run(datasets: Benchmark.datasets(forPaths: [trace]), pipelines: ["linear", "bezier4"],
                                       settings: quick, outputDirectory: dir + "/out")
        let lines = Benchmark.throughputTable(report.throughput).split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        for column in ["pipeline", "median Msamples/s", "IQR", "min–max", "ns/sample", "spread"] {
            XCTAssertTrue(lines[0].contains(column), column)
        }
        XCTAssertTrue(lines[1].contains(" linear "))
        XCTAssertTrue(lines[2].contains(" bezier4 "))
    }

    func testAnUnknownPipelineThrowsAndWritesNothing() throws {
        let dir = try makeTemporaryDirectory("bench-unknown")
        let trace = try writeSmallTrace(in: dir)
        XCTAssertThrowsError(try Benchmark.run(datasets: Benchmark.datasets(forPaths: [trace]), pipelines: ["linear|interp:spline"],
                                               settings: quick, outputDirectory: dir + "/out")) { error in
            XCTAssertTrue("\(error)".contains("spline"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
    }

    func testAMalformedTraceThrowsNamingTheFileAndWritesNothing() throws {
        let dir = try makeTemporaryDirectory("bench-malformed")
        let good = try writeSmallTrace(in: dir)
        try "{\"format\": \"strokelab.trace\", \"version\": 1, \"strokes\": [{\"id\": \"s\", \"samples\": [[0, 1, NaN]]}]}"
            .write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Benchmark.run(datasets: Benchmark.datasets(forPaths: [good, dir + "/bad.json"]), pipelines: [],
                                               settings: quick, outputDirectory: dir + "/out")) { error in
            XCTAssertTrue("\(error)".contains(dir + "/bad.json"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/out"))
    }

    func testInvalidSettingsAreRejectedBeforeAnythingRuns() {
        for (settings, word) in [(Benchmark.Settings(runs: 0), "runs"), (Benchmark.Settings(warmupRuns: 0), "warm-up"),
                                 (Benchmark.Settings(minimumRunSeconds: -1), "minimum run"),
                                 (Benchmark.Settings(metricRuns: 0), "metric runs")] {
            XCTAssertTrue(settings.problems.first?.contains(word) ?? false, "\(settings.problems)")
            XCTAssertThrowsError(try Benchmark.run(datasets: [], pipelines: [], settings: settings, outputDirectory: "/tmp/strokelab-never"))
        }
        XCTAssertEqual(Benchmark.Settings().problems, [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/strokelab-never"))
    }

    func testFixedFormatting() {
        XCTAssertEqual(TextTable.fixed(52.349, 1), "52.3")
        XCTAssertEqual(TextTable.fixed(0.05, 1), "0.1")
        XCTAssertEqual(TextTable.fixed(-1.25, 2), "-1.25")
        XCTAssertEqual(TextTable.fixed(-0.001, 1), "0.0")
        XCTAssertEqual(TextTable.fixed(3, 0), "3")
        XCTAssertEqual(TextTable.fixed(.nan, 1), "—")
    }
}
