import Foundation
import XCTest

/// What a test throws when something it needs from outside the repository is missing — the
/// shared datasets and peer oracles (`../shared`), Node.js, Python, Chromium and chromedriver,
/// the built tool: an `XCTSkip` naming it on a developer's machine, and a failure under CI
/// (`CI=true`, which `.ci/run` sets), where every requirement must be present, so an oracle
/// or a browser test cannot be skipped without anyone noticing.
public struct MissingRequirement: Error, CustomStringConvertible {
    /// What is missing and what the test would have checked.
    public var description: String

    /// True when the environment says this is CI (`CI=true`, as GitHub Actions, GitLab and
    /// `.ci/run` set it).
    public static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// The error for `message`: an `XCTSkip` with it, or under CI a ``MissingRequirement``
    /// that fails the test and says that a skip is not allowed there.
    public static func error(_ message: String) -> any Error {
        isCI ? MissingRequirement(description: "CI=true and a test's requirement is missing (a skip is a failure on CI): \(message)")
            : XCTSkip(message)
    }
}
