import Foundation
import StrokeCore

/// Reads W3C InkML (Ink Markup Language, W3C Recommendation 20 September 2011).
///
/// **Structure.** Every `<trace>` of type `penDown` (the default) or `indeterminate` is a
/// stroke, in document order, through any nesting of `<traceGroup>`s; `penUp` traces are
/// hover and belong to no stroke; a trace with `continuation="middle"` or `"end"` extends the
/// previous stroke. A stroke's id is the trace's `xml:id` (or `id`), else `stroke-<k>`.
///
/// **Trace formats.** A trace's format comes from its context: `contextRef` on the trace, else
/// the nearest `<traceGroup contextRef>`, else the current context (the last `<context>` or
/// ink-level `<traceFormat>` before it), resolving `traceFormatRef`, `inkSourceRef`,
/// `<inkSource><traceFormat>` and `contextRef` inheritance through `<definitions>`. Without
/// any, the format is the spec's default, `X Y`. Channels may come in **any order**
/// (`<regularChannels>`/`<intermittentChannels>` included); the trace text may use explicit,
/// first- and second-difference encoding (``InkMLTraceText``).
///
/// **Channels → sample.**
/// - `X`, `Y` (required). Units `px` and `mm` are kept as the trace's units; every other
///   physical unit (`cm`, `m`, `in`, `pt`, `pc`, `himetric`) is converted to StrokeLab points
///   — iOS points at 132 per inch (``StrokeCore/LengthUnit/millimetresPerPoint`` = 25.4/132
///   mm). InkML's `pt` is the *typographic* point, 1/72 in, so 1 InkML pt = 132/72 ≈ 1.833
///   StrokeLab pt. Device units (`dev` or none) become points when the inkSource gives a
///   `resolution` channel property (`1/cm`, `1/mm`, `1/in`; 132 `1/in` is exactly StrokeLab's
///   point, which is how ``InkMLWriter`` writes `pt` traces), else stay as `px` with an
///   unknown physical scale. `millimetresPerUnit` follows (1 for mm, 25.4/132 for pt).
/// - `T`: in the channel's `units` (`s`, `ms`, `us`; **ms when not given**, as the spec's
///   examples use), relative to the `<timestamp>` its `respectTo` names, else to the
///   context's `<timestamp>` plus the trace's `timeOffset`. Timestamps may be anchored by
///   `time` (ms), `timeString` (ISO 8601) or `timestampRef` + `timeOffset`. All times are then
///   expressed relative to the earliest anchor used, in seconds, so a file with one anchor
///   keeps its relative T values. Without `T`, a trace with a `duration` spreads its points
///   evenly over it; otherwise samples get a synthetic clock at the inkSource's `sampleRate`
///   (or ``ImportOptions/untimedSampleRateHz``, default 100 Hz), strokes 0.1 s apart, and the
///   trace is marked `resampled` so timing metrics skip it.
/// - `F`: normalised to 0…1 by the channel's `min`/`max` when it declares `max` (then
///   `maxForce` = 1); otherwise taken as is.
/// - Tilt: `OTx`/`OTy` (degrees unless `units="rad"`) by the W3C tilt conversion
///   (``PenAngles/fromTilt(xDegrees:yDegrees:)``), or `OE` (elevation → altitude) and `OA`
///   (azimuth), degrees unless `units="rad"`.
/// - `maxForce`, `majorRadius`: StrokeLab's own channel names (``InkMLWriter``).
/// - Any other channel is read and ignored.
///
/// **StrokeLab's own files.** ``InkMLWriter`` records what InkML has no place for in
/// `<annotation type="strokelab:…">` elements and one `<annotationXML
/// type="strokelab:strokes">` (metadata, channel list, stroke kinds, explicit events,
/// predicted samples, references); when present they are applied, so a written trace reads
/// back identical. Other producers' annotations are ignored.
///
/// Errors (malformed XML, a missing X/Y, bad values, time going backwards within a stroke, a
/// file without strokes) name the file and line, and the stroke and point when inside a trace.
/// Complexity O(file size).
public enum InkMLReader {
    /// Reads the file at `path`.
    public static func read(path: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try decode(try TraceImport.readBytes(path), file: path, options: options)
    }

