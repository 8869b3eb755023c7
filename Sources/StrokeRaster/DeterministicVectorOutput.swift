import Foundation

/// Makes generated SVG and PDF files (Cairo's rasters, gnuplot's figures) byte-identical
/// across runs and processes.
///
/// - SVG: Cairo names patterns, surfaces, clips and glyphs with counters that are global to
///   the process (`surface5`, `clip3`, `glyph0-1`), so the same drawing made twice in one
///   process differs. Every `id="…"` value is renamed to `i1, i2, …` in order of first
///   definition, and every reference (`url(#…)`, `xlink:href="#…"`, `href="#…"`) follows.
/// - PDF: Cairo writes the current time as `/CreationDate (D:…)`. Its digits are overwritten
///   in place with 2000-01-01 00:00:00 (offset digits with zeros), keeping the length, so
///   cross-reference offsets stay valid. (`cairo_pdf_surface_set_metadata` is not used for
///   this: Cairo 1.16 writes that date without the required `D:` prefix.)
public enum DeterministicVectorOutput {
    /// Renames SVG ids deterministically (see the type's documentation). O(n).
    public static func renumberingSVGIdentifiers(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        // Pass 1: ids in order of definition.
        var mapping: [String: String] = [:]
        var scanner = Substring(text)
        while let r = scanner.range(of: " id=\"") {
            let rest = scanner[r.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { break }
            let id = String(rest[..<end])
            if mapping[id] == nil { mapping[id] = "i\(mapping.count + 1)" }
            scanner = rest[end...]
        }
        guard !mapping.isEmpty else { return bytes }
        // Pass 2: rewrite definitions and references.
        var out = ""
        out.reserveCapacity(text.count)
        var rest = Substring(text)
        let prefixes = [" id=\"", "url(#", "href=\"#"]
        while true {
            var best: (Range<Substring.Index>, String)? = nil
            for p in prefixes {
                if let r = rest.range(of: p), best == nil || r.lowerBound < best!.0.lowerBound { best = (r, p) }
            }
            guard let (r, p) = best else { out += rest; break }
            out += rest[..<r.upperBound]
            let after = rest[r.upperBound...]
            let terminator: Character = p == "url(#" ? ")" : "\""
            guard let end = after.firstIndex(of: terminator) else { out += after; break }
            let id = String(after[..<end])
            out += mapping[id] ?? id
            rest = after[end...]
        }
        return Array(out.utf8)
    }

    /// Overwrites the digits of PDF `/CreationDate` and `/ModDate` values with those of
    /// 2000-01-01 00:00:00, keeping every other byte. O(n).
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
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var i = from
        while i <= bytes.count - pattern.count {
            if bytes[i] == pattern[0], Array(bytes[i..<(i + pattern.count)]) == pattern { return i }
            i += 1
        }
        return nil
    }
}
