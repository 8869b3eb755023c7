import Foundation
import StrokeCore
import StrokeGoldenImages
import StrokeSmoothing
import XCTest
@testable import StrokeRaster

/// Ink drawn as the seeds draw it, whole drawings with an eraser, outlines, and ForceSketch's
/// fade.
final class InkDrawingTests: XCTestCase {
    /// A stroke of samples along a straight line from `a` to `b`.
    private func stroke(_ id: String, from a: Point, to b: Point, kind: TouchKind = .stylus, force: Double = 1.5,
                        majorRadius: Double = 0, start: Double = 0, count: Int = 41) -> Stroke {
        let samples = (0..<count).map { i -> TouchSample in
            let t = Double(i) / Double(count - 1)
            return TouchSample(time: start + t * 0.4, location: a.interpolated(to: b, by: t), force: force,
                               maximumPossibleForce: 4.17, majorRadius: majorRadius, kind: kind)
        }
        return Stroke(id: id, kind: kind, events: FrameGrouping.events(from: samples, refreshRateHz: 60))
    }

    private func drawing(_ strokes: [Stroke], _ label: String, rendering: InkRendering = .segments) throws -> PixelImage {
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        let ink = strokes.map { replayer.replay($0, options: ReplayOptions()).finalInk }
        let bytes = try DrawingRenderer.render(ink, rendering: rendering, longestSide: 200, margin: 0, format: .png)
        return try XCTUnwrap(PixelImage(png: bytes))
    }

    /// A horizontal pencil line (width 6) crossed by a vertical finger stroke (eraser, width
    /// 15): the eraser leaves background where it crossed the ink, and only there.
    func testTheEraserLeavesBackgroundWhereItCrossedEarlierInkAndOnlyThere() throws {
        let pencil = stroke("pencil", from: Point(x: 0, y: 50), to: Point(x: 100, y: 50))
        let finger = stroke("finger", from: Point(x: 50, y: 0), to: Point(x: 50, y: 100), kind: .finger, force: 0,
                            majorRadius: 30, start: 1)
        // Fix the canvas to 0…100 in both axes with two invisible anchors: a drawing's bounds
        // come from its ink, so draw both strokes and read pixels in that frame.
        let image = try drawing([pencil, finger], "coalesced|interp:coalesced-only(tail=complete)|style:scribble")
        let scale = Double(image.width) / 106.0   // 100 units + half the pencil's and eraser's overhang, checked below
        _ = scale
        // Find the pencil's row: the darkest row in the left quarter.
        var darkRows: [Int] = []
        for y in 0..<image.height where image.pixel(image.width / 8, y).0 < 128 { darkRows.append(y) }
        XCTAssertFalse(darkRows.isEmpty, "the pencil line is drawn")
        let row = darkRows[darkRows.count / 2]
        // Along that row: dark away from the middle, white in the eraser's swath.
        var erased: [Int] = []
        for x in 0..<image.width where image.pixel(x, row).0 > 250 { erased.append(x) }
        XCTAssertFalse(erased.isEmpty, "the eraser removed ink where it crossed")
        let swath = erased.max()! - erased.min()! + 1
        XCTAssertEqual(Double(swath), 15 * Double(image.width) / 115, accuracy: 4,
                       "the erased gap is the eraser's width (15 units on a canvas about 115 units wide)")
        XCTAssertEqual(swath, erased.count, "one contiguous gap")
        let centre = (erased.min()! + erased.max()!) / 2
        XCTAssertEqual(Double(centre), Double(image.width) / 2, accuracy: 3, "centred where the finger crossed")
        for x in [image.width / 8, image.width / 4, 3 * image.width / 4, 7 * image.width / 8] {
            XCTAssertLessThan(image.pixel(x, row).0, 128, "ink away from the eraser stays (x = \(x))")
        }
    }

    func testOutlineRenderingCoversTheSameAreaAsSegments() throws {
        let s = stroke("ramp", from: Point(x: 0, y: 0), to: Point(x: 100, y: 30))
        let label = "coalesced|interp:coalesced-only(tail=complete)|style:forcesketch"
        let segments = try drawing([s], label, rendering: .segments)
        let outline = try drawing([s], label, rendering: .outline)
        XCTAssertEqual(segments.width, outline.width)
        var inkA = 0, inkB = 0, differ = 0
        for y in 0..<segments.height {
            for x in 0..<segments.width {
                let a = segments.pixel(x, y).0 + segments.pixel(x, y).1 + segments.pixel(x, y).2 < 600
                let b = outline.pixel(x, y).0 + outline.pixel(x, y).1 + outline.pixel(x, y).2 < 600
                if a { inkA += 1 }
                if b { inkB += 1 }
                if a != b { differ += 1 }
            }
        }
        XCTAssertGreaterThan(inkA, 100)
        XCTAssertLessThan(Double(differ), 0.05 * Double(inkA), "the capsule outline is the round-capped stroke")
    }

