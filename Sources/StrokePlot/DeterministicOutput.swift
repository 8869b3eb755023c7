/// Removes the run-dependent bytes from generated files so equal input gives equal files.
public enum DeterministicOutput {
    /// The fixed date written into PDFs: 2000-01-01 00:00:00 UTC, in PDF date syntax.
    public static let pdfDate = "D:20000101000000Z"

    /// Replaces the value of every `/CreationDate (…)` and `/ModDate (…)` in a PDF with
    /// ``pdfDate``, in place: padded with spaces when the old value is longer, truncated to
    /// its length when shorter (a PDF date may stop after any field, year first), so the byte
    /// length and therefore the cross-reference offsets do not change. O(n).
    public static func fixingPDFDates(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        for key in ["/CreationDate", "/ModDate"] {
            let pattern = Array(key.utf8)
            var i = 0
            while let start = find(pattern, in: out, from: i) {
                var j = start + pattern.count
                while j < out.count, out[j] == 0x20 { j += 1 }
                guard j < out.count, out[j] == UInt8(ascii: "(") else { i = start + 1; continue }
                guard let close = out[(j + 1)...].firstIndex(of: UInt8(ascii: ")")) else { break }
                let slot = close - (j + 1)
                let fixed = Array(pdfDate.utf8)
                for k in 0..<slot { out[j + 1 + k] = k < fixed.count ? fixed[k] : 0x20 }
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
