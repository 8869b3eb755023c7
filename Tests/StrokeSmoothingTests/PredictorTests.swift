import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

final class PredictorTests: XCTestCase {
    private let event = TouchEvent(phase: .moved, samples: [TouchSample(time: 0, x: 0, y: 0)])

    private func feed<P: PredictorStage>(_ p: inout P, _ samples: [(Double, Double, Double)]) {
        p.reset()
        for (t, x, y) in samples { p.observe(AttributedSample(time: t, x: x, y: y)) }
    }

    func testLinearExtrapolatesTheLastVelocity() throws {
        var p = try LinearPredictor(HorizonParameters(horizonMs: 20))
        feed(&p, [(0, 0, 0), (0.01, 5, 1), (0.02, 6, 2)])
        let q = try XCTUnwrap(p.predictedLocation(ahead: 0.02, for: event))
        assertClose(q, Point(x: 6 + 100 * 0.02, y: 2 + 100 * 0.02), tolerance: 1e-12)
        var drawn: [AttributedSample] = []
        p.appendPrediction(for: event, tip: nil, to: &drawn)
        XCTAssertEqual(drawn.count, 1)
        XCTAssertEqual(drawn[0].time, 0.04, accuracy: 1e-15)
        XCTAssertEqual(drawn[0].location.x, q.x, accuracy: 1e-12)
    }

    func testLinearNeedsTwoDistinctTimesAndNeverDividesByZero() throws {
        var p = try LinearPredictor()
        feed(&p, [(0.5, 1, 1)])
        XCTAssertNil(p.predictedLocation(ahead: 0.016, for: event))
        // Repeated timestamps: the newer location replaces the older one at the same time.
        feed(&p, [(0.5, 1, 1), (0.5, 2, 2), (0.5, 3, 3)])
        XCTAssertNil(p.predictedLocation(ahead: 0.016, for: event))
        feed(&p, [(0.0, 0, 0), (0.01, 1, 0), (0.01, 2, 0)])
        let q = try XCTUnwrap(p.predictedLocation(ahead: 0.01, for: event))
        XCTAssertTrue(q.isFinite)
        XCTAssertEqual(q.x, 4, accuracy: 1e-12, "velocity (2 − 0)/0.01 from the latest location at t = 0.01")
    }

    func testQuadraticIsExactForConstantAcceleration() throws {
        var p = try QuadraticPredictor(HorizonParameters(horizonMs: 30))
        let x = { (t: Double) in 3 + 40 * t + 0.5 * 900 * t * t }
        let y = { (t: Double) in -2 - 25 * t - 0.5 * 400 * t * t }
        feed(&p, [(0.000, x(0), y(0)), (0.004, x(0.004), y(0.004)), (0.011, x(0.011), y(0.011))])
        for h in [0.005, 0.016, 0.05] {
            let q = try XCTUnwrap(p.predictedLocation(ahead: h, for: event))
            assertClose(q, Point(x: x(0.011 + h), y: y(0.011 + h)), tolerance: 1e-9)
        }
        var drawn: [AttributedSample] = []
        p.appendPrediction(for: event, tip: nil, to: &drawn)
        XCTAssertEqual(drawn.count, 6, "⌈30 ms · 180 Hz⌉ samples")
        XCTAssertEqual(drawn.last!.time, 0.041, accuracy: 1e-12, "the last reaches exactly the horizon")
    }

    func testQuadraticFallsBackToLinearWithTwoSamples() throws {
        var p = try QuadraticPredictor()
        feed(&p, [(0, 0, 0), (0.01, 1, 0)])
        XCTAssertEqual(p.predictedLocation(ahead: 0.01, for: event)!.x, 2, accuracy: 1e-12)
    }

    func testRecordedReplaysTheTracesPredictionsAndNothingBeyond() throws {
        var p = try RecordedPredictor({ var q = RecordedPredictor.Parameters(); q.horizonMs = 10; return q }())
        feed(&p, [(0, 0, 0), (0.01, 1, 0)])
        let e = TouchEvent(phase: .moved, samples: [TouchSample(time: 0.01, x: 1, y: 0)],
                           predicted: [TouchSample(time: 0.015, x: 2, y: 0), TouchSample(time: 0.02, x: 4, y: 0),
                                       TouchSample(time: 0.03, x: 9, y: 0)])
        var drawn: [AttributedSample] = []
        p.appendPrediction(for: e, tip: nil, to: &drawn)
        XCTAssertEqual(drawn.map(\.time), [0.015, 0.02], "predictions past the 10 ms horizon are not drawn")
        XCTAssertEqual(p.predictedLocation(ahead: 0.0075, for: e)!.x, 3, accuracy: 1e-12)
        XCTAssertEqual(p.predictedLocation(ahead: 0.02, for: e)!.x, 9, accuracy: 1e-12)
        XCTAssertNil(p.predictedLocation(ahead: 0.025, for: e), "never extrapolates past the recording")
        XCTAssertNil(p.predictedLocation(ahead: 0.005, for: event), "no recorded predictions, no location")
    }

    func testParametersAreValidatedOnConstruction() throws {
        XCTAssertThrowsError(try LinearPredictor(HorizonParameters(horizonMs: -1))) { error in
            XCTAssertEqual("\(error)", "horizon must be in 0…200 ms, got -1")
        }
        XCTAssertThrowsError(try QuadraticPredictor(HorizonParameters(horizonMs: .nan)))
        var recorded = RecordedPredictor.Parameters()
        recorded.horizonMs = 1000
        XCTAssertThrowsError(try RecordedPredictor(recorded))
        var kalman = KalmanPredictor.Parameters()
        kalman.processNoise = 0
        XCTAssertThrowsError(try KalmanPredictor(kalman)) { error in
            XCTAssertEqual("\(error)", "processNoise must be positive, got 0")
        }
        kalman = KalmanPredictor.Parameters()
        kalman.maxTimeSamples = 1
        XCTAssertThrowsError(try KalmanPredictor(kalman))
        kalman = KalmanPredictor.Parameters()
        kalman.minTravelSpeed = 800
        XCTAssertThrowsError(try KalmanPredictor(kalman)) { error in
            XCTAssertTrue("\(error)".contains("must not exceed maxTravelSpeed"), "\(error)")
        }
        XCTAssertNoThrow(try KalmanPredictor())
    }
}
