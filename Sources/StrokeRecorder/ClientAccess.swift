#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who may use the recorder, and the request checks that keep other web pages out.
///
/// - ``loopbackOnly`` (the default, when the server listens on a loopback address): only
///   clients on this machine (127.0.0.0/8, ::1, ::ffff:127.0.0.0/104) are served — anyone
///   else gets 403 — and the `Host` header must name a loopback host (`localhost`,
///   `127.x.x.x`, `[::1]`, with any port), so a web page that rebinds its own domain name
///   to 127.0.0.1 (DNS rebinding) cannot reach the recorder through the user's browser.
/// - ``anyClient`` (`strokelab record --host ADDR` with a non-loopback ADDR): every client
///   that reaches the port is served — a tablet on the same network, and anyone else there.
///
/// In both, an upload carrying an `Origin` header must come from the recorder's own origin
/// (its host and port equal the `Host` header): a page from another site cannot upload
/// through the user's browser. Such a page could not send `Content-Type: application/json`
/// without a CORS preflight, which the recorder never grants, either.
public enum ClientAccess: String, Sendable, Hashable {
    /// Clients on this machine only.
    case loopbackOnly
    /// Every client that can connect.
    case anyClient

    /// The access for a server listening on `address` (an IP address as text): loopback-only
    /// when it is a loopback address, any client otherwise (`0.0.0.0`, `::`, a LAN address).
    public static func forListening(on address: String) -> ClientAccess {
        isLoopback(address) ? .loopbackOnly : .anyClient
    }

    /// True for IPv4 127.0.0.0/8, IPv6 `::1` and IPv4-mapped `::ffff:127.x.x.x`; false for
    /// anything else, including text that is not an IP address. O(1).
    public static func isLoopback(_ address: String) -> Bool {
        var text = address
        if text.hasPrefix("[") && text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        if let percent = text.firstIndex(of: "%") { text = String(text[..<percent]) }   // fe80::1%eth0
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return false }
        let b = withUnsafeBytes(of: v6) { Array($0) }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return true }               // ::1
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF { return b[12] == 127 }   // ::ffff:127.x
        return false
    }

    /// The host part of a `Host` header or of an origin's authority (`[::1]:8765` → `::1`,
    /// `localhost:80` → `localhost`), lower-cased.
    static func hostName(_ authority: String) -> String {
        let a = authority.lowercased()
        if a.hasPrefix("["), let close = a.firstIndex(of: "]") {
            return String(a[a.index(after: a.startIndex)..<close])
        }
        if let colon = a.lastIndex(of: ":"), a.firstIndex(of: ":") == colon { return String(a[..<colon]) }
        return a
    }

    /// Why `head` is refused (a 403 response), or `nil` when it may proceed.
    public func refusal(_ head: RecorderRequestHead) -> RecorderResponse? {
        if self == .loopbackOnly {
            if let peer = head.peer, !Self.isLoopback(peer) {
                return .error(403, "Forbidden", "this recorder accepts only clients on its own machine, not \(peer); start it with --host ADDR to accept other devices")
            }
            if let host = head.header("Host") {
                let name = Self.hostName(host)
                guard name == "localhost" || name.hasSuffix(".localhost") || Self.isLoopback(name) else {
                    return .error(403, "Forbidden", "the Host header \"\(host)\" is not a loopback name; open the recorder at http://127.0.0.1:PORT/ or http://localhost:PORT/")
                }
            }
        }
        if head.method != "GET" && head.method != "HEAD", let origin = head.header("Origin") {
            guard let host = head.header("Host"), Self.sameOrigin(origin, host: host) else {
                return .error(403, "Forbidden", "cross-origin request from \(origin) refused: only the recorder's own page may upload")
            }
        }
        return nil
    }

    /// True when `origin` (`http://host:port`, or `https://…` behind a TLS proxy) names the
    /// authority `host` (a Host header); a default port (80, 443) equals none.
    static func sameOrigin(_ origin: String, host: String) -> Bool {
        let o = origin.lowercased()
        let scheme: String
        if o.hasPrefix("http://") { scheme = "http://" } else if o.hasPrefix("https://") { scheme = "https://" } else { return false }
        var authority = String(o.dropFirst(scheme.count))
        if authority.hasSuffix("/") { authority.removeLast() }
        let defaultPort = scheme == "http://" ? ":80" : ":443"
        func normalised(_ a: String) -> String {
            a.hasSuffix(defaultPort) ? String(a.dropLast(defaultPort.count)) : a
        }
        return normalised(authority) == normalised(host.lowercased())
    }
}
