import StrokeCore

/// Reads HelpingHand `.cyn` files (Lu et al., "HelpingHand: Example-based Stroke
/// Stylization", SIGGRAPH 2012).
///
/// Layout (text, CRLF): a free-form header whose last line before `stroke 0` is the number
/// of strokes; then per stroke a line `stroke <i>`, a line with its sample count `n`, and `n`
/// lines of eight blank-separated numbers: index (0…n−1), time (s, restarting at 0 in every
/// stroke), x and y (normalised 0…1), pressure (0…1), barrel rotation (degrees), tiltX and
/// tiltY (−1…1). Every stroke is one pen-down segment; there are no hover samples.
///
/// **The samples are resampled at equal arc length and the clock is synthetic** (a constant
/// 7 ms step), so the trace is marked `resampled: true` and timing metrics skip it.
/// Conversions:
///
/// - x, y × ``ImportOptions/cynUnitsPerNormalisedUnit`` (default 1000): trace units `pt` on
///   a 1000 × 1000 canvas; the physical size is unknown, so `millimetresPerUnit` is not set
///   (these are not physical iOS points at 132 per inch, as the tablet importers' are). The
///   samples are then about 3 units apart, so Δs = 0.5 units resolves them.
/// - time: each stroke starts 0.1 s after the previous one ended (the file has no
///   inter-stroke timing); within a stroke, the file's times.
/// - pressure → `force`, `maxForce` 1.
/// - tiltX, tiltY → altitude and azimuth as a projected direction
///   (``PenAngles/fromProjectedTilt(x:y:)``; an inference, the dataset does not define them).
/// - rotation is not kept (StrokeLab has no barrel-rotation channel).
///
/// Errors: a missing or wrong `stroke <i>` line, a count that disagrees with the rows
/// (truncated file), a row without eight numbers, an index out of sequence, time going
/// backwards within a stroke, NaN/∞. ``ImportOptions/retimeHz`` does not apply.
/// Complexity O(n log n).
public enum CynReader {
    static let fieldNames = ["index", "time", "x", "y", "pressure", "rotation", "tiltX", "tiltY"]
    /// Pause inserted between consecutive strokes, in seconds.
    public static let strokeGap = 0.1

    /// Reads the file at `path`.
    public static func read(path: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try decode(try TraceImport.readBytes(path), file: path, options: options)
    }

