import Foundation
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// Ported from szimek/signature_pad (commit 19b0fb0e, MIT, © 2018 Szymon Nowak):
/// `tests/bezier.test.ts` and `tests/point.test.ts` (exact values), and the `#toSVG returns
/// SVG image` snapshot of `tests/signature_pad.test.ts` — `fromData` of the `face` fixture
/// drawn as SVG with 3-decimal numbers, stored with the fixture in
/// `Tests/Fixtures/signature_pad/face-svg.json` and compared to half a unit of the third decimal.
final class SignaturePadPortedTests: XCTestCase {
    // bezier.test.ts

    func testFromPointsReturnsTheCurveWithTheLibrarysControlPoints() {
        let p1 = Point(x: 100, y: 25), p2 = Point(x: 10, y: 90), p3 = Point(x: 110, y: 100), p4 = Point(x: 132, y: 192)
        let curve = SignaturePadBezier(p1, p2, p3, p4, startWidth: 0.5, endWidth: 2)
        XCTAssertEqual(curve.start, p2)
        XCTAssertEqual(curve.control1, Point(x: 78.57685352817168, y: 73.72818901535666))
        XCTAssertEqual(curve.control2, Point(x: 12.375668721124931, y: 107.81751540843696))
        XCTAssertEqual(curve.end, p3)
        XCTAssertEqual(curve.startWidth, 0.5)
        XCTAssertEqual(curve.endWidth, 2)
    }

    func testFromPointsOfEqualPointsAvoidsDivisionByZero() {
        let p = Point(x: 54.4, y: 10.9)
        let curve = SignaturePadBezier(p, p, p, p, startWidth: 1, endWidth: 1)
        XCTAssertEqual(curve.start, p)
        XCTAssertEqual(curve.control1, p)
        XCTAssertEqual(curve.control2, p)
        XCTAssertEqual(curve.end, p)
        XCTAssertEqual(curve.startWidth, 1)
        XCTAssertEqual(curve.endWidth, 1)
    }

    func testLengthIsTheLibrarysApproximation() {
        // new Bezier(p1, p2, p3, p4, 1, 1): the constructor takes (start, control2, control1, end).
        let curve = SignaturePadBezier(start: Point(x: 100, y: 25), control1: Point(x: 110, y: 100),
                                       control2: Point(x: 10, y: 90), end: Point(x: 132, y: 192), startWidth: 1, endWidth: 1)
        XCTAssertEqual(curve.length(), 196.92750351842562)
    }

    // point.test.ts

    func testDistanceAndVelocityAreTheLibrarys() {
        XCTAssertEqual(SignaturePadPoint(x: 0, y: 0, time: 5).distance(to: SignaturePadPoint(x: 4, y: 3, time: 5)), 5)
        XCTAssertEqual(SignaturePadPoint(x: 1, y: 1, time: 5).velocity(from: SignaturePadPoint(x: 1, y: 1, time: 5)), 0)
        XCTAssertEqual(SignaturePadPoint(x: 0, y: 0, time: 5).velocity(from: SignaturePadPoint(x: 4, y: 3, time: 15)), -0.5)
        XCTAssertNotEqual(SignaturePadPoint(x: 1, y: 1, time: 5), SignaturePadPoint(x: 1, y: 1, time: 6))
    }

    // signature_pad.test.ts, #toSVG returns SVG image (fromData(face))

    func testFromDataOfTheFaceFixtureDrawsTheSnapshotsSVG() throws {
        let root = try RepositoryFixtures.load("signature_pad/face-svg.json")
        let groups = try XCTUnwrap(root["groups"] as? [Any])
        var drawn: [SignaturePadOutput] = []
        for g in groups {
            let rows = try XCTUnwrap(g as? [Any]).map { try XCTUnwrap($0 as? [Double]) }
            drawn += SignaturePadCurveBuilder.fromData(rows.map { SignaturePadPoint(x: $0[0], y: $0[1], time: $0[2]) }, now: 1)
        }
        let svg = try XCTUnwrap(root["svg"] as? [[String: Any]])
        XCTAssertEqual(drawn.count, svg.count)
        let half = 0.0005 + 1e-9
        for (k, (output, item)) in zip(drawn, svg).enumerated() {
            switch output {
            case .dot(let p, let r):
                let c = try XCTUnwrap(item["circle"] as? [Double], "item \(k) is a circle")
                XCTAssertEqual([r, p.x, p.y], c, "dot \(k)")
            case .curve(let curve):
                let d = try XCTUnwrap(item["path"] as? [Double], "item \(k) is a path")
                let ours = [curve.start.x, curve.start.y, curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y,
                            curve.end.x, curve.end.y]
                for (a, b) in zip(ours, d) { XCTAssertEqual(a, b, accuracy: half, "path \(k)") }
                XCTAssertEqual(curve.endWidth * 2.25, try XCTUnwrap(item["strokeWidth"] as? Double), accuracy: half, "stroke-width \(k)")
            case .kept:
                XCTFail("fromData reports no kept points")
            }
        }
    }
}
