import Foundation
import NIOConcurrencyHelpers
import StrokeIO
import StrokeTestSupport
@testable import StrokeRecorder
import XCTest

/// The recorder tests' trace fixture (paths, temporary directories and the built `strokelab`
/// come from StrokeTestSupport's `TestPaths`).
enum RecorderTestSupport {
    /// A small valid native trace: one stylus stroke of `samples` moved events, named `name`.
    static func trace(name: String? = "circle", samples: Int = 5, tag: Double = 0) -> [UInt8] {
        var events: [String] = ["{\"phase\": \"began\", \"samples\": [[0, \(10 + tag), 10, 0.5]]}"]
        for k in 1...samples {
            let t = Double(k) / 240
            events.append("{\"phase\": \"moved\", \"samples\": [[\(t), \(10 + tag + Double(k) * 3), \(10 + Double(k) * 2), 0.6]], \"predicted\": [[\(t + 0.008), \(16 + tag + Double(k) * 3), \(14 + Double(k) * 2), 0.6]]}")
        }
        let end = Double(samples + 1) / 240
        events.append("{\"phase\": \"ended\", \"samples\": [[\(end), \(10 + tag + Double(samples) * 3), \(10 + Double(samples) * 2), 0.6]]}")
        let nameField = name.map { ", \"name\": \(JSONText.quoted($0))" } ?? ""
        let text = """
            {"format": "strokelab.trace", "version": 1,
             "metadata": {"source": "test", "units": "px"\(nameField)},
             "channels": ["t", "x", "y", "force"],
             "strokes": [{"id": "s0", "kind": "stylus", "events": [
               \(events.joined(separator: ",\n   "))
             ]}]}

            """
        return Array(text.utf8)
    }
}

/// A recorder server running in this process on a free loopback port, for one test.
final class RunningRecorder: @unchecked Sendable {
    let server: RecorderServer
    let directory: String
    let events: NIOLockedValueBox<[RecorderEvent]>
    private let task: Task<Void, Error>

    var port: Int { server.port }

    /// Starts a server storing into a fresh directory.
    static func start(host: String = "127.0.0.1", maximumUploadBytes: Int = 1 << 20, access: ClientAccess? = nil,
                      directory: String? = nil, stallTimeLimit: Double = RecorderServer.stallTimeLimit,
                      uploadTimeLimit: Double = RecorderServer.uploadTimeLimit) async throws -> RunningRecorder {
        let directory = try directory ?? TemporaryDirectory.make("recorder")
        let store = try TraceStore(directory: directory)
        let events = NIOLockedValueBox<[RecorderEvent]>([])
        let server = try await RecorderServer.start(host: host, port: 0, store: store, maximumUploadBytes: maximumUploadBytes,
                                                    access: access, stallTimeLimit: stallTimeLimit,
                                                    uploadTimeLimit: uploadTimeLimit) { event in events.withLockedValue { $0.append(event) } }
        return RunningRecorder(server: server, directory: directory, events: events)
    }

    private init(server: RecorderServer, directory: String, events: NIOLockedValueBox<[RecorderEvent]>) {
        self.server = server
        self.directory = directory
        self.events = events
        self.task = Task { try await server.run() }
    }

    /// The stored traces (no temporary files may remain).
    var files: [String] { TestPaths.files(directory) }

    /// Stops the server and removes its directory.
    func stop() async {
        await server.shutdown()
        _ = try? await task.value
        try? FileManager.default.removeItem(atPath: directory)
    }
}

extension XCTestCase {
    /// Starts a recorder for this test; it is stopped (and its directory removed) at teardown.
    func startRecorder(host: String = "127.0.0.1", maximumUploadBytes: Int = 1 << 20, access: ClientAccess? = nil,
                       directory: String? = nil, stallTimeLimit: Double = RecorderServer.stallTimeLimit,
                       uploadTimeLimit: Double = RecorderServer.uploadTimeLimit) async throws -> RunningRecorder {
        let recorder = try await RunningRecorder.start(host: host, maximumUploadBytes: maximumUploadBytes, access: access,
                                                       directory: directory, stallTimeLimit: stallTimeLimit, uploadTimeLimit: uploadTimeLimit)
        addTeardownBlock { await recorder.stop() }
        return recorder
    }
}

/// This machine's addresses, for tests that need to connect from a non-loopback one.
enum NetworkAddress {
    /// A non-loopback IPv4 address of this machine, if it has one.
    static func nonLoopbackIPv4() -> String? { NetworkAddresses.nonLoopbackIPv4().first }
}

