import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

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
    /// 1-based line of the start tag (as the XML parser reports it: where the tag ends).
    let line: Int
    /// 1-based column.
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

/// Parses XML bytes into an ``XMLNode`` tree with FoundationXML's `XMLParser` (libxml2).
///
/// External entities are not resolved; element nesting deeper than 256 levels is refused so
/// hostile input cannot exhaust the stack of the code that walks the tree. A syntax error
/// becomes a ``TraceFileError`` with the parser's line and column.
enum XMLTree {
    /// The document element of `bytes`.
    static func parse(_ bytes: [UInt8], file: String) throws(TraceFileError) -> XMLNode {
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) else {
            throw TraceFileError(file: file, problem: "the file is empty")
        }
        try checkText(bytes, file: file)
        let builder = Builder()
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let ok = parser.parse()
        if let failure = builder.failure {
            throw TraceFileError(file: file, line: failure.line, column: failure.column, problem: failure.problem)
        }
        guard ok, let root = builder.root else {
            let code = (parser.parserError as NSError?)?.code ?? -1
            throw TraceFileError(file: file, line: max(1, parser.lineNumber), column: parser.columnNumber > 0 ? parser.columnNumber : nil,
                                 problem: "not well-formed XML (\(describe(code)))")
        }
        return root
    }

    /// Refuses bytes that are not UTF-8 text before they reach the XML parser: FoundationXML
    /// traps (rather than reporting an error) on some invalid UTF-8 in element names, so
    /// invalid sequences and the control characters XML 1.0 forbids are caught here, with
    /// the line and column of the first one. (InkML is UTF-8 in practice; a UTF-8 byte-order
    /// mark is fine.)
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

    /// A readable description of a libxml2 error code (the code `XMLParser` reports), for
    /// the codes malformed files commonly produce; others are given by number.
    static func describe(_ code: Int) -> String {
        let known: [Int: String] = [
            4: "the document is empty", 5: "the document is unfinished (truncated?) or has text after its end",
            9: "an invalid character", 23: "'<' inside an attribute value", 26: "an undeclared entity",
            38: "an attribute value without quotes", 39: "an unterminated attribute value",
            41: "an attribute given twice", 68: "a misplaced name or character", 73: "'>' expected",
            76: "an end tag that does not match its start tag", 77: "the file ends inside an element (truncated?)",
        ]
        return (known[code] ?? "libxml2 error") + " (code \(code))"
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var stack: [XMLNode] = []
        var root: XMLNode?
        var failure: (line: Int, column: Int?, problem: String)?

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            guard failure == nil else { return }
            if stack.count >= 256 {
                failure = (parser.lineNumber, parser.columnNumber, "elements nested deeper than 256 levels")
                parser.abortParsing()
                return
            }
            let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
            let node = XMLNode(name: local, attributes: attributeDict, line: parser.lineNumber, column: parser.columnNumber)
            if let parent = stack.last { parent.children.append(node) } else if root == nil { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            if !stack.isEmpty { stack.removeLast() }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard failure == nil else { return }
            let code = (parseError as NSError).code
            failure = (max(1, parser.lineNumber), parser.columnNumber > 0 ? parser.columnNumber : nil,
                       "not well-formed XML (\(XMLTree.describe(code)))")
        }
    }
}
