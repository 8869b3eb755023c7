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

    func testQueriesFarFromTheirSegmentsGiveTheBruteForceMinimum() {
        // Points tens to millions of cells from the segments of their range: the rings hand
        // them to the hierarchy, which must give the same minimum as a scan, exactly.
        var rng = SeededGenerator(seed: 12)
        let pts = (0..<5000).map { i -> Point in
            let a = Double(i) * 0.01
            return Point(x: 400 * cos(a) + rng.nextGaussian(), y: 300 * sin(2 * a) + rng.nextGaussian())
        }
        let grid = SegmentGrid(points: pts)
        let hierarchy = SegmentHierarchy(points: pts)
        for q in 0..<400 {
            let scale = [1.0, 50, 1e4, 1e9][q % 4]
            let p = Point(x: scale * (2 * rng.nextUnit() - 1) * 500, y: scale * (2 * rng.nextUnit() - 1) * 500)
            let lo = Int(rng.next() % 4999)
            let hi = q % 3 == 0 ? 4998 : Swift.min(lo + Int(rng.next() % 2000), 4998)
            let range = q % 5 == 0 ? 0...4998 : lo...hi
            var best = Double.infinity
            for i in range { best = Swift.min(best, SegmentGrid.squaredDistance(p, pts[i], pts[i + 1])) }
            XCTAssertEqual(grid.squaredDistance(to: p, segments: range), best, "query \(q)")
            var n = 0
            XCTAssertEqual(hierarchy.squaredDistance(to: p, segments: range.lowerBound, range.upperBound, below: .infinity,
                                                     evaluations: &n), best, "query \(q)")
        }
    }

    func testAPointFarFromItsSegmentsCostsAFewLeavesNotAScan() {
        // 100,000 segments along a line; queries 10⁶ units off it, over all of it or over a
        // window of 20,000–30,000 segments. A scan computes 20,000–100,000 segment distances,
        // and rings would visit every cell within 10⁶ units.
        let pts = (0...100_000).map { Point(x: Double($0), y: 0.001 * Double($0 % 7)) }
        let grid = SegmentGrid(points: pts)
        for (p, range) in [(Point(x: 50_000, y: 1e6), 0...99_999), (Point(x: -3e6, y: -2e6), 0...99_999),
                           (Point(x: 10_000, y: -1e6), 40_000...69_999), (Point(x: 1e7, y: 5), 10...29_999)] {
            var evaluations = 0
            let d = grid.squaredDistance(to: p, segments: range, evaluations: &evaluations)
            var best = Double.infinity
            for i in range { best = Swift.min(best, SegmentGrid.squaredDistance(p, pts[i], pts[i + 1])) }
            XCTAssertEqual(d, best)
            // The budget's cells (a few segments each here) and a few leaves of the hierarchy.
            XCTAssertLessThanOrEqual(evaluations, 400, "\(p) over \(range)")
        }
    }

    func testInkFarFromAHugeSmoothReferenceCostsAFewLeavesPerQuery() {
        // The 8·10¹⁵-unit triangle's case: the straight ink along a side lies ~10¹⁴ units from
        // the smooth reference bulging past it, and each ink point may use a window of a few
        // thousand reference segments. Every query is the brute-force minimum of its window,
        // found in a few leaves: the rings and scans this replaced took 50 s in `strokelab run`.
        let n = 16_384
        let reference = (0...n).map { i -> Point in
            let t = Double(i) / Double(n)
            return Point(x: 8e15 * t, y: -4e15 * t * (1 - t))      // a parabola 10¹⁵ deep
        }
        let grid = SegmentGrid(points: reference)
        var worst = 0
        for k in 0..<200 {
            let t = (Double(k) + 0.5) / 200
            let ink = Point(x: 8e15 * t, y: 0)                    // on the chord
            let centre = Int(t * Double(n))
            let window = Swift.max(centre - 2000, 0)...Swift.min(centre + 2000, n - 1)
            var evaluations = 0
            let d = grid.squaredDistance(to: ink, segments: window, evaluations: &evaluations)
            var best = Double.infinity
            for i in window { best = Swift.min(best, SegmentGrid.squaredDistance(ink, reference[i], reference[i + 1])) }
            XCTAssertEqual(d, best, "query \(k)")
            worst = Swift.max(worst, evaluations)
        }
        XCTAssertLessThanOrEqual(worst, 400, "a window holds 4,000 segments; a scan computes them all")
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
