import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// The evidence behind a verdict is counted in one place, the same for the answer and the tune
/// fronts (each counted it on its own before, the fronts by distinct stroke id).
final class GroupEvidenceTests: XCTestCase {
    /// A stroke id found twice in one trace (the native reader refuses it; a trace built in code
    /// can hold it) is two strokes, as it is two rows of `coverage.drawn`.
    func testARepeatedStrokeIdIsTwoStrokes() {
        var trace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "r", shapes: [.cursive, .line, .spiral], seed: 4))
        trace.strokes[2].id = trace.strokes[1].id
        let evidence = GroupEvidence(traces: [LoadedTrace(dataset: "d", path: "-", name: "r", trace: trace)])
        XCTAssertEqual(evidence.counts(dataset: "d", kind: trace.strokes[0].kind), GroupEvidence.Counts(strokes: 3, traces: 1))
        XCTAssertNil(evidence.counts(dataset: "other", kind: trace.strokes[0].kind))
    }

    func testTheAnswerAndTheFrontsCountTheSameStrokesAndTraces() async throws {
        let trace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "r", shapes: [.cursive, .line, .spiral], seed: 4))
        let dir = try makeTemporaryDirectory("evidence")
        try NativeTraceWriter.write(trace, to: dir + "/r.json")
        var second = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "s", shapes: [.line], seed: 5))
        second.metadata = trace.metadata
        try NativeTraceWriter.write(second, to: dir + "/s.json")
        try #"{"datasets": [{"name": "d", "paths": ["r.json", "s.json"]}], "bootstrap": 50, "pipelines": ["linear", "coalesced-only(tail=complete)"]}"#
            .write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let spec = try ExperimentSpec.load(path: dir + "/spec.json")
        let report = try await Experiment.run(spec, specPath: dir + "/spec.json", baseDirectory: dir, outputDirectory: dir + "/out")
        let kind = trace.strokes[0].kind
        XCTAssertTrue(trace.strokes.allSatisfy { $0.kind == kind } && second.strokes.allSatisfy { $0.kind == kind })

        let counts = try XCTUnwrap(GroupEvidence(traces: report.traces).counts(dataset: "d", kind: kind))
        XCTAssertEqual(counts, GroupEvidence.Counts(strokes: 4, traces: 2))
        let plan = try TunePlan(spec)
        let answer = try XCTUnwrap(Answer(report: report, plan: plan).groups.first { $0.dataset == "d" && $0.kind == kind.rawValue })
        XCTAssertEqual(answer.evidence.strokes, 4)
        XCTAssertEqual(answer.evidence.traces, 2)
        let points = TuneAnalysis.points(report: report, plan: plan).filter { $0.dataset == "d" && $0.kind == kind.rawValue }
        XCTAssertFalse(points.isEmpty)
        for p in points {
            XCTAssertEqual(p.groupStrokes, 4, p.pipeline)
            XCTAssertEqual(p.groupTraces, 2, p.pipeline)
        }
        let drawnRows = report.rows.filter { $0.metric == "coverage.drawn" && $0.pipeline == "coalesced-only(tail=complete)" }
        XCTAssertEqual(drawnRows.count, 4, "one coverage row per stroke, repeated id or not")
    }
}
