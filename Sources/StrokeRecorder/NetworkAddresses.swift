#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This machine's own network addresses: the URLs `strokelab record --host 0.0.0.0` prints for
/// a tablet to open.
public enum NetworkAddresses {
    /// The IPv4 addresses of this machine's interfaces that are not loopback, in interface
    /// order, without repeats; empty when there are none or they cannot be listed. O(interfaces).
    public static func nonLoopbackIPv4() -> [String] { all(ipv6: false) }

    /// The addresses of this machine's interfaces that are not loopback — IPv4, and IPv6 too
    /// when `ipv6` — in interface order, without repeats (IPv6 without its zone); empty when
    /// there are none or they cannot be listed. O(interfaces).
    public static func all(ipv6: Bool) -> [String] {
        var result: [String] = []
        var list: UnsafeMutablePointer<ifaddrs>? = nil
        guard getifaddrs(&list) == 0 else { return result }
        defer { freeifaddrs(list) }
        var node = list
        while let n = node {
            defer { node = n.pointee.ifa_next }
            guard let addr = n.pointee.ifa_addr else { continue }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if addr.pointee.sa_family == sa_family_t(AF_INET) {
                var sin = UnsafeRawPointer(addr).assumingMemoryBound(to: sockaddr_in.self).pointee
                guard inet_ntop(AF_INET, &sin.sin_addr, &text, socklen_t(text.count)) != nil else { continue }
            } else if ipv6, addr.pointee.sa_family == sa_family_t(AF_INET6) {
                var sin6 = UnsafeRawPointer(addr).assumingMemoryBound(to: sockaddr_in6.self).pointee
                guard inet_ntop(AF_INET6, &sin6.sin6_addr, &text, socklen_t(text.count)) != nil else { continue }
            } else {
                continue
            }
            let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !ClientAccess.isLoopback(address) && !result.contains(address) { result.append(address) }
        }
        return result
    }
}
