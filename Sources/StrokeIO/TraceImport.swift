import Foundation
import StrokeCore

/// The one entry point for reading trace files of any supported format.
///
/// ```swift
/// let traces = try TraceImport.load(path: "jack.svc", format: nil, options: ImportOptions())
/// ```
///
/// `format: nil` detects the format (``detect(file:bytes:)``): by extension when that is
/// unambiguous, otherwise by content, and with an error naming the candidates when the
/// content does not decide. Every failure is a ``TraceFileError`` whose one-line description
/// names the file and, where it applies, the line. Reading is all or nothing: a file either
/// gives complete traces or an error, never a partial trace.
public enum TraceImport {
    /// Reads the file at `path` as `format` (`nil`: detect) and returns its traces (one per
    /// file for every current format; an array so that container formats can give more).
    public static func load(path: String, format: TraceFormat? = nil,
                            options: ImportOptions = ImportOptions()) throws(TraceFileError) -> [Trace] {
        try loadReport(path: path, format: format, options: options).traces
    }

    /// As ``load(path:format:options:)``, with the notes on tolerated irregularities.
    public static func loadReport(path: String, format: TraceFormat? = nil,
                                  options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        let bytes = try readBytes(path)
        return try decode(bytes, file: path, format: format, options: options)
    }

    /// Decodes `bytes` (the contents of `file`) as `format` (`nil`: detect).
    public static func decode(_ bytes: [UInt8], file: String, format: TraceFormat? = nil,
                              options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        let resolved: TraceFormat
        if let format { resolved = format } else {
            let (detected, document) = try detectParsing(file: file, bytes: bytes)
            // A JSON file is parsed once: the document that told its format is decoded. It
            // holds sample arrays compactly (JSONMatrix), which only the native reader reads
            // without building their nodes; the other JSON readers parse again when it has one.
            if let document, detected == .native || !document.compacted {
                let root = document.node
                switch detected {
                case .native:
                    try options.validate(file: file)
                    var trace = try NativeTraceReader.decode(root: root, file: file)
                    if let device = options.device { trace.metadata.device = device }
                    return ImportReport(traces: [trace])
                case .bdalabJSON:
                    try options.validate(file: file)
                    return try BDALabJSONReader.decode(root: root, file: file, options: options)
                case .pointerEvents:
                    try options.validate(file: file)
                    return try PointerEventsReader.decode(root: root, file: file, options: options)
                default: break
                }
            }
            resolved = detected
        }
        switch resolved {
        case .native:
            try options.validate(file: file)
            var trace = try NativeTraceReader.decode(bytes, file: file)
            if let device = options.device { trace.metadata.device = device }
            return ImportReport(traces: [trace])
        case .svc: return try SVCReader.decode(bytes, file: file, options: options)
        case .bdalabJSON: return try BDALabJSONReader.decode(bytes, file: file, options: options)
        case .wacomCSV: return try WacomCSVReader.decode(bytes, file: file, options: options)
        case .pointerEvents: return try PointerEventsReader.decode(bytes, file: file, options: options)
        case .cyn: return try CynReader.decode(bytes, file: file, options: options)
        case .inkml: return try InkMLReader.decode(bytes, file: file, options: options)
        case .csv: return try CSVMappedReader.decode(bytes, file: file, options: options)
        }
    }

    /// The format of `file`, from its extension and its first bytes.
    ///
    /// `.svc`, `.cyn`, `.inkml`/`.ink` decide alone; `.json` is told apart by its top-level
    /// keys (`"format": "strokelab.trace"` → native, `"data"` with `"pen_status"` →
    /// bdalab-json, `"x"` and `"time"` arrays or an array of events → pointer-events); `.csv`
    /// is wacom-csv when its header is `EventType;T;X;Y;…`, else the generic csv (which needs
    /// a mapping). Other extensions are sniffed the same way by content.
    ///
    /// Every failure is located. A `.json` file (or any file whose content starts with `{` or
    /// `[`) that is not valid JSON fails with the parser's error at its line and column
    /// (`x.json:7:73: not valid JSON: 1e999 is too large for a double; …`) — the syntax
    /// error, not a guess about the format, is what the user needs to fix. Valid JSON of no
    /// known shape fails at its top-level value, naming what was looked for; XML without an
    /// `<ink>` element at its document element (or its syntax error); binary data at the
    /// first offending byte; unrecognised text at its first non-blank line.
    public static func detect(file: String, bytes: [UInt8]) throws(TraceFileError) -> TraceFormat {
        try detectParsing(file: file, bytes: bytes).format
    }

