/// Removes the run-dependent bytes from generated files so equal input gives equal files.
public enum DeterministicOutput {
    /// Overwrites the digits of every `/CreationDate (…)` and `/ModDate (…)` value in a PDF
    /// with those of 2000-01-01 00:00:00 (time-zone offset digits with zeros), keeping every
    /// other byte, so the syntax, the byte length and therefore the cross-reference offsets
    /// do not change. O(n).
    public static func fixingPDFDates(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        let fixedDigits = Array("20000101000000".utf8)
        for key in ["/CreationDate", "/ModDate"] {
            let pattern = Array(key.utf8)
            var i = 0
            while let start = find(pattern, in: out, from: i) {
                var j = start + pattern.count
                while j < out.count, out[j] == 0x20 { j += 1 }
                guard j < out.count, out[j] == UInt8(ascii: "("),
                      let close = out[(j + 1)...].firstIndex(of: UInt8(ascii: ")")) else { i = start + 1; continue }
                // Digits become the fixed date's digits (then zeros, for a time-zone offset),
                // everything else stays: same length, same syntax.
                var d = 0
                for k in (j + 1)..<close where out[k] >= UInt8(ascii: "0") && out[k] <= UInt8(ascii: "9") {
                    out[k] = d < fixedDigits.count ? fixedDigits[d] : UInt8(ascii: "0")
                    d += 1
                }
                i = close
            }
        }
        return out
    }

    static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count, from <= bytes.count - pattern.count else { return nil }
        var i = from
        while i <= bytes.count - pattern.count {
            if bytes[i] == pattern[0] {
                var k = 1
                while k < pattern.count, bytes[i + k] == pattern[k] { k += 1 }
                if k == pattern.count { return i }
            }
            i += 1
        }
        return nil
    }
}
