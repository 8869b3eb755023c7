import Foundation
import StrokeCore
import XCTest
@testable import StrokeRaster

/// Compares a small comparison grid with a committed golden PNG.
///
/// Regenerate after an intended visual change with
/// `STROKELAB_UPDATE_GOLDEN=1 swift test --filter GoldenGridTests`, look at the new file, and
/// commit it.
final class GoldenGridTests: XCTestCase {
    static let goldenPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/circle-linear-vs-midpoint.png").path

    /// Tolerance: a pixel differs when a channel is off by more than 24/255; at most 0.3% of
    /// pixels may differ (antialiasing or glyph rasterisation from another FreeType build).
    static let channelTolerance = 24
    static let allowedFraction = 0.003

    static func grid(pipelines: [String] = ["linear", "midpoint-bezier"]) throws -> ComparisonGrid {
        var grid = try TestStrokes.grid(TestStrokes.circle(), pipelines: pipelines, frameIndex: 9)
        grid.panelWidth = 150
        grid.panelHeight = 150
        grid.showsKey = false
        return grid
    }

    func testSmallComparisonGridMatchesGolden() throws {
        let bytes = try RasterRenderer.render(try Self.grid(), format: .png)
        if ProcessInfo.processInfo.environment["STROKELAB_UPDATE_GOLDEN"] == "1" {
            try Data(bytes).write(to: URL(fileURLWithPath: Self.goldenPath))
            throw XCTSkip("golden image rewritten at \(Self.goldenPath)")
        }
        let golden = try XCTUnwrap(PixelImage(path: Self.goldenPath), "missing golden image \(Self.goldenPath)")
        let image = try XCTUnwrap(PixelImage(png: bytes))
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
        let golden = try XCTUnwrap(PixelImage(path: Self.goldenPath))
        let other = try XCTUnwrap(PixelImage(png: try RasterRenderer.render(try Self.grid(pipelines: ["coalesced-only", "bezier4"]), format: .png)))
        XCTAssertEqual(other.width, golden.width)
        let differing = other.pixelsDiffering(from: golden, by: Self.channelTolerance)
        XCTAssertGreaterThan(Double(differing), Self.allowedFraction * Double(other.width * other.height))
    }
}
