import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing

/// A smoother outside StrokeLab, in any language, run as a child process and measured like a
/// built-in pipeline: `external:NAME` in a label, declared in the spec's `external:` list
/// (never in a trace), started only when the command line says `--allow-external`.
///
/// The protocol (`docs/guides/external.md`): StrokeLab writes one JSON line per touch event
/// and the child answers each with one JSON line, in order, strokes one after another:
///
/// ```
/// → {"stroke": "s1", "kind": "stylus", "event": 0, "phase": "began", "time": 0.0,
///    "samples": [[t, x, y, force, maxForce, altitude, azimuth, majorRadius], …], "predicted": [[…], …]}
/// ← {"committed": [["move", x, y], ["line", x, y], ["quad", cx, cy, x, y], ["cubic", c1x, c1y, c2x, c2y, x, y]],
///    "widths": [w, …], "provisional": [[…]], "provisionalWidths": [w, …],
///    "predicted": [[t, x, y], …], "outline": [[[x, y], …]]}
/// ```
///
/// `committed` holds the elements committed since the previous answer (append-only); every
/// other key describes the frame as it stands and may be left out (empty). `widths` give the
/// ink width of each committed (or provisional) element. A `began` event starts a stroke (the
/// child forgets the previous one); the terminal event (`ended`/`cancelled`, or the stroke's
/// last) ends it, and its provisional and predicted parts are not drawn. Predicted ink is
/// drawn from the tip straight through the predicted samples, as for built-in predictors, and
/// prediction error is measured on them.
///
/// Bounds: every answer within ``Declaration/timeoutSeconds`` of its event (default 10), at
/// most ``Declaration/maximumLineBytes`` (default 16 MiB) per line. A child that fails — cannot
/// start, exits, hangs, answers too much, invalid JSON, a non-finite or out-of-range number —
/// fails the run with one line naming the pipeline, the stroke and the event; it is killed
/// (its whole process group), and the output folder is left as it was.
///
/// Processes are reused from stroke to stroke: one per stroke measured at once, kept idle in
/// between and told to finish (their input closed) when the run ends.
public final class ExternalPipeline: @unchecked Sendable {
    /// What the spec declares.
    public struct Declaration: Hashable, Sendable {
        /// The name `external:NAME` refers to.
        public var name: String
        /// Program and arguments; the program is looked up on `PATH`.
        public var command: [String]
        /// Working directory (absolute, or relative to the spec's directory); the spec's
        /// directory when `nil`.
        public var directory: String?
        /// Longest wait for one answer, in seconds (default 10).
        public var timeoutSeconds: Double
        /// Longest answer line, in bytes (default 16 MiB).
        public var maximumLineBytes: Int

        /// The default answer time limit: 10 s.
        public static let defaultTimeoutSeconds = 10.0
        /// The default answer size limit: 16 MiB.
        public static let defaultMaximumLineBytes = 1 << 24

        /// Declares an external pipeline.
        public init(name: String, command: [String], directory: String? = nil,
                    timeoutSeconds: Double = defaultTimeoutSeconds, maximumLineBytes: Int = defaultMaximumLineBytes) {
            self.name = name
            self.command = command
            self.directory = directory
            self.timeoutSeconds = timeoutSeconds
            self.maximumLineBytes = maximumLineBytes
        }

        /// `external:NAME`.
        public var label: String { "external:\(name)" }
        /// The label and the command, for `run.json`.
        public var canonical: String { "external:\(name)(command=\(command.joined(separator: " ")))" }
    }

    /// The declaration.
    public let declaration: Declaration
    private let lock = NSLock()
    private var idle: [ExternalProcess] = []
    private var failure: String?

    /// An external pipeline; nothing is started until a stroke is replayed.
    public init(_ declaration: Declaration) {
        self.declaration = declaration
    }

    deinit { finish() }

    /// The first failure, one line, once a replay failed (every later replay fails at once).
    public var failed: String? { lock.withLock { failure } }

    /// Replays `stroke` through the child: every event written, every answer read and
    /// recorded as frames (``StrokeSmoothing/StrokeReplay``). `horizons` (seconds) are where the
    /// predicted samples are read for prediction error; `outlineFrames` the frames whose
    /// outline to keep.
    /// - Throws: ``ExternalPipelineError`` naming the pipeline, stroke, event and problem.
    public func replay(_ stroke: Stroke, horizons: [Double] = [], outlineFrames: Set<Int> = []) throws(ExternalPipelineError) -> StrokeReplay {
        if let failure = failed { throw ExternalPipelineError(description: failure) }
        let process: ExternalProcess
        do { process = try acquire() } catch { throw fail(stroke: stroke.id, event: nil, error.problem) }
        var eventIndex = 0
        do {
            var builder = ExternalReplayBuilder(horizons: horizons, outlineFrames: outlineFrames)
            let limit = declaration.maximumLineBytes
            let timeout = Duration.milliseconds(Int64(declaration.timeoutSeconds * 1000))
            for (k, event) in stroke.events.enumerated() {
                eventIndex = k
                let terminal = event.phase.isTerminal || k == stroke.events.count - 1
                let deadline = ContinuousClock.now.advanced(by: timeout)
                try process.send(ExternalProtocol.eventLine(stroke: stroke, index: k, terminal: terminal), deadline: deadline, limit: limit)
                let answer = try process.readLine(deadline: deadline, limit: limit)
                try builder.add(answer: answer, event: event, index: k, terminal: terminal)
            }
            release(process)
            return builder.record
        } catch {
            process.kill()
            throw fail(stroke: stroke.id, event: eventIndex, error.problem)
        }
    }

