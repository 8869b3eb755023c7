import RealModule
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Issue 21 items 1 and 6: a blank stroke is a result (`coverage.*`), and a drawn prediction has
/// a cost (`prediction.drawn_error_mean`), so neither drawing nothing nor drawing further ahead
/// is free.
final class CoverageAndPredictionCostTests: XCTestCase {
    /// A 20 pt stroke through Krita's stabilizer, whose dead zone is 50 units: nothing is drawn,
    /// and that is recorded as coverage 0, not left out.
    func testAStrokeInsideADeadZoneIsCountedAsBlank() {
        let short = KnownAnswerStrokes.line(speed: 100, duration: 0.2)
        let r = Fixtures.evaluate(short, "krita-stabilizer")
        XCTAssertEqual(r.value("coverage.drawn"), 0)
        XCTAssertEqual(r.value("coverage.path_ratio"), 0)
        XCTAssertNil(r.value("fidelity.mean"), "no ink, no fidelity: the blank counts through coverage")
    }

    /// Ink through samples lying on a straight line is as long as the pen's path.
    func testInkThroughEverySampleOfALineCoversThePath() throws {
        let r = Fixtures.evaluate(KnownAnswerStrokes.line(speed: 100, duration: 1), "coalesced-only(tail=complete)")
        XCTAssertEqual(r.value("coverage.drawn"), 1)
        XCTAssertEqual(try XCTUnwrap(r.value("coverage.path_ratio")), 1, accuracy: 1e-9)
    }

    /// A tap has no path to cover: its path ratio is left out, with a note; whether it drew is
    /// still recorded (the published `bezier4` draws nothing for a tap).
    func testATapHasNoPathRatioButItsCoverageIsRecorded() {
        let tap = Stroke(id: "tap", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 1, y: 1)]),
                         reference: ReferenceCurve(points: [TimedPoint(time: 0, x: 1, y: 1)]))
        let published = Fixtures.evaluate(tap, "bezier4")
        XCTAssertEqual(published.value("coverage.drawn"), 0)
        XCTAssertNil(published.value("coverage.path_ratio"))
        XCTAssertTrue(published.notes.contains { $0.hasPrefix("coverage.path_ratio: omitted") }, "\(published.notes)")
        XCTAssertEqual(Fixtures.evaluate(tap, "bezier4(tail=complete)").value("coverage.drawn"), 1, "the fixed tail draws a dot")
    }

    /// A pipeline that draws nothing ahead has no prediction error to show: 0, for every
    /// pipeline, so the objective exists everywhere. A constant-velocity predictor on a
    /// constant-speed line is exact.
    func testDrawnPredictionErrorIsZeroWithoutAPredictionAndExactOnALine() throws {
        let line = KnownAnswerStrokes.line(speed: 200, duration: 0.5)
        XCTAssertEqual(Fixtures.evaluate(line, "linear").value("prediction.drawn_error_mean"), 0)
        XCTAssertEqual(Fixtures.evaluate(line, "linear|predict:linear(horizon=0)").value("prediction.drawn_error_mean") ?? .nan, 0,
                       accuracy: 1e-9)
        let predicted = try XCTUnwrap(Fixtures.evaluate(line, "linear|predict:linear(horizon=16.7)").value("prediction.drawn_error_mean"))
        XCTAssertEqual(predicted, 0, accuracy: 1e-9)
    }

    /// On a circle, a longer drawing horizon reaches further off the pen's path: the drawn
    /// error grows with the horizon (the fixed-horizon errors would not see the difference).
    func testALongerHorizonCostsMoreDrawnPredictionError() throws {
        let circle = KnownAnswerStrokes.circle(radius: 40, revolutionsPerSecond: 1.5, revolutions: 1.5)
        let errors = try [8.0, 16.7, 33, 50].map { h in
            try XCTUnwrap(Fixtures.evaluate(circle, "linear|predict:linear(horizon=\(h))").value("prediction.drawn_error_mean"))
        }
        for (a, b) in zip(errors, errors.dropFirst()) { XCTAssertLessThan(a, b, "\(errors)") }
        // The fixed-horizon error at 16 ms is the same for every drawing horizon that reaches it.
        let at16 = try [16.7, 33, 50].map { h in
            try XCTUnwrap(Fixtures.evaluate(circle, "linear|predict:linear(horizon=\(h))").value("prediction.error_mean@16ms"))
        }
        XCTAssertEqual(at16[0], at16[2], accuracy: 1e-9)
    }

    /// Log ratios: the log of the ratio, so their mean is the log of the geometric mean.
    func testTheLogRatioIsTheLogarithmOfTheRatio() throws {
        let circle = KnownAnswerStrokes.circle(radius: 60, revolutionsPerSecond: 1, revolutions: 1.5)
        let r = Fixtures.evaluate(circle, "linear")
        let ratio = try XCTUnwrap(r.value("jaggedness.bending_energy_ratio"))
        XCTAssertEqual(try XCTUnwrap(r.value("jaggedness.bending_energy_log_ratio")), Double.log(ratio), accuracy: 1e-12)
    }
}
