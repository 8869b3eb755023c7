import RealModule
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Known answers of the seed presets on a circle with N = 30 main samples per revolution:
/// radius 50, 2 revolutions per second, 240 Hz samples, 60 Hz events, one revolution.
/// Each linear corner turns 2π/30 = 12°, above the 10° kink threshold.
final class SeedKnownAnswerTests: XCTestCase {
    let r = 50.0
    let n = 30.0
    lazy var circle = KnownAnswerStrokes.circle(radius: r, revolutionsPerSecond: 2, revolutions: 1)

    func testLinearFidelityMaxIsTheChordSagitta() {
        let result = Fixtures.evaluate(circle, "linear")
        let expected = r * (1 - Double.cos(Double.pi / n))
        let measured = result.value("fidelity.max")!
        print("linear fidelity.max = \(measured), r(1−cos(π/N)) = \(expected)")
        XCTAssertEqual(measured, expected, accuracy: expected * 0.01)
        XCTAssertEqual(result.referenceKind, .analytic)
    }

    func testLinearHasOneKinkPerInteriorMainSample() {
        let interior = circle.events.count - 2       // main samples minus the first and the last
        XCTAssertEqual(interior, 29)
        let kinks = Fixtures.evaluate(circle, "linear").value("jaggedness.kinks")!
        print("kinks(linear) = \(kinks), interior main samples = \(interior)")
        XCTAssertEqual(kinks, Double(interior))
    }

    func testMidpointBezierHasNoKinks() {
        let result = Fixtures.evaluate(circle, "midpoint-bezier")
        print("kinks(midpoint-bezier) = \(result.value("jaggedness.kinks")!)")
        XCTAssertEqual(result.value("jaggedness.kinks"), 0)
    }

    func testBezier4HasAboutAThirdOfLinearsKinks() {
        let linear = Fixtures.evaluate(circle, "linear").value("jaggedness.kinks")!
        let bezier4 = Fixtures.evaluate(circle, "bezier4").value("jaggedness.kinks")!
        print("kinks(bezier4) = \(bezier4), kinks(linear)/3 = \(linear / 3)")
        // 29 moves give 9 cubics and 8 joins without a shared tangent.
        XCTAssertEqual(bezier4, 8)
        XCTAssertEqual(bezier4, linear / 3, accuracy: 2)
    }

    func testSmoothingIsSmootherThanLinear() {
        let linear = Fixtures.evaluate(circle, "linear")
        let smooth = Fixtures.evaluate(circle, "midpoint-bezier")
        print("bending energy ratio: linear \(linear.value("jaggedness.bending_energy_ratio")!), midpoint-bezier \(smooth.value("jaggedness.bending_energy_ratio")!)")
        XCTAssertLessThan(smooth.value("jaggedness.bending_energy_ratio")!, linear.value("jaggedness.bending_energy_ratio")!)
        XCTAssertEqual(smooth.value("jaggedness.sign_changes"), 0)
    }

    func testSeedLagOrderIsLinearThenBezier4ThenMidpointBezier() {
        let period = 1000.0 / 60   // one main-sample period, ms
        let linear = Fixtures.evaluate(circle, "linear").value("lag.mean_ms")!
        let bezier4 = Fixtures.evaluate(circle, "bezier4").value("lag.mean_ms")!
        let midpoint = Fixtures.evaluate(circle, "midpoint-bezier").value("lag.mean_ms")!
        print("lag.mean_ms on the circle: linear \(linear), bezier4 \(bezier4) (+\(bezier4 - linear)), midpoint-bezier \(midpoint) (+\(midpoint - linear)); period \(period)")
        XCTAssertLessThan(linear, bezier4)
        XCTAssertLessThan(bezier4, midpoint)
        XCTAssertEqual(bezier4 - linear, period, accuracy: 2.5)
        XCTAssertEqual(midpoint - linear, 2 * period, accuracy: 2.5)
        XCTAssertEqual(linear, 2 * period, accuracy: 0.5, "display latency only: main samples are on the frame grid")
    }
}
