import StrokeCore

/// Reads Wacom / BDALab `.svc` files (also the format of SVC2004 task 2, PaHaW and EMOTHAW).
///
/// Layout: line 1 is the declared sample count; every following line is one sample of seven
/// blank-separated numbers, `x y timestamp pen-status azimuth altitude pressure` (SVC2004
/// task 1's four-column `x y timestamp pen-status` is accepted too). Pen status 1 = on the
/// surface, 0 = hovering; a stroke is a maximal run of pen-down rows, and hover rows belong
/// to no stroke (they still count towards the header and must keep time order). Segmentation
/// is by pen status, never by pressure, so the zero-pressure samples at a stroke's ends stay.
///
/// Two unit conventions exist, told apart per file: a **raw** export has only integers; a
/// **converted** one (BDALab's `signal.svc`) has fractional values in x, y, timestamp or
/// pressure. The conversion to trace units:
///
/// | field | raw | converted |
/// |---|---|---|
/// | x, y | tablet units ÷ (``ImportOptions/tabletUnitsPerMillimetre``, default 200 = 5080 lpi) → mm → pt | mm → pt |
/// | timestamp | ms (host clock) → s | s |
/// | pressure | ÷ ``ImportOptions/pressureMax``, default the file's largest value → 0…1 | already 0…1, kept |
/// | azimuth, altitude | tenths of a degree (Wintab) → radians, ``PenAngles`` | same |
///
/// Trace units are StrokeLab points — iOS points at 132 per inch, the synthetic traces'
/// scale (``StrokeCore/LengthUnit/pointsPerInch``) — with `millimetresPerUnit` = 25.4/132 ≈
/// 0.19242, so 1 mm is 5.197 pt and Δs = 0.5 units is 0.096 mm on paper, as on every other
/// dataset. Times are rebased so the file's first row is at t = 0; `maxForce` is 1.
/// The header count may be one less than the rows that follow (BDALab's `jack` file): that
/// is tolerated and noted; any other mismatch is an error (a shorter file is truncated).
/// Complexity O(n log n) (median interval).
public enum SVCReader {
    /// The seven-column field names, for errors.
    static let fieldNames = ["x", "y", "timestamp", "pen-status", "azimuth", "altitude", "pressure"]

    /// Reads the file at `path`.
    public static func read(path: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try decode(try TraceImport.readBytes(path), file: path, options: options)
    }

