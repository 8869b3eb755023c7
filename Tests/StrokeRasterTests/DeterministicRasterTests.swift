import StrokeIO
import Foundation
import StrokeCore
import XCTest
@testable import StrokeRaster

final class DeterministicRasterTests: XCTestCase {
    func testFixedStrokePNGIsByteIdenticalAcrossRuns() throws {
        let a = try RasterRenderer.render(path: TestStrokes.mixedPath, width: 3, scale: 2, format: .png)
        let b = try RasterRenderer.render(path: TestStrokes.mixedPath, width: 3, scale: 2, format: .png)
        XCTAssertEqual(a, b)
        XCTAssertEqual(Array(a.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    func testFixedStrokeSVGIsByteIdenticalAcrossRunsInOneProcess() throws {
        // A grid has text (glyph definitions) and clips: the ids Cairo numbers per process.
        let grid = try TestStrokes.grid(TestStrokes.circle(), pipelines: ["linear", "midpoint-bezier"])
        let a = try RasterRenderer.render(grid, format: .svg)
        let b = try RasterRenderer.render(grid, format: .svg)
        XCTAssertEqual(a, b)
        let text = String(decoding: a, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("<?xml"), String(text.prefix(60)))
        XCTAssertTrue(text.contains("id=\"i1\""), "ids are renumbered from i1")
        let plain = try RasterRenderer.render(path: TestStrokes.mixedPath, format: .svg)
        XCTAssertEqual(plain, try RasterRenderer.render(path: TestStrokes.mixedPath, format: .svg))
    }

    func testPDFIsByteIdenticalAndCarriesTheFixedDate() throws {
        let grid = try TestStrokes.grid(TestStrokes.circle(), pipelines: ["linear"])
        let a = try RasterRenderer.render(grid, format: .pdf)
        let b = try RasterRenderer.render(grid, format: .pdf)
        XCTAssertEqual(a, b)
        let text = String(decoding: a, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("%PDF-"))
        XCTAssertTrue(text.contains("/CreationDate (D:20000101000000"), "creation date is fixed")
    }

    func testSVGIdentifierRenumberingRewritesDefinitionsAndReferences() {
        let svg = ##"<g id="clip7"><use xlink:href="#glyph3-1"/><path clip-path="url(#clip7)"/><symbol id="glyph3-1"/></g>"##
        let out = String(decoding: DeterministicVectorOutput.renumberingSVGIdentifiers(Array(svg.utf8)), as: UTF8.self)
        XCTAssertEqual(out, ##"<g id="i1"><use xlink:href="#i2"/><path clip-path="url(#i1)"/><symbol id="i2"/></g>"##)
    }

    func testPDFDateFixKeepsTheFileLength() {
        let pdf = Array("<< /CreationDate (D:20261121223000+01'00) /Producer (x) >>".utf8)
        let fixed = DeterministicVectorOutput.fixingPDFDates(pdf)
        XCTAssertEqual(fixed.count, pdf.count)
        XCTAssertTrue(String(decoding: fixed, as: UTF8.self).contains("(D:20000101000000+00'00)"))
    }
}
