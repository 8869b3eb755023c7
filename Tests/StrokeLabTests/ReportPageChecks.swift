import Foundation

/// Checks over a written report page, as text: links that do not resolve from where the page
/// is opened, links that leave a page meant to travel alone, and numbers the page gives two
/// different values for (``HTMLReport``'s tagged numbers).
enum ReportPageChecks {
    /// Every `href` and `src` value of `html`, unescaped, in order.
    static func links(_ html: String) -> [(attribute: String, target: String)] {
        var out: [(String, String)] = []
        for attribute in ["href", "src"] {
            for part in html.components(separatedBy: " \(attribute)=\"").dropFirst() {
                guard let end = part.firstIndex(of: "\"") else { continue }
                out.append((attribute, unescape(String(part[..<end]))))
            }
        }
        return out
    }

    /// The element ids of `html`.
    static func ids(_ html: String) -> Set<String> {
        Set(html.components(separatedBy: " id=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1).first.map(String.init) })
    }

    /// The links of the page at `path` that do not resolve when it is opened from there: an
    /// anchor with no element of that id, a file that does not exist (relative to the page's
    /// directory, as a browser resolves it — the page's own path, not where a link to it
    /// points). With `standalone`, every link must be an anchor of the page or a `data:` image.
    static func brokenLinks(page path: String, standalone: Bool) throws -> [String] {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let directory = (path as NSString).deletingLastPathComponent
        let anchors = ids(html)
        var broken: [String] = []
        for (attribute, target) in links(html) {
            if target.hasPrefix("#") {
                if !anchors.contains(String(target.dropFirst())) { broken.append("\(attribute)=\(target): no such anchor") }
            } else if target.hasPrefix("data:") {
                if attribute != "src" { broken.append("\(attribute)=data: link") }
            } else if standalone {
                broken.append("\(attribute)=\(target): leaves the single file")
            } else if target.contains("://") || target.hasPrefix("mailto:") {
                continue
            } else {
                let file = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                let resolved = ((directory + "/" + (file.removingPercentEncoding ?? file)) as NSString).standardizingPath
                if !FileManager.default.fileExists(atPath: resolved) { broken.append("\(attribute)=\(target): \(resolved) does not exist") }
            }
        }
        return broken
    }

    /// A tagged number of the page: its key, its text, its reason to differ, and the line it
    /// is on (the text of its enclosing paragraph, list item or table row).
    struct TaggedNumber { var key: String; var text: String; var why: String?; var line: String }

    /// The tagged numbers of `html`.
    static func taggedNumbers(_ html: String) -> [TaggedNumber] {
        var out: [TaggedNumber] = []
        var rest = html[...]
        while let start = rest.range(of: "<span class=\"v\" data-k=\"") {
            let afterKey = rest[start.upperBound...]
            guard let keyEnd = afterKey.firstIndex(of: "\""), let open = afterKey.firstIndex(of: ">"),
                  let close = afterKey[open...].range(of: "</span>") else { break }
            let key = unescape(String(afterKey[..<keyEnd]))
            let attributes = String(afterKey[keyEnd..<open])
            var why: String? = nil
            if let w = attributes.range(of: "data-why=\"") {
                why = attributes[w.upperBound...].split(separator: "\"", maxSplits: 1).first.map { unescape(String($0)) }
            }
            let inner = String(afterKey[afterKey.index(after: open)..<close.lowerBound])
            // The line: back to the start of the enclosing <li>, <p> or <tr>, forward to its end.
            let before = html[..<start.lowerBound]
            let lineStart = ["<li>", "<p>", "<tr", "<p class="].compactMap { before.range(of: $0, options: .backwards)?.lowerBound }.max() ?? before.startIndex
            let after = html[close.upperBound...]
            let lineEnd = ["</li>", "</p>", "</tr>"].compactMap { after.range(of: $0)?.upperBound }.min() ?? html.endIndex
            out.append(TaggedNumber(key: key, text: stripTags(inner), why: why, line: stripTags(String(html[lineStart..<lineEnd]))))
            rest = html[close.upperBound...]
        }
        return out
    }

    /// The first number in `text` ("×1.03" → 1.03, "−0.4 ms" → −0.4) and its decimals.
    static func number(_ text: String) -> (value: Double, decimals: Int)? {
        let t = text.replacingOccurrences(of: "−", with: "-")
        var digits = ""
        for c in t {
            if c.isNumber || c == "." || (c == "-" && digits.isEmpty) || (c == "+" && digits.isEmpty) { digits.append(c) }
            else if !digits.isEmpty { break }
        }
        guard let v = Double(digits) else { return nil }
        let decimals = digits.split(separator: ".").dropFirst().first?.count ?? 0
        return (v, decimals)
    }

    /// Pairs of tagged numbers with the same key whose values differ beyond the rounding of
    /// the coarser of the two, when neither says why on its line.
    static func inconsistentNumbers(_ html: String) -> [String] {
        var first: [String: TaggedNumber] = [:]
        var problems: [String] = []
        for n in taggedNumbers(html) {
            guard let a = number(n.text) else { continue }
            guard let earlier = first[n.key], let b = number(earlier.text) else { first[n.key] = n; continue }
            let tolerance = 0.5 * pow(10, -Double(min(a.decimals, b.decimals))) + 1e-9
            guard abs(a.value - b.value) > tolerance else { continue }
            let said = [n, earlier].contains { x in x.why.map { x.line.contains($0) } ?? false }
            if !said { problems.append("\(n.key): \(earlier.text) (\(earlier.line.prefix(120))) vs \(n.text) (\(n.line.prefix(120)))") }
        }
        return problems
    }

    static func stripTags(_ s: String) -> String {
        var out = "", inTag = false
        for c in s {
            if c == "<" { inTag = true } else if c == ">" { inTag = false } else if !inTag { out.append(c) }
        }
        return unescape(out)
    }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
