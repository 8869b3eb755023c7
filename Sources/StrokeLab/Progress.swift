import Foundation

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Progress of long work, on standard error: one line per phase with its counts and the
/// elapsed time, and — on a terminal only — a live line on the current line while a phase runs
/// (`measuring 345 strokes × 8 pipelines: 1200/2760 (43%), 5.1 s, about 6.6 s left`), redrawn
/// at least once a second even when no unit finishes (a ticker), so a terminal never sits
/// silent. Piped, it writes whole lines only, each at once (standard error is unbuffered): a
/// phase still running after ``quietSeconds`` gets a line, and then one every
/// ``heartbeatSeconds`` (`still measuring …: 40.0 s`), so a log shows how far a run got; work
/// that is quick (a phase over within ``quietSeconds``, a note in the first ``quietSeconds`` of
/// the run) is not logged there, so short runs stay silent. ``silent`` prints nothing
/// (`--quiet`).
///
/// Phases are counted (``begin(_:total:)``, ``advance(by:)``, ``end(_:)``) or not
/// (``during(_:_:)``: a step with no units, such as the bootstrap; the line shows its elapsed
/// time). The estimate of the time left (``estimate(done:total:spent:)``) appears only once there
/// is data for it: enough units done and enough time spent that the rate means something.
///
/// Thread-safe: jobs running in parallel call ``advance(by:)``. The live line is redrawn at
/// most ten times a second.
public final class Progress: @unchecked Sendable {
    /// Prints nothing.
    public static let silent = Progress(enabled: false)

    private let enabled: Bool
    private let live: Bool
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> ContinuousClock.Instant
    private let lock = NSLock()
    private let start: ContinuousClock.Instant
    private var phase: (what: String, total: Int?, done: Int, started: ContinuousClock.Instant, announced: Bool,
                        lastHeartbeat: ContinuousClock.Instant)? = nil
    private var ticker: DispatchSourceTimer? = nil

    /// Piped, phases shorter than this (and notes before this much of the run) print nothing.
    public static let quietSeconds = 1.0
    /// Piped, a phase that is still running gets a line this often.
    public static let heartbeatSeconds = 10.0
    private var lastDraw: ContinuousClock.Instant
    private var drawn = false

