/// An element of a parsed XML document, kept whole in memory: its local name (namespace
/// prefix removed), attributes, child elements, the character data directly inside it, and
/// where its start tag was, for error messages.
final class XMLNode {
    /// Local name, e.g. `trace` for `<inkml:trace>`.
    let name: String
    /// Attributes by qualified name as written (`xml:id`, `contextRef`).
    let attributes: [String: String]
    /// Child elements in document order.
    var children: [XMLNode] = []
    /// Character data directly inside the element (CDATA included), concatenated.
    var text: String = ""
    /// 1-based line where the start tag ends (its `>`), which is also where the element's
    /// character data starts: trace text counts its lines from here.
    let line: Int
    /// 1-based column of the start tag's `>`.
    let column: Int

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    /// The value of attribute `name`, or of its unprefixed / `xml:`-prefixed twin
    /// (`xml:id` and `id` are both accepted, since real files use both).
    func attribute(_ key: String) -> String? {
        if let v = attributes[key] { return v }
        if key == "xml:id" { return attributes["id"] }
        return nil
    }

    /// The first child element named `name`.
    func child(_ name: String) -> XMLNode? { children.first { $0.name == name } }
}

/// Parses XML bytes into an ``XMLNode`` tree: a small, strict, linear-time parser of the
/// XML 1.0 that InkML uses (elements, attributes, character data, CDATA sections, comments,
/// processing instructions, a DOCTYPE without entity declarations, the five predefined
/// entities and character references).
///
/// Hostile input is bounded, each limit with a located error that names it: elements nested
/// deeper than ``maximumDepth``, more than ``maximumElements`` elements, more than
/// ``maximumAttributes`` attributes on one element, names longer than ``maximumNameLength``,
/// attribute values longer than ``maximumAttributeValueLength``. Entities other than the
/// predefined five are refused by name (`undefined entity '&foo;'`), and a DOCTYPE that
/// declares entities is refused, so nothing is ever expanded ("billion laughs") or fetched
/// (external entities). Character data has no limit of its own beyond the file's size, so
/// large InkML files (tens of MB of trace text) read in one pass. Every error names the
/// line and column. Complexity O(n) time, O(n) memory.
enum XMLTree {
    /// Deepest element nesting accepted.
    static let maximumDepth = 256
    /// Most elements in one document.
    static let maximumElements = 2_000_000
    /// Most attributes on one element.
    static let maximumAttributes = 256
    /// Longest element or attribute name, in bytes.
    static let maximumNameLength = 1024
    /// Longest attribute value, in bytes.
    static let maximumAttributeValueLength = 1 << 16

