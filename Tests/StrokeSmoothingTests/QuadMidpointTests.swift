import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``QuadMidpointInterpolator``: G1 at every join, midpoints as ends and samples as controls,
/// its streaming and tail behaviour.
final class QuadMidpointTests: XCTestCase {
    func testEveryJoinIsG1() throws {
        let points = CatmullRomTests.unevenStroke()
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:quad-midpoint")
        let pieces = CurveGeometry.pieces(r.path)
        XCTAssertEqual(pieces.count, points.count)   // a line, n − 2 quadratics, a line
        var worst = WorstDifference()
        for (a, b) in zip(pieces, pieces.dropFirst()) {
            XCTAssertEqual(a.element.endPoint, b.start)
            worst.add(distance: try XCTUnwrap(CurveGeometry.joinTurn(a, b)))
        }
        XCTAssertEqual(worst.count, points.count - 1)
        XCTAssertLessThan(worst.value, 1e-9)
    }

    func testQuadraticsRunFromMidpointToMidpointWithTheSamplesAsControls() throws {
        let points = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:quad-midpoint")
        XCTAssertEqual(r.path.elements, [
            .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 5, y: 0)),
            .quadCurve(to: Point(x: 10, y: 5), control: Point(x: 10, y: 0)),
            .quadCurve(to: Point(x: 5, y: 10), control: Point(x: 10, y: 10)),
            .line(to: Point(x: 0, y: 10)),
        ])
        // Committed when the next sample arrives; the last half segment is the tail.
        XCTAssertEqual(r.frames.map(\.committedCount), [0, 2, 3, 5])
        XCTAssertEqual(r.provisional.elements[r.frames[2].provisional].last, .line(to: Point(x: 10, y: 10)))
    }

    func testPublishedTailLeavesTheLastHalfSegmentAndTapsUndrawn() throws {
        let points = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10)]
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:quad-midpoint(tail=published)")
        XCTAssertEqual(r.path.currentPoint, Point(x: 10, y: 5))
        XCTAssertTrue(r.provisional.isEmpty)
        XCTAssertTrue(try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent([Point(x: 1, y: 2)]), "interp:quad-midpoint(tail=published)").path.isEmpty)
        XCTAssertEqual(try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent([Point(x: 1, y: 2)]), "quad-midpoint").path.elements,
                       [.move(to: Point(x: 1, y: 2)), .line(to: Point(x: 1, y: 2))])
    }
}
