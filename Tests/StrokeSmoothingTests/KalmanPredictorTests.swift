import Foundation
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

final class KalmanPredictorTests: XCTestCase {
    /// Known answers of ink-stroke-modeler's `axis_predictor_test.cc` (PredictedValue),
    /// google/ink-stroke-modeler, Apache-2.0, © 2022 Google LLC: q = 0.01, r = 1, stable
    /// after 4, first observation 0.
    func testAxisFilterReproducesInkStrokeModelerVectors() {
        struct DataSet { var observations, position, velocity, acceleration, jerk: [Double] }
        let sets = [
            DataSet(observations: [1, 2, 3, 4, 5, 6],
                    position: [0.6949411066858742, 1.8880162111305765, 3.0596776689233476, 4.080666568886563, 5.039574058758894, 5.990101744132957],
                    velocity: [0.48326413015846115, 1.349212968908908, 1.5150757723942188, 1.2449353797925855, 0.9823147273054352, 0.831418084705206],
                    acceleration: [0.20388102703160751, 0.6602537865634062, 0.46392675203046707, 0.0691864035645362, -0.1571001901104591, -0.2303438651979314],
                    jerk: [0.051351580374544535, 0.17805019978769315, 0.06592110190532013, -0.06063794909774803, -0.10198612906906362, -0.09541445938944032]),
            DataSet(observations: [1, 2, 4, 8, 16, 32],
                    position: [0.6949411066858742, 1.8880162111305765, 3.9597202826804603, 7.9052737853848285, 15.720340533540115, 31.24662046486774],
                    velocity: [0.48326413015846115, 1.349212968908908, 2.492271225870179, 4.610844489557212, 8.828231877380588, 16.987494416071463],
                    acceleration: [0.20388102703160751, 0.6602537865634062, 1.090991623810185, 1.885675547541351, 3.4586206593783526, 6.34082285106952],
                    jerk: [0.051351580374544535, 0.17805019978769315, 0.25373225050247916, 0.4023497012294069, 0.6945464157568688, 1.1947316519015612]),
        ]
        var filter = AxisKalmanFilter(processNoise: 0.01, measurementNoise: 1, minStableIteration: 4)
        for set in sets {
            filter.reset()
            filter.update(0)
            for i in set.observations.indices {
                filter.update(set.observations[i])
                XCTAssertEqual(filter.state[0], set.position[i], accuracy: 1e-12)
                XCTAssertEqual(filter.state[1], set.velocity[i], accuracy: 1e-12)
                XCTAssertEqual(filter.state[2], set.acceleration[i], accuracy: 1e-12)
                XCTAssertEqual(filter.state[3], set.jerk[i], accuracy: 1e-12)
            }
        }
    }

    /// The x and y filters share one covariance update: the same bits as two separate
    /// updates, on the shared oracles' noisy circle (ink's variances in points, initial variance 3).
    func testTwoAxesUpdatedTogetherEqualSeparateUpdatesBitForBit() throws {
        let circle = try PeerOracles.circle()
        let make = { AxisKalmanFilter(processNoise: 0.66145, measurementNoise: 66.145, minStableIteration: 4, initialVariance: 3) }
        var x = make(), y = make(), xs = make(), ys = make()
        for i in 0..<200 {
            AxisKalmanFilter.update(&x, circle.x[i], &y, circle.y[i])
            xs.update(circle.x[i])
            ys.update(circle.y[i])
            XCTAssertEqual(x, xs, "sample \(i)")
            XCTAssertEqual(y, ys, "sample \(i)")
        }
        XCTAssertTrue(x.isStable && y.isStable)
        XCTAssertNotEqual(x.state, y.state)
    }

    func testAxisFilterBecomesStableAfterMinStableIterations() {
        var filter = AxisKalmanFilter(processNoise: 0.01, measurementNoise: 1, minStableIteration: 4)
        for _ in 0..<4 {
            XCTAssertFalse(filter.isStable)
            filter.update(1)
        }
        XCTAssertTrue(filter.isStable)
    }

    func testConstantVelocityIsPredictedOnceStable() throws {
        var p = try KalmanPredictor({ var q = KalmanPredictor.Parameters(); q.useConfidence = false; return q }())
        let e = TouchEvent(phase: .moved, samples: [TouchSample(time: 0, x: 0, y: 0)])
        for i in 0..<3 { p.observe(AttributedSample(TouchSample(time: Double(i) / 240, x: Double(i), y: 0))) }
        XCTAssertNil(p.predictedLocation(ahead: 0.01, for: e), "not stable before 4 samples")
        for i in 3..<200 { p.observe(AttributedSample(TouchSample(time: Double(i) / 240, x: Double(i), y: 0))) }
        let q = try XCTUnwrap(p.predictedLocation(ahead: 0.01, for: e))
        // 240 units/s; ink's Δt divides the 19-interval span of 20 kept samples by 20, so
        // Δt reads 5% short and the velocity 20/19 high: 199 + 2.4·20/19.
        XCTAssertEqual(q.x, 199 + 2.4 * 20 / 19, accuracy: 1e-6)
        XCTAssertEqual(q.y, 0, accuracy: 1e-9)
    }

