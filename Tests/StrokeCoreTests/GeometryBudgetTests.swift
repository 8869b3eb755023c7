import XCTest

@testable import StrokeCore

/// Issue 11 item 1: resampling and flattening never size a buffer from an unchecked
/// `Double`, and never produce more than their budget, whatever the coordinates, step or
/// tolerance.
final class GeometryBudgetTests: XCTestCase {
    /// The reproduction's stroke: 2·10¹² units long. At Δs = 0.5 it would need 4·10¹²
    /// points (64 TB); the budget (2¹⁸ points) bounds it and says which step it used.
    func testResamplingAHugeStrokeStaysWithinTheBudget() {
        let p = Polyline(points: [Point(x: 0, y: 0), Point(x: 1e12, y: 0), Point(x: 2e12, y: 5)])
        let step = p.resamplingStep(0.5)
        XCTAssertEqual(step, p.length / Double(Polyline.defaultResamplingBudget - 2), accuracy: 1e-3)
        let r = p.resampled(step: 0.5)
        XCTAssertLessThanOrEqual(r.count, Polyline.defaultResamplingBudget)
        XCTAssertGreaterThan(r.count, Polyline.defaultResamplingBudget - 4)
        XCTAssertEqual(r.points.first, p.points.first)
        XCTAssertEqual(r.points.last, p.points.last)
        // The exact variant refuses instead of widening.
        XCTAssertThrowsError(try p.resampled(exactStep: 0.5)) { error in
            XCTAssertTrue("\(error)".contains("more than the budget of 262144"), "\(error)")
        }
        // A small budget is honoured too.
        XCTAssertLessThanOrEqual(p.resampled(step: 0.5, budget: 100).count, 100)
    }

    func testAnAbsurdlySmallStepIsBoundedAndAnOrdinaryOneUnchanged() {
        let p = Polyline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0)])
        XCTAssertLessThanOrEqual(p.resampled(step: 1e-300).count, Polyline.defaultResamplingBudget)
        XCTAssertLessThanOrEqual(p.resampled(step: .leastNonzeroMagnitude).count, Polyline.defaultResamplingBudget)
        XCTAssertEqual(p.resamplingStep(0.5), 0.5, "within the budget the step is the one asked for")
        XCTAssertEqual(try p.resampled(exactStep: 0.5), p.resampled(step: 0.5))
        XCTAssertEqual(p.resampled(step: 0.5).count, 21)
    }

    /// Coordinates near ±10³⁰⁸ make the length overflow to ∞; resampling keeps the ends
    /// rather than dividing infinities (no reader lets such a trace in; the library is safe
    /// anyway).
    func testANonFiniteLengthGivesTheEnds() {
        let p = Polyline(points: [Point(x: -1.7e308, y: 0), Point(x: 1.7e308, y: 0)])
        XCTAssertEqual(p.length, .infinity)
        XCTAssertEqual(p.resampled(step: 0.5).points, p.points)
        XCTAssertThrowsError(try p.resampled(exactStep: 0.5))
    }

    /// Wang's count of a curve with a second difference of 10⁴⁰ is 10²¹ segments: converted
    /// unchecked to `Int` it trapped; it is capped as a `Double` first.
    func testWangCountOfAHugeCurveIsCappedBeforeConversion() {
        XCTAssertEqual(Path.wangSegmentCount(degree: 3, maxSecondDifference: 1e40, tolerance: 0.01), Path.maximumSegmentsPerCurve)
        XCTAssertEqual(Path.wangSegmentCount(degree: 3, maxSecondDifference: .infinity, tolerance: 1e-300), Path.maximumSegmentsPerCurve)
        XCTAssertEqual(Path.wangSegmentCount(degree: 2, maxSecondDifference: .nan, tolerance: 0.01), 1)
        var path = Path()
        path.move(to: .zero)
        path.addCurve(to: Point(x: 2e12, y: 0), control1: Point(x: 1e12, y: 1e12), control2: Point(x: 1e12, y: -1e12))
        XCTAssertEqual(path.flattened().count, Path.maximumSegmentsPerCurve + 1)
    }

    /// Many curves at a tiny tolerance: 1000 cubics × 16384 segments would be 16 million
    /// points; the whole path stays within the budget, every curve keeps its end point and
    /// the polyline still ends where the path does.
    func testFlatteningManyCurvesAtATinyToleranceStaysWithinTheBudget() {
        var path = Path()
        path.move(to: .zero)
        for k in 0..<1000 {
            let x = Double(k) * 10
            path.addCurve(to: Point(x: x + 10, y: 0), control1: Point(x: x + 3, y: 8), control2: Point(x: x + 7, y: -8))
        }
        XCTAssertGreaterThan(path.flattenedPointCount(tolerance: 1e-300), Double(Path.defaultFlatteningBudget))
        let line = path.flattened(tolerance: 1e-300)
        XCTAssertLessThanOrEqual(line.count, Path.defaultFlatteningBudget)
        XCTAssertEqual(line.points.last, Point(x: 10_000, y: 0))
        let ends = Set(line.points.filter { $0.y == 0 }.map(\.x))
        for k in 0..<1000 { XCTAssertTrue(ends.contains(Double(k + 1) * 10), "end of curve \(k)") }
        XCTAssertThrowsError(try path.flattened(exactTolerance: 1e-300))
        // Within the budget nothing changes.
        XCTAssertEqual(try path.flattened(exactTolerance: 0.01), path.flattened(tolerance: 0.01))
        let parts = path.flattenedSubpaths(tolerance: 1e-300)
        XCTAssertLessThanOrEqual(parts.reduce(0) { $0 + $1.count }, Path.defaultFlatteningBudget)
    }

    /// Values the readers refuse: NaN, infinities, magnitudes beyond 2⁵³.
    func testChannelValuesBeyondTwoToThe53AreNotRepresentable() {
        XCTAssertNil(Channel.x.problem(with: 1e12))
        XCTAssertNil(Channel.x.problem(with: -Channel.maximumMagnitude))
        XCTAssertNotNil(Channel.x.problem(with: 1e16))
        XCTAssertNotNil(Channel.t.problem(with: .nan))
        XCTAssertNotNil(Channel.y.problem(with: -.infinity))
        XCTAssertTrue(Channel.x.problem(with: 1e300)!.contains("2^53"))
    }
}
