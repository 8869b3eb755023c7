import CCairo
import StrokeCore
import XCTest
@testable import StrokeRaster

/// Drawing whose cost follows the pixels, not the samples: elements outside the clip left
/// out, batches of opaque ink, translucent dots grouped, sample dots left out when denser than
/// a pixel — each drawing what one unbounded path draws.
final class BoundedDrawingTests: XCTestCase {
    private let side = 120
    private let unit = Viewport(bounds: Rect(.zero, Point(x: 1, y: 1)), scale: 1, origin: .zero)

    /// The ARGB32 bytes of a white `side` × `side` canvas after `body` drew on it, clipped to
    /// `clip` (device pixels) when given.
    private func pixels(clip: Rect? = nil, _ body: (OpaquePointer) -> Void) throws -> [UInt8] {
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)))
        defer { cairo_surface_destroy(surface) }
        let cr = try XCTUnwrap(cairo_create(surface))
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        if let c = clip {
            cairo_rectangle(cr, c.min.x, c.min.y, c.width, c.height)
            cairo_clip(cr)
        }
        body(cr)
        cairo_surface_flush(surface)
        let count = Int(cairo_image_surface_get_stride(surface)) * side
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        return Array(UnsafeBufferPointer(start: data, count: count))
    }

    /// The largest difference between two images' bytes.
    private func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// A zigzag of `count` line elements, 3 px apart, from x = 0 to far right of the canvas.
    private func zigzag(_ count: Int) -> [PathElement] {
        [.move(to: Point(x: 0, y: 40))] + (1...count).map { i in .line(to: Point(x: Double(i) * 3, y: i % 2 == 0 ? 40 : 80)) }
    }

    func testTranslucentDotsPastTheBatchLimitAreFilledAsOneUnion() throws {
        // 60 dots of radius 6 one pixel apart: each pixel of the run is under up to 13 dots.
        let points = (0..<60).map { Point(x: 30 + Double($0), y: 60) }
        let colour = RasterColor(red: 0, green: 0, blue: 1).withAlpha(0.5)
        let oneFill = try pixels { PathDrawing.dots(points, in: $0, viewport: unit, radius: 6, color: colour, limit: .max) }
        let batched = try pixels { PathDrawing.dots(points, in: $0, viewport: unit, radius: 6, color: colour, limit: 7) }
        // The group holds 8-bit premultiplied colour before its alpha is applied: a few levels
        // of rounding (separate translucent batches would darken overlaps by tens of levels).
        XCTAssertLessThanOrEqual(largestDifference(oneFill, batched), 3)
        // Half-blue over white, however many dots cover the pixel (red and green ≈ 255 · 0.5).
        let middle = (60 * side + 60) * 4
        XCTAssertEqual(Double(batched[middle + 1]), 127.5, accuracy: 1.5)   // green, little-endian BGRA
    }

    func testElementsWhollyOutsideTheClipAreNotGivenToCairo() throws {
        let elements = zigzag(2000)   // 6,000 px long; the canvas shows 40 elements of it
        var drawn = 0
        let clip = Rect(Point(x: 50, y: 0), Point(x: 70, y: Double(side)))
        let culled = try pixels(clip: clip) { cr in
            _ = PathDrawing.build(elements, from: nil, in: cr, viewport: unit, margin: 2, limit: .max) {}
            cairo_set_source_rgb(cr, 0, 0, 0)
            let path = cairo_copy_path(cr)
            drawn = Int(path?.pointee.num_data ?? 0)
            cairo_path_destroy(path)
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
        }
        let whole = try pixels(clip: clip) { cr in
            _ = PathDrawing.build(elements, from: nil, in: cr, viewport: unit, margin: .infinity, limit: .max) {}
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
        }
        // A move (2 data) and a line (2 data) for each of the few elements near the clip,
        // instead of 2 × 2,001.
        XCTAssertLessThan(drawn, 40)
        XCTAssertLessThanOrEqual(largestDifference(culled, whole), 1)
        XCTAssertTrue(culled.contains(0), "the clip shows ink")
    }

    func testOpaqueInkInBatchesLeavesNoGapAndAddsNoInk() throws {
        let elements = zigzag(40)
        func draw(limit: Int) throws -> [UInt8] {
            try pixels { cr in
                cairo_set_source_rgb(cr, 0, 0, 0)
                cairo_set_line_width(cr, 3)
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                _ = PathDrawing.build(elements, from: nil, in: cr, viewport: unit, margin: 3, limit: limit) { cairo_stroke(cr) }
                cairo_stroke(cr)
            }
        }
        let whole = try draw(limit: .max), batched = try draw(limit: 3)
        // Fully inked and untouched pixels agree; only antialiased edges at the 13 joints may
        // differ (their coverage is composited twice; caps and joins are polygons within
        // 0.1 px of the same circle).
        for i in stride(from: 0, to: whole.count, by: 4) {
            if whole[i] == 0 { XCTAssertLessThanOrEqual(batched[i], 15, "gap at pixel \(i / 4)") }
            if whole[i] == 255 { XCTAssertGreaterThanOrEqual(batched[i], 240, "extra ink at pixel \(i / 4)") }
        }
        XCTAssertTrue(whole.contains(0))
    }

    func testSampleDotsAreLeftOutWhenSamplesLieLessThanAPixelApartOnAverage() {
        let line = { (step: Double) in (0..<100).map { Point(x: Double($0) * step, y: 0) } }
        let half = Viewport(bounds: Rect(.zero, Point(x: 1, y: 1)), scale: 0.5, origin: .zero)
        XCTAssertTrue(StrokeScene.areDistinct(line(1), unit))
        XCTAssertFalse(StrokeScene.areDistinct(line(0.99), unit))
        XCTAssertFalse(StrokeScene.areDistinct(line(1.5), half))    // 0.75 px apart
        XCTAssertTrue(StrokeScene.areDistinct(line(2), half))
        XCTAssertTrue(StrokeScene.areDistinct([Point(x: 3, y: 4)], unit))
        XCTAssertTrue(StrokeScene.areDistinct([], unit))
    }
}
