import StrokeCore

/// Reads the wacom-speed CSV (`EventType;T;X;Y;P;Altitude;Azimuth;Distance`), the per-task
/// export of a Wacom MobileStudio Pro 13 with the Inking Pen (gyviktor's handwriting-speed
/// thesis data).
///
/// One `;`-separated header line names the columns (matched case-insensitively, in any
/// order; `Distance` is optional), then one sample per line. `EventType` 1 = pen touching,
/// 3 = hovering in proximity; a stroke is a maximal run of type-1 rows and hover rows belong
/// to no stroke. Any other event type is an error. Conversions (SOURCE.md's inferred units):
///
/// - X, Y: device units, ÷ ``ImportOptions/tabletUnitsPerMillimetre`` (default 200 per mm,
///   5080 lpi) → mm → StrokeLab points, i.e. iOS points at 132 per inch (25.4/132 mm, the
///   synthetic traces' scale; ``StrokeCore/LengthUnit/pointsPerInch``): one device unit is
///   0.005 mm = 0.025984 pt. Trace units `pt`, `millimetresPerUnit` = 25.4/132 ≈ 0.19242, so
///   the metrics' Δs = 0.5 units is 0.096 mm, as on every other dataset.
/// - T: milliseconds on the host clock → seconds, rebased so the file's first row is t = 0.
///   Repeated timestamps (about 0.2 % of intervals) are kept; the 1 ms bursts at each stroke
///   start can be re-timed with ``ImportOptions/retimeHz`` (200 for this device).
/// - P: ÷ ``ImportOptions/pressureMax`` (default 32767, the 15-bit full scale) → 0…1;
///   `maxForce` 1.
/// - Altitude, Azimuth: tenths of a degree (Wintab) → radians (``PenAngles``).
/// - Distance (hover height) is not kept: hover rows are not part of any stroke.
///
/// Time must not go backwards anywhere in the file. Complexity O(n log n).
public enum WacomCSVReader {
    /// The columns a file must have (Distance is optional).
    static let requiredColumns = ["EventType", "T", "X", "Y", "P", "Altitude", "Azimuth"]

    /// Reads the file at `path`.
    public static func read(path: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try decode(try TraceImport.readBytes(path), file: path, options: options)
    }

    /// True when `bytes` starts with the wacom-speed header (for format detection).
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(200), as: UTF8.self).lowercased()
        return head.hasPrefix("eventtype;t;x;y;") || head.hasPrefix("\u{FEFF}eventtype;t;x;y;")
    }

    /// Decodes the CSV text; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try options.validate(file: file)
        let lines = try TextLines.split(bytes, file: file).filter { !TextLines.isBlank($0, in: bytes) }
        guard let header = lines.first else { throw TraceFileError(file: file, problem: "the file is empty") }
        let reader = FieldReader(file: file, bytes: bytes)
        let names = TextLines.separatedFields(header, in: bytes, separator: UInt8(ascii: ";"))
            .map { String(decoding: bytes[$0], as: UTF8.self).lowercased() }
        var index: [Int] = []
        for column in requiredColumns {
            guard let i = names.firstIndex(of: column.lowercased()) else {
                throw reader.error(header, nil, "the header lacks the column \(column); expected EventType;T;X;Y;P;Altitude;Azimuth;Distance")
            }
            index.append(i)
        }
        let unitsPerPoint = (options.tabletUnitsPerMillimetre ?? 200) * LengthUnit.millimetresPerPoint
        let pressureScale = 1 / (options.pressureMax ?? 32767)
        var strokes: [TraceAssembly.RawStroke] = []
        var current: TraceAssembly.RawStroke? = nil
        var order = TimeOrder()
        var t0: Double? = nil
        var rows = 0
        for line in lines.dropFirst() {
            let f = TextLines.separatedFields(line, in: bytes, separator: UInt8(ascii: ";"))
            guard f.count == names.count else {
                throw reader.error(line, nil, "a row has \(f.count) fields but the header names \(names.count)")
            }
            rows += 1
            var v = [Double](repeating: 0, count: requiredColumns.count)
            for (k, i) in index.enumerated() { v[k] = try reader.number(f[i], line: line, name: requiredColumns[k]) }
            try order.check(v[1], line: line.number, file: file, what: "T")
            let start = t0 ?? v[1]
            t0 = start
            switch v[0] {
            case 1:
                var s = TouchSample(time: (v[1] - start) / 1000,
                                    location: Point(x: v[2] / unitsPerPoint, y: v[3] / unitsPerPoint), kind: .stylus)
                s.force = v[4] * pressureScale
                s.maximumPossibleForce = 1
                s.altitude = PenAngles.fromWintabAltitude(tenthsOfDegree: v[5])
                s.azimuth = PenAngles.fromWintabAzimuth(tenthsOfDegree: v[6])
                if current == nil { current = TraceAssembly.RawStroke(id: "stroke-\(strokes.count)") }
                current!.samples.append(s)
                current!.lines.append(line.number)
            case 3:
                if let c = current { strokes.append(c); current = nil }
            default:
                throw reader.error(line, f[index[0]], "EventType is \(TextLines.quote(bytes, f[index[0]])); expected 1 (touching) or 3 (hovering)")
            }
        }
        if let c = current { strokes.append(c) }
        let metadata = TraceMetadata(source: TraceAssembly.source(.wacomCSV, file: file),
                                     device: "Wacom MobileStudio Pro 13, Inking Pen", units: .pt,
                                     millimetresPerUnit: LengthUnit.millimetresPerPoint)
        let trace = try TraceAssembly.trace(file: file, strokes: strokes, channels: [.t, .x, .y, .force, .maxForce, .altitude, .azimuth],
                                            kind: .stylus, metadata: metadata, options: options, rows: rows)
        return ImportReport(traces: [trace])
    }
}
