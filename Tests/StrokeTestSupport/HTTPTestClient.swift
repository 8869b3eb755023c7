import Foundation
import StrokeIO

/// A parsed HTTP response, for tests.
public struct HTTPReply: @unchecked Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Informational (1xx) status lines that came before the final response.
    public var informational: [Int] = []

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body parsed as JSON.
    public var json: JSONNode? { try? JSONParser.parse(body) }
    /// `error` of a JSON error body.
    public var error: String? { json?["error"]?.string }
    /// `file` of a 201 body.
    public var file: String? { json?["file"]?.string }

    /// Parses `bytes` (a whole response, possibly preceded by 1xx responses); nil when there is
    /// no complete status line and header block.
    public static func parse(_ bytes: [UInt8]) -> HTTPReply? {
        var rest = bytes[...]
        var informational: [Int] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            guard let end = rest.firstRange(of: separator) else { return nil }
            let headText = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
            var lines = headText.components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
            guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
            let headers = lines.compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            rest = rest[end.upperBound...]
            if (100..<200).contains(status) {
                informational.append(status)
                continue
            }
            var body = Array(rest)
            if headers.contains(where: { $0.name.lowercased() == "transfer-encoding" && $0.value.lowercased().contains("chunked") }) {
                body = dechunk(body)
            } else if let length = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }) {
                body = Array(body.prefix(length))
            }
            return HTTPReply(status: status, headers: headers, body: body, informational: informational)
        }
    }

    /// True when `bytes` hold a whole final response: its head, and a body complete by its
    /// Content-Length or by the last chunk.
    public static func isComplete(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while let end = rest.firstRange(of: separator) {
            let head = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self).lowercased()
            let body = rest[end.upperBound...]
            if head.hasPrefix("http/1.1 1") || head.hasPrefix("http/1.0 1") {
                rest = body
                continue
            }
            let lines = head.components(separatedBy: "\r\n")
            if lines.contains(where: { $0.hasPrefix("transfer-encoding:") && $0.contains("chunked") }) {
                return body.firstRange(of: Array("0\r\n\r\n".utf8)) != nil
            }
            if let line = lines.first(where: { $0.hasPrefix("content-length:") }),
               let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) {
                return body.count >= length
            }
            return false
        }
        return false
    }

    private static func dechunk(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var rest = bytes[...]
        let crlf: [UInt8] = [13, 10]
        while let lineEnd = rest.firstRange(of: crlf) {
            let sizeText = String(decoding: rest[rest.startIndex..<lineEnd.lowerBound], as: UTF8.self)
            guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size else { break }
            let stop = rest.index(start, offsetBy: size)
            out.append(contentsOf: rest[start..<stop])
            rest = rest[stop...].dropFirst(2)
        }
        return out
    }
}

/// One-shot HTTP/1.1 requests over ``TestSocket`` (`Connection: close`): `async` ones for
/// tests with an in-process server (the socket work runs on a thread of its own), blocking ones
/// for servers in other processes.
public enum HTTPTestClient {
    /// Sends a request and reads the whole response.
    public static func request(_ method: String, _ path: String, port: Int, host: String = "127.0.0.1",
                        headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Double = 30) async throws -> HTTPReply {
        let headers = headers.map { Header(name: $0.0, value: $0.1) }
        return try await blocking {
            try requestBlocking(method, path, port: port, host: host, headers: headers.map { ($0.name, $0.value) }, body: body, timeout: timeout)
        }
    }

    /// `POST /traces` with `bytes` as a JSON body.
    public static func upload(_ bytes: [UInt8], port: Int, host: String = "127.0.0.1", headers: [(String, String)] = []) async throws -> HTTPReply {
        try await request("POST", "/traces", port: port, host: host, headers: [("Content-Type", "application/json")] + headers, body: bytes)
    }

    private struct Header: Sendable { var name: String, value: String }

    /// Sends a request and reads the whole response, blocking the calling thread.
    public static func requestBlocking(_ method: String, _ path: String, port: Int, host: String = "127.0.0.1",
                        headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Double = 30) throws -> HTTPReply {
        let socket = try TestSocket(host: host, port: port, timeout: timeout)
        var head = "\(method) \(path) HTTP/1.1\r\n"
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { head += "Host: \(host):\(port)\r\n" }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if let body, !headers.contains(where: { $0.0.lowercased() == "content-length" }) { head += "Content-Length: \(body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        try socket.send(Array(head.utf8) + (body ?? []))
        let bytes = socket.receiveResponse()
        guard let reply = HTTPReply.parse(bytes) else {
            throw TestSocket.Failure(description: "\(method) \(path): no HTTP response (\(bytes.count) bytes: \(String(decoding: bytes.prefix(200), as: UTF8.self)))")
        }
        return reply
    }

    /// A JSON request to a JSON API (chromedriver's): the parsed body, or a failure naming the
    /// answer.
    public static func jsonBlocking(_ method: String, _ path: String, port: Int, body: String? = nil, timeout: Double = 60) throws -> JSONNode {
        let reply = try requestBlocking(method, path, port: port, headers: body == nil ? [] : [("Content-Type", "application/json")],
                                body: body.map { Array($0.utf8) }, timeout: timeout)
        guard let json = reply.json else {
            throw TestSocket.Failure(description: "\(method) \(path): \(reply.status), not JSON: \(reply.text.prefix(300))")
        }
        return json
    }
}

extension JSONNode {
    /// The value when it is `true` or `false`.
    public var bool: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }
}

/// Runs blocking work (a test's socket I/O) on a thread of its own, never on the Swift
/// concurrency pool, which the in-process server needs to answer it (on a 2-core machine the
/// pool has 2 threads: two blocked clients would starve the server).
public func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}
