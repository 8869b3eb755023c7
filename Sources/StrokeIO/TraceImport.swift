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
        if let format { resolved = format } else { resolved = try detect(file: file, bytes: bytes) }
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
    /// a mapping). Other extensions are sniffed the same way by content. Throws when nothing
    /// matches, naming what was looked for.
    public static func detect(file: String, bytes: [UInt8]) throws(TraceFileError) -> TraceFormat {
        let ext = URL(fileURLWithPath: file).pathExtension.lowercased()
        switch ext {
        case "svc": return .svc
        case "cyn": return .cyn
        case "inkml", "ink": return .inkml
        case "csv", "tsv":
            return WacomCSVReader.looksLike(bytes) ? .wacomCSV : .csv
        default: break
        }
        let start = bytes.firstIndex { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        guard let start else {
            throw TraceFileError(file: file, problem: bytes.isEmpty ? "the file is empty" : "the file holds only white space")
        }
        let first = bytes[start]
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            if let kind = sniffJSON(bytes) { return kind }
            throw TraceFileError(file: file, problem: "cannot tell which JSON format this is: not a StrokeLab trace (\"format\": \"strokelab.trace\"), a Pointer Events recording (\"x\", \"y\", \"time\" arrays) or a BDALab file (\"data\" with \"pen_status\"); give the format explicitly")
        }
        if first == UInt8(ascii: "<") {
            let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
            if head.contains("<ink") || head.contains(":ink") { return .inkml }
            throw TraceFileError(file: file, problem: "an XML file without an <ink> element: not InkML")
        }
        if WacomCSVReader.looksLike(bytes) { return .wacomCSV }
        if CynReader.looksLike(bytes) { return .cyn }
        if looksLikeSVC(bytes) { return .svc }
        if ext == "txt" { return .csv }
        throw TraceFileError(file: file, problem: "cannot detect the format from the extension \".\(ext)\" or the content; give it explicitly (one of: \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
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
        do { return try JSONParser.parse(bytes) } catch {
            throw TraceFileError(file: file, line: error.line, column: error.column, problem: "not valid JSON: \(error.problem)")
        }
    }

    /// The JSON format of `bytes`, or `nil` when it is not valid JSON or not recognised.
    static func sniffJSON(_ bytes: [UInt8]) -> TraceFormat? {
        guard let root = try? JSONParser.parse(bytes) else { return nil }
        if root.object != nil {
            if root["format"]?.string == NativeTraceReader.formatName { return .native }
            if let data = root["data"], data["pen_status"] != nil { return .bdalabJSON }
            if root["x"]?.array != nil, (root["time"] ?? root["timeStamp"])?.array != nil { return .pointerEvents }
            return nil
        }
        if let events = root.array, let e = events.first, e["x"] != nil, (e["time"] ?? e["timeStamp"]) != nil {
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
