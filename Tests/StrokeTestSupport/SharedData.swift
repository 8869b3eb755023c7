import Foundation
import XCTest

/// The shared data beside the repository (`../shared/` relative to the package root): the
/// public datasets (`../shared/datasets`) and the peer oracles (`../shared/oracles`, read
/// through ``PeerOracles``). The team's rule: it is never copied into the repository, and a
/// test that needs it skips cleanly (an `XCTSkip` that names the missing path) when it is absent,
/// and fails under CI (``MissingRequirement``).
public enum SharedData {
    /// `../shared` beside the package root, standardized (no `..` components); or the
    /// directory `STROKELAB_SHARED` names, for a checkout somewhere else (the scratch copy of
    /// `scripts/mutation-check`).
    public static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["STROKELAB_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        return TestPaths.packageRootURL.deletingLastPathComponent().appendingPathComponent("shared").standardizedFileURL
    }

    /// `../shared/datasets`, as a path.
    public static var datasetsDirectory: String { directory.appendingPathComponent("datasets").path }

    /// `../shared/oracles`.
    public static var oraclesDirectory: URL { directory.appendingPathComponent("oracles") }

    /// The path of the public dataset directory `../shared/datasets/<name>`; throws an
    /// ``MissingRequirement/error(_:)`` naming the path when it is not there (or is not a directory).
    public static func dataset(_ name: String) throws -> String {
        let path = directory.appendingPathComponent("datasets/\(name)").path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw MissingRequirement.error("public dataset \(name) not found at \(path) (../shared/datasets next to the package); dataset import tests skipped")
        }
        return path
    }

    /// ``datasetsDirectory`` when it exists; otherwise ``MissingRequirement/error(_:)`` naming it and saying
    /// `why` the test needs it.
    public static func datasets(_ why: String) throws -> String {
        let path = datasetsDirectory
        guard FileManager.default.fileExists(atPath: path) else {
            throw MissingRequirement.error("the public datasets are not at \(path); \(why)")
        }
        return path
    }
}