    /// The document element of `bytes`.
    static func parse(_ bytes: [UInt8], file: String) throws(TraceFileError) -> XMLNode {
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            throw TraceFileError(file: file, problem: "the file is empty")
        }
        try checkText(bytes, file: file)
        var scanner = Scanner(bytes: bytes, file: file)
        return try scanner.document()
    }

    /// Refuses bytes that are not UTF-8 text, with the line and column of the first invalid
    /// sequence or of a control character XML 1.0 forbids. (InkML is UTF-8 in practice; a
    /// UTF-8 byte-order mark is fine.)
    static func checkText(_ bytes: [UInt8], file: String) throws(TraceFileError) {
        var line = 1, lineStart = 0, i = 0
        func fail(_ problem: String) -> TraceFileError {
            TraceFileError(file: file, line: line, column: i - lineStart + 1, problem: problem)
        }
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0A { line += 1; lineStart = i + 1 } else if b < 0x20 && b != 0x09 && b != 0x0D || b == 0x7F {
                    throw fail("binary data (byte 0x\(String(b, radix: 16, uppercase: true))): not XML text")
                }
                i += 1
                continue
            }
            // A multi-byte UTF-8 sequence: lead byte, length, and the valid range of the
            // second byte (excluding overlong forms and surrogates, RFC 3629).
            let length: Int, low: UInt8, high: UInt8
            switch b {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: throw fail("invalid UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true))): InkML must be UTF-8 text")
            }
            guard i + length <= bytes.count, (low...high).contains(bytes[i + 1]),
                  bytes[(i + 2)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) else {
                throw fail("invalid UTF-8 (byte 0x\(String(b, radix: 16, uppercase: true))): InkML must be UTF-8 text")
            }
            i += length
        }
    }

    /// The tokenizer and tree builder. Works on bytes already checked by ``checkText(_:file:)``.
    private struct Scanner {
        let b: [UInt8]
        let file: String
        var i = 0
        var line = 1
        var lineStart = 0
        var elements = 0

        init(bytes: [UInt8], file: String) {
            b = bytes
            self.file = file
        }

        func fail(_ problem: String, line: Int? = nil, column: Int? = nil) -> TraceFileError {
            TraceFileError(file: file, line: line ?? self.line, column: column ?? (i - lineStart + 1),
                           problem: "not well-formed XML: " + problem)
        }

        var atEnd: Bool { i >= b.count }

        func starts(with text: StaticString) -> Bool {
            let n = text.utf8CodeUnitCount
            guard i + n <= b.count else { return false }
            return text.withUTF8Buffer { p in
                for k in 0..<n where b[i + k] != p[k] { return false }
                return true
            }
        }

        /// Moves past one byte, counting lines.
        mutating func advance() {
            if b[i] == 0x0A { line += 1; lineStart = i + 1 }
            i += 1
        }

        mutating func advance(_ n: Int) { for _ in 0..<n { advance() } }

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

        mutating func skipSpace() { while !atEnd, Scanner.isSpace(b[i]) { advance() } }

        /// Moves past `terminator`, which must come before the end of the file.
        mutating func skip(past terminator: StaticString, what: String) throws(TraceFileError) {
            let startLine = line
            while !atEnd {
                if starts(with: terminator) { advance(terminator.utf8CodeUnitCount); return }
                advance()
            }
            throw fail("the file ends inside \(what) that starts on line \(startLine) (truncated?)")
        }

        static func isNameByte(_ c: UInt8) -> Bool {
            !(isSpace(c) || c == UInt8(ascii: "/") || c == UInt8(ascii: ">") || c == UInt8(ascii: "=")
              || c == UInt8(ascii: "<") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "&")
              || c == UInt8(ascii: "?") || c == UInt8(ascii: "!") || c == UInt8(ascii: ";"))
        }

        /// A name (element or attribute), bounded by ``maximumNameLength``.
        mutating func name(_ what: String) throws(TraceFileError) -> String {
            let start = i
            guard !atEnd else { throw fail("the file ends where \(what) was expected (truncated?)") }
            let c = b[start]
            guard Scanner.isNameByte(c), !(0x30...0x39).contains(c), c != UInt8(ascii: "-"), c != UInt8(ascii: ".") else {
                throw fail("expected \(what), found \(describe(c))")
            }
            while !atEnd, Scanner.isNameByte(b[i]) {
                i += 1
                if i - start > XMLTree.maximumNameLength {
                    i = start
                    throw fail("\(what) longer than \(XMLTree.maximumNameLength) bytes")
                }
            }
            return String(decoding: b[start..<i], as: UTF8.self)
        }

        func describe(_ c: UInt8) -> String {
            (0x21...0x7E).contains(c) ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16, uppercase: true))"
        }

        /// Decodes an entity or character reference at `&`, appending its UTF-8 to `out`.
        mutating func reference(into out: inout [UInt8]) throws(TraceFileError) {
            let startColumn = i - lineStart + 1
            var j = i + 1
            while j < b.count, j - i <= 40, b[j] != UInt8(ascii: ";"), !Scanner.isSpace(b[j]), b[j] != UInt8(ascii: "<"),
                  b[j] != UInt8(ascii: "&") { j += 1 }
            guard j < b.count, b[j] == UInt8(ascii: ";"), j > i + 1 else {
                throw fail("'&' must start an entity reference such as &amp; (write a literal '&' as &amp;)", column: startColumn)
            }
            let body = b[(i + 1)..<j]
            let name = String(decoding: body, as: UTF8.self)
            switch name {
            case "lt": out.append(UInt8(ascii: "<"))
            case "gt": out.append(UInt8(ascii: ">"))
            case "amp": out.append(UInt8(ascii: "&"))
            case "apos": out.append(UInt8(ascii: "'"))
            case "quot": out.append(UInt8(ascii: "\""))
            default:
                if name.hasPrefix("#") {
                    let hex = name.hasPrefix("#x")
                    let digits = name.dropFirst(hex ? 2 : 1)
                    guard !digits.isEmpty, digits.count <= 8, let v = UInt32(digits, radix: hex ? 16 : 10),
                          let u = Unicode.Scalar(v), v == 0x9 || v == 0xA || v == 0xD || v >= 0x20 else {
                        throw fail("'&\(ErrorText.excerpt(name, limit: 12));' is not a valid character reference", column: startColumn)
                    }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                } else {
                    throw fail("undefined entity '&\(ErrorText.excerpt(name, limit: 30));' (XML defines only &lt; &gt; &amp; &apos; &quot; and character references like &#65;; StrokeLab does not read DTD entities)",
                               column: startColumn)
                }
            }
            while i <= j { advance() }
        }

        /// `<!DOCTYPE …>`, skipped; an internal subset that declares entities is refused.
        mutating func doctype() throws(TraceFileError) {
            let startLine = line, startColumn = i - lineStart + 1
            advance(9)
            var quote: UInt8? = nil
            var depth = 0
            while !atEnd {
                let c = b[i]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    quote = c
                } else if c == UInt8(ascii: "[") {
                    depth += 1
                } else if c == UInt8(ascii: "]") {
                    depth -= 1
                } else if depth > 0, starts(with: "<!--") {
                    try skip(past: "-->", what: "a comment")
                    continue
                } else if depth > 0, starts(with: "<!ENTITY") {
                    throw fail("the DOCTYPE declares entities (<!ENTITY …>); StrokeLab does not expand DTD entities")
                } else if c == UInt8(ascii: ">"), depth <= 0 {
                    advance()
                    return
                }
                advance()
            }
            throw fail("the file ends inside the DOCTYPE that starts here (truncated?)", line: startLine, column: startColumn)
        }

        /// Comments, processing instructions and blanks outside the document element (and a
        /// DOCTYPE before it). Any other text there is an error.
        mutating func misc(beforeRoot: Bool) throws(TraceFileError) {
            while true {
                skipSpace()
                if atEnd { return }
                if starts(with: "<!--") { try skip(past: "-->", what: "a comment"); continue }
                if starts(with: "<?") { try skip(past: "?>", what: "a processing instruction"); continue }
                if beforeRoot, starts(with: "<!DOCTYPE") { try doctype(); continue }
                if beforeRoot, b[i] == UInt8(ascii: "<") { return }
                throw fail(beforeRoot ? "text before the document element" : "content after the end of the document element")
            }
        }

        /// An open element: its node, qualified name and character data so far.
        struct Open {
            var node: XMLNode
            var qualifiedName: String
            var text: [UInt8]
            var line: Int
        }

        mutating func document() throws(TraceFileError) -> XMLNode {
            if b.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3; lineStart = 3 }
            try misc(beforeRoot: true)
            guard !atEnd else { throw fail("the file has no document element") }
            var stack: [Open] = []
            var root: XMLNode? = nil
            while true {
                if atEnd {
                    guard let open = stack.last else { break }
                    throw fail("the file ends inside <\(ErrorText.excerpt(open.qualifiedName, limit: 40))> (line \(open.line)) (truncated?)")
                }
                if b[i] != UInt8(ascii: "<") {
                    // Character data of the innermost element.
                    guard !stack.isEmpty else { break }
                    var text = stack[stack.count - 1].text
                    stack[stack.count - 1].text = []
                    while !atEnd, b[i] != UInt8(ascii: "<") {
                        let c = b[i]
                        if c == UInt8(ascii: "&") {
                            try reference(into: &text)
                        } else if c == 0x0D {
                            // End-of-line handling (XML 1.0 § 2.11): CR LF and CR become LF.
                            text.append(0x0A)
                            i += 1
                            if !atEnd, b[i] == 0x0A { advance() }
                        } else {
                            text.append(c)
                            advance()
                        }
                    }
                    stack[stack.count - 1].text = text
                    continue
                }
                if starts(with: "<!--") { try skip(past: "-->", what: "a comment"); continue }
                if starts(with: "<?") { try skip(past: "?>", what: "a processing instruction"); continue }
                if starts(with: "<![CDATA[") {
                    guard !stack.isEmpty else { throw fail("a CDATA section outside the document element") }
                    let startLine = line
                    advance(9)
                    let start = i
                    while !atEnd, !starts(with: "]]>") { advance() }
                    guard !atEnd else { throw fail("the file ends inside a CDATA section that starts on line \(startLine) (truncated?)") }
                    stack[stack.count - 1].text.append(contentsOf: b[start..<i])
                    advance(3)
                    continue
                }
                if starts(with: "<!") { throw fail("'<!' here must start a comment or a CDATA section") }
                if starts(with: "</") {
                    let tagLine = line, tagColumn = i - lineStart + 1
                    advance(2)
                    let name = try self.name("an element name")
                    skipSpace()
                    guard !atEnd, b[i] == UInt8(ascii: ">") else {
                        throw fail(atEnd ? "the file ends inside an end tag (truncated?)" : "'>' expected after </\(ErrorText.excerpt(name, limit: 40))")
                    }
                    advance()
                    guard let open = stack.popLast() else {
                        throw fail("the end tag </\(ErrorText.excerpt(name, limit: 40))> has no start tag", line: tagLine, column: tagColumn)
                    }
                    guard open.qualifiedName == name else {
                        throw fail("the end tag </\(ErrorText.excerpt(name, limit: 40))> does not match <\(ErrorText.excerpt(open.qualifiedName, limit: 40))> (line \(open.line))",
                                   line: tagLine, column: tagColumn)
                    }
                    open.node.text = String(decoding: open.text, as: UTF8.self)
                    if stack.isEmpty { break }
                    continue
                }
                // A start tag.
                guard root == nil || !stack.isEmpty else { break }
                advance()
                let qualified = try name("an element name")
                var attributes: [String: String] = [:]
                var selfClosing = false
                while true {
                    let hadSpace = !atEnd && Scanner.isSpace(b[i])
                    skipSpace()
                    guard !atEnd else { throw fail("the file ends inside the start tag <\(ErrorText.excerpt(qualified, limit: 40))> (truncated?)") }
                    if b[i] == UInt8(ascii: ">") { break }
                    if starts(with: "/>") { selfClosing = true; advance(); break }
                    guard hadSpace else { throw fail("expected a blank, '>' or '/>' in <\(ErrorText.excerpt(qualified, limit: 40))>, found \(describe(b[i]))") }
                    let attributeColumn = i - lineStart + 1
                    let key = try name("an attribute name")
                    skipSpace()
                    guard !atEnd, b[i] == UInt8(ascii: "=") else {
                        throw fail("attribute \(ErrorText.excerpt(key, limit: 40)) needs '=' and a quoted value")
                    }
                    advance()
                    skipSpace()
                    guard !atEnd, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else {
                        throw fail("the value of attribute \(ErrorText.excerpt(key, limit: 40)) must be in quotes")
                    }
                    let quote = b[i]
                    let valueLine = line
                    advance()
                    var value: [UInt8] = []
                    while true {
                        guard !atEnd else {
                            throw fail("the file ends inside the value of attribute \(ErrorText.excerpt(key, limit: 40)) (line \(valueLine)) (truncated?)")
                        }
                        let c = b[i]
                        if c == quote { advance(); break }
                        if c == UInt8(ascii: "<") { throw fail("'<' inside the value of attribute \(ErrorText.excerpt(key, limit: 40)) (write &lt;)") }
                        if c == UInt8(ascii: "&") {
                            try reference(into: &value)
                        } else {
                            // Attribute-value normalisation (XML 1.0 § 3.3.3): blanks become spaces.
                            if c == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { i += 1 }
                            value.append(c == 0x09 || c == 0x0A || c == 0x0D ? 0x20 : c)
                            advance()
                        }
                        if value.count > XMLTree.maximumAttributeValueLength {
                            throw fail("the value of attribute \(ErrorText.excerpt(key, limit: 40)) is longer than \(XMLTree.maximumAttributeValueLength) bytes")
                        }
                    }
                    guard attributes.count < XMLTree.maximumAttributes else {
                        throw fail("<\(ErrorText.excerpt(qualified, limit: 40))> has more than \(XMLTree.maximumAttributes) attributes",
                                   column: attributeColumn)
                    }
                    guard attributes.updateValue(String(decoding: value, as: UTF8.self), forKey: key) == nil else {
                        throw fail("attribute \(ErrorText.excerpt(key, limit: 40)) is given twice in <\(ErrorText.excerpt(qualified, limit: 40))>",
                                   column: attributeColumn)
                    }
                }
                let tagLine = line, tagColumn = i - lineStart + 1
                advance()   // '>'
                elements += 1
                guard elements <= XMLTree.maximumElements else {
                    throw fail("more than \(XMLTree.maximumElements) elements; StrokeLab reads InkML files of at most that many")
                }
                guard stack.count < XMLTree.maximumDepth else {
                    throw fail("elements nested deeper than \(XMLTree.maximumDepth) levels")
                }
                let local = qualified.split(separator: ":").last.map(String.init) ?? qualified
                let node = XMLNode(name: local, attributes: attributes, line: tagLine, column: tagColumn)
                if let parent = stack.last { parent.node.children.append(node) } else { root = node }
                if selfClosing {
                    if stack.isEmpty { break }
                } else {
                    stack.append(Open(node: node, qualifiedName: qualified, text: [], line: tagLine))
                }
            }
            guard let root else { throw fail("the file has no document element") }
            try misc(beforeRoot: false)
            return root
        }
    }
}
