import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeRaster

/// The committed style trace (`Datasets/synthetic/styles-240hz-60fps.json`) drawn whole, as
/// `strokelab render --all-strokes` draws it: the finger eraser clears the three pencil
/// strokes where it crosses them and leaves their ink elsewhere; ForceSketch draws the 3D
/// Touch stroke green and the eraser finger grey.
final class StyleTraceDrawingTests: XCTestCase {
    private static let path = TestPaths.packageRoot + "/Datasets/synthetic/styles-240hz-60fps.json"

    /// The whole trace through `label` on a 700-pixel canvas without margin, and the map from
    /// trace points to pixels (the renderer fits the ink's bounds into the canvas).
    private func drawing(_ label: String) throws -> (PixelImage, (Point) -> (Int, Int)) {
        let trace = try NativeTraceReader.read(path: Self.path)
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        let ink = trace.strokes.map { replayer.replay($0, options: ReplayOptions()).finalInk }
        var bounds: Rect? = nil
        for b in ink.compactMap(\.bounds) { bounds = bounds.map { $0.union(b) } ?? b }
        let box = try XCTUnwrap(bounds)
        let side = 700
        let scale = Double(side) / max(box.width, box.height)
        let image = try XCTUnwrap(PixelImage(png: try DrawingRenderer.render(ink, rendering: .segments, longestSide: side,
                                                                             margin: 0, format: .png)))
        return (image, { p in (Int((p.x - box.min.x) * scale), Int((p.y - box.min.y) * scale)) })
    }

    func testTheEraserClearsThePencilStrokesWhereItCrossesThemAndOnlyThere() throws {
        let (image, pixel) = try drawing("coalesced|style:scribble")
        func brightness(_ p: Point) -> Int { let (x, y) = pixel(p); let c = image.pixel(x, y); return (c.0 + c.1 + c.2) / 3 }
        // The eraser runs (150, 50) → (650, 300): y = 50 + (x − 150)/2.
        for crossing in [Point(x: 250, y: 100), Point(x: 450, y: 200), Point(x: 600, y: 275)] {
            XCTAssertGreaterThan(brightness(crossing), 250, "erased where the finger crossed \(crossing)")
        }
        // Ink stays away from the eraser: the force ramp (width 10 at x = 350), the along-azimuth
        // shading (width 5, opacity 0.5), the across-azimuth shading (width 65 about x = 600).
        for inked in [Point(x: 350, y: 100), Point(x: 480, y: 100), Point(x: 300, y: 200), Point(x: 200, y: 200),
                      Point(x: 600, y: 150), Point(x: 620, y: 400), Point(x: 580, y: 400)] {
            XCTAssertLessThan(brightness(inked), 200, "ink remains at \(inked)")
        }
        // The 3D Touch fingers are erasers too, over an empty canvas: background.
        XCTAssertGreaterThan(brightness(Point(x: 300, y: 380)), 250)
        XCTAssertGreaterThan(brightness(Point(x: 300, y: 460)), 250)
    }

    func testForceSketchDrawsTheThreeDTouchStrokeGreenAndTheEraserFingerGrey() throws {
        let (image, pixel) = try drawing("coalesced|style:forcesketch")
        let (gx, gy) = pixel(Point(x: 300, y: 380))
        let green = image.pixel(gx, gy)
        XCTAssertGreaterThan(green.1, 240, "hue 120°: green")
        XCTAssertLessThan(green.0, 15)
        XCTAssertLessThan(green.2, 15)
        // The eraser finger, without force data, is a grey line drawn over the ramp.
        let (ex, ey) = pixel(Point(x: 250, y: 100))
        let grey = image.pixel(ex, ey)
        XCTAssertEqual(grey.0, 128, accuracy: 3)
        XCTAssertEqual(grey.1, 128, accuracy: 3)
        XCTAssertEqual(grey.2, 128, accuracy: 3)
    }
}
