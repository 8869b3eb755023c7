import Foundation
import StrokeCore
import StrokeGoldenImages
import XCTest
@testable import StrokeRaster

/// Compares a small comparison grid with a committed golden PNG (``GoldenImages/grid()``).
/// After an intended visual change, `make golden` rewrites it: look at the new file and commit
/// it. A test run never writes it.
final class GoldenGridTests: XCTestCase {
    /// Tolerance: a pixel differs when a channel is off by more than 24/255; at most 0.3% of
    /// pixels may differ (antialiasing or glyph rasterisation from another FreeType build).
    static let channelTolerance = 24
    static let allowedFraction = 0.003

    func testSmallComparisonGridMatchesGolden() throws {
        let drawn = try GoldenImages.grid()
        let golden = try XCTUnwrap(PixelImage(path: drawn.path), "missing golden image \(drawn.path) (make golden writes it)")
        let image = try XCTUnwrap(PixelImage(png: drawn.png))
        XCTAssertEqual(image.width, golden.width)
        XCTAssertEqual(image.height, golden.height)
        guard image.width == golden.width, image.height == golden.height else { return }
        let differing = image.pixelsDiffering(from: golden, by: Self.channelTolerance)
        XCTAssertLessThanOrEqual(Double(differing), Self.allowedFraction * Double(image.width * image.height),
                                 "\(differing) pixels differ from the golden image")
    }

    func testToleranceStillCatchesADifferentDrawing() throws {
        // The same layout with other pipelines must fail the comparison, or the test above
        // could not fail either.
        let golden = try XCTUnwrap(PixelImage(path: try GoldenImages.grid().path))
        let other = try XCTUnwrap(PixelImage(png: try RasterRenderer.render(try GoldenImages.comparisonGrid(pipelines: ["coalesced-only", "bezier4"]), format: .png)))
        XCTAssertEqual(other.width, golden.width)
        let differing = other.pixelsDiffering(from: golden, by: Self.channelTolerance)
        XCTAssertGreaterThan(Double(differing), Self.allowedFraction * Double(other.width * other.height))
    }
}
