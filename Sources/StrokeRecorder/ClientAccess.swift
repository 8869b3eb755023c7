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
/// - ``network(addresses:key:)`` (`strokelab record --host ADDR` with a non-loopback ADDR):
///   every client that reaches the port may be served, but (issue 24 item 5)
///   - only under the path `/<key>/`, an unguessable key (128 random bits, ``newKey()``)
///     printed once when the recorder starts: the page is `/<key>/`, uploads go to
///     `/<key>/traces`, and anything else is 403 — someone on the network who did not see
///     the printed address cannot upload, and a web page cannot guess it;
///   - and only with a `Host` header naming one of the addresses actually served (the IP
///     addresses the recorder prints, and loopback names when it listens on all
///     interfaces): a page at `http://evil.example:8765` whose name rebinds to this machine
///     carries `Host: evil.example:8765` and is refused.
///
/// In both, an upload carrying an `Origin` header must come from the recorder's own origin
/// (its host and port equal the `Host` header): a page from another site cannot upload
/// through the user's browser. Such a page could not send `Content-Type: application/json`
/// without a CORS preflight, which the recorder never grants, either.
public struct ClientAccess: Sendable, Hashable {
    /// Whether clients on other machines are served at all.
    public let servesOtherMachines: Bool
    /// The host names (lower case, without port or brackets) a `Host` header may carry when
    /// other machines are served.
    public let hostNames: Set<String>
    /// The key every path must start with (`/<key>/`), when other machines are served.
    public let key: String?

    /// Clients on this machine only.
    public static let loopbackOnly = ClientAccess(servesOtherMachines: false, hostNames: [], key: nil)

    /// Every client, under `/<key>/`, with a `Host` naming one of `addresses` (IP addresses as
    /// text; brackets and zones are dropped).
    public static func network(addresses: [String], key: String) -> ClientAccess {
        ClientAccess(servesOtherMachines: true, hostNames: Set(addresses.map { hostName($0) }), key: key)
    }

    /// The access for a server listening on `address` (an IP address as text): loopback-only
    /// when it is a loopback address; otherwise the network access under `key`, serving the
    /// address itself or, for `0.0.0.0` and `::`, every address of this machine
    /// (``NetworkAddresses/all(ipv6:)``) and the loopback names.
    public static func forListening(on address: String, key: String = newKey()) -> ClientAccess {
        guard !isLoopback(address) else { return .loopbackOnly }
        return .network(addresses: servedAddresses(listeningOn: address), key: key)
    }

    /// The addresses a server listening on `address` is reached at: the address itself, or
    /// for `0.0.0.0` (`::`) every IPv4 (and IPv6) address of this machine and `localhost`,
    /// `127.0.0.1`, `::1`.
    public static func servedAddresses(listeningOn address: String) -> [String] {
        let wildcard = address == "0.0.0.0" || address == "::"
        guard wildcard else { return [address] }
        return NetworkAddresses.all(ipv6: address == "::") + ["localhost", "127.0.0.1", "::1"]
    }

    /// A fresh key: 128 bits from the system's random generator as 32 hexadecimal digits.
    public static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ -> String in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// The path a request names below the key (`/<key>/traces` → `/traces`); the path itself
    /// without a key; `nil` when a key is required and the path does not carry it. Compares
    /// the key in time independent of where it differs.
    public func route(_ path: String) -> String? {
        guard let key else { return path }
        let prefix = Array("/\(key)/".utf8), given = Array(path.utf8)
        guard given.count >= prefix.count else { return nil }
        var difference: UInt8 = 0
        for (a, b) in zip(prefix, given) { difference |= a ^ b }
        guard difference == 0 else { return nil }
        return "/" + String(decoding: given[prefix.count...], as: UTF8.self)
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
    /// `localhost:80` → `localhost`), lower-cased, without an IPv6 zone (`fe80::1%eth0`).
    static func hostName(_ authority: String) -> String {
        var a = authority.lowercased()
        if a.hasPrefix("["), let close = a.firstIndex(of: "]") {
            a = String(a[a.index(after: a.startIndex)..<close])
        } else if let colon = a.lastIndex(of: ":"), a.firstIndex(of: ":") == colon {
            a = String(a[..<colon])
        }
        if let percent = a.firstIndex(of: "%") { a = String(a[..<percent]) }
        return a
    }

    /// Why `head` is refused (a 403 response), or `nil` when it may proceed.
    public func refusal(_ head: RecorderRequestHead) -> RecorderResponse? {
        if !servesOtherMachines {
            if let peer = head.peer, !Self.isLoopback(peer) {
                return .error(403, "Forbidden", "this recorder accepts only clients on its own machine, not \(peer); start it with --host ADDR to accept other devices")
            }
            if let host = head.header("Host") {
                let name = Self.hostName(host)
                guard name == "localhost" || name.hasSuffix(".localhost") || Self.isLoopback(name) else {
                    return .error(403, "Forbidden", "the Host header \"\(host)\" is not a loopback name; open the recorder at http://127.0.0.1:PORT/ or http://localhost:PORT/")
                }
            }
        } else {
            guard let host = head.header("Host"), hostNames.contains(Self.hostName(host)) else {
                let shown = head.header("Host").map { "the Host header \"\($0)\" is" } ?? "a request without a Host header is"
                return .error(403, "Forbidden", "\(shown) not an address this recorder serves (\(hostNames.sorted().joined(separator: ", "))); open the address it printed when it started")
            }
            guard route(head.path) != nil else {
                return .error(403, "Forbidden", "this recorder serves only the address it printed when it started (its path carries a key)")
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