    /// ``detect(file:bytes:)``, with the parsed document when the format was told by parsing
    /// JSON (so it need not be parsed again).
    static func detectParsing(file: String, bytes: [UInt8]) throws(TraceFileError) -> (format: TraceFormat, document: (node: JSONNode, compacted: Bool)?) {
        let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
        switch ext {
        case "svc": return (.svc, nil)
        case "cyn": return (.cyn, nil)
        case "inkml", "ink": return (.inkml, nil)
        case "csv", "tsv":
            return (WacomCSVReader.looksLike(bytes) ? .wacomCSV : .csv, nil)
        case "json":
            let document = try parseJSON(bytes, file: file, compactingMatrices: true)
            return (try format(ofJSON: document.node, file: file), document)
        default: break
        }
        let start = bytes.firstIndex { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        guard let start else {
            throw TraceFileError(file: file, line: 1, problem: bytes.isEmpty ? "the file is empty" : "the file holds only white space")
        }
        let first = bytes[start]
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            let document = try parseJSON(bytes, file: file, compactingMatrices: true)
            return (try format(ofJSON: document.node, file: file), document)
        }
        if first == UInt8(ascii: "<") {
            let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
            if head.contains("<ink") || head.contains(":ink") { return (.inkml, nil) }
            // Parse to locate the problem: a syntax error where it is, else the document
            // element that is not <ink>.
            let root = try XMLTree.parse(bytes, file: file)
            if root.name == "ink" { return (.inkml, nil) }
            throw TraceFileError(file: file, line: root.line, column: root.column,
                                 problem: "the document element is <\(root.name)>, not <ink>: not InkML")
        }
        if WacomCSVReader.looksLike(bytes) { return (.wacomCSV, nil) }
        if CynReader.looksLike(bytes) { return (.cyn, nil) }
        // Binary data is reported where it is, rather than as an unknown format.
        let lines = try TextLines.split(bytes, file: file)
        if looksLikeSVC(bytes) { return (.svc, nil) }
        if ext == "txt" { return (.csv, nil) }
        let firstLine = lines.first { !TextLines.isBlank($0, in: bytes) }
        let shown = firstLine.map { String(decoding: bytes[$0.range].prefix(40), as: UTF8.self) } ?? ""
        throw TraceFileError(file: file, line: firstLine?.number ?? 1, column: firstLine == nil ? nil : 1,
                             problem: "cannot detect the format from the extension \"\(ext.isEmpty ? "" : "." + ext)\" or the content (the first line starts \(JSONText.quoted(shown))); give it explicitly (one of: \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
    }

    /// The format of a parsed JSON document, or an error at its top-level value.
    static func format(ofJSON root: JSONNode, file: String) throws(TraceFileError) -> TraceFormat {
        if let kind = classifyJSON(root) { return kind }
        throw TraceFileError(file: file, line: root.line, column: root.column, problem: "cannot tell which JSON format this is: not a StrokeLab trace (\"format\": \"strokelab.trace\"), a Pointer Events recording (\"x\", \"y\", \"time\" arrays) or a BDALab file (\"data\" with \"pen_status\"); give the format explicitly")
    }

    /// Every file under `directory` (recursively, hidden files and folders skipped) whose
    /// extension some format reads, sorted by path so that batches are deterministic.
    /// `.txt` and `.xml` files are included only when they are recognisable (`.xml` with an
    /// `<ink` element); `SOURCE.md`-like documentation is never included.
    public static func importableFiles(in directory: String) throws(TraceFileError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TraceFileError(file: directory, problem: "no such directory")
        }
        guard let walker = FileManager.default.enumerator(atPath: directory) else {
            throw TraceFileError(file: directory, problem: "cannot list the directory")
        }
        let known: Set<String> = ["json", "svc", "csv", "tsv", "cyn", "inkml", "ink", "xml"]
        var files: [String] = []
        while let next = walker.nextObject() as? String {
            if next.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            let ext = URL(fileURLWithPath: next).pathExtension.lowercased()
            guard known.contains(ext) else { continue }
            let path = (directory.hasSuffix("/") ? directory : directory + "/") + next
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { continue }
            if ext == "xml" {
                guard let bytes = try? AtomicFile.read(path), String(decoding: bytes.prefix(4096), as: UTF8.self).contains("<ink") else { continue }
            }
            files.append(path)
        }
        return files.sorted()
    }

    /// The bytes of `path`, or an error naming it.
    static func readBytes(_ path: String) throws(TraceFileError) -> [UInt8] {
        do { return try AtomicFile.read(path) } catch { throw TraceFileError(file: path, problem: error.problem) }
    }

    /// Parses JSON, turning a syntax error into a ``TraceFileError`` with line and column.
    static func parseJSON(_ bytes: [UInt8], file: String) throws(TraceFileError) -> JSONNode {
        try parseJSON(bytes, file: file, compactingMatrices: false).node
    }

    /// ``parseJSON(_:file:)``, holding arrays of arrays of numbers compactly when
    /// `compactingMatrices` (``JSONParser/parse(_:compactingMatrices:)``).
    static func parseJSON(_ bytes: [UInt8], file: String, compactingMatrices: Bool) throws(TraceFileError) -> (node: JSONNode, compacted: Bool) {
        do { return try JSONParser.parse(bytes, compactingMatrices: compactingMatrices) } catch {
            throw TraceFileError(file: file, line: error.line, column: error.column, problem: "not valid JSON: \(error.problem)")
        }
    }

    /// The JSON format of a parsed document, or `nil` when its shape is not recognised.
    static func classifyJSON(_ root: JSONNode) -> TraceFormat? {
        if root.object != nil {
            if root["format"]?.string == NativeTraceReader.formatName { return .native }
            if let data = root["data"], data["pen_status"] != nil { return .bdalabJSON }
            if root["x"]?.isArray == true, (root["time"] ?? root["timeStamp"])?.isArray == true { return .pointerEvents }
            return nil
        }
        if root.matrix == nil, let events = root.array, let e = events.first, e["x"] != nil, (e["time"] ?? e["timeStamp"]) != nil {
            return .pointerEvents
        }
        return nil
    }

    /// A count line followed by rows of 4 or 7 numbers.
    static func looksLikeSVC(_ bytes: [UInt8]) -> Bool {
        guard let lines = try? TextLines.split(Array(bytes.prefix(2000)), file: "") else { return false }
        let nonBlank = lines.filter { !TextLines.isBlank($0, in: bytes) }.prefix(3)
        guard nonBlank.count >= 2 else { return false }
        let counts = nonBlank.map { TextLines.whitespaceFields($0, in: bytes).count }
        let numeric = nonBlank.allSatisfy { line in
            TextLines.whitespaceFields(line, in: bytes).allSatisfy { DecimalText.parse(bytes, $0) != nil }
        }
        return numeric && counts[0] == 1 && (counts[1] == 7 || counts[1] == 4)
    }
}
