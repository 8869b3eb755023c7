import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process that answers lines on its standard input with lines on its standard
/// output, every read and write bounded in time and size: what an external pipeline runs
/// (``ExternalPipeline``).
///
/// The command is started through `/usr/bin/env` (so it is found on `PATH`), in its own
/// process group, with standard error kept (its last 2 KiB, for error messages). Reads and
/// writes use `poll(2)` with a deadline; a line longer than the limit, an answer later than
/// the deadline, or the end of the child's output are ``ExternalProcessFailure``s, after which
/// the child is killed (its whole process group, `SIGKILL`). Not thread-safe: one stroke uses
/// one process at a time.
final class ExternalProcess {
    private let process: Process
    private let input: Int32
    private let output: Int32
    private let errors: Int32
    private var pending: [UInt8] = []
    private var stderrTail: [UInt8] = []
    /// Whether the child's standard error is still open: once it reads end-of-file it is left
    /// out of `poll` (a closed pipe reports POLLHUP at once, every time, and the wait would spin).
    private var errorsOpen = true
    private var killed = false
    /// How the time limit reads in messages ("10 s").
    private let timeLimit: String
    /// How much of standard error is kept for messages.
    private static let stderrKept = 2048

    /// Starts `command` (program and arguments) in `directory` (the current one when `nil`).
    /// - Throws: ``ExternalProcessFailure`` when it cannot be started.
    init(command: [String], directory: String?, timeLimit: String) throws(ExternalProcessFailure) {
        self.timeLimit = timeLimit
        _ = Self.ignoreBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true) }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch {
            throw ExternalProcessFailure("could not be started (\(error.localizedDescription))")
        }
        self.process = process
        input = stdin.fileHandleForWriting.fileDescriptor
        output = stdout.fileHandleForReading.fileDescriptor
        errors = stderr.fileHandleForReading.fileDescriptor
        // Keep the pipes' file handles alive with the descriptors: the process keeps them.
        handles = [stdin, stdout, stderr]
        for fd in [input, output, errors] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }
    private var handles: [Pipe] = []

    deinit { kill() }

    /// Writes `line` (a newline is added) before `deadline`, reading what the child prints
    /// meanwhile (at most `limit` bytes pending) so that a child that writes before it reads
    /// cannot block both.
    func send(_ line: [UInt8], deadline: ContinuousClock.Instant, limit: Int) throws(ExternalProcessFailure) {
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if n > 0 { sent += n; continue }
            if n < 0 && errno != EAGAIN && errno != EINTR {
                throw ExternalProcessFailure(exited("stopped reading its input"))
            }
            try wait(forWriting: true, deadline: deadline, limit: limit, what: "did not read its input")
        }
    }

    /// The next line the child prints (without its newline), before `deadline` and at most
    /// `limit` bytes long.
    func readLine(deadline: ContinuousClock.Instant, limit: Int) throws(ExternalProcessFailure) -> ArraySlice<UInt8> {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                guard end <= limit else { throw ExternalProcessFailure("answered a line longer than \(limit) bytes") }
                let line = pending[..<end]
                pending.removeSubrange(...end)
                return line
            }
            guard pending.count <= limit else { throw ExternalProcessFailure("answered a line longer than \(limit) bytes") }
            try wait(forWriting: false, deadline: deadline, limit: limit, what: "did not answer")
        }
    }

    /// Polls until the input can be written (`forWriting`) or output arrived, reading whatever
    /// the child printed on either stream.
    private func wait(forWriting: Bool, deadline: ContinuousClock.Instant, limit: Int, what: String) throws(ExternalProcessFailure) {
        let left = ContinuousClock.now.duration(to: deadline)
        let ms = left <= .zero ? 0 : Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
        guard ms > 0 else { throw ExternalProcessFailure("\(what) within \(timeLimit)") }
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errorsOpen ? errors : -1, events: Int16(POLLIN), revents: 0)]
        if forWriting { fds.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), ms)
        if ready < 0 && errno != EINTR { throw ExternalProcessFailure("could not be waited for (poll: errno \(errno))") }
        if ready == 0 { throw ExternalProcessFailure("\(what) within \(timeLimit)") }
        var chunk = [UInt8](repeating: 0, count: 65536)
        if fds[1].revents != 0 {
            let n = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
            if n > 0 {
                stderrTail.append(contentsOf: chunk[..<n])
                if stderrTail.count > Self.stderrKept { stderrTail.removeFirst(stderrTail.count - Self.stderrKept) }
            } else if n == 0 {
                errorsOpen = false
            }
        }
        if fds[0].revents != 0 {
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n > 0 {
                pending.append(contentsOf: chunk[..<n])
                if pending.count > limit, !pending[..<limit].contains(UInt8(ascii: "\n")) {
                    throw ExternalProcessFailure("answered a line longer than \(limit) bytes")
                }
            } else if n == 0 {
                throw ExternalProcessFailure(exited("closed its output"))
            }
        }
        if forWriting, fds[2].revents & Int16(POLLERR | POLLHUP) != 0 {
            throw ExternalProcessFailure(exited("stopped reading its input"))
        }
    }

    /// `what`, and how the child ended when it has (waiting up to 0.5 s for it), with the last
    /// line of its standard error.
    private func exited(_ what: String) -> String {
        let until = ContinuousClock.now.advanced(by: .milliseconds(500))
        while process.isRunning, ContinuousClock.now < until { usleep(5000) }
        drainErrors()
        var text = what
        if !process.isRunning {
            text = process.terminationReason == .uncaughtSignal ? "was killed by signal \(process.terminationStatus)"
                                                                 : "exited with status \(process.terminationStatus)"
        }
        if let last = String(decoding: stderrTail, as: UTF8.self).split(whereSeparator: \.isNewline).last {
            text += "; its last error line: \(last)"
        }
        return text
    }

    private func drainErrors() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
            guard n > 0 else { return }
            stderrTail.append(contentsOf: chunk[..<n])
            if stderrTail.count > Self.stderrKept { stderrTail.removeFirst(stderrTail.count - Self.stderrKept) }
        }
    }

    /// Closes the child's input (a well-behaved child then exits) and gives it `grace` to do
    /// so before killing it.
    func finish(grace: Duration = .milliseconds(500)) {
        guard !killed else { return }
        close(input)
        let until = ContinuousClock.now.advanced(by: grace)
        while process.isRunning, ContinuousClock.now < until { usleep(2000) }
        kill()
    }

    /// Kills the child's process group and reaps it.
    func kill() {
        guard !killed else { return }
        killed = true
        if process.isRunning {
            let pid = process.processIdentifier
            if getpgid(pid) == pid { _ = Glibc.kill(-pid, SIGKILL) } else { _ = Glibc.kill(pid, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Writing to a child that exited must be an error, not a `SIGPIPE` that ends StrokeLab.
    private static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}

/// Why an external process failed: one phrase ("did not answer within 10 s").
struct ExternalProcessFailure: Error {
    var problem: String
    init(_ problem: String) { self.problem = problem }
}