    /// A reporter writing to standard error; `live` defaults to whether it is a terminal.
    public convenience init(quiet: Bool = false) {
        self.init(enabled: !quiet, live: isatty(2) == 1, write: { text in
            // write(2) on the descriptor: unbuffered, whole lines at once.
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeMutableBytes { systemWrite(2, $0.baseAddress! + offset, $0.count - offset) }
                if n <= 0 { break }
                offset += n
            }
        })
        startTicker()
    }

    /// A reporter writing through `write` (tests). No ticker runs: a test calls ``tick()``.
    public convenience init(enabled: Bool, live: Bool = false, write: @escaping @Sendable (String) -> Void = { _ in }) {
        self.init(enabled: enabled, live: live, clock: { .now }, write: write)
    }

    /// A reporter writing through `write` and reading the time from `clock` (tests).
    public init(enabled: Bool, live: Bool, clock: @escaping @Sendable () -> ContinuousClock.Instant,
                write: @escaping @Sendable (String) -> Void) {
        self.enabled = enabled
        self.live = live
        self.write = write
        self.clock = clock
        start = clock()
        lastDraw = start
    }

    deinit { ticker?.cancel() }

    /// Redraws the live line (or writes the piped heartbeat) once a second on a private queue.
    private func startTicker() {
        guard enabled else { return }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "strokelab.progress"))
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        ticker = timer
    }

    /// Seconds since the reporter was made, as `12.3 s`.
    public var elapsed: String { Self.seconds(clock() - start) }

    static func seconds(_ d: Duration) -> String {
        String(format: "%.1f s", Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
    }

    /// The time left in a phase from its rate so far, or nil while there is too little data:
    /// fewer than 3 units or 5 % of them done, or under 2 s spent (the first units of a phase
    /// are not its rate: they include start-up, or finish early in parallel).
    public static func estimate(done: Int, total: Int, spent: Duration) -> Duration? {
        guard done > 0, total > done, done >= Swift.max(3, (total + 19) / 20), spent >= .seconds(2) else { return nil }
        return spent * Double(total - done) / Double(done)
    }

    /// A one-off line (a phase that needs no counter), with the elapsed time.
    public func note(_ text: String) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        guard live || clock() - start >= .seconds(Self.quietSeconds) else { return }
        clearLine()
        write("\(text) [\(elapsed)]\n")
    }

    /// Starts a counted phase: `what` is e.g. "measuring 345 strokes × 8 pipelines".
    public func begin(_ what: String, total: Int) {
        begin(what, total: Optional(total))
    }

    private func begin(_ what: String, total: Int?) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        clearLine()
        let now = clock()
        phase = (what, total, 0, now, false, now)
        if live { draw(force: true) }
    }

    /// Counts `n` finished units of the current phase.
    public func advance(by n: Int = 1) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        guard phase != nil else { return }
        phase!.done += n
        if live { draw(force: false) } else { announceIfDue() }
    }

    /// Ends the current phase with a summary line (`measured 2760 jobs in 12.1 s`).
    public func end(_ summary: String? = nil) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        guard let p = phase else { return }
        phase = nil
        clearLine()
        guard live || p.announced || clock() - p.started >= .seconds(Self.quietSeconds) else { return }
        write("\(summary ?? "\(p.what): done") in \(Self.seconds(clock() - p.started)) [\(elapsed)]\n")
    }

    /// Runs `body` as an uncounted phase named `what` (e.g. "summarising 12000 measurements
    /// (bootstrap 1000 by trace)"): the live line shows its elapsed time, a piped log its
    /// heartbeat, and a line says when it ended ("done", or "failed" when `body` threw).
    public func during<T, E: Error>(_ what: String, _ body: () throws(E) -> T) throws(E) -> T {
        begin(what, total: nil)
        do {
            let value = try body()
            end(what + ": done")
            return value
        } catch {
            end(what + ": failed")
            throw error
        }
    }

    /// What the ticker does each second: redraws the live line (its elapsed time moves even
    /// when no unit finishes), or, piped, announces a phase running past ``quietSeconds`` and
    /// writes a line every ``heartbeatSeconds`` while it runs.
    func tick() {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        guard phase != nil else { return }
        if live { draw(force: true) } else { announceIfDue() }
    }

    /// Piped: the phase's first line once it has run ``quietSeconds``, then a heartbeat line
    /// every ``heartbeatSeconds``.
    private func announceIfDue() {
        guard let p = phase else { return }
        let now = clock()
        if !p.announced {
            guard now - p.started >= .seconds(Self.quietSeconds) else { return }
            write("\(p.what)… [\(elapsed)]\n")
            phase!.announced = true
            phase!.lastHeartbeat = now
        } else if now - p.lastHeartbeat >= .seconds(Self.heartbeatSeconds) {
            let count = p.total.map { ", \(p.done)/\($0)" } ?? ""
            write("still \(p.what)\(count): \(Self.seconds(now - p.started)) [\(elapsed)]\n")
            phase!.lastHeartbeat = now
        }
    }

    private func draw(force: Bool) {
        guard let p = phase else { return }
        let now = clock()
        guard force || now - lastDraw >= .milliseconds(100) || p.done == p.total else { return }
        lastDraw = now
        let spent = now - p.started
        var counts = ""
        var eta = ""
        if let total = p.total {
            counts = ": \(p.done)/\(total)" + (total > 0 ? " (\(p.done * 100 / total)%)" : "")
            if let left = Self.estimate(done: p.done, total: total, spent: spent) { eta = ", about \(Self.seconds(left)) left" }
        }
        write("\r\u{1B}[K\(p.what)\(counts)\(counts.isEmpty ? ":" : ",") \(Self.seconds(spent))\(eta)")
        drawn = true
    }

    private func clearLine() {
        if drawn { write("\r\u{1B}[K"); drawn = false }
    }
}