    func testCapsulesAreConvexCounterClockwiseAndContainTheirDiscs() {
        var polygon: [Point] = []
        InkOutline.capsule(Point(x: 0, y: 0), 2, Point(x: 10, y: 0), 5, tolerance: 0.01, into: &polygon)
        var area = 0.0
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            area += a.x * b.y - b.x * a.y
        }
        XCTAssertGreaterThan(area, 0, "counter-clockwise in a y-up frame")
        // Farthest extents: the big disc's right edge and the small disc's left edge.
        XCTAssertEqual(polygon.map(\.x).max()!, 15, accuracy: 0.02)
        XCTAssertEqual(polygon.map(\.x).min()!, -2, accuracy: 0.02)
        XCTAssertEqual(polygon.map(\.y).max()!, 5, accuracy: 0.02)
        // One disc inside the other: just the bigger disc.
        InkOutline.capsule(Point(x: 0, y: 0), 5, Point(x: 1, y: 0), 1, tolerance: 0.01, into: &polygon)
        XCTAssertEqual(polygon.map(\.x).max()!, 5, accuracy: 0.02)
    }

    /// ForceSketch's fade reaches a blank image after a finite number of frames, reported.
    func testForceSketchFadeReachesBlankAndItsFirstFramesMatchGolden() throws {
        let (s, frames, summary, goldens) = try GoldenImages.forceSketchFade()
        let fade = try XCTUnwrap(summary.fadeFramesToBlank[0], "the fade reaches blank")
        XCTAssertGreaterThan(fade, 3)
        XCTAssertLessThan(fade, 60, "brightness +0.05 per refresh: at most about 20 refreshes to white")
        XCTAssertEqual(summary.frames, s.events.count + fade)
        XCTAssertEqual(frames.count, summary.frames)
        let last = try XCTUnwrap(PixelImage(png: frames.last!))
        for y in 0..<last.height { for x in 0..<last.width { XCTAssertEqual(last.pixel(x, y).0, 255) } }

        // Golden: the finished drawing and the first two fade frames (make golden rewrites them).
        let picks = [s.events.count - 1, s.events.count, s.events.count + 1]
        XCTAssertEqual(goldens.map(\.index), picks)
        for (i, golden) in goldens {
            let expected = try XCTUnwrap(PixelImage(path: golden.path), "missing golden image \(golden.path) (make golden writes it)")
            let image = try XCTUnwrap(PixelImage(png: golden.png))
            XCTAssertEqual(image.width, expected.width)
            XCTAssertLessThanOrEqual(image.pixelsDiffering(from: expected, by: 8), image.width * image.height / 200,
                                     "frame \(i) matches \(golden.path)")
        }
        // The fade changes the image: the first fade frame is lighter than the drawing.
        let drawn = try XCTUnwrap(PixelImage(png: frames[picks[0]]))
        let faded = try XCTUnwrap(PixelImage(png: frames[picks[1]]))
        var sumDrawn = 0, sumFaded = 0
        for y in 0..<drawn.height { for x in 0..<drawn.width { let d = drawn.pixel(x, y), f = faded.pixel(x, y); sumDrawn += d.0 + d.1 + d.2; sumFaded += f.0 + f.1 + f.2 } }
        XCTAssertGreaterThan(sumFaded, sumDrawn)
    }

    /// Issue 24 item 1: `render --frames` counts its frames before drawing any; the fade
    /// after the last stroke is bounded by its brightness steps, so the count is an upper
    /// bound of what the animation writes.
    func testTheFrameBoundIsKnownBeforeDrawingAndHolds() throws {
        var options = FadeAnimation.Options()
        XCTAssertEqual(options.fadeFrameLimit, 24, "⌈1/0.05⌉ + 4")
        let timed: [(count: Int, endTime: Double, nextStart: Double?)] = [(10, 1, 1.5), (5, 2, nil)]
        // 10 events + min(30 refreshes, 24) + 5 events + 24.
        var bound = FadeAnimation.frameBound(events: timed, options: options)
        XCTAssertEqual(bound.total, 10 + 24 + 5 + 24)
        XCTAssertEqual(bound.fades, 48)
        XCTAssertEqual(bound.written, bound.total)
        XCTAssertEqual(bound.drawnOnly, 0)
        options.every = 3
        bound = FadeAnimation.frameBound(events: timed, options: options)
        XCTAssertEqual(bound.written, (63 + 2) / 3)
        XCTAssertEqual(bound.drawnOnly, 48 - 16)
        // What is drawn stays within the bound, and every 3rd frame is written, by its index.
        let s = stroke("sketch", from: Point(x: 0, y: 0), to: Point(x: 60, y: 40))
        var replayer = try PipelineDescription(parsing: "forcesketch").makeReplayer()
        let replay = replayer.replay(s, options: ReplayOptions())
        options.longestSide = 96
        var indices: [Int] = []
        let summary = try FadeAnimation.run([FadeAnimation.Stroke(replay: replay, endTime: s.endTime, nextStart: nil)],
                                            options: options) { index, _ in indices.append(index) }
        let one = FadeAnimation.frameBound(events: [(s.events.count, s.endTime, nil)], options: options)
        XCTAssertLessThanOrEqual(summary.frames, one.written)
        XCTAssertEqual(indices, Array(stride(from: 0, to: indices.count * 3, by: 3)))
    }
}
