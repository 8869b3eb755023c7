import Foundation
import StrokeCore
import StrokeTestSupport
import XCTest

/// The shared test support's own known answers: a tolerance comparison passes within its
/// tolerance and names the first mismatch otherwise; the known-answer strokes are what their
/// formulas say; missing shared data skips instead of failing.
final class TestSupportTests: XCTestCase {
    func testNumbersWithinToleranceAreCloseAndNaNNeverIs() {
        XCTAssertNil(ApproximateEquality.mismatch(1.0, 1.0 + 1e-10, tolerance: 1e-9))
        XCTAssertNil(ApproximateEquality.mismatch(Double.infinity, .infinity, tolerance: 0))
        XCTAssertEqual(ApproximateEquality.mismatch(1.0, 1.5, tolerance: 0.25), "1.0 is not within 0.25 of 1.5 (difference 0.5)")
        XCTAssertNotNil(ApproximateEquality.mismatch(Double.nan, .nan, tolerance: 1))
        XCTAssertNotNil(ApproximateEquality.mismatch(1.0, .nan, tolerance: .infinity))
        XCTAssertNotNil(ApproximateEquality.mismatch(Double.infinity, -.infinity, tolerance: 1))
        assertClose(0.1 + 0.2, 0.3, tolerance: 1e-15)
    }

    func testPointsAreComparedPerCoordinate() {
        // 0.9 off in each coordinate (1.27 apart) is within 0.9 per coordinate.
        XCTAssertNil(ApproximateEquality.mismatch(Point(x: 1, y: 1), Point(x: 1.9, y: 0.1), tolerance: 0.9))
        XCTAssertNotNil(ApproximateEquality.mismatch(Point(x: 1, y: 1), Point(x: 1, y: 2.5), tolerance: 1))
        assertClose(Point(x: 3, y: 4), Point(x: 3 + 1e-13, y: 4 - 1e-13), tolerance: 1e-12)
    }

    func testAnArrayMismatchNamesTheFirstIndexAndHowManyDiffer() {
        XCTAssertEqual(ApproximateEquality.mismatch([0, 1, 2, 3], [0, 1.5, 2, 3.5], tolerance: 0.1),
                       "element 1: 1.0, expected 1.5; 2 of 4 elements differ (tolerance 0.1)")
        XCTAssertEqual(ApproximateEquality.mismatch([0, 1, 2], [0, 1, 2.5], tolerance: 0.1),
                       "element 2: 2.0, expected 2.5 (tolerance 0.1)")
        XCTAssertEqual(ApproximateEquality.mismatch([1.0], [1, 2], tolerance: 1), "1 values, expected 2 (tolerance 1.0)")
        XCTAssertNil(ApproximateEquality.mismatch([Double](), [], tolerance: 0))
        XCTAssertEqual(ApproximateEquality.mismatch([Point(x: 0, y: 0), Point(x: 1, y: 1)],
                                                    [Point(x: 0, y: 0), Point(x: 1, y: 1.25)], tolerance: 0.125),
                       "element 1: (1.0, 1.0), expected (1.0, 1.25) (tolerance 0.125 per coordinate)")
        assertClose([1, 2, 3], [1, 2, 3 + 1e-12], tolerance: 1e-9)
        assertClose([Point(x: 1, y: 2)], [Point(x: 1, y: 2)], tolerance: 0)
    }

    func testInksAreComparedComponentByComponentAndTheBlendMustMatch() {
        let ink = InkAttributes(width: 6, opacity: 0.4, color: InkColor(red: 0.2, green: 0.5, blue: 1))
        var near = ink
        near.width += 1e-13
        XCTAssertNil(ApproximateEquality.mismatch(near, ink, tolerance: 1e-12))
        var wider = ink
        wider.width = 6.1
        XCTAssertTrue(ApproximateEquality.mismatch(wider, ink, tolerance: 1e-12)?.hasPrefix("width: ") == true)
        var greener = ink
        greener.color.green = 0.6
        XCTAssertTrue(ApproximateEquality.mismatch(greener, ink, tolerance: 1e-12)?.hasPrefix("green: ") == true)
        var erasing = ink
        erasing.blend = .erase
        XCTAssertEqual(ApproximateEquality.mismatch(erasing, ink, tolerance: 1), "blend erase, expected normal")
    }

