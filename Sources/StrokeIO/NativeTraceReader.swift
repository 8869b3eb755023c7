import StrokeCore

/// Reads StrokeLab's native trace format, version 1 (DESIGN.md, "Native trace format").
///
/// Accepts exactly that format, unknown extra keys ignored: a `channels` list (with `t`, `x`,
/// `y` required and per-stroke overrides), strokes with explicit `events` (optional `time`
/// and `predicted`) or a flat `samples` array grouped into events by display frame, and an
/// optional `reference`. Every malformed case throws a ``TraceFileError`` that names the
/// file, the line and column, the stroke (index and id), the event and sample, and the
/// problem. Repeated timestamps are legal; timestamps that go backwards within a stroke are
/// not. Complexity O(file size); sample arrays are parsed compactly (``JSONMatrix``), so
/// memory is about the file plus 8 bytes per number, not a JSON node per number.
public enum NativeTraceReader {
    /// The `format` value of a native trace.
    public static let formatName = "strokelab.trace"
    /// The version this reader reads.
    public static let version = 1

    /// Reads and validates the trace at `path`.
    public static func read(path: String) throws(TraceFileError) -> Trace {
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path) } catch {
            throw TraceFileError(file: path, problem: error.problem)
        }
        return try decode(bytes, file: path)
    }

    /// Decodes a native trace from its bytes; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String) throws(TraceFileError) -> Trace {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes, compactingMatrices: true).node } catch {
            throw TraceFileError(file: file, line: error.line, column: error.column, problem: "not valid JSON: \(error.problem)")
        }
        return try decode(root: root, file: file)
    }

    /// Decodes an already parsed document; `file` names it in errors (the format detector
    /// parses a JSON file once and hands the document here).
    static func decode(root: JSONNode, file: String) throws(TraceFileError) -> Trace {
        var d = Decoder(file: file)
        return try d.trace(root)
    }

    /// The rows of a sample array: a compact ``JSONMatrix`` or, for anything else (a row that
    /// is not an array of numbers, to be reported), the parsed nodes.
    private enum SampleRows {
        case nodes([JSONNode])
        case matrix(JSONMatrix)

        var count: Int {
            switch self {
            case .nodes(let n): return n.count
            case .matrix(let m): return m.rowCount
            }
        }
    }

    private struct Decoder {
        let file: String
        var stroke: Int? = nil
        var strokeID: String? = nil
        var event: Int? = nil
        var sample: Int? = nil

        func fail(_ node: JSONNode?, _ problem: String) -> TraceFileError {
            fail(at: node.map { ($0.line, $0.column) }, problem)
        }

        func fail(at position: (line: Int, column: Int)?, _ problem: String) -> TraceFileError {
            TraceFileError(file: file, line: position?.line, column: position?.column, stroke: stroke, strokeID: strokeID,
                           event: event, sample: sample, problem: problem)
        }

        /// The rows of a sample array, compact or as nodes; `nil` when `node` is not an array.
        func sampleRows(_ node: JSONNode) -> SampleRows? {
            if let m = node.matrix { return .matrix(m) }
            return node.array.map { .nodes($0) }
        }

        /// An error at row `k` of `rows`.
        func fail(_ rows: SampleRows, _ k: Int, _ problem: String) -> TraceFileError {
            switch rows {
            case .nodes(let nodes): return fail(nodes[k], problem)
            case .matrix(let m): return fail(at: m.position(row: k), problem)
            }
        }

        /// Row `k` of `rows` as a sample.
        func sample(_ rows: SampleRows, _ k: Int, columns: [Channel], kind: TouchKind, what: String = "sample") throws(TraceFileError) -> TouchSample {
            switch rows {
            case .nodes(let nodes): return try sample(nodes[k], columns: columns, kind: kind, what: what)
            case .matrix(let m):
                let r = m.row(k)
                guard r.count == columns.count else { throw fail(at: m.position(row: k), countProblem(what, r.count, columns)) }
                var s = TouchSample(time: 0, location: .zero, kind: kind)
                for (c, j) in zip(columns, r) {
                    let x = m.values[j]
                    if let problem = c.problem(with: x) { throw fail(at: m.position(row: k, value: j - r.lowerBound), problem) }
                    c.set(x, in: &s)
                }
                return s
            }
        }

        func countProblem(_ what: String, _ count: Int, _ columns: [Channel]) -> String {
            "a \(what) has \(count) values but the channels are [\(columns.map(\.rawValue).joined(separator: ", "))] (\(columns.count))"
        }

        func string(_ node: JSONNode?, _ what: String) throws(TraceFileError) -> String? {
            guard let node else { return nil }
            if case .null = node.value { return nil }
            guard let s = node.string else { throw fail(node, "\(what) must be a string, not \(node.typeName)") }
            return s
        }

        func positive(_ node: JSONNode?, _ what: String) throws(TraceFileError) -> Double? {
            guard let node else { return nil }
            if case .null = node.value { return nil }
            guard let v = node.number else { throw fail(node, "\(what) must be a number, not \(node.typeName)") }
            guard v > 0 else { throw fail(node, "\(what) must be positive, not \(JSONText.number(v))") }
            return v
        }

        mutating func trace(_ root: JSONNode) throws(TraceFileError) -> Trace {
            guard root.object != nil else { throw fail(root, "the top level must be an object, not \(root.typeName)") }
            guard let format = root["format"] else {
                throw fail(root, "missing \"format\": \"\(NativeTraceReader.formatName)\" (is this a StrokeLab trace?)")
            }
            guard format.string == NativeTraceReader.formatName else {
                throw fail(format, "\"format\" must be \"\(NativeTraceReader.formatName)\"")
            }
            guard let versionNode = root["version"] else { throw fail(root, "missing \"version\"") }
            guard let version = versionNode.number, version == Double(NativeTraceReader.version) else {
                throw fail(versionNode, "unsupported version \(versionNode.number.map(JSONText.number) ?? versionNode.typeName) (this reader reads version \(NativeTraceReader.version))")
            }
            let metadata = try self.metadata(root["metadata"])

            var fileChannels: [Channel]? = nil
            if let node = root["channels"] { fileChannels = try channels(node) }

            guard let strokesNode = root["strokes"] else { throw fail(root, "missing \"strokes\"") }
            guard let strokeNodes = strokesNode.array else {
                throw fail(strokesNode, "\"strokes\" must be an array, not \(strokesNode.typeName)")
            }
            guard !strokeNodes.isEmpty else { throw fail(strokesNode, "the trace has no strokes") }
            var strokes: [Stroke] = []
            strokes.reserveCapacity(strokeNodes.count)
            var ids: Set<String> = []
            for (index, node) in strokeNodes.enumerated() {
                stroke = index
                strokeID = nil
                let s = try self.stroke(node, index: index, fileChannels: fileChannels, metadata: metadata)
                guard ids.insert(s.id).inserted else { throw fail(node["id"] ?? node, "the id \"\(s.id)\" is used by an earlier stroke") }
                strokes.append(s)
            }
            stroke = nil
            strokeID = nil
            return Trace(metadata: metadata, channels: fileChannels ?? Channel.required, strokes: strokes)
        }

        func metadata(_ node: JSONNode?) throws(TraceFileError) -> TraceMetadata {
            guard let node else { return TraceMetadata(source: file) }
            guard node.object != nil else { throw fail(node, "\"metadata\" must be an object, not \(node.typeName)") }
            var units = LengthUnit.pt
            if let u = try string(node["units"], "metadata \"units\"") {
                guard let parsed = LengthUnit(rawValue: u) else {
                    throw fail(node["units"], "unknown units \"\(u)\" (one of: pt, px, mm)")
                }
                units = parsed
            }
            let millimetresPerUnit = try positive(node["millimetresPerUnit"], "metadata \"millimetresPerUnit\"")
            if let mm = millimetresPerUnit, let problem = PhysicalLength.scaleProblem(mm, "metadata \"millimetresPerUnit\"") {
                throw fail(node["millimetresPerUnit"], problem)
            }
            var resampled = false
            if let r = node["resampled"] {
                guard case .bool(let b) = r.value else { throw fail(r, "metadata \"resampled\" must be true or false") }
                resampled = b
            }
            return TraceMetadata(
                source: try string(node["source"], "metadata \"source\"") ?? file,
                device: try string(node["device"], "metadata \"device\""),
                units: units,
                pixelsPerUnit: try positive(node["pixelsPerUnit"], "metadata \"pixelsPerUnit\""),
                sampleRateHz: try positive(node["sampleRateHz"], "metadata \"sampleRateHz\""),
                refreshRateHz: try positive(node["refreshRateHz"], "metadata \"refreshRateHz\"") ?? 60,
                millimetresPerUnit: millimetresPerUnit,
                resampled: resampled)
        }

        func channels(_ node: JSONNode) throws(TraceFileError) -> [Channel] {
            guard let items = node.array else { throw fail(node, "\"channels\" must be an array of names, not \(node.typeName)") }
            var result: [Channel] = []
            for item in items {
                guard let name = item.string else { throw fail(item, "a channel name must be a string, not \(item.typeName)") }
                guard let c = Channel(rawValue: name) else {
                    throw fail(item, "unknown channel \"\(name)\" (known: \(Channel.allCases.map(\.rawValue).joined(separator: ", ")))")
                }
                guard !result.contains(c) else { throw fail(item, "channel \"\(name)\" is listed twice") }
                result.append(c)
            }
            for required in Channel.required where !result.contains(required) {
                throw fail(node, "\"channels\" lacks the required channel \"\(required.rawValue)\"")
            }
            return result
        }

        mutating func stroke(_ node: JSONNode, index: Int, fileChannels: [Channel]?, metadata: TraceMetadata) throws(TraceFileError) -> Stroke {
            guard node.object != nil else { throw fail(node, "a stroke must be an object, not \(node.typeName)") }
            let id = try string(node["id"], "the stroke \"id\"") ?? "stroke-\(index)"
            strokeID = id
            var kind = TouchKind.stylus
            if let k = try string(node["kind"], "the stroke \"kind\"") {
                guard let parsed = TouchKind(rawValue: k) else {
                    throw fail(node["kind"], "unknown kind \"\(k)\" (one of: stylus, finger, mouse)")
                }
                kind = parsed
            }
            var columns = fileChannels
            if let override = node["channels"] { columns = try channels(override) }
            guard let columns else {
                throw fail(node, "no \"channels\": give them at the top level or in the stroke")
            }

            var events: [TouchEvent] = []
            let eventsNode = node["events"], samplesNode = node["samples"]
            switch (eventsNode, samplesNode) {
            case (.some, .some):
                throw fail(node, "a stroke has either \"events\" or \"samples\", not both")
            case (nil, nil):
                throw fail(node, "the stroke has no samples (neither \"events\" nor \"samples\")")
            case (let e?, nil):
                events = try self.events(e, columns: columns, kind: kind)
            case (nil, let s?):
                guard let rows = sampleRows(s) else { throw fail(s, "\"samples\" must be an array, not \(s.typeName)") }
                guard rows.count > 0 else { throw fail(s, "the stroke has no samples") }
                var samples: [TouchSample] = []
                samples.reserveCapacity(rows.count)
                var previous = -Double.infinity
                for k in 0..<rows.count {
                    sample = k
                    let x = try self.sample(rows, k, columns: columns, kind: kind)
                    guard x.time >= previous else {
                        throw fail(rows, k, "t = \(JSONText.number(x.time)) goes backwards (previous sample at \(JSONText.number(previous)))")
                    }
                    previous = x.time
                    samples.append(x)
                }
                sample = nil
                events = FrameGrouping.events(from: samples, refreshRateHz: metadata.refreshRateHz)
            }

            var reference: ReferenceCurve? = nil
            if let r = node["reference"] { reference = try self.reference(r) }
            return Stroke(id: id, kind: kind, events: events, channels: columns, reference: reference)
        }

        mutating func events(_ node: JSONNode, columns: [Channel], kind: TouchKind) throws(TraceFileError) -> [TouchEvent] {
            guard let items = node.array else { throw fail(node, "\"events\" must be an array, not \(node.typeName)") }
            guard !items.isEmpty else { throw fail(node, "the stroke has no samples (\"events\" is empty)") }
            var events: [TouchEvent] = []
            events.reserveCapacity(items.count)
            var previousSample = -Double.infinity
            var previousTime = -Double.infinity
            for (k, item) in items.enumerated() {
                event = k
                guard item.object != nil else { throw fail(item, "an event must be an object, not \(item.typeName)") }
                guard let phaseNode = item["phase"] else { throw fail(item, "missing \"phase\"") }
                guard let phaseText = phaseNode.string, let phase = TouchPhase(rawValue: phaseText) else {
                    throw fail(phaseNode, "\"phase\" must be one of began, moved, ended, cancelled")
                }
                let last = k == items.count - 1
                if k == 0 {
                    guard phase == .began else { throw fail(phaseNode, "the first event must be \"began\", not \"\(phaseText)\"") }
                } else if last {
                    guard phase.isTerminal else {
                        throw fail(phaseNode, "the last event must be \"ended\" or \"cancelled\", not \"\(phaseText)\"")
                    }
                } else {
                    guard phase == .moved else {
                        throw fail(phaseNode, "event \(k) of \(items.count) must be \"moved\", not \"\(phaseText)\"")
                    }
                }
                if items.count == 1 {
                    throw fail(phaseNode, "a stroke needs a \"began\" and an \"ended\" or \"cancelled\" event")
                }
                guard let samplesNode = item["samples"] else { throw fail(item, "missing \"samples\"") }
                guard let rows = sampleRows(samplesNode) else { throw fail(samplesNode, "\"samples\" must be an array, not \(samplesNode.typeName)") }
                guard rows.count > 0 else { throw fail(samplesNode, "an event needs at least one sample") }
                var samples: [TouchSample] = []
                samples.reserveCapacity(rows.count)
                for j in 0..<rows.count {
                    sample = j
                    let s = try self.sample(rows, j, columns: columns, kind: kind)
                    guard s.time >= previousSample else {
                        throw fail(rows, j, "t = \(JSONText.number(s.time)) goes backwards (previous sample at \(JSONText.number(previousSample)))")
                    }
                    previousSample = s.time
                    samples.append(s)
                }
                sample = nil
                var time = samples[samples.count - 1].time
                if let timeNode = item["time"] {
                    guard let t = timeNode.number else { throw fail(timeNode, "\"time\" must be a number, not \(timeNode.typeName)") }
                    guard t >= time else {
                        throw fail(timeNode, "delivery time \(JSONText.number(t)) is before the event's last sample (\(JSONText.number(time)))")
                    }
                    time = t
                }
                guard time >= previousTime else {
                    throw fail(item["time"] ?? item, "delivery time \(JSONText.number(time)) goes backwards (previous event at \(JSONText.number(previousTime)))")
                }
                previousTime = time
                var predicted: [TouchSample] = []
                if let p = item["predicted"] {
                    guard let rows = sampleRows(p) else { throw fail(p, "\"predicted\" must be an array, not \(p.typeName)") }
                    predicted.reserveCapacity(rows.count)
                    for j in 0..<rows.count {
                        sample = j
                        predicted.append(try self.sample(rows, j, columns: columns, kind: kind, what: "predicted sample"))
                    }
                    sample = nil
                }
                events.append(TouchEvent(phase: phase, time: time, samples: samples, predicted: predicted))
            }
            event = nil
            return events
        }

        func sample(_ row: JSONNode, columns: [Channel], kind: TouchKind, what: String = "sample") throws(TraceFileError) -> TouchSample {
            guard let values = row.array else { throw fail(row, "a \(what) must be an array of numbers, not \(row.typeName)") }
            guard values.count == columns.count else {
                throw fail(row, countProblem(what, values.count, columns))
            }
            var s = TouchSample(time: 0, location: .zero, kind: kind)
            for (c, v) in zip(columns, values) {
                guard let x = v.number else {
                    throw fail(v, "channel \"\(c.rawValue)\" must be a number, not \(v.typeName)")
                }
                if let problem = c.problem(with: x) { throw fail(v, problem) }
                c.set(x, in: &s)
            }
            return s
        }

        mutating func reference(_ node: JSONNode) throws(TraceFileError) -> ReferenceCurve {
            event = nil
            guard node.object != nil else { throw fail(node, "\"reference\" must be an object, not \(node.typeName)") }
            var columns: [Channel] = Channel.required
            if let c = node["channels"] { columns = try channels(c) }
            guard let samplesNode = node["samples"] else { throw fail(node, "the reference has no \"samples\"") }
            guard let rows = sampleRows(samplesNode) else { throw fail(samplesNode, "reference \"samples\" must be an array") }
            guard rows.count > 0 else { throw fail(samplesNode, "the reference has no samples") }
            var points: [TimedPoint] = []
            points.reserveCapacity(rows.count)
            var previous = -Double.infinity
            for k in 0..<rows.count {
                sample = k
                let s = try self.sample(rows, k, columns: columns, kind: .stylus, what: "reference sample")
                guard s.time >= previous else {
                    throw fail(rows, k, "reference t = \(JSONText.number(s.time)) goes backwards (previous \(JSONText.number(previous)))")
                }
                previous = s.time
                points.append(TimedPoint(time: s.time, location: s.location))
            }
            sample = nil
            return ReferenceCurve(points: points)
        }
    }
}
