import StrokeCore
import StrokeSmoothing
import XCTest
@testable import StrokeMetrics

final class ReferenceSelectionTests: XCTestCase {
    let options = MetricOptions()
    let recorded = TraceMetadata(source: "wacom:recording", refreshRateHz: 60)

    private var recordedStroke: Stroke {
        var s = Fixtures.circle(radius: 40, revolutionsPerSecond: 1, revolutions: 1)
        s.reference = nil
        return s
    }

    func testSyntheticTracesUseTheirAnalyticReference() {
        let stroke = Fixtures.circle(radius: 40, revolutionsPerSecond: 1, revolutions: 1)
        for label in ["linear", "coalesced-only"] {
            let setup = EvaluationSetup(stroke: stroke, pipeline: Fixtures.pipeline(label), metadata: Fixtures.synthetic,
                                        options: options)
            XCTAssertEqual(setup.kind, .analytic)
            XCTAssertEqual(setup.kind.description, "analytic")
            XCTAssertEqual(setup.reference, stroke.reference)
            XCTAssertNil(setup.replayOptions.holdOutStride)
        }
        let other = EvaluationSetup(stroke: stroke, pipeline: Fixtures.pipeline("linear"), metadata: recorded, options: options)
        XCTAssertEqual(other.kind.description, "trace-reference")
    }

    func testRecordedTracesUseTheirDenseSamplesForMainPipelines() {
        let stroke = recordedStroke
        let setup = EvaluationSetup(stroke: stroke, pipeline: Fixtures.pipeline("midpoint-bezier"), metadata: recorded,
                                    options: options)
        XCTAssertEqual(setup.kind.description, "dense-samples")
        XCTAssertEqual(setup.reference.points.count, stroke.sampleCount)
        XCTAssertNil(setup.replayOptions.holdOutStride)
    }

    func testCoalescedPipelinesOnRecordedTracesAreHeldOut() {
        let stroke = recordedStroke
        let setup = EvaluationSetup(stroke: stroke, pipeline: Fixtures.pipeline("coalesced-only"), metadata: recorded,
                                    options: options)
        XCTAssertEqual(setup.kind.description, "hold-out(k=4)")
        XCTAssertEqual(setup.replayOptions.holdOutStride, 4)
        let result = StrokeEvaluation.evaluate(stroke: stroke, pipeline: Fixtures.pipeline("coalesced-only"),
                                               metadata: recorded, options: options)
        XCTAssertEqual(result.referenceKind, .holdOut(stride: 4))
        // Held-out samples are not drawn through, so the ink is measurably off them.
        XCTAssertGreaterThan(result.value("fidelity.max")!, 0.01)
        let k1 = EvaluationSetup(stroke: stroke, pipeline: Fixtures.pipeline("coalesced-only"), metadata: recorded,
                                 options: MetricOptions(holdOutStride: 1))
        XCTAssertEqual(k1.kind, .denseSamples)
    }

    func testHorizonsAreRequestedOnlyFromPredictingPipelines() {
        let stroke = Fixtures.line(speed: 10, duration: 1)
        let plain = EvaluationSetup(stroke: stroke, pipeline: Fixtures.pipeline("linear"), metadata: Fixtures.synthetic, options: options)
        XCTAssertEqual(plain.replayOptions.evaluationHorizons, [])
        let predicting = EvaluationSetup(stroke: stroke, pipeline: Fixtures.pipeline("linear|predict:kalman"),
                                         metadata: Fixtures.synthetic, options: options)
        XCTAssertEqual(predicting.replayOptions.evaluationHorizons, [0.008, 0.016, 0.025, 0.033, 0.05])
    }
}