    func testMaxAbsDifferenceIsInfiniteForDifferentCountsOrNaNOnEitherSide() {
        XCTAssertEqual(maxAbsDifference([1, 2, 3], [1, 2.5, 2]), 1)
        XCTAssertEqual(maxAbsDifference([], []), 0)
        XCTAssertEqual(maxAbsDifference([1], [1, 2]), .infinity)
        XCTAssertEqual(maxAbsDifference([.nan], [1]), .infinity)
        XCTAssertEqual(maxAbsDifference([1], [.nan]), .infinity)
        XCTAssertEqual(maxAbsDifference([0, .nan, 0], [0, 0, 0]), .infinity, "a NaN after the first element too")
        XCTAssertEqual(maxAbsDifference([.infinity, 1], [.infinity, 1]), 0, "equal infinities are equal")
        XCTAssertEqual(maxAbsDifference([.infinity], [-.infinity]), .infinity)
    }

    /// The bug the helper exists for: `max(worst, abs(a − b))` forgets a NaN term.
    func testAWorstDifferenceWithNaNOnEitherSideFailsEveryTolerance() {
        XCTAssertEqual(max(0.0, abs(Double.nan - 1)), 0, "Swift's max keeps its first argument against NaN")
        for (actual, expected) in [(Double.nan, 1.0), (1.0, .nan), (.nan, .nan), (1.0, .infinity), (-.infinity, .infinity)] {
            var worst = WorstDifference()
            worst.add(0.5, 0.5)
            worst.add(actual, expected)
            worst.add(2, 2.25)
            XCTAssertEqual(worst.value, .infinity, "\(actual) against \(expected)")
            XCTAssertEqual(worst.count, 3)
            XCTAssertFalse(worst.value <= 1e300)
        }
        var points = WorstDifference()
        points.add(Point(x: 1, y: 2), Point(x: 1.5, y: 2))
        XCTAssertEqual(points.value, 0.5)
        points.add(Point(x: 1, y: .nan), Point(x: 1, y: 2))
        XCTAssertEqual(points.value, .infinity, "NaN in one coordinate")
        XCTAssertEqual(points.count, 2)
        var distances = WorstDifference()
        distances.add(distance: 0.25)
        distances.add(distance: -0.75)
        XCTAssertEqual(distances.value, 0.75)
        distances.add(distance: .nan)
        distances.add(distance: 0.1)
        XCTAssertEqual(distances.value, .infinity, "NaN is remembered whatever follows")
        var arrays = WorstDifference()
        arrays.add([1, 2], [1, 2, 3])
        XCTAssertEqual(arrays.value, .infinity, "different counts")
        var total = WorstDifference()
        total.add(distance: 0.5)
        total.add(distances)
        XCTAssertEqual(total.value, .infinity)
        XCTAssertEqual(total.count, 5)
        XCTAssertEqual(WorstDifference().value, 0)
        XCTAssertEqual(WorstDifference().count, 0)
    }

