import ArgumentParser
import Dispatch
import Foundation
import StrokeRecorder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `strokelab record [--port N] [--host ADDR] --out DIR`: serves the browser recorder page and
/// stores every recording it uploads in DIR as a native trace.
struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record your own pen, touch or mouse traces in a web browser (serves a page; saves uploads as native traces).",
        discussion: """
            Serves one self-contained page at http://HOST:PORT/: draw on it with a pen, a finger or \
            the mouse, then press Save. The page records Pointer Events as the app would receive them \
            (one event per pointermove with its coalesced samples and the browser's predicted ones, \
            pressure, tilt, contact size) and uploads the trace to POST /traces; each upload is \
            validated by the reader 'strokelab run' uses and written to DIR atomically, under a fresh \
            name (<name>-<UTC date>-<time>.json, never replacing a file). Stop with Ctrl-C.

            By default the recorder listens on 127.0.0.1 and serves this machine only. To record on \
            a tablet, phone or another computer, give --host with an address of this machine that \
            the device can reach (0.0.0.0: all IPv4 interfaces). The recorder then prints, once, the \
            address to open: its path carries an unguessable key (http://ADDR:PORT/KEY/), and only \
            requests under that key, naming an address it serves in their Host header, are \
            answered — so a web page elsewhere cannot upload through your browser, even by pointing \
            its own name at your machine, and a device on the network that did not see the address \
            cannot either. Anyone who has the address can upload into DIR. Browsers give coalesced samples only to secure \
            pages (https://, or http://localhost): over plain http from another device you get one \
            sample per event. README "Record your own traces" shows how to keep them (adb reverse, \
            or Chrome's flag for insecure origins).

            POST /traces (POST /KEY/traces with --host) takes any StrokeLab native trace \
            (Content-Type: application/json, at most --max-upload-mb, arriving within \
            \(Int(RecorderServer.uploadTimeLimit)) s with no pause over \(Int(RecorderServer.stallTimeLimit)) s): 201 and \
            {"file": …, "strokes": …, "samples": …} when stored; 4xx and {"error": "<one line>"} \
            otherwise, with nothing written.

            \(WorkBudgetTable.helpText(for: "record"))
            """)

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port: Int = 8765

    @Option(help: "The address to listen on: 127.0.0.1 (this machine only), or an address of this machine that other devices reach, e.g. 0.0.0.0.")
    var host: String = "127.0.0.1"

    @Option(help: "Directory for the recordings (created if missing).")
    var out: String

    /// The largest upload accepted unless `--max-upload-mb` says otherwise, MiB.
    static let defaultMaximumUploadMB = 32.0

    @Option(name: .customLong("max-upload-mb"), help: "The largest upload accepted, in MiB.")
    var maxUploadMB: Double = defaultMaximumUploadMB

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0…65535, not \(port)") }
        guard maxUploadMB > 0, maxUploadMB <= 1024 else { throw ValidationError("--max-upload-mb must be in (0, 1024], not \(maxUploadMB)") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
    }

    func run() async throws {
        let store: TraceStore
        do { store = try TraceStore(directory: out) } catch { throw CommandFailure(error.description) }
        let server: RecorderServer
        do {
            server = try await RecorderServer.start(host: host, port: port, store: store,
                                                    maximumUploadBytes: Int(maxUploadMB * 1_048_576)) { event in
                switch event {
                case .saved: Self.say(event.line)
                case .refused: FileHandle.standardError.write(Data("\(event.line)\n".utf8))
                }
            }
        } catch {
            throw CommandFailure("\(error)\(error.isAddressInUse ? " (is another recorder running? choose another --port, or 0)" : "")")
        }

        let directory = URL(fileURLWithPath: store.directory).standardizedFileURL.path
        let shown = server.address.contains(":") ? "[\(server.address)]" : server.address
        Self.say("strokelab record: saving recordings to \(directory)")
        Self.say("listening on http://\(shown):\(server.port)/")
        if server.service.access == .loopbackOnly {
            Self.say("open http://\(shown):\(server.port)/ in a browser on this machine (only this machine is served). Ctrl-C stops.")
        } else {
            FileHandle.standardError.write(Data("""
                warning: --host \(host) serves every device that can reach port \(server.port) of this machine and has the \
                address below (its path carries a key, printed only here): whoever has it can write recordings into \
                \(directory). Share it only with your own devices, use a network you trust and stop the recorder when done.
                note: over plain http from another device, browsers withhold coalesced samples (a secure-context feature); \
                see README "Record your own traces".

                """.utf8))
            let key = server.service.access.key ?? ""
            let addresses = server.address == "0.0.0.0" || server.address == "::"
                ? NetworkAddresses.all(ipv6: server.address == "::") : [server.address]
            for a in addresses {
                Self.say("on the tablet, open http://\(a.contains(":") ? "[\(a)]" : a):\(server.port)/\(key)/")
            }
            Self.say("Ctrl-C stops.")
        }

        // Ctrl-C or SIGTERM: stop accepting, close connections, exit 0.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let queue = DispatchQueue(label: "strokelab.record.signals")
        let sources = [SIGINT, SIGTERM].map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        for source in sources {
            source.setEventHandler { Task { await server.shutdown() } }
            source.resume()
        }
        defer { sources.forEach { $0.cancel() } }
        do { try await server.run() } catch {
            throw CommandFailure("the recorder stopped: \(Self.describe(error))")
        }
        Self.say("stopped")
    }

    /// Prints a line to standard output at once (it may be a pipe read by another program).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data("\(line)\n".utf8))
    }

    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        return text.replacingOccurrences(of: "\n", with: " ")
    }
}
