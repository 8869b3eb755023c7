import Foundation
import XCTest

/// The one way the tests make temporary directories: a fresh, empty, uniquely named
/// `strokelab-<tag>-<UUID>` under the system's temporary directory.
public enum TemporaryDirectory {
    /// Creates the directory; the caller owns it and removes it (a test uses
    /// `XCTestCase.makeTemporaryDirectory(_:)`, which removes it at teardown).
    /// - Throws: when the directory cannot be created.
    public static func make(_ tag: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strokelab-\(tag)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension XCTestCase {
    /// ``TemporaryDirectory/make(_:)``, removed (with everything in it) at this test's
    /// teardown. Call it from a test or from `setUpWithError`.
    public func makeTemporaryDirectory(_ tag: String) throws -> String {
        let path = try TemporaryDirectory.make(tag)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
