import RealModule
import StrokeCore
import StrokeSmoothing
import XCTest
@testable import StrokeMetrics

final class InkMetricsTests: XCTestCase {
    /// A horizontal line of `width` from (0, y) to (length, y), as ink.
    private func bar(length: Double, y: Double, width: Double) -> Ink {
        var path = InkPath()
        let ink = InkAttributes(width: width)
        path.append(.move(to: Point(x: 0, y: y)), ink)
        path.append(.line(to: Point(x: length, y: y)), ink)
        return Ink(committed: path)
    }

    func testInkAgainstItselfHasIoUOne() throws {
        let a = bar(length: 50, y: 0, width: 2)
        let o = try XCTUnwrap(InkMetrics.overlap(a, reference: a, resolution: 4))
        XCTAssertEqual(o.iou, 1)
        XCTAssertEqual(o.errorArea, 0)
        XCTAssertEqual(o.resolution, 4)
    }

    func testALineOffsetSidewaysByItsWidthHasIoUZero() throws {
        // Round caps: the two capsules touch only along a line, which no pixel centre covers
        // strictly inside both.
        let o = try XCTUnwrap(InkMetrics.overlap(bar(length: 50, y: 0, width: 2), reference: bar(length: 50, y: 2, width: 2),
                                                 resolution: 4))
        XCTAssertEqual(o.iou, 0, accuracy: 0.01)
    }

    func testAKnownOffsetGivesTheAnalyticErrorAreaWithinOnePercent() throws {
        // Two stadiums (length L, width w, round caps r = w/2) offset perpendicular by d:
        // intersection = L(w − d) + lens(r, d), lens = 2r²·acos(d/2r) − (d/2)·√(4r² − d²);
        // symmetric difference = 2(Lw + πr²) − 2·intersection.
        let L = 80.0, w = 6.0, d = 2.5, r = w / 2
        let lens = 2 * r * r * Double.acos(d / (2 * r)) - d / 2 * (4 * r * r - d * d).squareRoot()
        let intersection = L * (w - d) + lens
        let area = L * w + Double.pi * r * r
        let expected = 2 * area - 2 * intersection
        let o = try XCTUnwrap(InkMetrics.overlap(bar(length: L, y: 0, width: w), reference: bar(length: L, y: d, width: w),
                                                 resolution: 4))
        XCTAssertEqual(o.errorArea, expected, accuracy: 0.01 * expected)
        XCTAssertEqual(o.iou, intersection / (2 * area - intersection), accuracy: 0.01)
    }

    func testHugeCoordinatesLowerTheResolutionInsteadOfExhaustingMemory() throws {
        let o = try XCTUnwrap(InkMetrics.overlap(bar(length: 1e7, y: 0, width: 1e4), reference: bar(length: 1e7, y: 0, width: 1e4),
                                                 resolution: 4))
        XCTAssertLessThan(o.resolution, 4)
        XCTAssertEqual(o.iou, 1)
    }

    func testOutlinePolygonsAreFilledWithTheNonZeroRule() throws {
        // A square traced twice in the same direction is still covered once; a bow tie (a
        // self-intersecting polygon) covers both triangles.
        let square = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: 10), Point(x: 0, y: 10)]
        var grid = try XCTUnwrap(InkCoverage(box: Rect(Point(x: 0, y: 0), Point(x: 10, y: 10)), resolution: 1))
        grid.fill([square + square])
        XCTAssertEqual(grid.count, 100)
        var bow = try XCTUnwrap(InkCoverage(box: Rect(Point(x: 0, y: 0), Point(x: 10, y: 10)), resolution: 2))
        bow.fill([[Point(x: 0, y: 0), Point(x: 10, y: 10), Point(x: 10, y: 0), Point(x: 0, y: 10)]])
        XCTAssertEqual(Double(bow.count) * bow.pixelArea, 50, accuracy: 2.5)
    }

    func testWidthVariationAndTheLargestJump() {
        var path = InkPath()
        path.append(.move(to: .zero), InkAttributes(width: 2))
        for (i, w) in [2.0, 4, 4, 1].enumerated() {
            path.append(.line(to: Point(x: Double(i + 1) * 10, y: 0)), InkAttributes(width: w))
        }
        XCTAssertEqual(InkMetrics.widthVariation(path, length: 40)!, (2 + 0 + 3) / 40.0, accuracy: 1e-12)
        XCTAssertEqual(InkMetrics.widthJumpMax(path)!, 0.75, accuracy: 1e-12, "4 → 1 is a jump of 3/4")
        XCTAssertNil(InkMetrics.widthVariation(path, length: 0))
    }

    func testAPipelineAgainstItsOwnReferenceInkIsOneWithinTheGrid() throws {
        // A straight stroke sampled exactly on its reference: the drawn ink and the reference
        // ink cover the same area; only the grid's quantisation remains.
        let samples = (0...120).map { i in
            TouchSample(time: Double(i) / 240, location: Point(x: Double(i), y: 0.5 * Double(i)), force: 1 + Double(i) / 120,
                        maximumPossibleForce: 4.17)
        }
        let reference = ReferenceCurve(points: (0...500).map { j in
            let t = Double(j) / 1000
            return TimedPoint(time: t, location: Point(x: t * 240, y: t * 120))
        })
        let stroke = Stroke(id: "s", events: FrameGrouping.events(from: samples), reference: reference)
        for label in ["coalesced|interp:coalesced-only(tail=complete)", "coalesced|interp:coalesced-only(tail=complete)|style:scribble"] {
            let d = try PipelineDescription(parsing: label)
            var replayer = d.makeReplayer()
            let ink = replayer.replay(stroke, options: ReplayOptions()).finalInk
            let truth = d.referenceInk(reference, samples: stroke.samples)
            let o = try XCTUnwrap(InkMetrics.overlap(ink, reference: truth, resolution: 4))
            XCTAssertGreaterThan(o.iou, 0.97, label)
        }
    }
}
