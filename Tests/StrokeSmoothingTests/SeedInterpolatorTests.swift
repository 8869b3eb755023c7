import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest

@testable import StrokeSmoothing

final class LinearInterpolatorTests: XCTestCase {
    func testLinesThroughEveryMainSampleIncludingLiftOff() throws {
        let pts = KnownAnswerStrokes.circlePoints(radius: 50, perRevolution: 12, count: 7)
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(pts), "linear")
        XCTAssertEqual(r.path.elements.first, .move(to: pts[0]))
        XCTAssertEqual(r.path.drawingElementCount, 6)
        XCTAssertEqual(r.path.currentPoint, pts[6])
        XCTAssertTrue(r.provisional.isEmpty)
    }

    func testATapDrawsNothingWhenPublishedAndADotWhenComplete() throws {
        let tap = KnownAnswerStrokes.oneSamplePerEvent([Point(x: 3, y: 4)])
        for label in ["linear", "bezier4", "midpoint-bezier", "coalesced-only"] {
            let published = try TestStrokes.replay(tap, label)
            XCTAssertEqual(published.path.drawingElementCount, 0, label)
            let complete = try TestStrokes.replay(tap, "\(label)(tail=complete)")
            XCTAssertEqual(complete.path.elements, [.move(to: Point(x: 3, y: 4)), .line(to: Point(x: 3, y: 4))], label)
        }
    }

    func testRepeatedSamplesAddNoZeroLengthSegments() throws {
        let p = Point(x: 1, y: 1), q = Point(x: 2, y: 1)
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent([p, p, q, q, q]), "linear")
        XCTAssertEqual(r.path.elements, [.move(to: p), .line(to: q)])
    }

    func testCoalescedOnlyIgnoresLiftOffSamplesUnlessComplete() throws {
        let s = (0..<9).map { TouchSample(time: Double($0) / 240, x: Double($0), y: 0) }
        let stroke = Stroke(id: "s", events: FrameGrouping.events(from: s))  // began, [1…4], ended [5…8]
        let published = try TestStrokes.replay(stroke, "coalesced-only")
        XCTAssertEqual(published.path.currentPoint, Point(x: 4, y: 0))
        let complete = try TestStrokes.replay(stroke, "coalesced-only(tail=complete)")
        XCTAssertEqual(complete.path.currentPoint, Point(x: 8, y: 0))
        // `linear` over the coalesced view draws lift-off samples, as LinearInterpView does.
        let linear = try TestStrokes.replay(stroke, "coalesced|interp:linear")
        XCTAssertEqual(linear.path.currentPoint, Point(x: 8, y: 0))
        XCTAssertEqual(linear.path.drawingElementCount, 8)
    }
}

