import Foundation
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeRaster

final class StrokeDrawingTests: XCTestCase {
    func testTapDrawsARoundDotOfTheStrokeWidth() throws {
        var path = Path()
        path.addDot(at: Point(x: 0, y: 0))
        // width 10 at scale 1 with margin 10: the canvas is 30×30 (bounds are a point), dot radius 5 at (15, 15).
        let image = try XCTUnwrap(PixelImage(png: try RasterRenderer.render(path: path, width: 10, margin: 10, format: .png)))
        XCTAssertEqual(image.width, 30)
        XCTAssertEqual(image.pixel(15, 15).0, 0, "centre is inked")
        XCTAssertEqual(image.pixel(15, 12).0, 0, "inside the radius is inked")
        XCTAssertEqual(image.pixel(15, 22).0, 255, "beyond the radius is paper")
        // Round, not square: the box corner at distance 4.9·√2 from the centre stays white.
        XCTAssertGreaterThan(image.pixel(19, 19).0, 200)
    }

    func testSubpathOfOnlyDegenerateCurvesIsADot() throws {
        let p = Point(x: 5, y: 5)
        let path = Path([.move(to: p), .curve(to: p, control1: p, control2: p), .quadCurve(to: p, control: p)])
        let image = try XCTUnwrap(PixelImage(png: try RasterRenderer.render(path: path, width: 8, margin: 10, format: .png)))
        XCTAssertEqual(image.pixel(14, 14).0, 0)
    }

    func testStrokeUsesRoundCapsAtWidthScaleAndColour() throws {
        let path = Path([.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 20, y: 0))])
        let red = RasterColor(red: 1, green: 0, blue: 0)
        // scale 2: the 20-unit line is 40 px long and 8 px wide; round caps add 4 px at each end.
        let image = try XCTUnwrap(PixelImage(png: try RasterRenderer.render(path: path, width: 4, color: red, scale: 2,
                                                                               margin: 10, format: .png)))
        XCTAssertEqual(image.width, 40 + 2 * (10 + 4))
        let (r, g, b) = image.pixel(34, 14)
        XCTAssertEqual([r, g, b], [255, 0, 0], "middle of the line is red")
        XCTAssertLessThan(image.pixel(11, 14).1, 128, "the round cap extends 4 px before the start")
        XCTAssertEqual(image.pixel(34, 19).1, 255, "beyond half the width is paper")
    }

    func testEmptyPathIsAnErrorAndLeavesAnExistingFileUntouched() throws {
        let directory = try makeTemporaryDirectory("raster")
        let out = directory + "/grid.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: out))
        var grid = try TestStrokes.grid(TestStrokes.circle(), pipelines: ["linear"])
        grid.panels = []
        XCTAssertThrowsError(try RasterRenderer.render(grid, format: .png))
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "old", "nothing is written when rendering fails")
        XCTAssertThrowsError(try RasterRenderer.render(path: Path(), format: .png)) { error in
            XCTAssertTrue("\(error)".contains("empty"), "\(error)")
        }
    }

    /// A path of 10¹² units at scale 1 would need a canvas far beyond Cairo's limit: the size
    /// is checked as a Double and refused with one line, neither trapped in a conversion nor
    /// clamped into a 4 GB canvas.
    func testAPathTooLargeForItsScaleIsRefusedWithItsSize() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 1e12, y: 5))
        XCTAssertThrowsError(try RasterRenderer.render(path: path, format: .png)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("32767"), text)
            XCTAssertFalse(text.contains("\n"), text)
        }
        XCTAssertNoThrow(try RasterRenderer.render(path: path, scale: 1e-9, format: .png))
    }

    func testUnknownPipelineIsAOneLineErrorNamingIt() {
        XCTAssertThrowsError(try TestStrokes.grid(TestStrokes.circle(), pipelines: ["linear", "nosuch-interp"])) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("nosuch-interp"), text)
            XCTAssertFalse(text.contains("\n"), text)
        }
    }

    func testUnknownOutputExtensionIsRejected() {
        XCTAssertThrowsError(try RasterFormat.of(path: "out/grid.jpeg"))
        XCTAssertEqual(RasterFormat(path: "a/b.SVG"), .svg)
    }

    func testViewportFitsBoundsCentredKeepingAspect() {
        let v = Viewport(fitting: Rect(Point(x: 0, y: 0), Point(x: 10, y: 5)), into: Rect(Point(x: 0, y: 0), Point(x: 100, y: 100)))
        XCTAssertEqual(v.scale, 10)
        XCTAssertEqual(v.device(Point(x: 0, y: 0)), Point(x: 0, y: 25))
        XCTAssertEqual(v.device(Point(x: 10, y: 5)), Point(x: 100, y: 75))
    }

    func testSceneAtAFrameShowsOnlyWhatWasDeliveredAndCommitted() throws {
        let stroke = TestStrokes.circle()
        var replayer = try PipelineDescription(parsing: "midpoint-bezier").makeReplayer()
        let replay = replayer.replay(stroke, options: ReplayOptions())
        let grid = try TestStrokes.grid(stroke, pipelines: ["midpoint-bezier"], frameIndex: 5)
        let scene = grid.scenes[0]
        XCTAssertEqual(scene.frame, SceneFrame(eventIndex: 5, time: stroke.events[5].time))
        XCTAssertEqual(scene.ink.committed.count, replay.frames[5].committedCount)
        XCTAssertEqual(scene.deliveredEvents.count, 6)
        XCTAssertLessThan(scene.ink.committed.count, replay.path.elements.count)
    }
}

final class PredictedOverlayTests: XCTestCase {
    func testPredictedSegmentsAreDrawnBlueFromTheTip() throws {
        // Give frame 5 of a replay one predicted sample 30 units to the right of its tip.
        let stroke = TestStrokes.circle()
        var grid = try TestStrokes.grid(stroke, pipelines: ["linear"], frameIndex: 5)
        let tip = try XCTUnwrap(grid.panels[0].ink.tip)
        let target = Point(x: tip.x + 30, y: tip.y)
        var predicted = InkPath()
        predicted.append(.move(to: tip), .default)
        predicted.append(.line(to: target), .default)
        grid.panels[0].ink.predicted = predicted
        grid.inset = nil
        grid.showsKey = false
        grid.heading = nil
        grid.style.predictedColor = RasterColor(red: 0, green: 0, blue: 1)
        XCTAssertEqual(grid.scenes[0].ink.predicted.elements, [.move(to: tip), .line(to: target)])

        let image = try XCTUnwrap(PixelImage(png: try RasterRenderer.render(grid, format: .png)))
        var blue = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (r, g, b) = image.pixel(x, y)
                if b > 200 && r < 80 && g < 80 { blue += 1 }
            }
        }
        XCTAssertGreaterThan(blue, 20, "the predicted segment is drawn in the predicted colour")
        grid.overlays.remove(.predicted)
        let without = try XCTUnwrap(PixelImage(png: try RasterRenderer.render(grid, format: .png)))
        var blueWithout = 0
        for y in 0..<without.height {
            for x in 0..<without.width {
                let (r, g, b) = without.pixel(x, y)
                if b > 200 && r < 80 && g < 80 { blueWithout += 1 }
            }
        }
        XCTAssertEqual(blueWithout, 0, "and only when the overlay is on")
    }
}
