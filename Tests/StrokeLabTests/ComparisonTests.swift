import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// Fair comparisons (issue 9): statistics by trace, paired differences on common strokes, the
/// time model's known answer, and what run.json records.
final class ComparisonTests: XCTestCase {
    private func row(_ trace: String, _ stroke: String, _ pipeline: String, _ metric: String, _ value: Double) -> ResultRow {
        ResultRow(dataset: "d", trace: trace, stroke: stroke, pipeline: pipeline, metric: metric, value: value, unit: "pt")
    }

    func testSummaryResamplesTracesAndGivesNoIntervalForOneTrace() {
        let one = [1.0, 2, 3].map { row("t", "s\($0)", "p", "m", $0) }
        let s = ResultStatistics.summary(one, settings: StatisticsSettings())
        XCTAssertEqual(s.count, 1)
        XCTAssertEqual(s[0].n, 3)
        XCTAssertEqual(s[0].mean, 2)
        XCTAssertEqual(s[0].median, 2)
        XCTAssertTrue(s[0].ciLow.isNaN && s[0].ciHigh.isNaN, "one trace: no interval")
        let byStroke = ResultStatistics.summary(one, settings: StatisticsSettings(unit: .stroke))
        XCTAssertLessThan(byStroke[0].ciLow, 2)
        let single = ResultStatistics.summary([row("t", "s", "q", "m", 5)], settings: StatisticsSettings(unit: .stroke))
        XCTAssertTrue(single[0].ciLow.isNaN, "n = 1: no interval")
        XCTAssertTrue(SummaryTable(rows: single).csvText.contains("d,q,m,pt,1,5,5,5,5,5,,"), SummaryTable(rows: single).csvText)
        // Two traces: an interval, the same for the same seed.
        let two = one + [4.0, 5, 6].map { row("u", "s\($0)", "p", "m", $0) }
        let a = ResultStatistics.summary(two, settings: StatisticsSettings(seed: 3))
        XCTAssertEqual(a, ResultStatistics.summary(two, settings: StatisticsSettings(seed: 3)))
        XCTAssertLessThan(a[0].ciLow, 3.5)
        XCTAssertGreaterThan(a[0].ciHigh, 3.5)
    }

    func testPairedRowsCompareOnlyTheStrokesEveryPipelineMeasured() {
        // b has no value on stroke s3: every pipeline is compared on s1, s2 and s4 only (with a
        // coverage floor of 0.5, b's 3 of 4 strokes count as covering; at the default 0.99 it
        // would be compared on its own strokes and leave a and c their four).
        var rows: [ResultRow] = []
        for (i, trace) in ["t1", "t1", "t2", "t2"].enumerated() {
            let s = "s\(i + 1)"
            rows.append(row(trace, s, "a", "m", Double(i)))
            if i != 2 { rows.append(row(trace, s, "b", "m", Double(i) + 1)) }
            rows.append(row(trace, s, "c", "m", Double(i) * 2))
        }
        let paired = ResultStatistics.paired(rows, pipelines: ["a", "b", "c"],
                                             settings: StatisticsSettings(baseline: "b", rules: VerdictRules(minCoverage: 0.5)))
        XCTAssertEqual(paired.map { "\($0.pipeline)-\($0.baseline)" }, ["b-b", "a-b", "c-b", "c-a"])
        for r in paired { XCTAssertEqual(r.n, 3); XCTAssertEqual(r.traces, 2) }
        let self_ = paired[0]
        XCTAssertEqual(self_.difference, 0)
        XCTAssertEqual(self_.differenceLow, 0)
        XCTAssertEqual(self_.differenceHigh, 0)
        let ab = paired[1]
        XCTAssertEqual(ab.mean, (0 + 1 + 3) / 3.0)
        XCTAssertEqual(ab.baselineMean, (1 + 2 + 4) / 3.0)
        XCTAssertEqual(ab.difference, -1, accuracy: 1e-12)
        XCTAssertEqual(ab.differenceLow, -1, accuracy: 1e-12)
        XCTAssertTrue(ab.differenceExcludesZero)
    }

