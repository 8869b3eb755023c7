/// File names made from names found in input — stroke ids, dataset and trace names — which
/// may hold anything (`x/../../victim/PWNED`, control characters, 10,000 characters).
///
/// ``make(_:)`` keeps ASCII letters, digits, `.`, `_` and `-` and turns every other
/// character into `_`; leading dots and dashes are dropped (no hidden files, nothing that
/// reads as an option); the result is at most ``maximumLength`` characters. Whenever the
/// name had to change, a short hash of the original (FNV-1a, 32 bits, hex) is appended, so
/// two different names never map to the same file by accident. A name that is already safe
/// is kept as it is. The result is a single path component, never empty, `.` or `..`, so a
/// path built from it stays in its directory. Deterministic. The original name belongs in
/// tables and captions; only the file name is mapped.
public enum SafeFileName {
    /// The longest name produced, in characters (hash included).
    public static let maximumLength = 96

    /// The safe file name for `name` (without extension).
    public static func make(_ name: String) -> String {
        var out = ""
        var changed = false
        for u in name.unicodeScalars {
            let v = u.value
            let keep = (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
                || v == 0x2E || v == 0x5F || v == 0x2D
            if keep { out.unicodeScalars.append(u) } else { out.append("_"); changed = true }
        }
        while let first = out.first, first == "." || first == "-" { out.removeFirst(); changed = true }
        let budget = maximumLength - 9
        if out.count > budget { out = String(out.prefix(budget)); changed = true }
        if out.isEmpty { out = "unnamed"; changed = true }
        return changed ? out + "-" + hash(name) : out
    }

    /// FNV-1a of the UTF-8 bytes, 8 hex digits.
    static func hash(_ text: String) -> String {
        var h: UInt32 = 0x811C_9DC5
        for b in text.utf8 { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Safe names for many names at once: ``make(_:)`` of each, with `-2`, `-3`, … appended
    /// to later names whose safe form is already taken (only possible for names that differ
    /// in case on a case-insensitive file system, or by a hash collision).
    public struct Registry: Sendable {
        private var byOriginal: [String: String] = [:]
        private var taken: Set<String> = []

        /// An empty registry.
        public init() {}

        /// The file name for `name`: the same name always gets the same file name.
        public mutating func name(for original: String) -> String {
            if let known = byOriginal[original] { return known }
            let base = make(original)
            var candidate = base
            var k = 2
            while !taken.insert(candidate.lowercased()).inserted { candidate = "\(base)-\(k)"; k += 1 }
            byOriginal[original] = candidate
            return candidate
        }
    }
}
