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

/// Runs the built `strokelab` with `arguments` in `directory` (with `environment` added to
/// the test's own); returns status and output.
func runStrokeLab(_ arguments: [String], in directory: String = TestPaths.packageRoot,
                  environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    try runProcess(TestPaths.productsDirectory.appendingPathComponent("strokelab").path, arguments, in: directory, environment: environment)
}

/// Runs `executable` with `arguments`; returns status and output. Standard output and error
/// are collected by files, so neither can fill a pipe and stall the child.
func runProcess(_ executable: String, _ arguments: [String], in directory: String = TestPaths.packageRoot,
                environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("strokelab-io-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
    defer { try? FileManager.default.removeItem(atPath: base + ".out"); try? FileManager.default.removeItem(atPath: base + ".err") }
    process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
    process.standardError = FileHandle(forWritingAtPath: base + ".err")
    try process.run()
    process.waitUntilExit()
    let stdout = FileManager.default.contents(atPath: base + ".out") ?? Data()
    let stderr = FileManager.default.contents(atPath: base + ".err") ?? Data()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

/// Starts the built `strokelab` without waiting (output discarded); the caller waits.
func startStrokeLab(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = TestPaths.productsDirectory.appendingPathComponent("strokelab")
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: TestPaths.packageRoot)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}
