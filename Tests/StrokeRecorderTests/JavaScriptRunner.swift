import Foundation
import StrokeTestSupport
import XCTest

/// Runs JavaScript under Node.js, for the tests of the page's model script outside a browser.
enum JavaScriptRunner {
    /// The node executable, or ``MissingRequirement/error(_:)`` saying why the test cannot run.
    static func node() throws -> String {
        guard let node = executableOnPath("node") ?? executableOnPath("nodejs") else {
            throw MissingRequirement.error("SKIPPED: Node.js (node) is not on PATH, so the page's model script is not run outside a browser here; the browser end-to-end test runs it in Chromium")
        }
        return node
    }

    /// Runs `scripts` concatenated as one program; returns its standard output. Fails with
    /// the program's standard error when it exits non-zero.
    static func run(_ scripts: [String], arguments: [String] = []) throws -> String {
        let node = try node()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strokelab-js-\(UUID().uuidString).js").path
        try scripts.joined(separator: "\n;\n").write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let result = try runProcess(node, arguments + [file])
        guard result.status == 0 else {
            throw TestSocket.Failure(description: "node exited with \(result.status): \(result.stderr)")
        }
        return result.stdout
    }
}
