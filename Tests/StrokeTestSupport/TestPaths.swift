import Foundation

/// Where the tests find the repository and the built products (temporary directories:
/// ``TemporaryDirectory``).
///
/// Every path is derived from this file's own path (`Tests/StrokeTestSupport/TestPaths.swift`),
/// so the tests work from any working directory. Shared data outside the repository
/// (`../shared/...`) is in ``SharedData``, which skips when it is absent; the committed
/// `Tests/Fixtures` are in ``RepositoryFixtures``.
public enum TestPaths {
    /// The repository (package) root, as a file URL: two levels above this file's directory.
    public static let packageRootURL: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The repository (package) root, as a path without a trailing slash.
    public static let packageRoot: String = packageRootURL.path

    /// The directory with the built products (the `strokelab` executable beside the test
    /// bundle). On macOS the `.xctest` bundle's directory; on Linux the test runner's.
    /// Edge case: on macOS without a loaded `.xctest` bundle it stops the test run
    /// (`fatalError`), as no product could be run anyway.
    public static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        fatalError("cannot find the products directory")
        #else
        return Bundle.main.bundleURL
        #endif
    }

    /// The path of the built `strokelab` executable (in ``productsDirectory``; it may not
    /// exist when only the tests were built).
    public static var strokelab: String { productsDirectory.appendingPathComponent("strokelab").path }

    /// The files and directories directly in `directory` (hidden ones included), sorted by
    /// name; empty when it cannot be read.
    public static func files(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }
}
