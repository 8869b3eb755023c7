import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// The metrics' work stays bounded whatever the coordinates, the step or the tolerance
/// (issue 11 item 1, the metrics half), and stays linear on paths that revisit the same place
/// (issue 9 item 8). Costs are benchmarked, not timed here: these tests check the bounds.
final class BoundedWorkTests: XCTestCase {
    let recorded = TraceMetadata(source: "wacom:recording", refreshRateHz: 60)

    func testHugeCoordinatesCoarsenTheStepAndReportIt() {
        // The audit's trace: three samples reaching 2·10¹² units.
        let samples = [TouchSample(time: 0, x: 0, y: 0), TouchSample(time: 0.01, x: 1e12, y: 0), TouchSample(time: 0.02, x: 2e12, y: 5)]
        // (A small budget keeps the test quick; the default is 2¹⁸ points.)
        let stroke = Stroke(id: "s", events: FrameGrouping.events(from: samples))
        let options = MetricOptions(maximumResampledPoints: 4096)
        for label in ["linear", "midpoint-bezier(tail=complete)", "coalesced-only|predict:linear"] {
            let r = StrokeEvaluation.evaluate(stroke: stroke, pipeline: Fixtures.pipeline(label), metadata: recorded, options: options)
            let step = r.value("jaggedness.step")!
            XCTAssertGreaterThanOrEqual(step, 2e12 / 4096 * 0.999, label)
            XCTAssertTrue(r.measurements.allSatisfy { $0.value.isFinite }, label)
        }
    }

    func testATinyStepOrToleranceIsBounded() {
        // (A small budget keeps the test quick; the default is 2¹⁸ points.)
        let circle = KnownAnswerStrokes.circle(radius: 50, revolutionsPerSecond: 1, revolutions: 1)
        let tiny = MetricOptions(resampleStep: 1e-300, flatteningTolerance: 1e-300, maximumResampledPoints: 4096)
        XCTAssertTrue(tiny.problems.isEmpty)
        let r = Fixtures.evaluate(circle, "midpoint-bezier(tail=complete)", options: tiny)
        let step = r.value("jaggedness.step")!
        XCTAssertEqual(step, 2 * .pi * 50 / 4096, accuracy: 0.01 * step)
        let normal = Fixtures.evaluate(circle, "midpoint-bezier(tail=complete)", options: MetricOptions(maximumResampledPoints: 4096))
        XCTAssertEqual(r.value("path.length")!, normal.value("path.length")!, accuracy: 0.01)
        XCTAssertEqual(r.value("fidelity.mean")!, normal.value("fidelity.mean")!, accuracy: 0.01)
    }

    func testChordCountsAreClampedBeforeConvertingToInt() {
        XCTAssertEqual(InkGeometry.chordCount(lengthBound: .infinity, maxChord: 1, degree: 3, secondDifference: 1, tolerance: 1),
                       4 * MetricOptions.resampledPointsCeiling)
        XCTAssertFalse(MetricOptions(maximumResampledPoints: 10).problems.isEmpty)
        XCTAssertFalse(MetricOptions(maximumResampledPoints: Int.max).problems.isEmpty)
        XCTAssertEqual(InkGeometry.chordCount(lengthBound: .nan, maxChord: 1, degree: 3, secondDifference: .nan, tolerance: 0.1), 1)
        XCTAssertEqual(InkGeometry.chordCount(lengthBound: 1, maxChord: 1, degree: 3, secondDifference: 1e300, tolerance: 1e-300),
                       Int(InkGeometry.maximumWangChords))
        XCTAssertEqual(InkGeometry.step(forLength: .infinity, options: MetricOptions()), 0.5)
        XCTAssertEqual(InkGeometry.step(forLength: 1e12, options: MetricOptions()), 1e12 / Double(1 << 18))
    }

    func testACircleDrawnManyTimesIsMeasuredAgainstItsOwnPass() {
        // Six turns over the same circle: each piece of ink is compared with the pass it
        // was drawn from, and the chord sagitta of `linear` is still the known answer.
        let circle = KnownAnswerStrokes.circle(radius: 100, revolutionsPerSecond: 2, revolutions: 6)
        let r = Fixtures.evaluate(circle, "linear")
        let sagitta = 100 * (1 - cos(Double.pi / 30))
        XCTAssertEqual(r.value("fidelity.max")!, sagitta, accuracy: 0.01 * sagitta)
        XCTAssertLessThan(r.value("fidelity.frechet")!, sagitta + 0.3)
    }

    func testRangeQueriesMatchBruteForce() {
        var rng = SeededGenerator(seed: 11)
        // A path that passes the same region many times.
        let pts = (0..<3000).map { i -> Point in
            let a = Double(i) * 0.05
            return Point(x: 50 * cos(a) + rng.nextGaussian(), y: 50 * sin(a) + rng.nextGaussian())
        }
        let grid = SegmentGrid(points: pts)
        for _ in 0..<300 {
            let p = Point(x: 120 * rng.nextUnit() - 60, y: 120 * rng.nextUnit() - 60)
            let lo = Int(rng.next() % 2900)
            let hi = Swift.min(lo + Int(rng.next() % 400), 2998)
            var best = Double.infinity
            for i in lo...hi { best = Swift.min(best, SegmentGrid.squaredDistance(p, pts[i], pts[i + 1])) }
            XCTAssertEqual(grid.squaredDistance(to: p, segments: lo...hi), best, accuracy: 1e-9 * Swift.max(best, 1))
        }
        XCTAssertEqual(grid.squaredDistance(to: .zero, segments: 5000...6000), .infinity)
    }

    func testTheWindowedFrechetDistanceEqualsTheFullOneWhenTheBandHoldsTheCoupling() {
        let a = (0..<200).map { Point(x: Double($0), y: sin(Double($0) / 9)) }
        let b = (0..<180).map { Point(x: Double($0) * 199 / 179, y: 0.3 + sin(Double($0) * 199 / 179 / 9)) }
        let full = DiscreteFrechet.distance(a, b)!
        let band = a.indices.map { i -> ClosedRange<Int> in
            let j = Int(Double(i) * 179 / 199)
            return Swift.max(j - 15, 0)...Swift.min(j + 15, 179)
        }
        XCTAssertEqual(DiscreteFrechet.distance(a, b, band: band)!, full, accuracy: 1e-12)
        // A band too narrow to hold it can only give more.
        let narrow = a.indices.map { i -> ClosedRange<Int> in let j = Int(Double(i) * 179 / 199); return j...j }
        XCTAssertGreaterThanOrEqual(DiscreteFrechet.distance(a, b, band: narrow)!, full)
    }
}