    /// Decodes `.svc` text; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try options.validate(file: file)
        let lines = try TextLines.split(bytes, file: file).filter { !TextLines.isBlank($0, in: bytes) }
        guard let first = lines.first else { throw TraceFileError(file: file, problem: "the file is empty") }
        let reader = FieldReader(file: file, bytes: bytes)
        var notes: [String] = []
        var declared: Int? = nil
        var dataLines = lines[...]
        let headerFields = TextLines.whitespaceFields(first, in: bytes)
        if headerFields.count == 1 {
            let v = try reader.number(headerFields[0], line: first, name: "sample count")
            guard v >= 0, v == v.rounded(), v < 1e12 else {
                throw reader.error(first, headerFields[0], "the header must be the sample count, a whole number, not \(TextLines.quote(bytes, headerFields[0]))")
            }
            declared = Int(v)
            dataLines = lines.dropFirst()
        } else {
            notes.append("\(file):\(first.number): no sample-count header line; reading every line as a sample")
        }
        guard let firstData = dataLines.first else {
            throw TraceFileError(file: file, line: first.number, problem: "the header declares \(declared ?? 0) samples but none follow")
        }
        let columns = TextLines.whitespaceFields(firstData, in: bytes).count
        guard columns == 7 || columns == 4 else {
            throw reader.error(firstData, nil, "a sample has \(columns) fields; expected 7 (\(fieldNames.joined(separator: " "))) or 4 (x y timestamp pen-status)")
        }
        var rows: [Row] = []
        rows.reserveCapacity(dataLines.count)
        var order = TimeOrder()
        for line in dataLines {
            let f = TextLines.whitespaceFields(line, in: bytes)
            guard f.count == columns else {
                throw reader.error(line, nil, "a sample has \(f.count) fields; this file's samples have \(columns) (\(fieldNames.prefix(columns).joined(separator: " ")))")
            }
            var v = [Double](repeating: 0, count: 7)
            for c in 0..<columns { v[c] = try reader.number(f[c], line: line, name: "\(c + 1) (\(fieldNames[c]))") }
            guard v[3] == 0 || v[3] == 1 else {
                throw reader.error(line, f[3], "pen-status is \(TextLines.quote(bytes, f[3])); expected 1 (on the surface) or 0 (in the air)")
            }
            try order.check(v[2], line: line.number, file: file)
            rows.append(Row(x: v[0], y: v[1], t: v[2], down: v[3] == 1,
                            azimuth: v[4], altitude: v[5], pressure: v[6], line: line.number))
        }
        if let declared, declared != rows.count {
            if rows.count == declared + 1 {
                notes.append("\(file):\(first.number): the header declares \(declared) samples but \(rows.count) follow; all \(rows.count) were read")
            } else if rows.count < declared {
                throw TraceFileError(file: file, line: dataLines.last!.number,
                                     problem: "the header declares \(declared) samples but the file ends after \(rows.count) (truncated?)")
            } else {
                throw TraceFileError(file: file, line: first.number,
                                     problem: "the header declares \(declared) samples but \(rows.count) follow")
            }
        }
        let trace = try assemble(rows, hasPenChannels: columns == 7, file: file, format: .svc, options: options, notes: &notes)
        return ImportReport(traces: [trace], notes: notes)
    }

    /// One parsed sample row, in the file's own units.
    struct Row {
        var x: Double, y: Double, t: Double
        var down: Bool
        var azimuth: Double, altitude: Double, pressure: Double
        var line: Int
    }

    /// Converts rows (already checked for time order) to a trace, detecting raw versus
    /// converted units as documented on the type. Shared with ``BDALabJSONReader``.
    static func assemble(_ rows: [Row], hasPenChannels: Bool, file: String, format: TraceFormat,
                         options: ImportOptions, notes: inout [String]) throws(TraceFileError) -> Trace {
        guard let first = rows.first else { throw TraceFileError(file: file, problem: "the file has no samples") }
        let converted = rows.contains { r in
            r.x != r.x.rounded() || r.y != r.y.rounded() || r.t != r.t.rounded() || (hasPenChannels && r.pressure != r.pressure.rounded())
        }
        let mmPerPoint = LengthUnit.millimetresPerPoint
        // File units per point: a point is 25.4/132 mm, and 25.4/132 × (device units per mm) device units.
        let unitsPerPoint = converted ? mmPerPoint : (options.tabletUnitsPerMillimetre ?? 200) * mmPerPoint
        let t0 = first.t
        var pressureScale = 1.0
        if !converted {
            let fileMax = rows.reduce(0) { max($0, $1.pressure) }
            let full = options.pressureMax ?? fileMax
            pressureScale = full > 0 ? 1 / full : 1
        }
        if converted {
            notes.append("\(file): fractional values: read as BDALab-converted units (x, y in mm, time in s, pressure 0…1)")
        }
        var strokes: [TraceAssembly.RawStroke] = []
        var current: TraceAssembly.RawStroke? = nil
        for r in rows {
            guard r.down else {
                if let c = current { strokes.append(c); current = nil }
                continue
            }
            var s = TouchSample(time: converted ? r.t - t0 : (r.t - t0) / 1000,
                                location: Point(x: r.x / unitsPerPoint, y: r.y / unitsPerPoint), kind: .stylus)
            if hasPenChannels {
                s.force = r.pressure * pressureScale
                s.maximumPossibleForce = 1
                s.altitude = PenAngles.fromWintabAltitude(tenthsOfDegree: r.altitude)
                s.azimuth = PenAngles.fromWintabAzimuth(tenthsOfDegree: r.azimuth)
            }
            if current == nil { current = TraceAssembly.RawStroke(id: "stroke-\(strokes.count)") }
            current!.samples.append(s)
            current!.lines.append(r.line)
        }
        if let c = current { strokes.append(c) }
        let channels: [Channel] = hasPenChannels ? [.t, .x, .y, .force, .maxForce, .altitude, .azimuth] : [.t, .x, .y]
        let metadata = TraceMetadata(source: TraceAssembly.source(format, file: file),
                                     device: converted ? "Wacom tablet (BDALab-converted export)" : "Wacom tablet",
                                     units: .pt, millimetresPerUnit: mmPerPoint)
        return try TraceAssembly.trace(file: file, strokes: strokes, channels: channels, kind: .stylus,
                                       metadata: metadata, options: options, rows: rows.count)
    }
}
