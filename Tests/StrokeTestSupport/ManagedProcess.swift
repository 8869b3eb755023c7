#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A process a test starts and must end: its output is collected as it comes, and ``stop()``
/// ends it and everything it started (its whole process group), also when the test fails.
public final class ManagedProcess: @unchecked Sendable {
    /// What went wrong, in one line.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public let name: String
    private let process: Process
    private let out = LockedBox<[UInt8]>([])
    private let err = LockedBox<[UInt8]>([])
    private let closedPipes = LockedBox(0)
    private var stopped = false

    /// Starts `executable` with `arguments`. Foundation starts it as the leader of a new
    /// process group, which ``stop()`` signals as a whole.
    public init(_ executable: String, _ arguments: [String], directory: String? = nil) throws {
        name = URL(fileURLWithPath: executable).lastPathComponent
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // One thread per pipe, reading until the end: every byte is collected by the time
        // both have seen the end, whatever the timing of the process's exit.
        for (pipe, buffer) in [(outPipe, out), (errPipe, err)] {
            let handle = pipe.fileHandleForReading
            let closedPipes = self.closedPipes
            Thread {
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    buffer.withLockedValue { $0.append(contentsOf: data) }
                }
                closedPipes.withLockedValue { $0 += 1 }
            }.start()
        }
    }

    deinit { stop() }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }
    public var standardOutput: String { String(decoding: out.withLockedValue { $0 }, as: UTF8.self) }
    public var standardError: String { String(decoding: err.withLockedValue { $0 }, as: UTF8.self) }

    /// Waits until a line of standard output starts with `prefix`; returns the rest of it.
    public func waitForLine(startingWith prefix: String, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for line in standardOutput.split(separator: "\n") where line.hasPrefix(prefix) {
                return String(line.dropFirst(prefix.count))
            }
            guard process.isRunning else { break }
            usleep(20_000)
        }
        throw Failure(description: "\(name) printed no line starting with \"\(prefix)\" (exit: \(process.isRunning ? "still running" : "\(process.terminationStatus)"); stdout: \(standardOutput.suffix(500)); stderr: \(standardError.suffix(1000)))")
    }

    /// Sends `signal` to the process alone.
    public func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the process to exit by itself and for all its output to be collected; its
    /// status, or nil after `timeout`.
    public func waitForExit(timeout: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        while closedPipes.withLockedValue({ $0 }) < 2 && Date() < deadline { usleep(10_000) }
        return process.terminationStatus
    }

    /// Waits until `condition` holds (polled every 20 ms); false after `timeout`.
    @discardableResult
    public func waitUntil(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Ends the process group: SIGTERM, then SIGKILL to whatever is left after 5 s. Idempotent.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        let group = process.processIdentifier
        if process.isRunning { kill(-group, SIGTERM) }
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        // Children (a browser's helpers) may outlive the leader: end the group in any case.
        kill(-group, SIGKILL)
        if process.isRunning { process.waitUntilExit() }
    }

    /// A TCP port free on 127.0.0.1 now (for programs that cannot report the one they chose).
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p -> Bool in
                bind(fd, p, length) == 0 && getsockname(fd, p, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "cannot bind a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A value behind a lock, for state a process's reader threads and the test share.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    /// Runs `body` on the value while holding the lock.
    func withLockedValue<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