    func testTheKnownAnswerCircleLiesOnItsCircleWithItsReferenceAtEverySampleTime() throws {
        let stroke = KnownAnswerStrokes.circle(radius: 50, revolutionsPerSecond: 2, revolutions: 1, center: Point(x: 100, y: 80))
        let samples = stroke.samples
        XCTAssertEqual(samples.count, 121, "0.5 s at 240 Hz, both ends")
        XCTAssertEqual(stroke.events.count, 31, "grouped into 60 Hz frames")
        assertClose(samples[0].location, Point(x: 150, y: 80), tolerance: 1e-12)
        assertClose(samples[30].location, Point(x: 100, y: 130), tolerance: 1e-12, "a quarter turn, counter-clockwise")
        for s in samples {
            assertClose(s.location.distance(to: Point(x: 100, y: 80)), 50, tolerance: 1e-12, "t = \(s.time)")
        }
        let reference = try XCTUnwrap(stroke.reference)
        XCTAssertEqual(reference.points.count, 20 * 120 + 1)
        let times = Set(reference.points.map(\.time))
        XCTAssertTrue(samples.allSatisfy { times.contains($0.time) }, "every sample time is a reference time")
        assertClose(reference.points.map(\.location).last!, samples.last!.location, tolerance: 1e-12)
    }

    func testTheKnownAnswerLineMovesAtItsSpeedAndDelayOnlyMovesDelivery() {
        let line = KnownAnswerStrokes.line(speed: 300, duration: 0.25)
        assertClose(line.samples.map(\.location.x), line.samples.map { 10 + 300 * $0.time }, tolerance: 1e-12)
        XCTAssertTrue(line.samples.allSatisfy { $0.location.y == 20 })
        let late = KnownAnswerStrokes.delayed(line, by: 0.01)
        XCTAssertEqual(late.samples, line.samples)
        assertClose(late.events.map(\.time), line.events.map { $0.time + 0.01 }, tolerance: 0)
    }

    func testOneSamplePerEventBeginsMovesAndEnds() {
        let points = KnownAnswerStrokes.circlePoints(radius: 10, perRevolution: 4, count: 5)
        assertClose(points, [Point(x: 10, y: 0), Point(x: 0, y: 10), Point(x: -10, y: 0), Point(x: 0, y: -10), Point(x: 10, y: 0)],
                    tolerance: 1e-12)
        let stroke = KnownAnswerStrokes.oneSamplePerEvent(points)
        XCTAssertEqual(stroke.events.map(\.phase), [.began, .moved, .moved, .moved, .ended])
        XCTAssertEqual(KnownAnswerStrokes.oneSamplePerEvent(points, endedRepeatsLast: true).events.map(\.phase),
                       [.began, .moved, .moved, .moved, .moved, .ended])
        XCTAssertEqual(KnownAnswerStrokes.oneSamplePerEvent([points[0]]).events.map(\.phase), [.began, .ended])
    }

    /// Missing shared data skips on a developer's machine and fails under CI (`CI=true`):
    /// there an oracle test cannot be skipped without anyone noticing.
    func testPathsPointIntoTheRepositoryAndMissingSharedDataSkipsExceptUnderCI() throws {
        XCTAssertTrue(FileManager.default.fileExists(atPath: TestPaths.packageRoot + "/Package.swift"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: RepositoryFixtures.url("paper.js/pathfitter-runs.json").path))
        let saved = ProcessInfo.processInfo.environment["CI"]
        defer { if let saved { setenv("CI", saved, 1) } else { unsetenv("CI") } }
        unsetenv("CI")
        XCTAssertThrowsError(try SharedData.dataset("no-such-dataset")) { XCTAssertTrue($0 is XCTSkip, "\($0)") }
        XCTAssertThrowsError(try PeerOracles.url("no-such-oracle.json")) { XCTAssertTrue($0 is XCTSkip, "\($0)") }
        setenv("CI", "true", 1)
        XCTAssertThrowsError(try SharedData.dataset("no-such-dataset")) {
            XCTAssertTrue($0 is MissingRequirement, "\($0)")
            XCTAssertTrue("\($0)".contains("no-such-dataset") && "\($0)".contains("CI=true"), "\($0)")
        }
        XCTAssertThrowsError(try PeerOracles.url("no-such-oracle.json")) { XCTAssertTrue($0 is MissingRequirement, "\($0)") }
        let directory = try makeTemporaryDirectory("support")
        XCTAssertEqual(TestPaths.files(directory), [], "fresh and empty")
    }
}
