import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``CatmullRomInterpolator``: known answers (through every sample, the uniform handles,
/// Yuksel et al.'s no-cusp property of the centripetal form) and its streaming behaviour.
final class CatmullRomTests: XCTestCase {
    /// A noisy, unevenly spaced stroke (fixed seed): 120 samples along a wobbly spiral, some
    /// close together, some far apart.
    static func unevenStroke() -> [Point] {
        var g = SeededGenerator(seed: 7)
        var points: [Point] = []
        var a = 0.0
        for _ in 0..<120 {
            a += Double.random(in: 0.005...0.25, using: &g)
            let r = 40 + 10 * a + Double.random(in: -0.6...0.6, using: &g)
            points.append(Point(x: r * Double.cos(a), y: r * Double.sin(a)))
        }
        return points
    }

    func testTheCurvePassesThroughEverySampleForEveryAlphaAndEnd() throws {
        let points = Self.unevenStroke()
        let stroke = KnownAnswerStrokes.oneSamplePerEvent(points)
        for alpha in ["0", "0.5", "1", "0.25"] {
            for ends in ["reflect", "duplicate"] {
                let r = try TestStrokes.replay(stroke, "interp:catmull-rom(alpha=\(alpha),ends=\(ends),tail=complete)")
                let drawn = r.path.elements.filter { !$0.isMove }
                XCTAssertEqual(drawn.count, points.count - 1, "α=\(alpha) \(ends)")
                XCTAssertEqual(r.path.elements.first, .move(to: points[0]))
                var worst = WorstDifference()
                for (e, p) in zip(drawn, points.dropFirst()) { worst.add(e.endPoint, p) }
                XCTAssertLessThan(worst.value, 1e-12, "α=\(alpha) \(ends)")
                XCTAssertTrue(drawn.allSatisfy { if case .curve = $0 { return true } else { return false } })
            }
        }
    }

    func testUniformHandlesAreASixthOfTheNeighbourChord() {
        let p = [Point(x: 0, y: 0), Point(x: 3, y: 1), Point(x: 4, y: 5), Point(x: 9, y: 4)]
        let (h1, h2) = CatmullRomInterpolator.handles(p[0], p[1], p[2], p[3], 1, 1, 1)
        XCTAssertEqual(h1.x, 3 + 4.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(h1.y, 1 + 5.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(h2.x, 4 - 6.0 / 6, accuracy: 1e-12)
        XCTAssertEqual(h2.y, 5 - 3.0 / 6, accuracy: 1e-12)
    }

    /// Yuksel et al.: with uneven chords the uniform form loops or cusps, the centripetal and
    /// chordal forms do not.
    func testCentripetalAvoidsTheCuspTheUniformFormMakes() throws {
        let points = [Point(x: 0, y: 0), Point(x: 0, y: 1), Point(x: 0.2, y: 1.1), Point(x: 3, y: 1)]
        for (alpha, cusp) in [(0.0, true), (0.5, false), (1.0, false)] {
            let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:catmull-rom(alpha=\(alpha))")
            let middle = CurveGeometry.pieces(r.path)[1]
            XCTAssertEqual(CurveGeometry.hasCuspOrLoop(middle), cusp, "α=\(alpha)")
        }
    }

    /// The seed's "fast circle" (30 main samples per turn at 60 Hz, seeds' DIGEST), with a
    /// pen that speeds up and slows down and jitters: no segment of the centripetal curve has
    /// a cusp or a loop. (The synthetic traces' circles are checked in StrokeLabTests.)
    func testCentripetalHasNoCuspOnAFastCircle() throws {
        var g = SeededGenerator(seed: 3)
        var points: [Point] = []
        var a = 0.0
        for i in 0..<90 {
            a += 2 * Double.pi / 30 * (i % 7 == 3 ? 0.2 : Double.random(in: 0.6...1.6, using: &g))
            points.append(Point(x: 150 * Double.cos(a) + Double.random(in: -1...1, using: &g),
                                y: 150 * Double.sin(a) + Double.random(in: -1...1, using: &g)))
        }
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "catmull-rom")
        let pieces = CurveGeometry.pieces(r.path)
        XCTAssertEqual(pieces.count, points.count - 1)
        XCTAssertFalse(pieces.contains(where: CurveGeometry.hasCuspOrLoop))
    }

    func testASegmentIsCommittedWhenTheSampleAfterItsEndArrives() throws {
        let points = (0..<8).map { Point(x: Double($0) * 10, y: Double($0 * $0)) }
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:catmull-rom")
        // Events 0 and 1: nothing committed; from event k ≥ 2 the segment ending at sample
        // k − 1 is (a move first, then one cubic per event).
        XCTAssertEqual(r.frames.map(\.committedCount), [0, 0, 2, 3, 4, 5, 6, 8])
        // While drawing, the provisional tail is the segment to the newest sample.
        for f in r.frames.dropLast() where f.eventIndex >= 1 {
            let tail = r.provisional.elements[f.provisional]
            XCTAssertEqual(tail.last?.endPoint, points[f.eventIndex], "frame \(f.eventIndex)")
        }
        XCTAssertEqual(r.path.currentPoint, points[7])
    }

    func testPublishedTailNeverDrawsTheLastSegmentNorATap() throws {
        let points = (0..<6).map { Point(x: Double($0) * 10, y: 0) }
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:catmull-rom(tail=published)")
        XCTAssertEqual(r.path.currentPoint, points[4])
        XCTAssertTrue(r.provisional.isEmpty)
        let tap = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent([Point(x: 1, y: 1)]), "interp:catmull-rom(tail=published)")
        XCTAssertTrue(tap.path.isEmpty)
        let dot = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent([Point(x: 1, y: 1)]), "interp:catmull-rom")
        XCTAssertEqual(dot.path.elements, [.move(to: Point(x: 1, y: 1)), .line(to: Point(x: 1, y: 1))])
    }

    func testRepeatedSamplesAreMergedAndTheEndsFollowThePhantomChoice() throws {
        let points = [Point(x: 0, y: 0), Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 0), Point(x: 20, y: 10)]
        let reflect = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:catmull-rom")
        XCTAssertEqual(reflect.path.elements.filter { !$0.isMove }.count, 2)
        // Reflected phantom: the first handle lies a third of the way along the first chord.
        guard case .curve(_, let h1, _) = reflect.path.elements[1] else { return XCTFail("not a cubic") }
        XCTAssertEqual(h1.x, 10.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(h1.y, 0, accuracy: 1e-12)
        // Duplicated phantom, centripetal: the end handle vanishes.
        let duplicate = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:catmull-rom(ends=duplicate)")
        guard case .curve(_, let d1, _) = duplicate.path.elements[1] else { return XCTFail("not a cubic") }
        XCTAssertEqual(d1, Point(x: 0, y: 0))
    }
}
