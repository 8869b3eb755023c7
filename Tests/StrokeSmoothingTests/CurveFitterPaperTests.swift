import Foundation
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``CurveFitter/fit(_:tolerance:)`` against Paper.js's `PathFitter` itself (commit 92775f52,
/// MIT, © Jürg Lehni & Jonathan Puckey): `Tests/Fixtures/paper.js/pathfitter-runs.json` holds
/// our run of the unmodified `src/path/PathFitter.js` under node — every cubic `fitCubic` added,
/// as raw control points — on the shared noisy circle, the synthetic noisy cursive stroke and
/// samples of a cubic, at tolerances 0.25 to 10. Same cubics, every coordinate within 1e-9
/// (the port repeats Paper.js's operations in its order; the difference printed is 0).
final class CurveFitterPaperTests: XCTestCase {
    func testFitsMatchPaperJSPathFitter() throws {
        let root = try RepositoryFixtures.load("paper.js/pathfitter-runs.json")
        let cases = try XCTUnwrap(root["cases"] as? [[String: Any]])
        XCTAssertEqual(cases.count, 5)
        for c in cases {
            let name = try XCTUnwrap(c["name"] as? String)
            let points = try XCTUnwrap(c["points"] as? [Any]).map { row -> Point in
                let r = row as? [Double] ?? []
                return Point(x: r[0], y: r[1])
            }
            let expected = try XCTUnwrap(c["curves"] as? [Any]).map { $0 as? [Double] ?? [] }
            let fitted = CurveFitter.fit(points, tolerance: try XCTUnwrap(c["error"] as? Double)).cubics
            XCTAssertEqual(fitted.count, expected.count, name)
            var worst = WorstDifference()
            for (f, e) in zip(fitted, expected) {
                worst.add([f.start.x, f.start.y, f.control1.x, f.control1.y, f.control2.x, f.control2.y, f.end.x, f.end.y], e)
            }
            XCTAssertLessThanOrEqual(worst.value, 1e-9, name)
            print("Paper.js PathFitter \(name): \(fitted.count) cubics, max |ours − Paper.js| \(worst.value)")
        }
    }
}
