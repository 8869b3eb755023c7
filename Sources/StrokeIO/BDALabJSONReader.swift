import StrokeCore

/// Reads the JSON format of BDALab's `handwriting-sample` package: `{"meta_data": {…},
/// "data": {"x": […], "y": […], "time": […], "pen_status": […], "azimuth": […], "tilt": […],
/// "pressure": […]}}` — the `.svc` columns as parallel arrays (`tilt` is the altitude).
///
/// The samples are converted exactly as ``SVCReader`` converts `.svc` rows (raw or
/// BDALab-converted units detected the same way; x, y become StrokeLab points, iOS points
/// at 132 per inch, `millimetresPerUnit` = 25.4/132). `meta_data` is ignored: BDALab's own
/// example fills it with template text that does not match the values. The arrays must all
/// have the same length; `pen_status` must be 0 or 1; time must not go backwards. Errors
/// name the line and column of the offending array element. O(n log n).
public enum BDALabJSONReader {
    static let keys = ["x", "y", "time", "pen_status", "azimuth", "tilt", "pressure"]

    /// Reads the file at `path`.
    public static func read(path: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try decode(try TraceImport.readBytes(path), file: path, options: options)
    }

    /// Decodes the JSON text; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try options.validate(file: file)
        return try decode(root: TraceImport.parseJSON(bytes, file: file), file: file, options: options)
    }

    /// Decodes an already parsed document; `file` names it in errors. The format detector
    /// parses a JSON file once and hands the document here; the caller validates `options`.
    static func decode(root: JSONNode, file: String, options: ImportOptions) throws(TraceFileError) -> ImportReport {
        func fail(_ node: JSONNode, _ problem: String) -> TraceFileError {
            TraceFileError(file: file, line: node.line, column: node.column, problem: problem)
        }
        guard root.object != nil else { throw fail(root, "the top level must be an object, not \(root.typeName)") }
        guard let data = root["data"] else { throw fail(root, "missing \"data\" (is this a BDALab handwriting-sample JSON file?)") }
        guard data.object != nil else { throw fail(data, "\"data\" must be an object, not \(data.typeName)") }
        var arrays: [[JSONNode]] = []
        for key in keys {
            guard let node = data[key] else { throw fail(data, "\"data\" lacks the array \"\(key)\"") }
            guard let items = node.array else { throw fail(node, "\"\(key)\" must be an array, not \(node.typeName)") }
            if let n = arrays.first?.count, items.count != n {
                throw fail(node, "\"\(key)\" has \(items.count) values but \"x\" has \(n); the arrays must have equal lengths")
            }
            arrays.append(items)
        }
        let n = arrays[0].count
        guard n > 0 else { throw fail(data, "the file has no samples (the arrays are empty)") }
        var rows: [SVCReader.Row] = []
        rows.reserveCapacity(n)
        var order = TimeOrder()
        for i in 0..<n {
            var v = [Double](repeating: 0, count: keys.count)
            for k in 0..<keys.count {
                let node = arrays[k][i]
                guard let x = node.number else { throw fail(node, "\"\(keys[k])\"[\(i)] must be a number, not \(node.typeName)") }
                v[k] = x
            }
            let statusNode = arrays[3][i]
            guard v[3] == 0 || v[3] == 1 else {
                throw fail(statusNode, "\"pen_status\"[\(i)] is \(JSONText.number(v[3])); expected 1 (on the surface) or 0 (in the air)")
            }
            let timeNode = arrays[2][i]
            do { try order.check(v[2], line: timeNode.line, file: file, what: "\"time\"[\(i)]") } catch {
                var e = error
                e.column = timeNode.column
                throw e
            }
            rows.append(SVCReader.Row(x: v[0], y: v[1], t: v[2], down: v[3] == 1,
                                      azimuth: v[4], altitude: v[5], pressure: v[6], line: arrays[0][i].line))
        }
        var notes: [String] = []
        let trace = try SVCReader.assemble(rows, hasPenChannels: true, file: file, format: .bdalabJSON,
                                           options: options, notes: &notes)
        return ImportReport(traces: [trace], notes: notes)
    }
}
