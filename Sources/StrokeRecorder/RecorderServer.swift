import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The HTTP server of `strokelab record`, on SwiftNIO (NIOPosix sockets, NIOHTTP1's parser
/// and encoder): it answers each request as ``RecorderService`` decides.
///
/// Bounded whatever clients send: request heads are limited by NIOHTTP1 (80 KiB of header
/// fields; a malformed request gets 400 and is closed), a body is kept only while it fits the
/// service's limit (beyond it the answer is 413 at once, chunked or not, and the rest is not
/// read), all bodies held at once fit an ``UploadBudget`` of twice the limit (beyond it 503),
/// a body that pauses for ``stallTimeLimit`` or takes longer than ``uploadTimeLimit`` gets
/// 408 and its connection is closed, and a connection that sends nothing between requests
/// for ``idleTimeout`` is closed (``RequestTimeouts``). A body is gathered in one buffer
/// appended in place, so receiving it is linear in its size (it was copied whole at every
/// chunk: 31 MiB took 6 s). Validation and storing run on NIOThreadPool, not on the event
/// loop. Connections are served concurrently; requests on one connection in order.
///
/// ```swift
/// let store = try TraceStore(directory: "recordings")
/// let server = try await RecorderServer.start(host: "127.0.0.1", port: 0, store: store, maximumUploadBytes: 1 << 25) { print($0.line) }
/// print(server.port)           // the port chosen
/// try await server.run()       // until shutdown() or cancellation
/// ```
public final class RecorderServer: Sendable {
    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

    /// What decides the answers.
    public let service: RecorderService
    /// The address the server listens on, as text (`127.0.0.1`, `::`).
    public let address: String
    /// The port it listens on (the one chosen when started with port 0).
    public let port: Int
    /// Connections idle this long are closed.
    public static let idleTimeout = TimeAmount.seconds(60)
    /// The longest an upload's body may take to arrive, seconds, from its request head (32 MiB
    /// over a slow Wi-Fi link take well under a minute); beyond it the answer is 408.
    public static let uploadTimeLimit = 120.0
    /// The longest pause within an upload's body, seconds; beyond it the answer is 408 and the
    /// connection is closed (a client that stalls holds no memory for long).
    public static let stallTimeLimit = 10.0
    /// After refusing a body it will not read, the server ends its output and keeps dropping
    /// what the client still sends for up to this long (seconds) before closing, so that the
    /// client gets to read the answer.
    public static let lingerTime = 2.0

    private let listener: NIOAsyncChannel<Channel, Never>
    private let budget: UploadBudget
    private let onEvent: @Sendable (RecorderEvent) -> Void

    private init(listener: NIOAsyncChannel<Channel, Never>, service: RecorderService, address: String, port: Int,
                 onEvent: @escaping @Sendable (RecorderEvent) -> Void) {
        self.listener = listener
        self.service = service
        self.address = address
        self.port = port
        self.budget = UploadBudget(capacity: 2 * service.maximumUploadBytes)
        self.onEvent = onEvent
    }

    /// Binds `host:port` (port 0: any free port) and returns the server, not yet serving,
    /// storing into `store` uploads of at most `maximumUploadBytes`. `access` defaults to what
    /// the bound address implies (``ClientAccess/forListening(on:key:)``: loopback-only on a
    /// loopback address). Throws when the address cannot be bound (in use, not this machine's,
    /// not an address).
    /// `stallTimeLimit` and `uploadTimeLimit` (seconds) bound each body's pauses and its
    /// whole arrival (``RequestTimeouts``).
    public static func start(host: String, port: Int, store: TraceStore, maximumUploadBytes: Int, access: ClientAccess? = nil,
                             stallTimeLimit: Double = stallTimeLimit, uploadTimeLimit: Double = uploadTimeLimit,
                             onEvent: @escaping @Sendable (RecorderEvent) -> Void = { _ in }) async throws(ListenError) -> RecorderServer {
        let listener: NIOAsyncChannel<Channel, Never>
        let limits = (stall: TimeAmount.nanoseconds(Int64(stallTimeLimit * 1e9)), total: TimeAmount.nanoseconds(Int64(uploadTimeLimit * 1e9)))
        do { listener = try await bind(host: host, port: port, limits: limits) } catch {
            let text = "\(error)".replacingOccurrences(of: "\n", with: " ")
            throw ListenError(description: "cannot listen on \(host):\(port): \(text)",
                              isAddressInUse: (error as? IOError)?.errnoCode == EADDRINUSE)
        }
        let local = listener.channel.localAddress
        let address = local?.ipAddress ?? host
        let service = RecorderService(store: store, access: access ?? ClientAccess.forListening(on: address),
                                      maximumUploadBytes: maximumUploadBytes)
        return RecorderServer(listener: listener, service: service, address: address, port: local?.port ?? port, onEvent: onEvent)
    }

    /// Why the server could not start listening, one line.
    public struct ListenError: Error, CustomStringConvertible, Sendable {
        /// `cannot listen on HOST:PORT: <the system's reason>`.
        public var description: String
        /// True when another program holds the port.
        public var isAddressInUse: Bool
    }

    /// Binds the listening socket. Each accepted connection gets its HTTP pipeline at once but
    /// reads nothing (`autoRead` off) until ``serve(_:)`` takes it over: a connection the
    /// listener accepted but could not hand out (the server was shutting down) is then just a
    /// channel, closed when idle, rather than an async channel dropped unfinished — which
    /// SwiftNIO treats as a programming error and traps on.
    private static func bind(host: String, port: Int, limits: (stall: TimeAmount, total: TimeAmount)) async throws
        -> NIOAsyncChannel<Channel, Never>
    {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.autoRead, value: false)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        RequestTimeouts(idle: idleTimeout, stall: limits.stall, total: limits.total))
                    return channel
                }
            }
    }

    /// Serves until ``shutdown()`` is called or the calling task is cancelled; open
    /// connections are then closed.
    public func run() async throws {
        // The accept loop runs in its own task, which the caller's cancellation does not reach
        // directly: cancelling an iteration over the listener would drop connections it has
        // accepted but not yet handed out, unserved and unclosed. Cancellation closes the
        // listener instead; the loop then serves what was accepted and ends.
        let accepting = Task { try await self.acceptConnections() }
        try await withTaskCancellationHandler {
            try await accepting.value
        } onCancel: {
            listener.channel.close(promise: nil)
        }
    }

    private func acceptConnections() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            try await listener.executeThenClose { connections in
                for try await channel in connections {
                    group.addTask { await self.serve(channel) }
                }
            }
            // The listener is closed: end the open connections (each closes its channel).
            group.cancelAll()
        }
    }

    /// Upload bytes held in memory now (for tests).
    var budgetInUse: Int { budget.used }

    /// Stops accepting connections; ``run()`` then returns.
    public func shutdown() async {
        try? await listener.channel.close()
    }

    private enum State {
        case idle
        /// Reading and dropping a body, then answering `response`.
        case discarding(RecorderResponse, method: String, version: HTTPVersion, keepAlive: Bool, dropped: Int)
        /// Collecting an upload's body (into the loop's one `body` buffer, which no copy of
        /// the state shares, so appending never copies it).
        case collecting(RecorderRequestHead, version: HTTPVersion, keepAlive: Bool)
    }

    /// Wraps an accepted channel for async use (on its event loop, then turns reading on) and
    /// serves it.
    private func serve(_ channel: Channel) async {
        let connection: Connection
        do {
            connection = try await channel.eventLoop.submit {
                let connection = try Connection(wrappingChannelSynchronously: channel)
                // Nothing may throw once the async channel exists: it must reach executeThenClose.
                // (A channel closed meanwhile fails to turn reading on; serving it then ends.)
                try? channel.syncOptions?.setOption(.autoRead, value: true)
                return connection
            }.get()
        } catch {
            channel.close(promise: nil)
            return
        }
        await serve(connection)
    }

    private func serve(_ connection: Connection) async {
        let peer = connection.channel.remoteAddress?.ipAddress
        var reserved = 0
        defer { budget.release(reserved) }
        do {
            try await connection.executeThenClose { inbound, outbound in
                var state = State.idle
                var body = connection.channel.allocator.buffer(capacity: 0)
                var lingerUntil: Date? = nil
                let channel = connection.channel
                // After an answer that closes the connection although the request's body was not
                // read: end the output (the client sees the answer and then the end), and drop
                // whatever the client still sends for a while before closing — closing with
                // unread input would reset the connection and could destroy the answer.
                func lingerThenClose() async -> Date {
                    try? await channel.close(mode: .output).get()
                    channel.eventLoop.scheduleTask(in: .milliseconds(Int64(Self.lingerTime * 1000))) { channel.close(promise: nil) }
                    return Date().addingTimeInterval(Self.lingerTime)
                }
                do {
                    for try await part in inbound {
                        if let deadline = lingerUntil {
                            // An answer that closes the connection was sent: drop the rest of the
                            // body until it ends or the time is up.
                            if case .end = part { return }
                            if Date() > deadline { return }
                            continue
                        }
                        switch part {
                        case .head(let h):
                            let head = RecorderRequestHead(method: h.method.rawValue, target: h.uri,
                                                           headers: h.headers.map { ($0.name, $0.value) }, peer: peer)
                            switch service.plan(for: head) {
                            case .respond(let response):
                                report(response, head)
                                if head.header("Expect")?.lowercased() == "100-continue" {
                                    // The client waits for 100 Continue before it sends the body:
                                    // answer now, and it need not send it at all.
                                    var r = response
                                    r.closesConnection = true
                                    try await send(r, method: head.method, version: h.version, keepAlive: false, outbound)
                                    lingerUntil = await lingerThenClose()
                                } else {
                                    state = .discarding(response, method: head.method, version: h.version, keepAlive: h.isKeepAlive, dropped: 0)
                                }
                            case .refuseBody(let response):
                                report(response, head)
                                try await send(response, method: head.method, version: h.version, keepAlive: false, outbound)
                                lingerUntil = await lingerThenClose()
                            case .upload:
                                if head.header("Expect")?.lowercased() == "100-continue" {
                                    try await outbound.write(.head(HTTPResponseHead(version: h.version, status: .continue)))
                                }
                                body.clear()
                                state = .collecting(head, version: h.version, keepAlive: h.isKeepAlive)
                            }
                        case .body(let chunk):
                            switch state {
                            case .idle:
                                break
                            case .discarding(let response, let method, let version, let keepAlive, let dropped):
                                let total = dropped + chunk.readableBytes
                                if total > service.maximumUploadBytes {
                                    var r = response
                                    r.closesConnection = true
                                    try await send(r, method: method, version: version, keepAlive: false, outbound)
                                    lingerUntil = await lingerThenClose()
                                } else {
                                    state = .discarding(response, method: method, version: version, keepAlive: keepAlive, dropped: total)
                                }
                            case .collecting(let head, let version, _):
                                if body.readableBytes + chunk.readableBytes > service.maximumUploadBytes {
                                    report(service.tooLarge, head)
                                    try await send(service.tooLarge, method: head.method, version: version, keepAlive: false, outbound)
                                    lingerUntil = await lingerThenClose()
                                    state = .idle
                                    continue
                                }
                                guard budget.reserve(chunk.readableBytes) else {
                                    let busy = RecorderResponse.error(503, "Service Unavailable", "the recorder is busy with other uploads; try again in a moment",
                                                                      closing: true)
                                    var r = busy
                                    r.headers.append(("Retry-After", "1"))
                                    report(r, head)
                                    try await send(r, method: head.method, version: version, keepAlive: false, outbound)
                                    lingerUntil = await lingerThenClose()
                                    state = .idle
                                    continue
                                }
                                reserved += chunk.readableBytes
                                var piece = chunk
                                body.writeBuffer(&piece)
                            }
                        case .end:
                            switch state {
                            case .idle:
                                break
                            case .discarding(let response, let method, let version, let keepAlive, _):
                                try await send(response, method: method, version: version, keepAlive: keepAlive, outbound)
                                if !keepAlive || response.closesConnection { return }
                            case .collecting(let head, let version, let keepAlive):
                                let bytes = Array(body.readableBytesView)
                                body = connection.channel.allocator.buffer(capacity: 0)
                                let service = self.service
                                let result = try await NIOThreadPool.singleton.runIfActive { service.upload(bytes) }
                                budget.release(reserved)
                                reserved = 0
                                if let file = result.file {
                                    onEvent(.saved(file: file, strokes: result.strokes, samples: result.samples, peer: peer))
                                } else {
                                    report(result.response, head)
                                }
                                try await send(result.response, method: head.method, version: version, keepAlive: keepAlive, outbound)
                                if !keepAlive { return }
                            }
                            state = .idle
                        }
                    }
                } catch let timeout as RequestTimedOut {
                    // The body stalled or took too long: answer 408 (unless an answer that
                    // closes the connection went out already) and close.
                    let version: HTTPVersion, method: String, head: RecorderRequestHead?
                    switch state {
                    case .idle: return
                    case .discarding(_, let m, let v, _, _): (version, method, head) = (v, m, nil)
                    case .collecting(let h, let v, _): (version, method, head) = (v, h.method, h)
                    }
                    guard lingerUntil == nil else { return }
                    let response = RecorderResponse.error(408, "Request Timeout", timeout.description, closing: true)
                    if let head { report(response, head) }
                    try await send(response, method: method, version: version, keepAlive: false, outbound)
                }
            }
        } catch {
            // The client went away or the connection failed — or its body stalled or took too
            // long (answered 408 inside): nothing was stored for a request whose body did not
            // arrive in full.
        }
    }

    private func report(_ response: RecorderResponse, _ head: RecorderRequestHead) {
        guard response.status >= 400 else { return }
        onEvent(.refused(method: head.method, path: head.path, status: response.status,
                         message: response.errorMessage ?? response.reason, peer: head.peer))
    }

    private func send(_ response: RecorderResponse, method: String, version: HTTPVersion, keepAlive: Bool,
                      _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>) async throws {
        var headers = HTTPHeaders(response.headers.map { ($0.name, $0.value) })
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        headers.replaceOrAdd(name: "Server", value: "strokelab-record")
        if !keepAlive || response.closesConnection {
            headers.replaceOrAdd(name: "Connection", value: "close")
        }
        let head = HTTPResponseHead(version: version, status: HTTPResponseStatus(statusCode: response.status, reasonPhrase: response.reason),
                                    headers: headers)
        var parts: [HTTPServerResponsePart] = [.head(head)]
        if method != "HEAD" && !response.body.isEmpty {
            parts.append(.body(.byteBuffer(ByteBuffer(bytes: response.body))))
        }
        parts.append(.end(nil))
        try await outbound.write(contentsOf: parts)
    }
}