    func testRepeatedTimestampsNeverDivideByZero() throws {
        var p = try KalmanPredictor()
        let e = TouchEvent(phase: .moved, samples: [TouchSample(time: 0, x: 0, y: 0)])
        for i in 0..<10 { p.observe(AttributedSample(TouchSample(time: 1, x: Double(i), y: 0))) }
        XCTAssertNil(p.predictedLocation(ahead: 0.01, for: e), "all kept timestamps equal: no estimate")
        var drawn: [AttributedSample] = []
        p.appendPrediction(for: e, tip: nil, to: &drawn)
        XCTAssertTrue(drawn.isEmpty)
    }

    // MARK: - Oracle: ink-stroke-modeler run on the shared noisy circle

    /// ink's Predict() after each input is a catch-up connector (from its spring model's
    /// tip, which StrokeLab does not model) ending exactly at the Kalman-estimated position,
    /// followed by `NumberOfPointsToPredict` samples of the estimated cubic every 1/180 s.
    /// The tail — estimate and extrapolated samples — depends only on the Kalman predictor,
    /// so it is compared here sample by sample.
    func testMatchesInkStrokeModelerKalmanPredictionsOnTheNoisyCircle() throws {
        // Read exactly (StrokeTestSupport's ExactJSON); skipped when the oracles are absent.
        let circle = try PeerOracles.circle()
        let oracle = try PeerOracles.load("ink_stroke_modeler/circle240_kalman.json")
        let t = circle.t, x = circle.x, y = circle.y
        let predictions = try XCTUnwrap(oracle["predictions"] as? [String: Any])
        let offset = try XCTUnwrap(ExactJSON.ints(predictions["offset"])), count = try XCTUnwrap(ExactJSON.ints(predictions["count"]))
        let flat = try XCTUnwrap(predictions["flat"] as? [String: Any])
        let px = try PeerOracles.numbers(flat, "x"), py = try PeerOracles.numbers(flat, "y")
        let pvx = try PeerOracles.numbers(flat, "vx"), pvy = try PeerOracles.numbers(flat, "vy")

        // The oracle's parameters: ink's test defaults in points, prediction interval 1/60 s.
        var predictor = try KalmanPredictor({ var q = KalmanPredictor.Parameters(); q.horizonMs = 1000.0 / 60; return q }())
        var compared = 0, countMatches = 0, predicted = 0
        var worstPosition = WorstDifference(), worstVelocity = WorstDifference()
        for i in 0..<offset.count {
            // The driver fed (float)x, (float)y.
            predictor.observe(AttributedSample(time: t[i], x: Double(Float(x[i])), y: Double(Float(y[i]))))
            guard let state = predictor.estimatedState else {
                XCTAssertEqual(count[i], 0, "ink predicts nothing before the filter is stable (input \(i))")
                continue
            }
            predicted += 1
            let k = predictor.numberOfPointsToPredict(in: state)
            guard count[i] >= k + 1 else { continue }
            countMatches += 1
            let base = offset[i] + count[i] - k - 1
            worstPosition.add(distance: hypot(px[base] - state.position.x, py[base] - state.position.y))
            var s = state
            var j = 1
            while j <= k {
                s = s.advanced(by: 1.0 / 180)
                worstPosition.add(distance: hypot(px[base + j] - s.position.x, py[base + j] - s.position.y))
                worstVelocity.add(distance: hypot(pvx[base + j] - s.velocity.dx, pvy[base + j] - s.velocity.dy))
                j += 1
            }
            compared += 1
        }
        print("ink-stroke-modeler Kalman oracle: \(compared) of \(predicted) predictions compared; worst position error \(worstPosition) pt, worst velocity error \(worstVelocity) pt/s")
        XCTAssertEqual(predicted, offset.count - 3, "stable from the 4th input on, as ink")
        XCTAssertGreaterThanOrEqual(Double(countMatches) / Double(predicted), 0.99, "sample counts (confidence) agree")
        XCTAssertLessThan(worstPosition.value, 1e-3)
        XCTAssertLessThan(worstVelocity.value, 0.5)
        XCTAssertGreaterThan(worstVelocity.count, 0)
    }
}
