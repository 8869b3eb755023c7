import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``CurveFitter`` and ``FitCurveInterpolator``: every sample within `error` of the committed
/// curve, a sampled cubic recovered as one segment, corners kept, bounded windows, and the
/// committed part never revised.
final class FitCurveTests: XCTestCase {
    /// Samples of the cubic (0,0) (40,120) (160,−60) (200,60), evenly in t.
    static func cubicSamples(_ n: Int) -> [Point] {
        let p0 = Point(x: 0, y: 0), p1 = Point(x: 40, y: 120), p2 = Point(x: 160, y: -60), p3 = Point(x: 200, y: 60)
        let piece = CurveGeometry.Piece(start: p0, element: .curve(to: p3, control1: p1, control2: p2))
        return (0..<n).map { CurveGeometry.point(piece, Double($0) / Double(n - 1)) }
    }

    func testEverySampleLiesWithinTheErrorOfTheCommittedCurve() throws {
        let points = CatmullRomTests.unevenStroke()
        let stroke = KnownAnswerStrokes.oneSamplePerEvent(points)
        for (error, window) in [(0.25, 32), (1.0, 32), (3.0, 8), (1.0, 200)] {
            let r = try TestStrokes.replay(stroke, "interp:fit-curve(error=\(error),window=\(window))")
            let pieces = CurveGeometry.pieces(r.path)
            XCTAssertEqual(r.path.elements.first, .move(to: points[0]))
            XCTAssertEqual(r.path.currentPoint, points[points.count - 1])
            var worst = WorstDifference()
            for p in points { worst.add(distance: CurveGeometry.distance(from: p, to: pieces)) }
            XCTAssertLessThan(worst.value, error, "error \(error), window \(window): \(pieces.count) segments")
            // One subpath: the committed cubics join end to start.
            XCTAssertEqual(r.path.elements.filter(\.isMove).count, 1)
        }
    }

    func testASampledCubicIsRecoveredAsOneSegment() throws {
        let points = Self.cubicSamples(30)
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:fit-curve(error=0.5)")
        let pieces = CurveGeometry.pieces(r.path)
        XCTAssertEqual(pieces.count, 1)
        // And it is that cubic: every point of it within the error.
        let original = CurveGeometry.Piece(start: points[0], element: .curve(to: Point(x: 200, y: 60), control1: Point(x: 40, y: 120),
                                                                               control2: Point(x: 160, y: -60)))
        for i in 0...50 {
            XCTAssertLessThan(CurveGeometry.distance(from: CurveGeometry.point(original, Double(i) / 50), to: pieces), 0.5)
        }
        // The fitter on its own, free ends and time parameters, one run: one cubic, exactly.
        var fitter = CurveFitter(tolerance: 1e-12)
        var out: [CurveFitter.Cubic] = []
        fitter.fit(points, times: points.indices.map { Double($0) }, first: 0, last: points.count - 1, tan1: nil, tan2: nil, into: &out)
        XCTAssertEqual(out.count, 1)
        XCTAssertEqual(out[0].control1.x, 40, accuracy: 1e-9)
        XCTAssertEqual(out[0].control2.y, -60, accuracy: 1e-9)
        // Paper.js's own fitter estimates the end tangents from the neighbouring samples and
        // needs several cubics for the same points.
        print("Paper.js PathFitter on 30 samples of a cubic, error 0.5: \(CurveFitter.fit(points, tolerance: 0.25).cubics.count) cubics")
    }

    func testASharpCornerStaysACorner() throws {
        // Down a slope and straight back up at 150°.
        var points: [Point] = []
        for i in 0...30 { points.append(Point(x: Double(i) * 3, y: Double(i) * 0.5)) }
        for i in 1...30 { points.append(Point(x: 90 - Double(i) * 2.6, y: 15 + Double(i) * 1.5)) }
        let stroke = KnownAnswerStrokes.oneSamplePerEvent(points)
        let sharp = CurveGeometry.pieces(try TestStrokes.replay(stroke, "interp:fit-curve(error=0.5,corner=60)").path)
        let corner = Point(x: 90, y: 15)
        let joinsAtCorner = zip(sharp, sharp.dropFirst()).filter { $0.0.element.endPoint == corner }
        XCTAssertEqual(joinsAtCorner.count, 1)
        XCTAssertGreaterThan(try XCTUnwrap(CurveGeometry.joinTurn(joinsAtCorner[0].0, joinsAtCorner[0].1)), 2.0)
        // Without corners every join is smooth.
        let smooth = CurveGeometry.pieces(try TestStrokes.replay(stroke, "interp:fit-curve(error=0.5,corner=180)").path)
        for (a, b) in zip(smooth, smooth.dropFirst()) { XCTAssertLessThan(try XCTUnwrap(CurveGeometry.joinTurn(a, b)), 1e-9) }
    }

    func testCommittedCubicsAreNeverRevisedAndTheTailIsTheNewestFit() throws {
        let points = CatmullRomTests.unevenStroke()
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "fit-curve")
        // Frames only ever add committed elements; the final ink starts with each frame's.
        var last = 0
        for f in r.frames {
            XCTAssertGreaterThanOrEqual(f.committedCount, last)
            last = f.committedCount
            if f.eventIndex < r.frames.count - 1, f.eventIndex >= 1 {
                let tail = r.provisional.elements[f.provisional]
                XCTAssertEqual(tail.last?.endPoint, points[f.eventIndex], "the tail reaches the newest sample")
            }
        }
        XCTAssertGreaterThan(r.path.elements.count, 3)
    }

    func testTheWindowBoundsTheWorkAndStillFits() throws {
        // A long smooth stroke with a small window is cut into window-sized commits.
        let points = (0..<400).map { i -> Point in
            let a = Double(i) * 0.02
            return Point(x: 100 * Double.cos(a), y: 100 * Double.sin(a))
        }
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent(points), "interp:fit-curve(error=0.5,window=16)")
        let pieces = CurveGeometry.pieces(r.path)
        XCTAssertGreaterThanOrEqual(pieces.count, 400 / 16)
        var worst = WorstDifference()
        for p in points { worst.add(distance: CurveGeometry.distance(from: p, to: pieces)) }
        XCTAssertLessThan(worst.value, 0.5)
        for (a, b) in zip(pieces, pieces.dropFirst()) { XCTAssertLessThan(try XCTUnwrap(CurveGeometry.joinTurn(a, b)), 1e-9) }
    }

    func testAStrokeAtOnePlaceIsADot() throws {
        let p = Point(x: 4, y: 5)
        let r = try TestStrokes.replay(KnownAnswerStrokes.oneSamplePerEvent([p, p, p]), "fit-curve")
        XCTAssertEqual(r.path.elements, [.move(to: p), .line(to: p)])
    }
}