    func testAPipelineThatMeasuredFewStrokesDoesNotShrinkEveryOtherComparison() {
        // d measured 1 stroke of 6 (below the coverage floor of the others' 6): a and b are still
        // compared on all 6; d is compared on its one stroke.
        var rows: [ResultRow] = []
        for i in 0..<6 {
            let trace = "t\(i / 2)", s = "s\(i)"
            rows.append(row(trace, s, "a", "m", Double(i)))
            rows.append(row(trace, s, "b", "m", Double(i) + 2))
            if i == 4 { rows.append(row(trace, s, "d", "m", 10)) }
        }
        let paired = ResultStatistics.paired(rows, pipelines: ["a", "b", "d"], settings: StatisticsSettings())
        let ba = paired.first { $0.pipeline == "b" && $0.baseline == "a" }!
        XCTAssertEqual(ba.n, 6)
        XCTAssertEqual(ba.traces, 3)
        XCTAssertEqual(ba.difference, 2, accuracy: 1e-12)
        let da = paired.first { $0.pipeline == "d" && $0.baseline == "a" }!
        XCTAssertEqual(da.n, 1)
        XCTAssertEqual(da.mean, 10)
        XCTAssertEqual(da.baselineMean, 4)
        let db = paired.first { $0.pipeline == "d" && $0.baseline == "b" }!
        XCTAssertEqual(db.difference, 4, accuracy: 1e-12)
        // d at half the coverage of the others: below the default floor (minCoverage 0.99) it
        // still leaves their set alone (two strokes); with a floor of 0.5 it counts as covering
        // and narrows it to its one stroke.
        let half = rows.filter { $0.pipeline != "a" || ["s4", "s5"].contains($0.stroke) }
            .filter { $0.pipeline != "b" || ["s4", "s5"].contains($0.stroke) }
        let pairedHalf = ResultStatistics.paired(half, pipelines: ["a", "b", "d"], settings: StatisticsSettings())
        XCTAssertEqual(pairedHalf.first { $0.pipeline == "b" && $0.baseline == "a" }!.n, 2)
        let lowFloor = ResultStatistics.paired(half, pipelines: ["a", "b", "d"],
                                               settings: StatisticsSettings(rules: VerdictRules(minCoverage: 0.5)))
        XCTAssertEqual(lowFloor.first { $0.pipeline == "b" && $0.baseline == "a" }!.n, 1)
    }

    func testOnTheSyntheticSetCoalescedOnlyIsMoreFaithfulThanLinearAsTheSagittaSays() async throws {
        // Closed form: a polygon through N points a turn strays r(1 − cos(π/N)); coalesced-only
        // draws through four times as many points as linear at 240 Hz on 60 Hz, so its
        // fidelity.max is lower on every stroke: the paired difference is negative, its
        // interval below 0.
        let (traces, _) = try DatasetLoader.load([.init(name: "synthetic", paths: [TestPaths.packageRoot + "/Datasets/synthetic"])],
                                                 relativeTo: "/")
        let pipelines = try PipelineSet.resolve([.init(label: "linear"), .init(label: "coalesced-only")])
        let outcome = await ExperimentRunner.run(traces: traces, pipelines: pipelines, options: MetricOptions())
        let paired = ResultStatistics.paired(outcome.rows, pipelines: ["linear", "coalesced-only"], settings: StatisticsSettings())
        let max = try XCTUnwrap(paired.first { $0.metric == "fidelity.max" && $0.pipeline == "coalesced-only" })
        print("synthetic, fidelity.max, coalesced-only − linear: \(max.difference) [\(max.differenceLow), \(max.differenceHigh)] over \(max.n) strokes of \(max.traces) traces")
        XCTAssertLessThan(max.difference, 0)
        XCTAssertLessThan(max.differenceHigh, 0)
        XCTAssertGreaterThanOrEqual(max.traces, 5)
        let same = try XCTUnwrap(paired.first { $0.metric == "fidelity.max" && $0.pipeline == "linear" && $0.baseline == "linear" })
        XCTAssertEqual(same.difference, 0)
        XCTAssertEqual(same.differenceHigh - same.differenceLow, 0)
    }