    /// Decodes InkML text; `file` names it in errors.
    public static func decode(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(TraceFileError) -> ImportReport {
        try options.validate(file: file)
        let root = try XMLTree.parse(bytes, file: file)
        guard root.name == "ink" else {
            throw TraceFileError(file: file, line: root.line, problem: "the document element is <\(root.name)>, not <ink>: not InkML")
        }
        var d = Decoder(file: file, options: options)
        d.index(root)
        return try d.read(root)
    }

    // MARK: - Interpretation

    /// A resolved channel of a trace format.
    struct Channel {
        var name: String
        var units: String?
        var min: Double?
        var max: Double?
        var defaultValue: Double?
        var respectTo: String?
        var intermittent: Bool
    }

    /// A resolved context: what a trace needs to be read.
    struct Context {
        var channels: [Channel]? = nil
        var timestampMs: Double? = nil
        var sampleRateHz: Double? = nil
        var device: String? = nil
        /// StrokeLab points per device unit of X, from a `resolution` channel property
        /// (exactly 1 for 132 per inch, which ``InkMLWriter`` writes for `pt` traces).
        var pointsPerDeviceUnit: Double? = nil
    }

    struct Decoder {
        let file: String
        let options: ImportOptions
        var byID: [String: XMLNode] = [:]
        var notes: [String] = []

        init(file: String, options: ImportOptions) {
            self.file = file
            self.options = options
        }

        func fail(_ node: XMLNode, _ problem: String) -> TraceFileError {
            TraceFileError(file: file, line: node.line, problem: problem)
        }

        /// Records every InkML element with an id, wherever it is. The content of an
        /// `<annotationXML>` is not InkML — StrokeLab's own `<stroke ref=… id=…>` records an
        /// original stroke id there, which may look like any other id — so it is skipped.
        mutating func index(_ node: XMLNode) {
            var stack = [node]
            while let n = stack.popLast() {
                if let id = n.attribute("xml:id"), byID[id] == nil { byID[id] = n }
                if n.name != "annotationXML" { stack.append(contentsOf: n.children) }
            }
        }

        func lookup(_ ref: String, from node: XMLNode, expecting name: String) throws(TraceFileError) -> XMLNode {
            let id = ref.hasPrefix("#") ? String(ref.dropFirst()) : ref
            guard let target = byID[id] else { throw fail(node, "reference \"\(ref)\" names no element") }
            guard target.name == name else { throw fail(node, "reference \"\(ref)\" names a <\(target.name)>, not a <\(name)>") }
            return target
        }

        func number(_ node: XMLNode, _ attribute: String) throws(TraceFileError) -> Double? {
            guard let text = node.attributes[attribute] else { return nil }
            guard let v = DecimalText.parse(text.trimmingCharacters(in: .whitespaces)), v.isFinite else {
                throw fail(node, "attribute \(attribute)=\"\(text.prefix(40))\" of <\(node.name)> is not a finite number")
            }
            return v
        }

        /// The channels of a `<traceFormat>` (following `href`), regular first.
        func channels(of format: XMLNode, depth: Int = 0) throws(TraceFileError) -> [Channel] {
            guard depth < 16 else { throw fail(format, "traceFormat references nest too deeply (a cycle?)") }
            if let href = format.attributes["href"], format.children.isEmpty {
                return try channels(of: try lookup(href, from: format, expecting: "traceFormat"), depth: depth + 1)
            }
            var regular: [Channel] = [], intermittent: [Channel] = []
            func collect(_ node: XMLNode, intermittentGroup: Bool) throws(TraceFileError) {
                for c in node.children {
                    switch c.name {
                    case "channel":
                        guard let name = c.attributes["name"], !name.isEmpty else { throw fail(c, "a <channel> without a name") }
                        var ch = Channel(name: name, units: c.attributes["units"], intermittent: intermittentGroup)
                        ch.min = try number(c, "min")
                        ch.max = try number(c, "max")
                        if let d = c.attributes["default"] {
                            ch.defaultValue = d == "T" ? 1 : d == "F" ? 0 : DecimalText.parse(d)
                        }
                        ch.respectTo = c.attributes["respectTo"]
                        if intermittentGroup { intermittent.append(ch) } else { regular.append(ch) }
                    case "intermittentChannels": try collect(c, intermittentGroup: true)
                    case "regularChannels": try collect(c, intermittentGroup: false)
                    default: break
                    }
                }
            }
            try collect(format, intermittentGroup: false)
            guard !(regular.isEmpty && intermittent.isEmpty) else { throw fail(format, "a <traceFormat> without channels") }
            return regular + intermittent
        }

        /// The absolute time of a `<timestamp>`, in milliseconds.
        func timestampMs(_ node: XMLNode, depth: Int = 0) throws(TraceFileError) -> Double {
            guard depth < 32 else { throw fail(node, "timestamp references nest too deeply (a cycle?)") }
            if let t = try number(node, "time") { return t }
            if let s = node.attributes["timeString"] {
                let f = ISO8601DateFormatter()
                f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                let g = ISO8601DateFormatter()
                guard let date = f.date(from: s) ?? g.date(from: s) else {
                    throw fail(node, "timeString \"\(s.prefix(40))\" is not an ISO 8601 date-time")
                }
                return date.timeIntervalSince1970 * 1000
            }
            var base = 0.0
            if let ref = node.attributes["timestampRef"] {
                base = try timestampMs(try lookup(ref, from: node, expecting: "timestamp"), depth: depth + 1)
            }
            return base + (try number(node, "timeOffset") ?? 0)
        }

        /// Resolves the context described by `node` (a `<context>`, or any element with a
        /// `contextRef`) on top of `base`.
        func context(_ node: XMLNode, base: Context, depth: Int = 0) throws(TraceFileError) -> Context {
            guard depth < 32 else { throw fail(node, "context references nest too deeply (a cycle?)") }
            var ctx = base
            if let ref = node.attributes["contextRef"] {
                let target = try lookup(ref, from: node, expecting: "context")
                ctx = try context(target, base: Context(), depth: depth + 1)
            }
            guard node.name == "context" else { return ctx }
            var source: XMLNode? = node.child("inkSource")
            if source == nil, let ref = node.attributes["inkSourceRef"] { source = try lookup(ref, from: node, expecting: "inkSource") }
            if let source {
                if let f = source.child("traceFormat") { ctx.channels = try channels(of: f) }
                if let rate = source.child("sampleRate") { ctx.sampleRateHz = try number(rate, "value") }
                let name = [source.attributes["manufacturer"], source.attributes["model"]].compactMap { $0 }.joined(separator: " ")
                if !name.isEmpty { ctx.device = name }
                if let props = source.child("channelProperties") {
                    for p in props.children where p.name == "channelProperty" && p.attributes["channel"] == "X"
                        && p.attributes["name"] == "resolution" {
                        guard let v = try number(p, "value"), v > 0 else { continue }
                        switch p.attributes["units"] {
                        case "1/mm": ctx.pointsPerDeviceUnit = PhysicalLength.pointsPerMillimetre / v
                        case "1/cm": ctx.pointsPerDeviceUnit = PhysicalLength.pointsPerMillimetre * 10 / v
                        case "1/in": ctx.pointsPerDeviceUnit = LengthUnit.pointsPerInch / v
                        default: break
                        }
                    }
                }
            }
            if let f = node.child("traceFormat") {
                ctx.channels = try channels(of: f)
            } else if let ref = node.attributes["traceFormatRef"] {
                ctx.channels = try channels(of: try lookup(ref, from: node, expecting: "traceFormat"))
            }
            if let ts = node.child("timestamp") {
                ctx.timestampMs = try timestampMs(ts)
            } else if let ref = node.attributes["timestampRef"] {
                ctx.timestampMs = try timestampMs(try lookup(ref, from: node, expecting: "timestamp"))
            }
            return ctx
        }

        // MARK: Reading

        /// A stroke as read, before timing is finalised.
        struct Pending {
            var id: String
            var samples: [TouchSample]
            var lines: [Int]
            /// Absolute anchor of the T values (ms), when anchored.
            var anchorMs: Double?
            var timed: Bool
            var line: Int
            var channelSet: [StrokeCore.Channel]
        }

        mutating func read(_ root: XMLNode) throws(TraceFileError) -> ImportReport {
            var annotations: [String: String] = [:]
            var annotationNodes: [String: XMLNode] = [:]
            var strokesAnnotation: XMLNode? = nil
            var pending: [Pending] = []
            var unit: (units: LengthUnit, millimetres: Double?)? = nil
            var current = Context()
            var sampleRate: Double? = nil
            var device: String? = nil
            var hoverTraces = 0

            func walk(_ node: XMLNode, ctx inherited: Context, depth: Int) throws(TraceFileError) {
                for child in node.children {
                    switch child.name {
                    case "annotation" where node === root:
                        if let type = child.attributes["type"], type.hasPrefix("strokelab:") {
                            annotations[type] = child.text
                            annotationNodes[type] = child
                        }
                    case "annotationXML" where node === root:
                        if child.attributes["type"] == "strokelab:strokes" { strokesAnnotation = child }
                    case "context" where node === root:
                        current = try context(child, base: current)
                        sampleRate = current.sampleRateHz ?? sampleRate
                        device = current.device ?? device
                    case "traceFormat" where node === root:
                        current.channels = try channels(of: child)
                    case "traceGroup":
                        let ctx = try context(child, base: node === root ? current : inherited)
                        try walk(child, ctx: ctx, depth: depth + 1)
                    case "trace":
                        let ctx = try context(child, base: node === root ? current : inherited)
                        sampleRate = sampleRate ?? ctx.sampleRateHz
                        device = device ?? ctx.device
                        let type = child.attributes["type"] ?? "penDown"
                        guard ["penDown", "penUp", "indeterminate"].contains(type) else {
                            throw fail(child, "trace type \"\(type)\" is not penDown, penUp or indeterminate")
                        }
                        if type == "penUp" { hoverTraces += 1; continue }
                        var p = try readTrace(child, ctx: ctx, index: pending.count, unit: &unit)
                        if let cont = child.attributes["continuation"], cont == "middle" || cont == "end", !pending.isEmpty {
                            let last = pending.count - 1
                            guard pending[last].channelSet == p.channelSet else {
                                throw fail(child, "a continuation trace must have the same channels as the trace it continues")
                            }
                            if p.anchorMs != pending[last].anchorMs, let a = p.anchorMs, let b = pending[last].anchorMs {
                                for k in p.samples.indices { p.samples[k].time += (a - b) / 1000 }
                            }
                            pending[last].samples += p.samples
                            pending[last].lines += p.lines
                        } else {
                            pending.append(p)
                        }
                    default: break
                    }
                }
            }
            try walk(root, ctx: current, depth: 0)

            guard !pending.isEmpty else {
                throw fail(root, hoverTraces > 0 ? "no pen-down traces: all \(hoverTraces) traces are penUp (hover)" : "the file has no <trace>, so there is no stroke")
            }

            // Timing: express every anchored stroke relative to the earliest anchor.
            let base = pending.compactMap(\.anchorMs).min() ?? 0
            let untimed = pending.contains { !$0.timed }
            let syntheticRate = options.untimedSampleRateHz ?? sampleRate ?? 100
            var offset = 0.0
            for k in pending.indices {
                if let a = pending[k].anchorMs, a != base {
                    let shift = (a - base) / 1000
                    for j in pending[k].samples.indices { pending[k].samples[j].time += shift }
                }
                if !pending[k].timed {
                    for j in pending[k].samples.indices { pending[k].samples[j].time = offset + Double(j) / syntheticRate }
                    offset = pending[k].samples[pending[k].samples.count - 1].time + CynReader.strokeGap
                }
            }
            if untimed {
                notes.append("\(file): \(pending.filter { !$0.timed }.count) trace(s) have no time channel; synthetic times at \(JSONText.number(syntheticRate)) Hz were given and the trace is marked resampled")
            }
            // Time must not go backwards within a stroke, and nothing may have overflowed.
            for (k, p) in pending.enumerated() {
                try TraceAssembly.checkFinite(p.samples, lines: p.lines, file: file, stroke: k, id: p.id)
                for j in p.samples.indices.dropFirst() where p.samples[j].time < p.samples[j - 1].time {
                    throw TraceFileError(file: file, line: p.lines[j], stroke: k, strokeID: p.id, sample: j,
                                         problem: "T = \(JSONText.number(p.samples[j].time)) s goes backwards (previous point at \(JSONText.number(p.samples[j - 1].time)) s)")
                }
            }
            // Stroke ids must be unique: a repeated id becomes "<id>-2", "<id>-3", …, skipping
            // any suffix that is itself some trace's id (so "a", "a", "a-2" gives a, a-3, a-2).
            var taken = Set(pending.map(\.id))
            var seen: Set<String> = []
            var nextSuffix: [String: Int] = [:]
            for k in pending.indices {
                let id = pending[k].id
                guard !seen.insert(id).inserted else { continue }
                var n = nextSuffix[id] ?? 2
                while taken.contains("\(id)-\(n)") { n += 1 }
                nextSuffix[id] = n + 1
                pending[k].id = "\(id)-\(n)"
                taken.insert(pending[k].id)
            }

            var metadata = TraceMetadata(source: TraceAssembly.source(.inkml, file: file), device: device,
                                         units: unit?.units ?? .px, millimetresPerUnit: unit?.millimetres,
                                         resampled: untimed)
            try applyMetadataAnnotations(annotations, to: &metadata, root: root)
            if let d = options.device { metadata.device = d }
            let refresh = options.refreshRateHz ?? metadata.refreshRateHz
            metadata.refreshRateHz = refresh
            let extras = try strokeExtras(strokesAnnotation)

            var strokes: [Stroke] = []
            var intervals: [Double] = []
            for (k, p) in pending.enumerated() {
                var samples = p.samples
                let extra = extras[p.id] ?? extras["#\(k)"]
                let kind = extra?.kind ?? .stylus
                for j in samples.indices { samples[j].kind = kind }
                if let hz = options.retimeHz, p.timed { Retiming.retime(&samples, nominalRateHz: hz) }
                for (a, b) in zip(samples, samples.dropFirst()) where b.time > a.time { intervals.append(b.time - a.time) }
                var events: [TouchEvent]
                if let spec = extra?.events {
                    events = try explicitEvents(spec, samples: samples, stroke: k, id: extra?.id ?? p.id)
                } else {
                    events = FrameGrouping.events(from: samples, refreshRateHz: refresh)
                }
                if let predicted = extra?.predicted {
                    for (e, values) in predicted {
                        guard e < events.count else {
                            throw TraceFileError(file: file, line: extra?.line, stroke: k, strokeID: p.id,
                                                 problem: "predicted samples for event \(e) but the stroke has \(events.count) events")
                        }
                        events[e].predicted = try sampleRows(values, channels: p.channelSet, kind: kind, stroke: k, id: p.id, line: extra?.line)
                    }
                }
                var reference: ReferenceCurve? = nil
                if let r = extra?.reference {
                    let rows = try sampleRows(r, channels: [.t, .x, .y], kind: kind, stroke: k, id: p.id, line: extra?.line)
                    guard zip(rows, rows.dropFirst()).allSatisfy({ $0.time <= $1.time }) else {
                        throw TraceFileError(file: file, line: extra?.line, stroke: k, strokeID: p.id, problem: "reference times go backwards")
                    }
                    reference = ReferenceCurve(points: rows.map { TimedPoint(time: $0.time, location: $0.location) })
                }
                strokes.append(Stroke(id: extra?.id ?? p.id, kind: kind, events: events, channels: p.channelSet, reference: reference))
            }
            if annotations["strokelab:sampleRateHz"] == nil {
                metadata.sampleRateHz = TraceAssembly.median(&intervals).flatMap(TraceAssembly.rate(fromInterval:)) ?? sampleRate
            }
            var traceChannels = strokes[0].channels
            if let list = annotations["strokelab:channels"] {
                let node = annotationNodes["strokelab:channels"] ?? root
                traceChannels = []
                for name in list.split(separator: " ") {
                    guard let c = StrokeCore.Channel(rawValue: String(name)) else { throw fail(node, "strokelab:channels names an unknown channel \"\(name.prefix(20))\"") }
                    guard !traceChannels.contains(c) else { throw fail(node, "strokelab:channels lists \"\(name)\" twice") }
                    traceChannels.append(c)
                }
                // The same rule as the native format's "channels": t, x and y are always there.
                for required in StrokeCore.Channel.required where !traceChannels.contains(required) {
                    throw fail(node, "strokelab:channels lacks the required channel \"\(required.rawValue)\"")
                }
            }
            return ImportReport(traces: [Trace(metadata: metadata, channels: traceChannels, strokes: strokes)], notes: notes)
        }

        /// Reads one `<trace>` into samples in trace units (times relative to its anchor).
        func readTrace(_ node: XMLNode, ctx: Context, index: Int,
                       unit: inout (units: LengthUnit, millimetres: Double?)?) throws(TraceFileError) -> Pending {
            let id = node.attribute("xml:id") ?? "stroke-\(index)"
            let format = ctx.channels ?? [Channel(name: "X", intermittent: false), Channel(name: "Y", intermittent: false)]
            func find(_ names: String...) -> Int? {
                format.firstIndex { c in names.contains { $0.lowercased() == c.name.lowercased() } }
            }
            guard let xi = find("X") else { throw fail(node, "the trace format has no X channel (channels: \(format.map(\.name).joined(separator: " ")))") }
            guard let yi = find("Y") else { throw fail(node, "the trace format has no Y channel (channels: \(format.map(\.name).joined(separator: " ")))") }
            let ti = find("T"), fi = find("F")
            let otx = find("OTx"), oty = find("OTy"), oa = find("OA"), oe = find("OE")
            let mfi = find("maxForce"), mri = find("majorRadius")

            // Spatial unit of this trace, and the scale into the file's trace unit.
            let xUnits = format[xi].units
            if let yUnits = format[yi].units, let xUnits, yUnits != xUnits {
                throw fail(node, "X is in \(xUnits) but Y in \(yUnits); both must use the same unit")
            }
            let mine: (units: LengthUnit, millimetres: Double?, scale: Double)
            switch xUnits?.lowercased() {
            case "mm": mine = (.mm, 1, 1)
            case "px": mine = (.px, nil, 1)
            case let u? where PhysicalLength.millimetres(perUnitNamed: u) != nil:
                // Every other physical unit — `pt` included, which in InkML is the
                // typographic 1/72 in (132/72 ≈ 1.833 StrokeLab points) — becomes iOS points.
                let mm = PhysicalLength.millimetres(perUnitNamed: u)!
                mine = (.pt, LengthUnit.millimetresPerPoint, mm * PhysicalLength.pointsPerMillimetre)
            default:
                if let scale = ctx.pointsPerDeviceUnit {
                    mine = (.pt, LengthUnit.millimetresPerPoint, scale)
                } else {
                    mine = (.px, nil, 1)
                }
            }
            var scale = mine.scale
            if let u = unit {
                if u.units != mine.units {
                    // Convert into the first trace's unit when both are physical.
                    guard let a = u.millimetres, let b = mine.millimetres else {
                        throw fail(node, "this trace's coordinates are in \(mine.units.rawValue) but earlier ones in \(u.units.rawValue); they cannot be converted")
                    }
                    scale = mine.scale * b / a
                }
            } else {
                unit = (mine.units, mine.millimetres)
            }

            var timeScale = 1.0 / 1000   // ms unless stated
            if let ti, let u = format[ti].units?.lowercased() {
                switch u {
                case "s": timeScale = 1
                case "ms": timeScale = 1.0 / 1000
                case "us", "µs": timeScale = 1.0 / 1_000_000
                default: throw fail(node, "unknown time unit \"\(u)\" for T (one of: s, ms, us)")
                }
            }
            var anchor: Double? = nil
            if let ti, let ref = format[ti].respectTo {
                anchor = try timestampMs(try lookup(ref, from: node, expecting: "timestamp"))
            } else if ctx.timestampMs != nil || node.attributes["timeOffset"] != nil {
                anchor = (ctx.timestampMs ?? 0) + (try number(node, "timeOffset") ?? 0)
            }

            let specs = format.map { InkMLTraceText.ChannelSpec(name: $0.name, intermittent: $0.intermittent, defaultValue: $0.defaultValue) }
            let decoded = try InkMLTraceText.decode(node.text, channels: specs, file: file, startLine: node.line, stroke: index, strokeID: id)
            guard !decoded.values.isEmpty else { throw fail(node, "trace \"\(id)\" has no points") }

            var channelSet: [StrokeCore.Channel] = []
            var tiltAdded = false
            for (c, ch) in format.enumerated() {
                switch c {
                case xi: channelSet.append(.x)
                case yi: channelSet.append(.y)
                case ti: channelSet.append(.t)
                case fi:
                    channelSet.append(.force)
                    if ch.max != nil, mfi == nil { channelSet.append(.maxForce) }
                case otx, oty:
                    if !tiltAdded && oa == nil && oe == nil { channelSet += [.altitude, .azimuth]; tiltAdded = true }
                case oe: channelSet.append(.altitude)
                case oa: channelSet.append(.azimuth)
                case mfi: channelSet.append(.maxForce)
                case mri: channelSet.append(.majorRadius)
                default: break
                }
            }
            if ti == nil { channelSet.insert(.t, at: 0) }
            var seen = Set<StrokeCore.Channel>()
            channelSet = channelSet.filter { seen.insert($0).inserted }

            func angle(_ c: Int, _ v: Double) -> Double { format[c].units?.lowercased() == "rad" ? v : v * .pi / 180 }
            let duration = try number(node, "duration")
            var samples: [TouchSample] = []
            samples.reserveCapacity(decoded.values.count)
            for (j, row) in decoded.values.enumerated() {
                func required(_ c: Int) throws(TraceFileError) -> Double {
                    guard !row[c].isNaN else {
                        throw TraceFileError(file: file, line: decoded.lines[j], stroke: index, strokeID: id, sample: j,
                                             problem: "channel \(format[c].name) has no value ('?' or a missing intermittent value)")
                    }
                    return row[c]
                }
                var s = TouchSample(time: 0, location: Point(x: try required(xi) * scale, y: try required(yi) * scale), kind: .stylus)
                if let ti {
                    s.time = try required(ti) * timeScale
                } else if let duration, decoded.values.count > 1 {
                    s.time = Double(j) * duration / Double(decoded.values.count - 1) / 1000
                }
                if let fi, !row[fi].isNaN {
                    if let max = format[fi].max {
                        let min = format[fi].min ?? 0
                        s.force = max > min ? (row[fi] - min) / (max - min) : 0
                        if mfi == nil { s.maximumPossibleForce = 1 }
                    } else {
                        s.force = row[fi]
                    }
                }
                if oa == nil && oe == nil, otx != nil || oty != nil {
                    let tx = otx.map { angle($0, row[$0]) * 180 / .pi } ?? 0
                    let ty = oty.map { angle($0, row[$0]) * 180 / .pi } ?? 0
                    if !tx.isNaN && !ty.isNaN {
                        guard abs(tx) <= 90, abs(ty) <= 90 else {
                            throw TraceFileError(file: file, line: decoded.lines[j], stroke: index, strokeID: id, sample: j,
                                                 problem: "tilt (\(JSONText.number(tx))°, \(JSONText.number(ty))°) is outside −90…90°")
                        }
                        (s.altitude, s.azimuth) = PenAngles.fromTilt(xDegrees: tx, yDegrees: ty)
                    }
                }
                if let oe, !row[oe].isNaN { s.altitude = angle(oe, row[oe]) }
                if let oa, !row[oa].isNaN { s.azimuth = angle(oa, row[oa]) }
                if let mfi, !row[mfi].isNaN { s.maximumPossibleForce = row[mfi] }
                if let mri, !row[mri].isNaN { s.majorRadius = row[mri] * scale }
                samples.append(s)
            }
            let timed = ti != nil || (duration != nil && decoded.values.count > 1)
            return Pending(id: id, samples: samples, lines: decoded.lines, anchorMs: timed ? anchor : nil, timed: timed,
                           line: node.line, channelSet: channelSet)
        }

        func applyMetadataAnnotations(_ a: [String: String], to m: inout TraceMetadata, root: XMLNode) throws(TraceFileError) {
            func positive(_ key: String) throws(TraceFileError) -> Double?? {
                guard let text = a["strokelab:" + key] else { return .none }
                if text == "unknown" { return .some(nil) }
                guard let v = DecimalText.parse(text), v > 0, v.isFinite else {
                    throw fail(root, "annotation strokelab:\(key) must be a positive number or \"unknown\", not \"\(text.prefix(40))\"")
                }
                return .some(v)
            }
            if let s = a["strokelab:source"] { m.source = s }
            if let d = a["strokelab:device"] { m.device = d }
            if let u = a["strokelab:units"] {
                guard let units = LengthUnit(rawValue: u) else { throw fail(root, "annotation strokelab:units \"\(u.prefix(20))\" is not pt, px or mm") }
                m.units = units
            }
            if case .some(let v) = try positive("pixelsPerUnit") { m.pixelsPerUnit = v }
            if case .some(let v) = try positive("millimetresPerUnit") {
                if let v, let problem = PhysicalLength.scaleProblem(v, "annotation strokelab:millimetresPerUnit") { throw fail(root, problem) }
                m.millimetresPerUnit = v
            }
            if case .some(let v) = try positive("sampleRateHz") { m.sampleRateHz = v }
            if case .some(let v?) = try positive("refreshRateHz") { m.refreshRateHz = v }
            if let r = a["strokelab:resampled"] {
                guard r == "true" || r == "false" else { throw fail(root, "annotation strokelab:resampled must be true or false") }
                m.resampled = r == "true"
            }
        }

        /// Per-stroke extras from `<annotationXML type="strokelab:strokes">`.
        struct Extra {
            var id: String?
            var kind: TouchKind?
            var events: String?
            var predicted: [(Int, String)] = []
            var reference: String?
            var line: Int
        }

        func strokeExtras(_ node: XMLNode?) throws(TraceFileError) -> [String: Extra] {
            guard let node else { return [:] }
            var out: [String: Extra] = [:]
            for s in node.children where s.name == "stroke" {
                guard let ref = s.attributes["ref"] else { throw fail(s, "a strokelab <stroke> annotation without ref") }
                var e = Extra(line: s.line)
                e.id = s.attributes["id"]
                if let k = s.attributes["kind"] {
                    guard let kind = TouchKind(rawValue: k) else { throw fail(s, "unknown stroke kind \"\(k.prefix(20))\"") }
                    e.kind = kind
                }
                for c in s.children {
                    switch c.name {
                    case "events": e.events = c.text
                    case "reference": e.reference = c.text
                    case "predicted":
                        guard let k = c.attributes["event"].flatMap({ Int($0) }), k >= 0 else { throw fail(c, "<predicted> needs event=\"index\"") }
                        e.predicted.append((k, c.text))
                    default: break
                    }
                }
                out[ref.hasPrefix("#") ? String(ref.dropFirst()) : ref] = e
            }
            return out
        }

        /// Rows of StrokeLab channel values: "v v v, v v v".
        func sampleRows(_ text: String, channels: [StrokeCore.Channel], kind: TouchKind, stroke: Int, id: String,
                        line: Int?) throws(TraceFileError) -> [TouchSample] {
            var rows: [TouchSample] = []
            for point in text.split(separator: ",") {
                let fields = point.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
                guard fields.count == channels.count else {
                    throw TraceFileError(file: file, line: line, stroke: stroke, strokeID: id,
                                         problem: "an annotated sample has \(fields.count) values; expected \(channels.count)")
                }
                var s = TouchSample(time: 0, location: .zero, kind: kind)
                for (c, f) in zip(channels, fields) {
                    guard let v = DecimalText.parse(f), v.isFinite else {
                        throw TraceFileError(file: file, line: line, stroke: stroke, strokeID: id, problem: "\"\(ErrorText.excerpt(f, limit: 30))\" is not a finite number")
                    }
                    if let problem = c.problem(with: v) {
                        throw TraceFileError(file: file, line: line, stroke: stroke, strokeID: id, problem: problem)
                    }
                    c.set(v, in: &s)
                }
                rows.append(s)
            }
            return rows
        }

        /// Events from "phase count time; …" over `samples`.
        func explicitEvents(_ spec: String, samples: [TouchSample], stroke: Int, id: String) throws(TraceFileError) -> [TouchEvent] {
            func bad(_ problem: String) -> TraceFileError { TraceFileError(file: file, stroke: stroke, strokeID: id, problem: "strokelab events annotation: " + problem) }
            var events: [TouchEvent] = []
            var next = 0
            var previousTime = -Double.infinity
            let items = spec.split(separator: ";").map { $0.split(separator: " ") }.filter { !$0.isEmpty }
            for (k, item) in items.enumerated() {
                guard item.count == 3, let phase = TouchPhase(rawValue: String(item[0])), let n = Int(item[1]), n >= 1,
                      let time = DecimalText.parse(item[2]), time.isFinite else {
                    throw bad("event \(k) must be \"phase count time\"")
                }
                let expected: Bool = k == 0 ? phase == .began : (k == items.count - 1 ? phase.isTerminal : phase == .moved)
                guard expected, items.count >= 2 else { throw bad("event \(k) has phase \(phase.rawValue) out of order") }
                guard next + n <= samples.count else { throw bad("the events hold more samples than the trace's \(samples.count)") }
                let group = Array(samples[next..<(next + n)])
                guard time >= group[group.count - 1].time, time >= previousTime else { throw bad("event \(k)'s time is before its samples or the previous event") }
                previousTime = time
                events.append(TouchEvent(phase: phase, time: time, samples: group))
                next += n
            }
            guard next == samples.count else {
                throw bad("the events hold \(next) samples but the trace has \(samples.count)")
            }
            return events
        }
    }
}