    /// True when `bytes` looks like a `.cyn` file (for format detection).
    static func looksLike(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(400), as: UTF8.self)
        return head.hasPrefix("#") && head.contains("Version") && head.contains("stroke 0")
    }

    /// Decodes `.cyn` text; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try options.validate(file: file)
        let all = try TextLines.split(bytes, file: file)
        let lines = all.filter { !TextLines.isBlank($0, in: bytes) }
        guard !lines.isEmpty else { throw TraceFileError(file: file, problem: "the file is empty") }
        let reader = FieldReader(file: file, bytes: bytes)
        func text(_ line: TextLine) -> String { String(decoding: bytes[TextLines.trimmed(line.range, in: bytes)], as: UTF8.self) }
        guard let firstStroke = lines.firstIndex(where: { text($0).hasPrefix("stroke ") }) else {
            throw TraceFileError(file: file, line: lines.last!.number, problem: "no \"stroke <i>\" line: not a .cyn file, or it has no strokes")
        }
        guard firstStroke > 0 else {
            throw reader.error(lines[0], nil, "the header with the stroke count is missing before \"stroke 0\"")
        }
        let countLine = lines[firstStroke - 1]
        let countFields = TextLines.whitespaceFields(countLine, in: bytes)
        guard countFields.count == 1 else {
            throw reader.error(countLine, nil, "the line before \"stroke 0\" must be the number of strokes")
        }
        let declared = try reader.number(countFields[0], line: countLine, name: "stroke count")
        guard declared >= 1, declared == declared.rounded(), declared < 1e9 else {
            throw reader.error(countLine, countFields[0], "the stroke count must be a whole number ≥ 1, not \(TextLines.quote(bytes, countFields[0]))")
        }
        let scale = options.cynUnitsPerNormalisedUnit
        var strokes: [TraceAssembly.RawStroke] = []
        var i = firstStroke
        var offset = 0.0
        var rows = 0
        for k in 0..<Int(declared) {
            guard i < lines.count else {
                throw TraceFileError(file: file, line: lines.last!.number,
                                     problem: "the header declares \(Int(declared)) strokes but the file ends after \(k) (truncated?)")
            }
            guard text(lines[i]) == "stroke \(k)" else {
                throw reader.error(lines[i], nil, "expected \"stroke \(k)\", found \(TextLines.quote(bytes, lines[i].range))")
            }
            i += 1
            guard i < lines.count else {
                throw TraceFileError(file: file, line: lines.last!.number, problem: "stroke \(k) has no sample count (truncated?)")
            }
            let nFields = TextLines.whitespaceFields(lines[i], in: bytes)
            guard nFields.count == 1 else { throw reader.error(lines[i], nil, "expected the sample count of stroke \(k), a single number") }
            let n = try reader.number(nFields[0], line: lines[i], name: "sample count")
            guard n >= 1, n == n.rounded(), n < 1e9 else {
                throw reader.error(lines[i], nFields[0], "stroke \(k) must have a whole number ≥ 1 of samples, not \(TextLines.quote(bytes, nFields[0]))")
            }
            i += 1
            var stroke = TraceAssembly.RawStroke(id: "stroke-\(k)")
            stroke.samples.reserveCapacity(min(Int(n), lines.count - i))
            var previous = -Double.infinity
            var first = 0.0
            for j in 0..<Int(n) {
                guard i < lines.count else {
                    throw TraceFileError(file: file, line: lines.last!.number,
                                         problem: "stroke \(k) declares \(Int(n)) samples but the file ends after \(j) (truncated?)")
                }
                let line = lines[i]
                let f = TextLines.whitespaceFields(line, in: bytes)
                guard f.count == 8 else {
                    if f.count == 2, text(line).hasPrefix("stroke ") {
                        throw reader.error(line, nil, "stroke \(k) declares \(Int(n)) samples but only \(j) precede this line")
                    }
                    throw reader.error(line, nil, "a sample has \(f.count) fields; expected 8 (\(fieldNames.joined(separator: " ")))")
                }
                var v = [Double](repeating: 0, count: 8)
                for c in 0..<8 { v[c] = try reader.number(f[c], line: line, name: "\(c + 1) (\(fieldNames[c]))") }
                guard v[0] == Double(j) else {
                    throw reader.error(line, f[0], "sample index \(TextLines.quote(bytes, f[0])) out of sequence; expected \(j)")
                }
                guard v[1] >= previous else {
                    throw reader.error(line, f[1], "time \(JSONText.number(v[1])) goes backwards within stroke \(k) (previous \(JSONText.number(previous)))")
                }
                if j == 0 { first = v[1] }
                previous = v[1]
                var s = TouchSample(time: offset + (v[1] - first), location: Point(x: v[2] * scale, y: v[3] * scale), kind: .stylus)
                s.force = v[4]
                s.maximumPossibleForce = 1
                (s.altitude, s.azimuth) = PenAngles.fromProjectedTilt(x: v[6], y: v[7])
                stroke.samples.append(s)
                stroke.lines.append(line.number)
                i += 1
                rows += 1
            }
            offset = stroke.samples[stroke.samples.count - 1].time + strokeGap
            strokes.append(stroke)
        }
        if i < lines.count {
            throw reader.error(lines[i], nil, "unexpected text after the \(Int(declared)) declared strokes: \(TextLines.quote(bytes, lines[i].range))")
        }
        let metadata = TraceMetadata(source: TraceAssembly.source(.cyn, file: file), device: "pen tablet (HelpingHand dataset)",
                                     units: .pt, resampled: true)
        let trace = try TraceAssembly.trace(file: file, strokes: strokes, channels: [.t, .x, .y, .force, .maxForce, .altitude, .azimuth],
                                            kind: .stylus, metadata: metadata, options: options, rows: rows, retime: false)
        return ImportReport(traces: [trace])
    }
}