    func testTheDefaultExperimentReproducesWWDC2015sLatencyAtSixtyHertz() async throws {
        // The default experiment's pipelines on its 60 Hz finger trace: 2.5 ± 0.1 frames
        // without prediction, 1.5 ± 0.1 with a one-frame linear prediction. Only the three
        // pipelines checked are run, as the default experiment defines them.
        let spec = try ExperimentSpec.load(path: TestPaths.packageRoot + "/Experiments/default.yaml")
        let checked = ["linear", "midpoint-bezier (complete)", "midpoint + linear 16.7 ms"]
        let entries = (spec.pipelines ?? []).filter { checked.contains($0.name ?? $0.label) }
        XCTAssertEqual(entries.count, checked.count, "the default experiment still has these pipelines")
        let pipelines = try PipelineSet.resolve(entries)
        let path = TestPaths.packageRoot + "/Datasets/synthetic/finger-60hz-60fps.json"
        let (traces, _) = try DatasetLoader.load([.init(name: "synthetic", paths: [path])], relativeTo: "/")
        let outcome = await ExperimentRunner.run(traces: traces, pipelines: pipelines, options: spec.metricOptions)
        func frames(_ name: String) -> Double {
            let v = outcome.rows.filter { $0.pipeline == name && $0.metric == "lag.mean_ms" }.map(\.value)
            return v.reduce(0, +) / Double(v.count) * 60 / 1000
        }
        print("finger-60hz-60fps: linear \(frames("linear")) frames, midpoint + linear 16.7 ms \(frames("midpoint + linear 16.7 ms")) frames")
        XCTAssertEqual(frames("linear"), 2.5, accuracy: 0.1)
        XCTAssertEqual(frames("midpoint-bezier (complete)"), 2.5, accuracy: 0.1)
        XCTAssertEqual(frames("midpoint + linear 16.7 ms"), 1.5, accuracy: 0.1)
    }

    func testRunRecordsEveryMetricOptionTheHoldOutAndThePairedTable() async throws {
        let dir = try makeTemporaryDirectory("paired")
        // A recorded-looking trace: flat samples, no reference, 240 Hz.
        let samples = (0..<240).map { i -> [Double] in
            let t = 1 + Double(i) / 240
            return [t, 200 + 80 * cos(2 * .pi * t), 200 + 80 * sin(2 * .pi * t)]
        }
        let json = #"{"format":"strokelab.trace","version":1,"metadata":{"source":"recorded","sampleRateHz":240},"channels":["t","x","y"],"strokes":[{"id":"a","samples":"#
            + "[" + samples.map { "[\($0[0]),\($0[1]),\($0[2])]" }.joined(separator: ",") + "]}]}"
        try json.write(toFile: dir + "/rec.json", atomically: true, encoding: .utf8)
        let spec = ExperimentSpec(datasets: [.init(name: "rec", paths: [dir + "/rec.json"])],
                                  pipelines: [.init(label: "linear"), .init(label: "coalesced-only"), .init(label: "midpoint-bezier")])
        let report = try await Experiment.run(spec, specPath: nil, baseDirectory: "/", outputDirectory: dir + "/out")
        let manifest = try String(contentsOfFile: dir + "/out/run.json", encoding: .utf8)
        for key in MetricOptions().recorded.map(\.key) { XCTAssertTrue(manifest.contains("\"\(key)\": "), key) }
        XCTAssertTrue(manifest.contains("\"sideEffects.latenessMm\": 1"), "side-effect thresholds are recorded one by one")
        XCTAssertTrue(manifest.contains("\"device\": {\"latencyMs\": 65, \"refreshHz\": 60}"), "the device is recorded")
        let held = (1..<239).filter { $0 % 4 == 0 }.count
        XCTAssertTrue(manifest.contains("\"holdOut\": {\"stride\": 4, \"datasets\": {\"rec\": {\"strokes\": 1, \"samplesFed\": \(240 - held), \"samplesHeldOut\": \(held)}}}"), manifest)
        XCTAssertTrue(manifest.contains("\"bootstrapBy\": \"trace\""), manifest)
        XCTAssertEqual(report.references["rec × linear"], ["hold-out(k=4)"])
        XCTAssertEqual(report.references["rec × coalesced-only"], ["hold-out(k=4)"])
        let paired = try PairedSummaryTable(path: dir + "/out/summary_paired.csv")
        XCTAssertEqual(paired.csvText, PairedSummaryTable(rows: report.paired).csvText)
        XCTAssertTrue(paired.rows.contains { $0.metric == "lag.mean_ms" && $0.pipeline == "coalesced-only" && $0.baseline == "linear" })
        // A baseline that is not a pipeline is refused.
        var bad = spec
        bad.baseline = "nope"
        do {
            _ = try await Experiment.run(bad, specPath: nil, baseDirectory: "/", outputDirectory: dir + "/bad")
            XCTFail("an unknown baseline must be refused")
        } catch {
            XCTAssertTrue(error.description.contains("baseline 'nope' is not one of the pipelines"), error.description)
        }
    }

    func testTheSummaryTablePrintsNoRawDoubles() {
        XCTAssertEqual(SummaryText.format(3.636009639021553e-15), "3.64e-15")
        XCTAssertEqual(SummaryText.format(0.1316), "0.1316")
        XCTAssertEqual(SummaryText.format(12345678), "1.23e+07")
        XCTAssertEqual(SummaryText.format(-2.503), "-2.503")
    }
}