    /// Closes every idle child's input and waits briefly for it to exit, then kills it.
    public func finish() {
        let all = lock.withLock { () -> [ExternalProcess] in
            defer { idle = [] }
            return idle
        }
        for p in all { p.finish() }
    }

    private func acquire() throws(ExternalProcessFailure) -> ExternalProcess {
        if let p = lock.withLock({ idle.popLast() }) { return p }
        return try ExternalProcess(command: declaration.command, directory: declaration.directory,
                                   timeLimit: "\(JSONText.number(declaration.timeoutSeconds)) s")
    }

    private func release(_ p: ExternalProcess) { lock.withLock { idle.append(p) } }

    private func fail(stroke: String, event: Int?, _ problem: String) -> ExternalPipelineError {
        let command = declaration.command.joined(separator: " ")
        let at = event.map { "stroke '\(stroke)' event \($0)" } ?? "stroke '\(stroke)'"
        let message = ErrorText.bounded("external pipeline '\(declaration.name)' (\(command)): \(at): the process \(problem)")
        lock.withLock { if failure == nil { failure = message } }
        return ExternalPipelineError(description: message)
    }
}

/// An external pipeline failed: one line naming it, the stroke, the event and the problem.
public struct ExternalPipelineError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String
}

extension ExternalPipeline {
    /// `external:`, the prefix of an external pipeline's label.
    public static let labelPrefix = "external:"

    /// The external pipelines `spec` declares, checked: names unique and made of letters,
    /// digits, `.`, `_`, `-`; a command; limits in range; a working directory that exists
    /// (relative paths from `baseDirectory`, the spec's directory).
    /// - Throws: ``ExperimentError`` naming the spec, the entry and the problem.
    public static func declared(in spec: ExperimentSpec, specPath: String?, baseDirectory: String) throws(ExperimentError) -> [Declaration] {
        let file = specPath.map { "\($0): " } ?? ""
        var out: [Declaration] = []
        for (i, e) in (spec.external ?? []).enumerated() {
            let place = "\(file)external[\(i)]"
            guard !e.name.isEmpty, e.name.count <= 64,
                  e.name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII || "._-".unicodeScalars.contains($0) }) else {
                throw ExperimentError("\(place): name '\(ErrorText.excerpt(e.name, limit: 40))' must be 1–64 letters, digits, '.', '_' or '-'")
            }
            guard !out.contains(where: { $0.name == e.name }) else { throw ExperimentError("\(place): the name '\(e.name)' is declared twice") }
            guard let program = e.command.first, !program.isEmpty else { throw ExperimentError("\(place) (\(e.name)): command is empty; give the program and its arguments, e.g. [python3, smoother.py]") }
            // The command runs through /usr/bin/env, which would read a first word starting
            // with '-' as its own option and one holding '=' as a variable to set.
            guard !program.hasPrefix("-"), !program.contains("=") else {
                throw ExperimentError("\(place) (\(e.name)): the program '\(ErrorText.excerpt(program, limit: 40))' must not start with '-' or contain '='")
            }
            let timeout = e.timeoutSeconds ?? Declaration.defaultTimeoutSeconds
            guard timeout >= 0.01, timeout <= 3600 else { throw ExperimentError("\(place) (\(e.name)): timeoutSeconds must be in 0.01…3600, not \(timeout)") }
            let bytes = e.maxLineBytes ?? Declaration.defaultMaximumLineBytes
            guard (1024...(1 << 28)).contains(bytes) else { throw ExperimentError("\(place) (\(e.name)): maxLineBytes must be in 1024…268435456, not \(bytes)") }
            let cwd = e.cwd.map { $0.hasPrefix("/") ? $0 : baseDirectory + "/" + $0 } ?? baseDirectory
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: cwd, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ExperimentError("\(place) (\(e.name)): cwd '\(ErrorText.excerpt(cwd, limit: 120))' is not a directory")
            }
            out.append(Declaration(name: e.name, command: e.command, directory: cwd, timeoutSeconds: timeout, maximumLineBytes: bytes))
        }
        return out
    }
}
