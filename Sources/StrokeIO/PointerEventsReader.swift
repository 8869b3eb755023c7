import StrokeCore

/// Reads a browser Pointer Events recording as JSON, in either of two shapes:
///
/// - one object of parallel arrays, as BDALab's `html_data/signal.json`:
///   `{"x": […], "y": […], "time": […], "pressure": […], "buttons": […], "tiltX": […],
///   "tiltY": […], "pointerType": "pen", …}`;
/// - an array of event objects with the same keys, `[{"x": …, "y": …, "time": …}, …]`.
///
/// `x`, `y` and `time` (or `timeStamp`) are required; the rest is optional. Conversions:
///
/// - x, y: CSS pixels, kept: trace units `px`, physical scale unknown (`millimetresPerUnit`
///   and `pixelsPerUnit` are not set, since neither the screen nor `devicePixelRatio` is
///   recorded), so they are not converted to StrokeLab points (iOS points at 132 per inch).
///   A CSS pixel is a UI unit like an iOS point, so Δs = 0.5 units is meaningful.
/// - time: milliseconds (`performance.now()`-style, fractional) → seconds, rebased so the
///   first event is t = 0. Repeated timestamps are kept (the browser delivers some events
///   with equal times); time must not go backwards.
/// - pen down: `buttons & 1` (the tip) when `buttons` is present, else `pressure > 0`, else
///   every event is down. A stroke is a maximal run of down events; hover events (buttons 0)
///   belong to no stroke.
/// - pressure 0…1 → `force`, `maxForce` 1.
/// - `altitudeAngle`/`azimuthAngle` (radians, Pointer Events 3) when present, else
///   `tiltX`/`tiltY` (degrees) → altitude/azimuth by the W3C conversion
///   (``PenAngles/fromTilt(xDegrees:yDegrees:)``).
/// - `pointerType`: `pen` → stylus, `touch` → finger, `mouse` → mouse (default stylus);
///   a string, or an array whose first value is used.
///
/// The samples are grouped into display-frame events like any raw stream; the recording's own
/// event timing (about 60 Hz, not coalesced) is kept in the sample times. O(n log n).
public enum PointerEventsReader {
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
        let numericKeys = ["x", "y", "time", "pressure", "buttons", "tiltX", "tiltY", "altitudeAngle", "azimuthAngle"]
        var columns: [String: [JSONNode]] = [:]
        var pointerType: JSONNode? = nil
        var count = 0
        if root.object != nil {
            pointerType = root["pointerType"]
            for key in numericKeys + ["timeStamp"] {
                guard let node = root[key] else { continue }
                guard let items = node.array else { throw fail(node, "\"\(key)\" must be an array, not \(node.typeName)") }
                let name = key == "timeStamp" ? "time" : key
                if columns[name] != nil { continue }
                columns[name] = items
            }
            guard let xs = columns["x"] else { throw fail(root, "missing the array \"x\" (is this a Pointer Events recording?)") }
            count = xs.count
            for (key, items) in columns where items.count != count {
                throw fail(root[key] ?? root, "\"\(key)\" has \(items.count) values but \"x\" has \(count); the arrays must have equal lengths")
            }
        } else if let events = root.array {
            count = events.count
            for (i, event) in events.enumerated() {
                guard event.object != nil else { throw fail(event, "event \(i) must be an object, not \(event.typeName)") }
                if i == 0 { pointerType = event["pointerType"] }
                for key in numericKeys {
                    let node = key == "time" ? (event["time"] ?? event["timeStamp"]) : event[key]
                    if i == 0 {
                        if node != nil { columns[key] = [] } else { continue }
                    }
                    guard columns[key] != nil else {
                        if node != nil { throw fail(node!, "event \(i) has \"\(key)\" but event 0 does not; every event needs the same keys") }
                        continue
                    }
                    guard let node else { throw fail(event, "event \(i) lacks \"\(key)\", which event 0 has") }
                    columns[key]!.append(node)
                }
            }
        } else {
            throw fail(root, "the top level must be an object of arrays or an array of events, not \(root.typeName)")
        }
        guard count > 0 else { throw TraceFileError(file: file, line: root.line, problem: "the file has no samples") }
        for key in ["x", "y", "time"] where columns[key] == nil {
            throw fail(root, "missing \"\(key)\"\(key == "time" ? " (or \"timeStamp\")" : "") (is this a Pointer Events recording?)")
        }

        var kind = TouchKind.stylus
        if let p = pointerType {
            let name = p.string ?? p.array?.first?.string
            guard let name else { throw fail(p, "\"pointerType\" must be a string or an array of strings, not \(p.typeName)") }
            switch name {
            case "pen": kind = .stylus
            case "touch": kind = .finger
            case "mouse": kind = .mouse
            default: throw fail(p, "unknown pointerType \"\(name)\" (one of: pen, touch, mouse)")
            }
        }

        func value(_ key: String, _ i: Int) throws(TraceFileError) -> Double? {
            guard let node = columns[key]?[i] else { return nil }
            guard let v = node.number else { throw fail(node, "\"\(key)\"[\(i)] must be a number, not \(node.typeName)") }
            return v
        }
        let hasPressure = columns["pressure"] != nil
        let hasAngles = columns["altitudeAngle"] != nil && columns["azimuthAngle"] != nil
        let hasTilt = hasAngles || (columns["tiltX"] != nil && columns["tiltY"] != nil)
        var strokes: [TraceAssembly.RawStroke] = []
        var current: TraceAssembly.RawStroke? = nil
        var order = TimeOrder()
        var t0: Double? = nil
        for i in 0..<count {
            let timeNode = columns["time"]![i]
            let t = try value("time", i)!
            do { try order.check(t, line: timeNode.line, file: file, what: "\"time\"[\(i)]") } catch {
                var e = error
                e.column = timeNode.column
                throw e
            }
            let start = t0 ?? t
            t0 = start
            let pressure = try value("pressure", i)
            let down: Bool
            if let b = try value("buttons", i) {
                guard b >= 0, b == b.rounded(), b < 1e9 else { throw fail(columns["buttons"]![i], "\"buttons\"[\(i)] must be a whole number ≥ 0") }
                down = Int(b) & 1 == 1
            } else if let pressure {
                down = pressure > 0
            } else {
                down = true
            }
            guard down else {
                if let c = current { strokes.append(c); current = nil }
                continue
            }
            var s = TouchSample(time: (t - start) / 1000, location: Point(x: try value("x", i)!, y: try value("y", i)!), kind: kind)
            if let pressure {
                s.force = pressure
                s.maximumPossibleForce = 1
            }
            if hasAngles {
                s.altitude = try value("altitudeAngle", i)!
                s.azimuth = try value("azimuthAngle", i)!
            } else if hasTilt {
                let tx = try value("tiltX", i)!, ty = try value("tiltY", i)!
                guard abs(tx) <= 90, abs(ty) <= 90 else {
                    throw fail(columns[abs(tx) > 90 ? "tiltX" : "tiltY"]![i], "tilt \(JSONText.number(abs(tx) > 90 ? tx : ty))° is outside −90…90")
                }
                (s.altitude, s.azimuth) = PenAngles.fromTilt(xDegrees: tx, yDegrees: ty)
            }
            if current == nil { current = TraceAssembly.RawStroke(id: "stroke-\(strokes.count)") }
            current!.samples.append(s)
            current!.lines.append(timeNode.line)
        }
        if let c = current { strokes.append(c) }
        var channels: [Channel] = [.t, .x, .y]
        if hasPressure { channels += [.force, .maxForce] }
        if hasTilt { channels += [.altitude, .azimuth] }
        let metadata = TraceMetadata(source: TraceAssembly.source(.pointerEvents, file: file),
                                     device: "web browser Pointer Events (\(kind == .stylus ? "pen" : kind == .finger ? "touch" : "mouse"))",
                                     units: .px)
        let trace = try TraceAssembly.trace(file: file, strokes: strokes, channels: channels, kind: kind,
                                            metadata: metadata, options: options, rows: count)
        return ImportReport(traces: [trace])
    }
}
