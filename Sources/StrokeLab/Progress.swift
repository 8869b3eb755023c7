import Foundation

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Progress of long work, on standard error: one line per phase with its counts and the
/// elapsed time, and — on a terminal only — a live counter on the current line while a
/// phase runs (`measuring 345 strokes × 8 pipelines: 1200/2760 (43%), 5.1 s, about 6.6 s left`). Piped, it
/// writes whole lines only, each at once (standard error is unbuffered), so a log shows how
/// far a run got; work that is quick (a phase over within ``quietSeconds``, a note in the
/// first ``quietSeconds`` of the run) is not logged there, so short runs stay silent.
/// ``silent`` prints nothing (`--quiet`).
///
/// Thread-safe: jobs running in parallel call ``advance(by:)``. The live line is redrawn at
/// most ten times a second.
public final class Progress: @unchecked Sendable {
    /// Prints nothing.
    public static let silent = Progress(enabled: false)

    private let enabled: Bool
    private let live: Bool
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private var phase: (what: String, total: Int, done: Int, started: ContinuousClock.Instant, announced: Bool)? = nil

    /// Piped, phases shorter than this (and notes before this much of the run) print nothing.
    public static let quietSeconds = 1.0
    private var lastDraw = ContinuousClock.now
    private var drawn = false

    /// A reporter writing to standard error; `live` defaults to whether it is a terminal.
    public convenience init(quiet: Bool = false) {
        self.init(enabled: !quiet, live: isatty(2) == 1) { text in
            // write(2) on the descriptor: unbuffered, whole lines at once.
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeMutableBytes { systemWrite(2, $0.baseAddress! + offset, $0.count - offset) }
                if n <= 0 { break }
                offset += n
            }
        }
    }

    /// A reporter writing through `write` (tests).
    public init(enabled: Bool, live: Bool = false, write: @escaping @Sendable (String) -> Void = { _ in }) {
        self.enabled = enabled
        self.live = live
        self.write = write
    }

    /// Seconds since the reporter was made, as `12.3 s`.
    public var elapsed: String { Self.seconds(ContinuousClock.now - start) }

    static func seconds(_ d: Duration) -> String {
        String(format: "%.1f s", Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
    }

    /// A one-off line (a phase that needs no counter), with the elapsed time.
    public func note(_ text: String) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        guard live || ContinuousClock.now - start >= .seconds(Self.quietSeconds) else { return }
        clearLine()
        write("\(text) [\(elapsed)]\n")
    }

    /// Starts a counted phase: `what` is e.g. "measuring 345 strokes × 8 pipelines".
    public func begin(_ what: String, total: Int) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        clearLine()
        phase = (what, total, 0, .now, false)
        if live { draw(force: true) }
    }

    /// Counts `n` finished units of the current phase.
    public func advance(by n: Int = 1) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        guard let p = phase else { return }
        phase!.done += n
        if live {
            draw(force: false)
        } else if !p.announced, ContinuousClock.now - p.started >= .seconds(Self.quietSeconds) {
            // Piped: a phase still running after a second gets its line.
            write("\(p.what)… [\(elapsed)]\n")
            phase!.announced = true
        }
    }

    /// Ends the current phase with a summary line (`measured 2760 jobs in 12.1 s`).
    public func end(_ summary: String? = nil) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        guard let p = phase else { return }
        phase = nil
        clearLine()
        guard live || p.announced || ContinuousClock.now - p.started >= .seconds(Self.quietSeconds) else { return }
        write("\(summary ?? "\(p.what): done") in \(Self.seconds(ContinuousClock.now - p.started)) [\(elapsed)]\n")
    }

    private func draw(force: Bool) {
        guard let p = phase else { return }
        let now = ContinuousClock.now
        guard force || now - lastDraw >= .milliseconds(100) || p.done == p.total else { return }
        lastDraw = now
        let percent = p.total > 0 ? " (\(p.done * 100 / p.total)%)" : ""
        // ETA: the rate so far over what is left (once a unit is done).
        var eta = ""
        if p.done > 0, p.total > p.done {
            let spent = now - p.started
            eta = ", about \(Self.seconds(spent * Double(p.total - p.done) / Double(p.done))) left"
        }
        write("\r\u{1B}[K\(p.what): \(p.done)/\(p.total)\(percent), \(Self.seconds(now - p.started))\(eta)")
        drawn = true
    }

    private func clearLine() {
        if drawn { write("\r\u{1B}[K"); drawn = false }
    }
}
