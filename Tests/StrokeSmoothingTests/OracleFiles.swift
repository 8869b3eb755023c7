import Foundation
import XCTest

/// The shared peer oracles (`../shared/oracles` beside the package root), read with exact
/// number parsing (``ExactJSON``); a test skips when they are absent.
enum OracleFiles {
    /// `../shared/oracles`.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/oracles")
    }

    /// The JSON object in `relative`, or a skip when the file is not there.
    static func object(_ relative: String) throws -> [String: Any] {
        let url = root.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("oracle \(relative) not found at \(url.path) (shared/ beside the package root)")
        }
        return try XCTUnwrap(ExactJSON.parse(Array(Data(contentsOf: url))) as? [String: Any], relative)
    }

    /// The shared input circle: t (s), x, y, pressure.
    static func circle() throws -> (t: [Double], x: [Double], y: [Double], pressure: [Double]) {
        let o = try object("input_circle240.json")
        return (try XCTUnwrap(o["t"] as? [Double]), try XCTUnwrap(o["x"] as? [Double]),
                try XCTUnwrap(o["y"] as? [Double]), try XCTUnwrap(o["pressure"] as? [Double]))
    }

    /// `object[key]` as numbers.
    static func numbers(_ object: [String: Any]?, _ key: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Double] {
        try XCTUnwrap(object?[key] as? [Double], "oracle field \(key)", file: file, line: line)
    }
}

/// The largest absolute difference between paired values (∞ when the counts differ).
func maxAbsDifference(_ a: [Double], _ b: [Double]) -> Double {
    guard a.count == b.count else { return .infinity }
    var worst = 0.0
    for i in a.indices {
        let d = (a[i] - b[i]).magnitude
        if d.isNaN { return .infinity }
        worst = max(worst, d)
    }
    return worst
}
