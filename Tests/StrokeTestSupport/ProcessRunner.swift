import Foundation

/// What a finished child process left: its exit status and everything it wrote.
public typealias ProcessOutput = (status: Int32, stdout: String, stderr: String)

/// Runs `executable` with `arguments` in `directory` and waits for it; returns its status and
/// output (decoded as UTF-8, invalid bytes replaced).
///
/// Standard output and error are collected in temporary files, never pipes, so neither can
/// fill up and stall the child however much it writes. The environment is the test's own
/// with `environment` added (a key given there wins); with `inheritsEnvironment: false` it is
/// `environment` alone. Throws when the process cannot be started.
public func runProcess(_ executable: String, _ arguments: [String], in directory: String = TestPaths.packageRoot,
                       environment: [String: String] = [:], inheritsEnvironment: Bool = true) throws -> ProcessOutput {
    try runProcess(executable, arguments, in: directory, environment: environment, inheritsEnvironment: inheritsEnvironment,
                   deadline: nil).output
}

/// Runs `executable` as ``runProcess(_:_:in:environment:inheritsEnvironment:)`` does, but
/// kills it (SIGKILL) once it has run `deadline` seconds: a test of a refusal that must come
/// at once then fails in bounded time on code that would run away. Returns the output, the
/// seconds it ran and whether it was killed.
public func runProcess(_ executable: String, _ arguments: [String], in directory: String = TestPaths.packageRoot,
                       environment: [String: String] = [:], inheritsEnvironment: Bool = true,
                       deadline: Double?) throws -> (output: ProcessOutput, seconds: Double, killed: Bool) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.environment = inheritsEnvironment ? ProcessInfo.processInfo.environment.merging(environment) { $1 } : environment
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("strokelab-io-\(UUID().uuidString)").path
    _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
    defer { try? FileManager.default.removeItem(atPath: base + ".out"); try? FileManager.default.removeItem(atPath: base + ".err") }
    process.standardOutput = FileHandle(forWritingAtPath: base + ".out")
    process.standardError = FileHandle(forWritingAtPath: base + ".err")
    let start = Date()
    try process.run()
    var killed = false
    if let deadline {
        while process.isRunning && Date().timeIntervalSince(start) < deadline { usleep(5_000) }
        // Only a child that still runs is killed (never a reaped pid).
        if process.isRunning, process.processIdentifier > 0 {
            kill(process.processIdentifier, SIGKILL)
            killed = true
        }
    }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    let stdout = FileManager.default.contents(atPath: base + ".out") ?? Data()
    let stderr = FileManager.default.contents(atPath: base + ".err") ?? Data()
    return ((process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self)), seconds, killed)
}

/// Runs the built `strokelab` (``TestPaths/strokelab``) with `arguments` in `directory`, with
/// `environment` added to the test's own; returns status and output (see ``runProcess(_:_:in:environment:inheritsEnvironment:)``).
public func runStrokeLab(_ arguments: [String], in directory: String = TestPaths.packageRoot,
                         environment: [String: String] = [:]) throws -> ProcessOutput {
    try runProcess(TestPaths.strokelab, arguments, in: directory, environment: environment)
}

/// Runs the built `strokelab` with a deadline (see
/// ``runProcess(_:_:in:environment:inheritsEnvironment:deadline:)``).
public func runStrokeLab(_ arguments: [String], in directory: String = TestPaths.packageRoot,
                         environment: [String: String] = [:], deadline: Double)
    throws -> (output: ProcessOutput, seconds: Double, killed: Bool)
{
    try runProcess(TestPaths.strokelab, arguments, in: directory, environment: environment, deadline: deadline)
}

/// Starts the built `strokelab` in the package root without waiting (its output discarded);
/// the caller waits for it, signals it or terminates it.
public func startStrokeLab(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: TestPaths.strokelab)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: TestPaths.packageRoot)
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// The first executable file called `name` in the directories of the test's `PATH`, or nil.
public func executableOnPath(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}
