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
    /// Renames SVG ids deterministically (see the type's documentation). One pass over the
    /// bytes to collect definitions, one to rewrite: O(n).
    public static func renumberingSVGIdentifiers(_ bytes: [UInt8]) -> [UInt8] {
        let definition = Array(" id=\"".utf8)
        let quote = UInt8(ascii: "\""), close = UInt8(ascii: ")")
        // Pass 1: ids in order of definition.
        var mapping: [ArraySlice<UInt8>: [UInt8]] = [:]
        var i = 0
        while let start = find(definition, in: bytes, from: i) {
            let idStart = start + definition.count
            guard let end = bytes[idStart...].firstIndex(of: quote) else { break }
            let id = bytes[idStart..<end]
            if mapping[id] == nil { mapping[id] = Array("i\(mapping.count + 1)".utf8) }
            i = end
        }
        guard !mapping.isEmpty else { return bytes }
        // Pass 2: rewrite definitions and references, scanning once.
        let patterns: [(prefix: [UInt8], terminator: UInt8)] = [
            (definition, quote), (Array("url(#".utf8), close), (Array("href=\"#".utf8), quote),
        ]
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        i = 0
        scan: while i < bytes.count {
            for (prefix, terminator) in patterns where bytes[i] == prefix[0] && matches(prefix, in: bytes, at: i) {
                let idStart = i + prefix.count
                out.append(contentsOf: bytes[i..<idStart])
                guard let end = bytes[idStart...].firstIndex(of: terminator) else {
                    out.append(contentsOf: bytes[idStart...])
                    break scan
                }
                let id = bytes[idStart..<end]
                if let renamed = mapping[id] { out.append(contentsOf: renamed) } else { out.append(contentsOf: id) }
                i = end
                continue scan
            }
            out.append(bytes[i])
            i += 1
        }
        return out
    }

    /// Whether `pattern` occurs in `bytes` at `index`.
    @inline(__always)
    static func matches(_ pattern: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for k in pattern.indices where bytes[index + k] != pattern[k] { return false }
        return true
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
            if bytes[i] == pattern[0], matches(pattern, in: bytes, at: i) { return i }
            i += 1
        }
        return nil
    }
}
