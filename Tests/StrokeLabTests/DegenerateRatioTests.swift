import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// Issue 21 item 4's minimal case on a real stroke: HelpingHand's LinjieChinese1 stroke-126 has
/// 9 samples; held out at k = 4 its reference is 3 points (s0, s4, s8), a spline whose bending
/// is one turn. Ratios to it were 30 to 1081 — and means of ratios over real strokes were ruled
/// by such strokes. A ratio to a reference of fewer than
/// `StrokeEvaluation.minimumRatioReferencePoints` points is left out, and the note says why.
final class DegenerateRatioTests: XCTestCase {
    private func stroke126() throws -> (Stroke, TraceMetadata) {
        let dir = try SharedData.dataset("helpinghand")
        let trace = try XCTUnwrap(try TraceImport.load(path: dir + "/Handwrittings/LinjieChinese1.cyn").first)
        let stroke = try XCTUnwrap(trace.strokes.first { $0.id == "stroke-126" })
        XCTAssertEqual(stroke.distinctSampleCount, 9)
        return (stroke, trace.metadata)
    }

    private let labels = ["coalesced-only(tail=complete)|predict:recorded", "linear", "catmull-rom", "krita-weighted", "quad-midpoint"]

    func testARatioToAThreePointHoldOutReferenceIsLeftOut() throws {
        let (stroke, metadata) = try stroke126()
        for label in labels {
            let r = StrokeEvaluation.evaluate(stroke: stroke, pipeline: try PipelineDescription(parsing: label), metadata: metadata)
            XCTAssertNotNil(r.value("jaggedness.bending_energy"), label)
            XCTAssertNil(r.value("jaggedness.bending_energy_ratio"), "\(label): ratio \(r.value("jaggedness.bending_energy_ratio") ?? .nan)")
            XCTAssertNil(r.value("jaggedness.curvature_variation_ratio"), label)
            XCTAssertTrue(r.notes.contains { $0.contains("degenerate reference") }, "\(label): \(r.notes)")
        }
    }

    /// Its first eight samples: the 8-sample stroke of the issue (reference s0, s4, s7).
    func testTheEightSamplePrefixHasNoRatioEither() throws {
        let (stroke, metadata) = try stroke126()
        let eight = Array(stroke.samples.reduce(into: [TouchSample]()) { out, s in if out.last != s { out.append(s) } }.prefix(8))
        XCTAssertEqual(eight.count, 8)
        let short = Stroke(id: "eight", events: FrameGrouping.events(from: eight, refreshRateHz: metadata.refreshRateHz))
        for label in labels {
            let r = StrokeEvaluation.evaluate(stroke: short, pipeline: try PipelineDescription(parsing: label), metadata: metadata)
            XCTAssertNil(r.value("jaggedness.bending_energy_ratio"), label)
        }
    }
}