final class FourPointBezierInterpolatorTests: XCTestCase {
    /// bezier4 (published) fed n samples through began/moved draws the first
    /// 1 + 3⌊(n−1)/3⌋ and leaves the last (n−1) mod 3 undrawn; the lift-off is never drawn.
    func testPublishedLeavesTheLastNMinusOneModThreeSamplesUndrawn() throws {
        for n in 1...14 {
            let pts = (0..<n).map { Point(x: Double($0) * 10, y: Double($0 % 2)) }
            let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(pts, endedRepeatsLast: true), "bezier4")
            let undrawn = (n - 1) % 3
            let segments = (n - 1) / 3
            XCTAssertEqual(r.path.drawingElementCount, segments, "n = \(n)")
            if segments > 0 {
                XCTAssertEqual(r.path.currentPoint, pts[n - 1 - undrawn], "n = \(n)")
            } else {
                XCTAssertNil(r.path.currentPoint, "n = \(n)")
            }
        }
    }

    func testInnerSamplesAreControlPoints() throws {
        let pts = [Point(x: 0, y: 0), Point(x: 1, y: 2), Point(x: 2, y: 2), Point(x: 3, y: 0)]
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(pts, endedRepeatsLast: true), "bezier4")
        XCTAssertEqual(r.path.elements, [.move(to: pts[0]), .curve(to: pts[3], control1: pts[1], control2: pts[2])])
    }

    func testCompleteReachesTheLastSample() throws {
        for n in 2...14 {
            let pts = (0..<n).map { Point(x: Double($0) * 10, y: Double($0 % 3)) }
            let stroke = KnownAnswerStrokes.oneSamplePerEvent(pts)
            let r = try TestStrokes.replay(stroke, "bezier4(tail=complete)")
            XCTAssertEqual(r.path.currentPoint, pts[n - 1], "n = \(n)")
            // While drawing, the provisional tail already reaches the newest sample.
            for frame in r.frames where frame.phase == .moved {
                XCTAssertEqual(frame.tip, stroke.events[frame.eventIndex].main.location, "n = \(n)")
            }
        }
    }

    /// The naive four-point Bézier is not G1: on a circle its joins turn visibly.
    func testJoinsAreNotTangentContinuous() throws {
        let pts = KnownAnswerStrokes.circlePoints(radius: 100, perRevolution: 30, count: 31)
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(pts, endedRepeatsLast: true), "bezier4")
        let turns = joinTurns(r.path)
        XCTAssertFalse(turns.isEmpty)
        XCTAssertGreaterThan(turns.max()!, 0.1)
    }
}

final class MidpointBezierInterpolatorTests: XCTestCase {
    func testJoinsAreG1OnACircle() throws {
        let pts = KnownAnswerStrokes.circlePoints(radius: 100, perRevolution: 30, count: 61)
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(pts), "midpoint-bezier")
        let turns = joinTurns(r.path)
        XCTAssertGreaterThan(turns.count, 10)
        XCTAssertLessThan(turns.max()!, 1e-9)
    }

    func testJoinsAreG1OnRandomInputAndWithTheCompleteTail() throws {
        var rng = SeededGenerator(seed: 11)
        let pts = (0..<200).map { _ in Point(x: rng.nextUnit() * 300, y: rng.nextUnit() * 300) }
        for label in ["midpoint-bezier", "midpoint-bezier(tail=complete)"] {
            let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(pts), label)
            let turns = joinTurns(r.path)
            XCTAssertGreaterThan(turns.count, 60)
            XCTAssertLessThan(turns.max()!, 1e-9, label)
        }
    }

    func testSeedSegmentConstruction() throws {
        let p = (0..<5).map { Point(x: Double($0) * 10, y: Double($0 * $0)) }
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(p, endedRepeatsLast: true), "midpoint-bezier")
        XCTAssertEqual(r.path.elements, [.move(to: p[0]), .curve(to: p[2].midpoint(p[4]), control1: p[1], control2: p[2])])
    }

    func testPublishedLeavesPendingSamplesUndrawnAndCompleteReachesTheEnd() throws {
        for n in 2...15 {
            let pts = (0..<n).map { Point(x: Double($0) * 10, y: Double(($0 * 7) % 5)) }
            let published = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(pts, endedRepeatsLast: true), "midpoint-bezier")
            // Segments are drawn at the 5th, 8th, 11th… sample fed.
            let segments = n >= 5 ? (n - 5) / 3 + 1 : 0
            XCTAssertEqual(published.path.drawingElementCount, segments, "n = \(n)")
            let complete = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(pts), "midpoint-bezier(tail=complete)")
            XCTAssertEqual(complete.path.currentPoint, pts[n - 1], "n = \(n)")
        }
    }
}

/// Absolute turning angles (radians) between consecutive drawing elements at their joins.
func joinTurns(_ path: Path) -> [Double] {
    var turns: [Double] = []
    var previousEnd: Vector? = nil
    path.forEachSegment { start, element in
        if let previousEnd, let tangent = element.startTangent(from: start) {
            turns.append(abs(previousEnd.turningAngle(to: tangent)))
        }
        previousEnd = element.endTangent(from: start)
    }
    return turns
}
