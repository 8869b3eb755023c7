#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A blocking TCP client socket for tests: whole control of the bytes sent, so tests can send
/// what no HTTP library would (a cut-off body, a lying Content-Length, garbage).
public final class TestSocket: @unchecked Sendable {
    /// What went wrong, in one line.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    public private(set) var fd: Int32

    /// Connects to `host` (an IPv4 address) and `port`; reads time out after `timeout` seconds.
    public init(host: String = "127.0.0.1", port: Int, timeout: Double = 20) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var tv = timeval()
        tv.tv_sec = .init(timeout.rounded(.down))
        tv.tv_usec = .init((timeout - timeout.rounded(.down)) * 1e6)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            _ = systemClose(fd)
            throw Failure(description: "not an IPv4 address: \(host)")
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let why = String(cString: strerror(errno))
            _ = systemClose(fd)
            throw Failure(description: "connect to \(host):\(port): \(why)")
        }
    }

    deinit { if fd >= 0 { _ = systemClose(fd) } }

    /// Sends all of `bytes`; throws when the peer has closed or reset the connection.
    public func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                Self.systemSend(fd, raw.baseAddress! + sent, bytes.count - sent)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "send: \(String(cString: strerror(errno)))")
            }
            sent += n
        }
    }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Closes the sending side (the server sees the end of the input).
    public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    /// Reads until the peer closes, a read times out, or `limit` bytes arrived.
    public func receiveAll(limit: Int = 64 << 20) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while out.count < limit {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }

    /// Reads one whole HTTP response (after any 1xx ones): up to the end of its body by
    /// Content-Length or chunked encoding, or until the peer closes when it gives neither.
    /// Servers that keep the connection open despite `Connection: close` are not waited for.
    public func receiveResponse(limit: Int = 64 << 20) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while out.count < limit {
            if HTTPReply.isComplete(out) { break }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            out.append(contentsOf: buffer[0..<n])
        }
        return out
    }

    /// Reads until `marker` has arrived (or the peer closes or a read times out).
    public func receive(until marker: String) -> [UInt8] {
        var out: [UInt8] = []
        var byte: UInt8 = 0
        let m = Array(marker.utf8)
        while true {
            let n = recv(fd, &byte, 1, 0)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            out.append(byte)
            if out.count >= m.count && Array(out.suffix(m.count)) == m { break }
        }
        return out
    }

    /// Closes the socket.
    public func disconnect() {
        if fd >= 0 {
            _ = systemClose(fd)
            fd = -1
        }
    }

    private static func systemSend(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.send(fd, p, n, Int32(MSG_NOSIGNAL))
        #else
        return Darwin.send(fd, p, n, 0)
        #endif
    }
}

#if canImport(Glibc)
private func systemClose(_ fd: Int32) -> Int32 { Glibc.close(fd) }
#else
private func systemClose(_ fd: Int32) -> Int32 { Darwin.close(fd) }
#endif
