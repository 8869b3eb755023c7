import Foundation
import XCTest

/// Runs JavaScript under Node.js, for the tests of the page's model script outside a browser.
enum JavaScriptRunner {
    /// `name` found on PATH, or nil.
    static func onPath(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The node executable, or an XCTSkip that says why the test cannot run.
    static func node() throws -> String {
        guard let node = onPath("node") ?? onPath("nodejs") else {
            throw XCTSkip("SKIPPED: Node.js (node) is not on PATH, so the page's model script is not run outside a browser here; the browser end-to-end test runs it in Chromium")
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = arguments + [file]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestSocket.Failure(description: "node exited with \(process.terminationStatus): \(String(decoding: stderr, as: UTF8.self))")
        }
        return String(decoding: stdout, as: UTF8.self)
    }
}
