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

    /// Spans are set a 64-bit word at a time: rectangles whose rows start and end inside a
    /// word, on a word boundary and across several words cover exactly the pixels whose centres
    /// they contain, and two of them overlap where they should.
    func testRectanglesAcrossWordBoundariesCoverExactlyTheirPixelCentres() throws {
        func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [Point] {
            [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
        }
        // Pixel centres i + 0.5 in [x0, x1): for x0 = 0.2, x1 = 130.7, i = 0…130 (131 columns).
        for (x0, x1, columns) in [(0.2, 130.7, 131), (63.5, 64.5, 1), (64.0, 128.0, 64), (3.6, 3.9, 0), (10.4, 20.6, 11)] {
            var grid = try XCTUnwrap(InkCoverage(box: Rect(Point(x: 0, y: 0), Point(x: 197, y: 7)), resolution: 1))
            grid.fill([rectangle(x0, 0.2, x1, 5.4)])
            XCTAssertEqual(grid.count, columns * 5, "x \(x0)…\(x1)")
        }
        var a = try XCTUnwrap(InkCoverage(box: Rect(Point(x: 0, y: 0), Point(x: 197, y: 7)), resolution: 1))
        var b = a
        a.fill([rectangle(0, 0, 100, 7)])
        b.fill([rectangle(60, 0, 197, 7)])
        XCTAssertEqual(a.intersectionCount(b), 40 * 7)
        XCTAssertEqual(a.symmetricDifferenceCount(b), (60 + 97) * 7)
    }

    /// Crossings are ordered by counting rows, not sorted: the order a stable sort by (row, x)
    /// gives, ties in x kept in their order, on random crossings with repeated rows and x.
    func testCrossingsAreOrderedAsAStableSortOrdersThem() {
        var rng = SeededGenerator(seed: 5)
        for n in [1, 2, 7, 300] {
            var crossings = (0..<n).map { k in (row: Int(rng.next() % 40), x: Double(rng.next() % 9) / 2, winding: k) }
            let stable = crossings.enumerated().sorted { a, b in
                a.element.row != b.element.row ? a.element.row < b.element.row
                    : a.element.x != b.element.x ? a.element.x < b.element.x : a.offset < b.offset
            }.map(\.element)
            InkCoverage.orderByRowThenX(&crossings)
            XCTAssertEqual(crossings.map(\.row), stable.map(\.row))
            XCTAssertEqual(crossings.map(\.x), stable.map(\.x))
            XCTAssertEqual(crossings.map(\.winding), stable.map(\.winding), "ties kept in their order (n = \(n))")
        }
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

/// `InkCoverage.add` fills capsule after capsule in one reused set of buffers: the same pixels
/// as filling each capsule on its own with fresh buffers (`fill`), for ink whose capsules grow
/// and shrink (a buffer left longer by a big capsule must not leak into a small one). Rows
/// crossed exactly twice are filled without ordering their crossings: the same pixels as the
/// ordered crossings give.
final class InkCoverageBufferReuseTests: XCTestCase {
    /// A polygon traced twice crosses each row four times, so its fill orders the crossings;
    /// traced once, a convex polygon's rows are crossed twice and filled directly. Both must
    /// cover the same pixels — for capsules, random convex polygons either way round, slivers,
    /// a non-convex polygon and one with a NaN vertex.
    func testRowsCrossedTwiceAreFilledAsTheOrderedCrossingsFillThem() throws {
        var rng = SeededGenerator(seed: 77)
        func unit() -> Double { Double(rng.next() >> 11) * 0x1p-53 }
        var polygons: [[Point]] = []
        var capsule: [Point] = []
        for _ in 0..<60 {
            let a = Point(x: 2 + 36 * unit(), y: 2 + 26 * unit()), b = Point(x: 2 + 36 * unit(), y: 2 + 26 * unit())
            InkOutline.capsule(a, 0.1 + 6 * unit(), b, 0.1 + 6 * unit(), tolerance: 0.05, into: &capsule)
            polygons.append(capsule)
            // A random convex polygon: points on an ellipse at sorted angles, either way round.
            let count = 3 + Int(rng.next() % 9)
            let angles = (0..<count).map { _ in 2 * Double.pi * unit() }.sorted()
            let centre = Point(x: 20 + 4 * unit(), y: 15 + 4 * unit()), rx = 0.3 + 15 * unit(), ry = 0.3 + 12 * unit()
            let ellipse = angles.map { Point(x: centre.x + rx * cos($0), y: centre.y + ry * sin($0)) }
            polygons.append(rng.next() % 2 == 0 ? ellipse : ellipse.reversed())
        }
        polygons.append([Point(x: 1, y: 1), Point(x: 39, y: 1.2), Point(x: 1, y: 1.4)])                           // a sliver
        polygons.append([Point(x: 2, y: 2), Point(x: 30, y: 2), Point(x: 30, y: 25), Point(x: 16, y: 8), Point(x: 2, y: 25)])  // non-convex
        polygons.append([Point(x: 2, y: 2), Point(x: 30, y: 2), Point(x: .nan, y: 20), Point(x: 2, y: 25)])       // a NaN
        let box = Rect(Point(x: 0, y: 0), Point(x: 40, y: 30))
        for (k, polygon) in polygons.enumerated() {
            for resolution in [1.0, 3.3] {
                var once = try XCTUnwrap(InkCoverage(box: box, resolution: resolution))
                once.fill([polygon])
                var twice = try XCTUnwrap(InkCoverage(box: box, resolution: resolution))
                twice.fill([polygon + polygon])
                XCTAssertEqual(once.count, twice.count, "polygon \(k), resolution \(resolution)")
                XCTAssertEqual(once.intersectionCount(twice), twice.count, "polygon \(k), resolution \(resolution)")
            }
        }
    }

    func testCapsulesFilledInReusedBuffersCoverWhatEachFilledAloneCovers() throws {
        var path = InkPath()
        path.append(.move(to: Point(x: 0, y: 0)), InkAttributes(width: 1))
        for k in 1...120 {
            let t = Double(k)
            // Widths from 0.2 to 30 and back, a tap (zero-length segment) every 17th element.
            let width = k % 17 == 0 ? 0.5 : 0.2 + 29.8 * abs(sin(t / 9))
            let p = k % 17 == 0 ? Point(x: t - 1, y: 20 * sin((t - 1) / 5)) : Point(x: t, y: 20 * sin(t / 5))
            path.append(k % 11 == 0 ? .quadCurve(to: p, control: Point(x: t - 0.5, y: 40)) : .line(to: p), InkAttributes(width: width))
        }
        let ink = Ink(committed: path)
        let box = try XCTUnwrap(ink.bounds).outset(by: 1)
        for resolution in [0.7, 4.0] {
            var reused = try XCTUnwrap(InkCoverage(box: box, resolution: resolution))
            reused.add(ink)
            var alone = try XCTUnwrap(InkCoverage(box: box, resolution: resolution))
            InkOutline.forEachPolygon(of: path, tolerance: 0.25 / resolution) { polygon, _ in alone.fill([polygon]) }
            XCTAssertGreaterThan(alone.count, 0)
            XCTAssertEqual(reused.count, alone.count, "resolution \(resolution)")
            XCTAssertEqual(reused.intersectionCount(alone), alone.count, "resolution \(resolution)")
        }
    }
}
