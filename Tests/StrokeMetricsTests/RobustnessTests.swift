import RealModule
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeMetrics

/// Cases an audit found: metrics must not depend on where a stroke is, must stay bounded on
/// huge strokes, and must not score ink that was never drawn.
final class RobustnessTests: XCTestCase {
    private func circlePolyline(radius r: Double, center: Point, count: Int) -> Polyline {
        Polyline(points: (0...count).map { i in
            let a = 2 * Double.pi * Double(i) / Double(count)
            return Point(x: center.x + r * Double.cos(a), y: center.y + r * Double.sin(a))
        })
    }

    func testJaggednessDoesNotDependOnWhereTheStrokeIs() {
        let near = Jaggedness(polyline: circlePolyline(radius: 100, center: .zero, count: 7200), step: 0.5,
                              kinkThreshold: 10 * Double.pi / 180, kinkWindow: 1)
        let far = Jaggedness(polyline: circlePolyline(radius: 100, center: Point(x: 1e12, y: -1e12), count: 7200), step: 0.5,
                             kinkThreshold: 10 * Double.pi / 180, kinkWindow: 1)
        // 2π/r for one turn.
        XCTAssertEqual(near.bendingEnergy, 2 * Double.pi / 100, accuracy: 0.002)
        XCTAssertEqual(far.bendingEnergy, near.bendingEnergy, accuracy: 0.05 * near.bendingEnergy)
        XCTAssertEqual(far.kinks, 0)
    }

    func testFrechetStaysBoundedOnAHugeStroke() {
        // 628,000 units of curve: 1.26 million vertices at Δs = 0.5 would need 1.6·10¹²
        // Fréchet cells; the measure resamples coarser instead, and still finds the offset.
        let r = 1e5
        let truth = circlePolyline(radius: r, center: .zero, count: 4000)
        let drawn = circlePolyline(radius: r + 3, center: .zero, count: 4000)
        let f = Fidelity(rendered: drawn, reference: truth, step: 0.5)!
        XCTAssertEqual(f.frechetStep, drawn.length / Double(Fidelity.maximumFrechetVertices), accuracy: 1)
        XCTAssertEqual(f.frechet, 3, accuracy: f.frechetStep / 2 + 0.5)
        XCTAssertEqual(f.mean, 3, accuracy: 0.6)
    }

    func testAStrokeThatDrewNothingHasNoFidelity() {
        // A tap under the seeds' published behaviour is a lone `move`: no ink, so no fidelity
        // and no jaggedness — not a perfect score.
        let tap = Stroke(id: "tap", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 5, y: 5)]),
                         reference: ReferenceCurve(points: [TimedPoint(time: 0, x: 5, y: 5)]))
        for label in ["linear", "coalesced-only", "bezier4"] {
            let result = Fixtures.evaluate(tap, label)
            XCTAssertNil(result.value("fidelity.mean"), label)
            XCTAssertNil(result.value("jaggedness.bending_energy"), label)
            XCTAssertEqual(result.value("path.elements"), 0, label)
            XCTAssertTrue(result.notes.contains { $0.contains("nothing was drawn") }, label)
        }
        XCTAssertNotNil(Fixtures.evaluate(tap, "linear(tail=complete)").value("fidelity.mean"))
    }

    func testLagStartsAtTheFirstFrameThatShowsInk() {
        // bezier4 draws nothing until its fourth sample. A motionless pen is not lagging
        // before anything is drawn: those refreshes are not measured, so bezier4 has fewer
        // lags than linear, and its start-up delay does not count as lag.
        let line = KnownAnswerStrokes.line(speed: 300, duration: 0.5)
        func lag(_ label: String) -> Lag {
            let p = Fixtures.pipeline(label)
            let prepared = PreparedStroke(stroke: line, metadata: Fixtures.synthetic, options: MetricOptions())
            var replayer = p.makeReplayer()
            return Lag(replay: replayer.replay(prepared.fed, options: prepared.replayOptions(for: p)),
                       reference: prepared.reference, refreshRateHz: 60, options: MetricOptions())!
        }
        let linear = lag("linear"), bezier = lag("bezier4")
        XCTAssertLessThan(bezier.lagsMs.count, linear.lagsMs.count)
        XCTAssertEqual(linear.lagsMs.first!, 2000.0 / 60, accuracy: 0.5, "linear's first lag is the display latency")
        XCTAssertGreaterThan(try XCTUnwrap(bezier.summary).mean, try XCTUnwrap(linear.summary).mean, "bezier4 still holds samples back")
    }
}
