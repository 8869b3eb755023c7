/// The start of an HTTP request as the recorder sees it, independent of the server library:
/// what ``RecorderService/plan(for:)`` decides on before any body arrives.
public struct RecorderRequestHead: Sendable {
    /// The method, upper case (`GET`, `POST`, …).
    public var method: String
    /// The request target as sent (`/traces`, `/?x=1`).
    public var target: String
    /// The header fields in order, names as sent.
    public var headers: [(name: String, value: String)]
    /// The client's IP address as text (`127.0.0.1`, `::1`), or `nil` when unknown (a Unix
    /// socket).
    public var peer: String?

    /// Creates a request head.
    public init(method: String, target: String, headers: [(name: String, value: String)], peer: String?) {
        self.method = method.uppercased()
        self.target = target
        self.headers = headers
        self.peer = peer
    }

    /// The target's path: the part before `?` or `#`.
    public var path: String {
        var p = Substring(target)
        if let i = p.firstIndex(where: { $0 == "?" || $0 == "#" }) { p = p[..<i] }
        return String(p)
    }

    /// The first value of the header `name` (case-insensitive), trimmed.
    public func header(_ name: String) -> String? {
        let lower = name.lowercased()
        for h in headers where h.name.lowercased() == lower {
            return h.value.trimmingSpaces()
        }
        return nil
    }

    /// Every value of the header `name` (case-insensitive), in order.
    public func headers(_ name: String) -> [String] {
        let lower = name.lowercased()
        return headers.filter { $0.name.lowercased() == lower }.map { $0.value.trimmingSpaces() }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
