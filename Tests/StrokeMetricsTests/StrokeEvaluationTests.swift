import RealModule
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

final class StrokeEvaluationTests: XCTestCase {
    /// Every metric id DESIGN.md lists for a stroke × pipeline, with its unit.
    static let designIDs: [String: String] = [
        "path.length": "pt", "path.elements": "count",
        "fidelity.mean": "pt", "fidelity.max": "pt", "fidelity.hausdorff": "pt", "fidelity.frechet": "pt",
        "jaggedness.bending_energy": "1/pt", "jaggedness.bending_energy_ratio": "ratio",
        "jaggedness.curvature_variation": "1/pt", "jaggedness.kinks": "count", "jaggedness.sign_changes": "count",
        "smoothness.sparc": "", "smoothness.ldlj": "",
        "lag.mean_ms": "ms", "lag.p95_ms": "ms", "lag.max_ms": "ms", "lag.offpath_mean": "pt", "lag.overshoot_rate": "ratio",
    ]

    func testEveryDesignMetricIsProducedWithItsUnit() {
        let circle = KnownAnswerStrokes.circle(radius: 60, revolutionsPerSecond: 1, revolutions: 1.5)
        let result = Fixtures.evaluate(circle, "midpoint-bezier(tail=complete)|predict:kalman(horizon=16)")
        let units = Dictionary(result.measurements.map { ($0.metric, $0.unit) }, uniquingKeysWith: { a, _ in a })
        for (id, unit) in Self.designIDs {
            XCTAssertEqual(units[id], unit, "\(id)")
        }
        for h in ["8", "16", "25", "33", "50"] {
            for (m, unit) in [("error_mean", "pt"), ("error_p95", "pt"), ("along_mean", "pt"),
                              ("cross_mean", "pt"), ("jitter", "pt"), ("wrong_direction_rate", "ratio")] {
                XCTAssertEqual(units["prediction.\(m)@\(h)ms"], unit, "prediction.\(m)@\(h)ms")
            }
        }
        for id in PerceivedSideEffects.metrics.map(\.id) where id != "perceived.spring_rate" {
            XCTAssertEqual(units[id], "ratio", id)
        }
        XCTAssertTrue(result.measurements.allSatisfy { $0.value.isFinite })
        XCTAssertEqual(result.notes, ["perceived.spring_rate: omitted: the pen never stopped while ink was shown"],
                       "a circle drawn in one motion has no stop to spring back at")
        XCTAssertFalse(result.timingMetricsSkipped)
        for m in result.measurements { print("  \(m.metric) = \(m.value) \(m.unit)") }
    }

    func testMillimetreMetricsAppearWhenTheScaleIsKnown() {
        let circle = KnownAnswerStrokes.circle(radius: 60, revolutionsPerSecond: 1, revolutions: 1)
        let mm = TraceMetadata(source: "synthetic:mm", units: .mm, refreshRateHz: 60)
        let r = Fixtures.evaluate(circle, "linear", metadata: mm)
        XCTAssertEqual(r.value("fidelity.frechet_mm"), r.value("fidelity.frechet"))
        XCTAssertNotNil(r.value("lag.offpath_mean_mm"))
        XCTAssertNil(Fixtures.evaluate(circle, "linear").value("fidelity.max_mm"))
    }

    func testResampledTracesSkipTimingMetricsAndSaySo() {
        let circle = KnownAnswerStrokes.circle(radius: 60, revolutionsPerSecond: 1, revolutions: 1)
        let resampled = TraceMetadata(source: "helpinghand:cyn", refreshRateHz: 60, resampled: true)
        let r = Fixtures.evaluate(circle, "linear|predict:linear", metadata: resampled)
        XCTAssertTrue(r.timingMetricsSkipped)
        XCTAssertTrue(r.notes.contains { $0.contains("resampled") }, "\(r.notes)")
        XCTAssertFalse(r.measurements.contains {
            $0.metric.hasPrefix("lag.") || $0.metric.hasPrefix("smoothness.") || $0.metric.hasPrefix("prediction.")
                || $0.metric.hasPrefix("perceived.")
        })
        XCTAssertNotNil(r.value("fidelity.frechet"))
        XCTAssertNotNil(r.value("jaggedness.kinks"))
    }

    func testNothingDrawnOmitsGeometryWithANote() {
        let tap = Stroke(id: "tap", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 1, y: 1)]),
                         reference: ReferenceCurve(points: [TimedPoint(time: 0, x: 1, y: 1)]))
        let r = Fixtures.evaluate(tap, "bezier4")
        XCTAssertEqual(r.value("path.elements"), 0)
        XCTAssertNil(r.value("fidelity.mean"))
        XCTAssertNil(r.value("jaggedness.kinks"))
        XCTAssertTrue(r.notes.contains { $0.contains("nothing was drawn") })
    }

    func testStraightReferenceOmitsTheBendingEnergyRatio() {
        let r = Fixtures.evaluate(KnownAnswerStrokes.line(speed: 100, duration: 1), "linear")
        XCTAssertNil(r.value("jaggedness.bending_energy_ratio"))
        XCTAssertEqual(r.value("jaggedness.kinks"), 0)
        XCTAssertEqual(r.value("jaggedness.sign_changes"), 0)
    }

    func testEvaluationIsDeterministic() {
        let circle = KnownAnswerStrokes.circle(radius: 30, revolutionsPerSecond: 1.5, revolutions: 2)
        let a = Fixtures.evaluate(circle, "coalesced|interp:coalesced-only|predict:quadratic")
        let b = Fixtures.evaluate(circle, "coalesced|interp:coalesced-only|predict:quadratic")
        XCTAssertEqual(a, b)
    }

    func testEveryMetricCompletesOnATenThousandVertexStroke() {
        // A slowly widening spiral of about 5,500 units: 10,001 coalesced samples at 240 Hz,
        // about 11,000 vertices at Δs = 0.5; sanity only, no timing assertion.
        let stroke = KnownAnswerStrokes.stroke(id: "long", duration: 10_000.0 / 240, sampleRateHz: 240, refreshRateHz: 60) { t in
            let a = 1.2 * t
            let r = 100 + 0.5 * t
            return Point(x: 500 + r * Double.cos(a), y: 500 + r * Double.sin(a))
        }
        XCTAssertEqual(stroke.sampleCount, 10_001)
        let r = Fixtures.evaluate(stroke, "coalesced-only|predict:kalman")
        let rendered = r.value("path.length")!
        print("long stroke: path.length \(rendered), vertices at Δs ≈ \(rendered / 0.5), \(r.measurements.count) measurements")
        XCTAssertGreaterThan(rendered / 0.5, 10_000)
        XCTAssertNotNil(r.value("fidelity.frechet"))
        XCTAssertNotNil(r.value("smoothness.sparc"))
        XCTAssertNotNil(r.value("lag.p95_ms"))
        XCTAssertNotNil(r.value("prediction.jitter@50ms"))
        XCTAssertTrue(r.measurements.allSatisfy { $0.value.isFinite })
    }
}
