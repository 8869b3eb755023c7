import Foundation
import XCTest

/// The repository's own committed test fixtures in `Tests/Fixtures/` (peers' test vectors
/// kept with their attribution, see each directory's README). Unlike the shared data they are
/// always present: a missing file is a failure, not a skip.
public enum RepositoryFixtures {
    /// `Tests/Fixtures`.
    public static var directory: URL { TestPaths.packageRootURL.appendingPathComponent("Tests/Fixtures") }

    /// `Tests/Fixtures/<relative>`.
    public static func url(_ relative: String) -> URL { directory.appendingPathComponent(relative) }

    /// The JSON object in `Tests/Fixtures/<relative>`, numbers read exactly (``ExactJSON``);
    /// throws when the file is missing or not a JSON object.
    public static func load(_ relative: String) throws -> [String: Any] {
        try XCTUnwrap(ExactJSON.parse(Array(Data(contentsOf: url(relative)))) as? [String: Any], relative)
    }
}
