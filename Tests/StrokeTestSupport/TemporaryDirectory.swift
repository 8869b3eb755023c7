import Foundation
import XCTest

extension XCTestCase {
    /// Creates a fresh, empty directory `strokelab-<tag>-<UUID>` under the system's temporary
    /// directory and registers its removal (with everything in it) for this test's teardown.
    /// Throws when the directory cannot be created. Call it from a test or from `setUp`.
    public func makeTemporaryDirectory(_ tag: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strokelab-\(tag)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
