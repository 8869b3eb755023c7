import StrokeCore

/// Reads any delimited text table of samples through a ``CSVColumnMapping``.
///
/// - **Separator**: ``ImportOptions/csvSeparator``, or detected from the first line: the most
///   frequent of `;`, `,` and tab outside quotes, or runs of blanks when none occurs.
/// - **Header**: the first line that is neither blank nor a `#` comment is a header when any
///   of its fields is not a number; otherwise the file has no header and the mapping must
///   use `$n` positions. Fields may be double-quoted (`"a;b"`, `""` for a quote).
/// - **Rows**: every row must have as many fields as the first one. Only the columns the
///   mapping uses are parsed; each must be a finite number (the `stroke` column is compared
///   as text). Blank lines and `#` comments are skipped.
/// - **Strokes**: by `down` and `stroke` as ``CSVColumnMapping`` describes.
/// - **Time**: the mapped `t` in seconds, rebased so the first row is at t = 0. Time must not
///   go backwards within the file, or within a stroke when `stroke` is mapped (strokes may
///   then each restart their clock). Repeated times are kept.
/// - **Units**: ``ImportOptions/csvUnits`` (default `pt`, iOS points), values kept as they
///   are; `millimetresPerUnit` from ``ImportOptions/csvMillimetresPerUnit`` (1 for `mm`,
///   unknown otherwise: iOS points are 25.4/132 mm only on an iPad Pro, so a table's `pt`
///   are not assumed to be StrokeLab's physical 132 per inch).
///
/// Errors name the file, line, column and field. Complexity O(n log n).
public enum CSVMappedReader {
    /// Reads the file at `path`.
    public static func read(path: String, options: ImportOptions) throws(TraceFileError) -> ImportReport {
        try decode(try TraceImport.readBytes(path), file: path, options: options)
    }

    /// Decodes the CSV text with `options.csvMapping`; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String, options: ImportOptions) throws(TraceFileError) -> ImportReport {
        try options.validate(file: file)
        guard let mappingText = options.csvMapping else {
            throw TraceFileError(file: file, problem: "a generic CSV needs a column mapping (e.g. --map 't=time_ms/1000,x=X,y=Y'); see `strokelab import --help`")
        }
        let mapping: CSVColumnMapping
        do { mapping = try CSVColumnMapping(parsing: mappingText) } catch {
            throw TraceFileError(file: file, problem: error.description)
        }
        let lines = try TextLines.split(bytes, file: file).filter {
            !TextLines.isBlank($0, in: bytes) && bytes[TextLines.trimmed($0.range, in: bytes)].first != UInt8(ascii: "#")
        }
        guard let first = lines.first else { throw TraceFileError(file: file, problem: "the file is empty") }
        let reader = FieldReader(file: file, bytes: bytes)
        let separator = try detectSeparator(first, bytes: bytes, options: options, file: file)
        func fields(_ line: TextLine) -> [Field] { split(line, bytes: bytes, separator: separator) }
        let firstFields = fields(first)
        let hasHeader = firstFields.contains { DecimalText.parse(bytes, $0.range) == nil }
        let names = hasHeader ? firstFields.map { $0.text(bytes) } : []
        let width = firstFields.count

        // Resolve every referenced column to an index, once.
        var resolved: [CSVColumnMapping.ColumnReference: Int] = [:]
        for ref in mapping.columnReferences {
            switch ref {
            case .position(let n):
                guard n <= width else {
                    throw reader.error(first, nil, "the mapping uses column $\(n) but the rows have \(width) fields")
                }
                resolved[ref] = n - 1
            case .name(let name):
                guard hasHeader else {
                    throw reader.error(first, nil, "the file has no header line, so the mapping must name columns as $1, $2, … (not \"\(name)\")")
                }
                if let i = names.firstIndex(of: name) {
                    resolved[ref] = i
                } else {
                    let matches = names.indices.filter { names[$0].lowercased() == name.lowercased() }
                    guard matches.count == 1 else {
                        throw reader.error(first, nil, "the mapping uses column \"\(name)\" but the header has \(matches.isEmpty ? "no such column" : "it more than once (in different cases)") (columns: \(names.joined(separator: ", ")))")
                    }
                    resolved[ref] = matches[0]
                }
            }
        }
        func columnName(_ i: Int) -> String { hasHeader ? "\"\(names[i])\" ($\(i + 1))" : "$\(i + 1)" }

        // t, x, y first (the mapping requires them), then the optional channels it assigns.
        let channels = Channel.required + Channel.allCases.filter {
            !Channel.required.contains($0) && mapping.expression(for: .channel($0)) != nil
        }
        let expressions = channels.map { mapping.expression(for: .channel($0))! }
        let downExpression = mapping.expression(for: .down)
        var strokeColumn: Int? = nil
        if case .column(let ref)? = mapping.expression(for: .stroke) { strokeColumn = resolved[ref] }

