import Foundation
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``JSMath`` and ``JSNumber`` against node v20 (V8): `Tests/Fixtures/js-math/v8-math.json`
/// holds `Math.hypot`, `Math.sin` and `Math.cos` of random arguments, edge cases, and arguments
/// where glibc rounds differently, as bit patterns; every one must match exactly.
final class JSMathTests: XCTestCase {
    private func rows(_ key: String) throws -> [[Double]] {
        let url = RepositoryFixtures.url("js-math/v8-math.json")
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let table = try XCTUnwrap(root[key] as? [[String]])
        return try table.map { row in try row.map { Double(bitPattern: try XCTUnwrap(UInt64($0, radix: 16))) } }
    }

    private func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

    func testHypotIsV8sBitForBit() throws {
        let table = try rows("hypot")
        XCTAssertGreaterThan(table.count, 300)
        for r in table { XCTAssertTrue(same(JSMath.hypot(r[0], r[1]), r[2]), "hypot(\(r[0]), \(r[1])) = \(JSMath.hypot(r[0], r[1])), V8 \(r[2])") }
    }

    func testSinAndCosAreV8sBitForBit() throws {
        let table = try rows("sincos")
        XCTAssertGreaterThan(table.count, 400)
        for r in table {
            XCTAssertTrue(same(JSMath.sin(r[0]), r[1]), "sin(\(r[0])) = \(JSMath.sin(r[0])), V8 \(r[1])")
            XCTAssertTrue(same(JSMath.cos(r[0]), r[2]), "cos(\(r[0])) = \(JSMath.cos(r[0])), V8 \(r[2])")
        }
    }

    func testMinAndMaxFollowJavaScript() {
        XCTAssertTrue(JSNumber.min(1, .nan).isNaN)
        XCTAssertTrue(JSNumber.max(.nan, 1).isNaN)
        XCTAssertEqual(JSNumber.min(0, -0.0).sign, .minus)
        XCTAssertEqual(JSNumber.max(-0.0, 0).sign, .plus)
        XCTAssertEqual(JSNumber.min(2, 3), 2)
        XCTAssertEqual(JSNumber.max(2, 3), 3)
    }
}
