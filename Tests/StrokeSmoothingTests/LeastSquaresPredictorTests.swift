import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// `predict:least-squares` (Chromium's `LeastSquaresPredictor`) against known answers: a
/// quadratic fit is exact on motion of degree ≤ 2, whatever the window, and Chromium's time
/// handling (window, 20 ms gaps, singular timestamps, prediction spacing).
final class LeastSquaresPredictorTests: XCTestCase {
    private let event = TouchEvent(phase: .moved, samples: [TouchSample(time: 0, x: 0, y: 0)])

    private func quadratic(_ t: Double) -> Point {
        Point(x: 3 - 40 * t + 900 * t * t, y: -7 + 250 * t - 1200 * t * t)
    }

    private func fed(_ parameters: LeastSquaresPredictor.Parameters, times: [Double], path: (Double) -> Point) throws
        -> LeastSquaresPredictor {
        var p = try LeastSquaresPredictor(parameters)
        for t in times { p.observe(AttributedSample(time: t, location: path(t))) }
        return p
    }

    func testExactOnQuadraticMotionWithChromiumsWindowAndLargerOnes() throws {
        // Irregular sampling, as real input has.
        let times = [0.0, 0.0041, 0.0085, 0.0122, 0.0169, 0.0208, 0.0251, 0.0290, 0.0333, 0.0371]
        for window in [3, 4, 7, 10] {
            let p = try fed(.init(horizonMs: 25, window: window), times: times, path: quadratic)
            for ahead in [0.0, 0.008, 0.016, 0.033, 0.05] {
                let got = try XCTUnwrap(p.predictedLocation(ahead: ahead, for: event))
                let want = quadratic(times.last! + ahead)
                assertClose(got, want, tolerance: 1e-9, "window \(window) ahead \(ahead)")
            }
        }
    }

    func testLinearAndConstantMotionAreExactToo() throws {
        let times = (0..<5).map { Double($0) / 120 }
        let linear = try fed(.init(), times: times) { Point(x: 5 + 300 * $0, y: 2 - 100 * $0) }
        XCTAssertEqual(try XCTUnwrap(linear.predictedLocation(ahead: 0.02, for: event)).x, 5 + 300 * (times.last! + 0.02), accuracy: 1e-9)
        let still = try fed(.init(), times: times) { _ in Point(x: 1.25, y: -3.5) }
        XCTAssertEqual(still.predictedLocation(ahead: 0.02, for: event), Point(x: 1.25, y: -3.5), "Chromium's constant shortcut")
    }

    /// Least squares over more samples than the degree needs averages noise: a window of 9 on
    /// a noisy line predicts closer to the line than Chromium's exact 3-point parabola.
    func testALargerWindowAveragesNoise() throws {
        var generator = SeededGenerator(seed: 7)
        var three = try LeastSquaresPredictor(.init(horizonMs: 25, window: 3))
        var nine = try LeastSquaresPredictor(.init(horizonMs: 25, window: 9))
        var error3 = 0.0, error9 = 0.0
        for i in 0..<400 {
            let t = Double(i) / 240
            let s = AttributedSample(time: t, location: Point(x: 200 * t + Double.random(in: -0.5...0.5, using: &generator), y: 0))
            three.observe(s)
            nine.observe(s)
            if i > 10 {
                error3 += abs(three.predictedLocation(ahead: 0.016, for: event)!.x - 200 * (t + 0.016))
                error9 += abs(nine.predictedLocation(ahead: 0.016, for: event)!.x - 200 * (t + 0.016))
            }
        }
        XCTAssertLessThan(error9, error3 / 3)
    }

    /// Chromium's time handling: no prediction until the window is full, a gap over 20 ms
    /// starts a new window, equal timestamps are singular.
    func testWindowGapsAndSingularTimestamps() throws {
        var p = try LeastSquaresPredictor()
        p.observe(AttributedSample(time: 0, x: 0, y: 0))
        p.observe(AttributedSample(time: 0.004, x: 1, y: 0))
        XCTAssertNil(p.predictedLocation(ahead: 0.01, for: event), "two samples: no prediction")
        p.observe(AttributedSample(time: 0.008, x: 2, y: 0))
        XCTAssertNotNil(p.predictedLocation(ahead: 0.01, for: event))
        p.observe(AttributedSample(time: 0.0281, x: 3, y: 0))
        XCTAssertNil(p.predictedLocation(ahead: 0.01, for: event), "20.1 ms later: a new window")
        p.observe(AttributedSample(time: 0.0321, x: 4, y: 0))
        p.observe(AttributedSample(time: 0.0321, x: 5, y: 0))
        XCTAssertNil(p.predictedLocation(ahead: 0.01, for: event), "two equal timestamps in the window: singular")
        var predicted: [AttributedSample] = []
        p.appendPrediction(for: event, tip: nil, to: &predicted)
        XCTAssertTrue(predicted.isEmpty)
    }

    /// The drawn prediction (Blink's predicted events): every mean sample interval (≥ 2.5 ms)
    /// up to the horizon, each on the fitted curve.
    func testDrawnPredictionSpacingAndReach() throws {
        let times = (0..<6).map { Double($0) * 0.004 }
        var p = try fed(.init(horizonMs: 25), times: times, path: quadratic)
        var predicted: [AttributedSample] = []
        p.appendPrediction(for: event, tip: nil, to: &predicted)
        XCTAssertEqual(predicted.count, 6, "4 ms apart up to 25 ms")
        for (k, s) in predicted.enumerated() {
            XCTAssertEqual(s.time, times.last! + 0.004 * Double(k + 1), accuracy: 1e-12)
            XCTAssertEqual(s.location.x, quadratic(s.time).x, accuracy: 1e-9)
        }
        var fast = try fed(.init(horizonMs: 10), times: (0..<3).map { Double($0) * 0.001 }, path: quadratic)
        predicted.removeAll()
        fast.appendPrediction(for: event, tip: nil, to: &predicted)
        XCTAssertEqual(predicted.count, 4, "1 kHz input: Chromium's 2.5 ms minimum spacing")
    }

    /// On three samples Chromium's least squares is the interpolating parabola, as
    /// `predict:quadratic` computes it.
    func testThreeSampleFitAgreesWithTheQuadraticPredictor() throws {
        var lsq = try LeastSquaresPredictor()
        var quad = try QuadraticPredictor()
        for (i, t) in [0.0, 0.005, 0.0112, 0.0153, 0.0207].enumerated() {
            let s = AttributedSample(time: t, location: Point(x: Double(i * i) - 3 * t, y: 40 * t * t - Double(i)))
            lsq.observe(s)
            quad.observe(s)
        }
        for ahead in [0.004, 0.0167, 0.03] {
            let a = try XCTUnwrap(lsq.predictedLocation(ahead: ahead, for: event))
            let b = try XCTUnwrap(quad.predictedLocation(ahead: ahead, for: event))
            assertClose(a, b, tolerance: 1e-9)
        }
    }
}
