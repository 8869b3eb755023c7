import Foundation
import XCTest

/// Paths the end-to-end tests need.
enum TestPaths {
    /// The package root (two levels above this file's directory).
    static let packageRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// The directory with the built products (the `strokelab` executable).
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        fatalError("cannot find the products directory")
        #else
        return Bundle.main.bundleURL
        #endif
    }

    /// A fresh temporary directory, removed by the caller's `defer`.
    static func temporaryDirectory(_ tag: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strokelab-\(tag)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Runs the built `strokelab` with `arguments` in `directory`; returns status and output.
func runStrokeLab(_ arguments: [String], in directory: String = TestPaths.packageRoot) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = TestPaths.productsDirectory.appendingPathComponent("strokelab")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}
