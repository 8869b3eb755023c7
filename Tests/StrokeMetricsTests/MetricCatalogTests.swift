import Foundation
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// The metric catalog declares every metric once, with a guide section for each.
final class MetricCatalogTests: XCTestCase {
    func testEveryMeasuredMetricIsDeclaredWithItsUnit() {
        var metadata = Fixtures.synthetic
        metadata.millimetresPerUnit = 25.4 / 132
        let circle = KnownAnswerStrokes.circle(radius: 60, revolutionsPerSecond: 1, revolutions: 1.5)
        for label in ["linear", "midpoint-bezier(tail=complete)|predict:kalman(horizon=16.7)"] {
            let r = Fixtures.evaluate(circle, label, metadata: metadata)
            for m in r.measurements {
                let d = MetricCatalog.definition(of: m.metric)
                XCTAssertNotNil(d, "\(m.metric) is not declared")
                XCTAssertEqual(d?.unit.symbol(traceUnit: "pt"), m.unit, m.metric)
            }
        }
    }

    func testFamiliesAndMillimetreVariantsResolve() {
        XCTAssertEqual(MetricCatalog.definition(of: "prediction.error_mean@16.7ms")?.id, "prediction.error_mean@{h}ms")
        XCTAssertEqual(MetricCatalog.definition(of: "prediction.error_mean@16ms")?.id(horizonMs: 16), "prediction.error_mean@16ms")
        XCTAssertNil(MetricCatalog.definition(of: "prediction.error_mean@fastms"))
        XCTAssertEqual(MetricCatalog.definition(of: "fidelity.mean_mm")?.unit, .millimetres)
        XCTAssertEqual(MetricCatalog.definition(of: "fidelity.mean_mm")?.anchor, "fidelity-mean")
        XCTAssertNil(MetricCatalog.definition(of: "fidelity.mean_mmm"))
        XCTAssertEqual(MetricCatalog.definition(of: "lag.mean_ms")?.direction, .closerToZeroIsBetter)
        XCTAssertEqual(MetricCatalog.definition(of: "throughput.samples_per_s")?.isTiming, true)
        XCTAssertEqual(Set(MetricCatalog.expanded.map(\.id)).count, MetricCatalog.expanded.count, "every id once")
    }

    func testEveryDeclarationHasASectionInTheGuide() throws {
        let guide = try String(contentsOf: TestPaths.packageRootURL.appendingPathComponent(MetricCatalog.guidePath), encoding: .utf8)
        for d in MetricCatalog.definitions {
            XCTAssertTrue(guide.contains("<a id=\"\(d.anchor)\"></a>"), "\(d.id): no anchor '\(d.anchor)' in the guide")
            let written = d.id.replacingOccurrences(of: "{h}", with: "{h}")
            XCTAssertTrue(guide.contains("`\(written)`"), "\(d.id) is not named in the guide")
        }
    }
}