        var strokes: [TraceAssembly.RawStroke] = []
        var current: TraceAssembly.RawStroke? = nil
        var currentKey: String? = nil
        var fileOrder = TimeOrder()
        var strokeOrder = TimeOrder()
        var t0: Double? = nil
        var rows = 0
        for line in (hasHeader ? lines.dropFirst() : lines[...]) {
            let f = fields(line)
            guard f.count == width else {
                throw reader.error(line, nil, "a row has \(f.count) fields but \(hasHeader ? "the header has" : "the first row has") \(width)")
            }
            rows += 1
            var cache: [Int: Double] = [:]
            let column: (CSVColumnMapping.ColumnReference) throws(TraceFileError) -> Double = { ref throws(TraceFileError) in
                let i = resolved[ref]!
                if let v = cache[i] { return v }
                let v = try reader.number(f[i].range, line: line, name: columnName(i))
                cache[i] = v
                return v
            }
            var values = [Double](repeating: 0, count: expressions.count)
            for (k, e) in expressions.enumerated() {
                let v = try CSVColumnMapping.evaluate(e, column)
                guard v.isFinite else {
                    throw reader.error(line, nil, "\(channels[k].rawValue) = \(v) is not finite (division by zero?)")
                }
                values[k] = v
            }
            var down = true
            if let d = downExpression {
                let v = try CSVColumnMapping.evaluate(d, column)
                down = v != 0 && !v.isNaN
            }
            let key = strokeColumn.map { f[$0].text(bytes) }
            if strokeColumn == nil { try fileOrder.check(values[0], line: line.number, file: file, what: "t") }
            let start = t0 ?? values[0]
            t0 = start
            if !down || key != currentKey, let c = current {
                strokes.append(c)
                current = nil
            }
            currentKey = key
            guard down else { continue }
            if current == nil {
                current = TraceAssembly.RawStroke(id: key.map { "stroke-\($0)" } ?? "stroke-\(strokes.count)")
                strokeOrder = TimeOrder()
            }
            if strokeColumn != nil { try strokeOrder.check(values[0], line: line.number, file: file, what: "t") }
            var s = TouchSample(time: values[0] - start, location: Point(x: values[1], y: values[2]), kind: .stylus)
            for k in 3..<values.count { channels[k].set(values[k], in: &s) }
            current!.samples.append(s)
            current!.lines.append(line.number)
        }
        if let c = current { strokes.append(c) }
        // Stroke ids must be unique: a stroke key that comes back later gets a suffix.
        var used: [String: Int] = [:]
        for k in strokes.indices {
            let id = strokes[k].id
            if let n = used[id] {
                used[id] = n + 1
                strokes[k].id = "\(id)-\(n + 1)"
            } else {
                used[id] = 1
            }
        }
        let units = options.csvUnits
        let metadata = TraceMetadata(source: TraceAssembly.source(.csv, file: file), device: nil, units: units,
                                     millimetresPerUnit: options.csvMillimetresPerUnit)
        let trace = try TraceAssembly.trace(file: file, strokes: strokes, channels: channels, kind: .stylus,
                                            metadata: metadata, options: options, rows: rows)
        return ImportReport(traces: [trace])
    }

    /// One field: its byte range (quotes excluded) and whether it was quoted.
    struct Field {
        var range: Range<Int>
        var quoted: Bool
        func text(_ bytes: [UInt8]) -> String {
            let s = String(decoding: bytes[range], as: UTF8.self)
            return quoted ? s.replacingOccurrences(of: "\"\"", with: "\"") : s
        }
    }

    /// The separator byte (0 for "runs of blanks").
    static func detectSeparator(_ line: TextLine, bytes: [UInt8], options: ImportOptions, file: String) throws(TraceFileError) -> UInt8 {
        if let c = options.csvSeparator {
            guard let a = c.asciiValue, a != UInt8(ascii: "\"") else {
                throw TraceFileError(file: file, problem: "the CSV separator must be one ASCII character other than '\"', not '\(c)'")
            }
            return a == 0x20 ? 0 : a
        }
        var counts: [UInt8: Int] = [:]
        var quoted = false
        for b in bytes[line.range] {
            if b == UInt8(ascii: "\"") { quoted.toggle() }
            if !quoted, b == UInt8(ascii: ";") || b == UInt8(ascii: ",") || b == 0x09 { counts[b, default: 0] += 1 }
        }
        // Ties go to ';' then ',' then tab, a fixed order so detection is deterministic.
        var best: UInt8 = 0
        var bestCount = 0
        for candidate in [UInt8(ascii: ";"), UInt8(ascii: ","), 0x09] where (counts[candidate] ?? 0) > bestCount {
            best = candidate
            bestCount = counts[candidate] ?? 0
        }
        return best
    }

    /// Splits a line at `separator` (0: runs of blanks), honouring double quotes.
    static func split(_ line: TextLine, bytes: [UInt8], separator: UInt8) -> [Field] {
        if separator == 0 {
            return TextLines.whitespaceFields(line, in: bytes).map { Field(range: $0, quoted: false) }
        }
        var out: [Field] = []
        var i = line.range.lowerBound
        let end = line.range.upperBound
        while true {
            while i < end, bytes[i] == 0x20 || bytes[i] == 0x09, bytes[i] != separator { i += 1 }
            if i < end, bytes[i] == UInt8(ascii: "\"") {
                let s = i + 1
                var j = s
                while j < end {
                    if bytes[j] == UInt8(ascii: "\"") {
                        if j + 1 < end, bytes[j + 1] == UInt8(ascii: "\"") { j += 2; continue }
                        break
                    }
                    j += 1
                }
                out.append(Field(range: s..<j, quoted: true))
                i = min(j + 1, end)
                while i < end, bytes[i] != separator { i += 1 }
            } else {
                let s = i
                while i < end, bytes[i] != separator { i += 1 }
                out.append(Field(range: TextLines.trimmed(s..<i, in: bytes), quoted: false))
            }
            if i >= end { break }
            i += 1
            if i == end { out.append(Field(range: end..<end, quoted: false)); break }
        }
        return out
    }
}
