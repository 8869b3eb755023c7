import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Known answers built with recorded predictions placed deliberately off the true path.
final class PredictionAccuracyTests: XCTestCase {
    /// A 120 units/s line along +x whose every non-terminal event carries recorded
    /// predictions at +8 … +48 ms, displaced by `offset(k)` from the true position.
    private func lineWithPredictions(offset: (Int) -> Vector) -> Stroke {
        var line = KnownAnswerStrokes.line(speed: 120, duration: 1)
        for k in line.events.indices where !line.events[k].phase.isTerminal {
            let main = line.events[k].main
            line.events[k].predicted = stride(from: 8.0, through: 48, by: 8).map { ms in
                let t = main.time + ms / 1000
                return TouchSample(time: t, location: Point(x: 10 + 120 * t, y: 20) + offset(k))
            }
        }
        return line
    }

    func testAlongAndCrossTrackSeparateOverPredictionFromDeviation() {
        let stroke = lineWithPredictions { _ in Vector(dx: 1, dy: -0.5) }
        let r = Fixtures.evaluate(stroke, "linear|predict:recorded")
        for h in ["8", "16", "25", "33"] {
            XCTAssertEqual(r.value("prediction.error_mean@\(h)ms")!, 1.25.squareRoot(), accuracy: 1e-9)
            XCTAssertEqual(r.value("prediction.error_p95@\(h)ms")!, 1.25.squareRoot(), accuracy: 1e-9)
            XCTAssertEqual(r.value("prediction.along_mean@\(h)ms")!, 1, accuracy: 1e-9, "ahead = over-prediction > 0")
            XCTAssertEqual(r.value("prediction.cross_mean@\(h)ms")!, 0.5, accuracy: 1e-9)
            XCTAssertEqual(r.value("prediction.jitter@\(h)ms")!, 0, accuracy: 1e-9, "a constant offset does not jitter")
            XCTAssertEqual(r.value("prediction.wrong_direction_rate@\(h)ms"), 0)
        }
        // Recorded predictions stop at +48 ms: nothing at 50 ms, and the results say so.
        XCTAssertNil(r.value("prediction.error_mean@50ms"))
        XCTAssertTrue(r.notes.contains { $0.hasPrefix("prediction@50ms") }, "\(r.notes)")
    }

    func testJitterAndWrongDirectionFromAlternatingPredictions() {
        // Predictions alternate between 3 units ahead and 3 units behind the pen. Between
        // frames the pen moves 2 units forward, so the prediction moves by +8 or −4:
        // jitter |±6| = 6 every pair, and every other pair moves backwards.
        let stroke = lineWithPredictions { k in Vector(dx: k % 2 == 0 ? 3 : -3, dy: 0) }
        let r = Fixtures.evaluate(stroke, "linear|predict:recorded")
        XCTAssertEqual(r.value("prediction.jitter@16ms")!, 6, accuracy: 1e-9)
        XCTAssertEqual(r.value("prediction.wrong_direction_rate@16ms")!, 0.5, accuracy: 0.05)
        XCTAssertEqual(r.value("prediction.along_mean@16ms")!, 0, accuracy: 0.2)
        XCTAssertEqual(r.value("prediction.cross_mean@16ms")!, 0, accuracy: 1e-9)
    }

    func testHorizonLabelsAreIntegersWhenIntegral() {
        XCTAssertEqual(PredictionAccuracy.horizonLabel(16), "16")
        XCTAssertEqual(PredictionAccuracy.horizonLabel(16.7), "16.7")
        let r = Fixtures.evaluate(KnownAnswerStrokes.line(speed: 50, duration: 1), "linear|predict:linear",
                                  options: MetricOptions(predictionHorizonsMs: [16.7]))
        XCTAssertNotNil(r.value("prediction.error_mean@16.7ms"))
    }

    /// Without a predictor there is no prediction to measure at fixed horizons, and what it
    /// draws ahead costs nothing: `prediction.drawn_error_mean` is 0 (reported for every
    /// pipeline, so the tune objective exists everywhere).
    func testNoPredictorMeansNoFixedHorizonMetricsAndNoDrawnPredictionError() {
        let r = Fixtures.evaluate(KnownAnswerStrokes.line(speed: 50, duration: 1), "linear")
        XCTAssertEqual(r.measurements.filter { $0.metric.hasPrefix("prediction.") }.map(\.metric), ["prediction.drawn_error_mean"])
        XCTAssertEqual(r.value("prediction.drawn_error_mean"), 0)
    }
}
