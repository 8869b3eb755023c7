import StrokeCore
import XCTest
@testable import StrokeSmoothing

final class PredictorStageTests: XCTestCase {
    private func circle() -> Stroke {
        let samples = (0...240).map { i -> TouchSample in
            let t = Double(i) / 240, a = 2 * Double.pi * t
            return TouchSample(time: t, x: 100 + 50 * Double.cos(a), y: 100 + 50 * Double.sin(a))
        }
        return Stroke(id: "c", events: FrameGrouping.events(from: samples))
    }

    func testEveryPredictorIsARegisteredStageWithAHorizon() throws {
        for id in ["linear", "quadratic", "kalman", "recorded"] {
            let d = try PipelineDescription(parsing: "midpoint-bezier|predict:\(id)(horizon=10)")
            XCTAssertEqual(d.stages(of: .predict).count, 1)
            XCTAssertTrue(d.canonical.contains("predict:\(id)(horizon=10"), d.canonical)
        }
        XCTAssertEqual(try PipelineDescription(parsing: "linear|predict:linear").canonical,
                       "main|interp:linear(tail=published)|predict:linear(horizon=16.7)")
        XCTAssertEqual(try PipelineDescription(parsing: "bezier4|kalman").canonical,
                       "main|interp:bezier4(tail=published)|predict:kalman(horizon=16.7,processNoise=0.66145,measurementNoise=66.145,minStableIteration=4,maxTimeSamples=20,accelerationWeight=0.5,jerkWeight=0.1,confidence=on,desiredSamples=20,maxEstimationDistance=2,minTravelSpeed=150,maxTravelSpeed=750,maxLinearDeviation=10,baselineLinearity=0.4,outputRate=180)",
                       "every parameter of the Kalman predictor is reachable from a label")
    }

    func testTheLinearIdAmbiguityIsReportedClearly() {
        XCTAssertThrowsError(try PipelineDescription(parsing: "midpoint-bezier|linear(horizon=16)")) { error in
            XCTAssertTrue("\(error)".contains("'linear' is ambiguous: write interp:linear or predict:linear"), "\(error)")
        }
        XCTAssertThrowsError(try PipelineDescription(parsing: "main|interp:linear(horizon=16)")) { error in
            XCTAssertTrue("\(error)".contains("interp:linear has no parameter 'horizon'"), "\(error)")
            XCTAssertTrue("\(error)".contains("did you mean predict:linear?"), "\(error)")
        }
        XCTAssertThrowsError(try PipelineDescription(parsing: "linear|predict:kalman(horizon=500)")) { error in
            XCTAssertTrue("\(error)".contains("predict:kalman: horizon must be in 0…200 ms, got 500"), "\(error)")
        }
    }

    func testPredictionsAreProvisionalOnly() throws {
        let stroke = circle()
        for id in ["linear", "quadratic", "kalman(confidence=off)"] {
            var plain = try PipelineDescription(parsing: "coalesced-only").makeReplayer()
            var predicting = try PipelineDescription(parsing: "coalesced-only|predict:\(id)").makeReplayer()
            let a = plain.replay(stroke, options: .init())
            let b = predicting.replay(stroke, options: .init())
            XCTAssertEqual(a.path, b.path, "\(id): the committed path never contains a prediction")
            XCTAssertFalse(b.predicted.isEmpty, id)
            XCTAssertTrue(b.frames.last!.predicted.isEmpty, "\(id): nothing predicted at stroke end")
            XCTAssertEqual(b.frames.last!.tip, b.path.currentPoint)
            // Each frame's predictions start after its newest sample and reach the horizon.
            for f in b.frames where !f.predicted.isEmpty {
                let s = b.predicted[f.predicted]
                XCTAssertGreaterThan(s.first!.time, f.newestSampleTime, id)
                XCTAssertEqual(s.last!.time - f.newestSampleTime, 0.0167, accuracy: 1e-9, id)
                XCTAssertEqual(f.tip, s.last!.location)
            }
        }
    }

    func testHorizonPredictionsAreRecordedPerFrame() throws {
        var r = try PipelineDescription(parsing: "linear|predict:quadratic").makeReplayer()
        let replay = r.replay(circle(), options: ReplayOptions(evaluationHorizons: [0.008, 0.016]))
        XCTAssertEqual(replay.horizonPredictions.count, replay.frames.count * 2)
        XCTAssertNil(replay.horizonPredictions[0], "one sample: nothing to extrapolate")
        XCTAssertNotNil(replay.horizonPredictions[2 * 2 + 1])
    }
}
