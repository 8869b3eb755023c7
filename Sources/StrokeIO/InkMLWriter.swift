import StrokeCore

/// Writes a trace as W3C InkML that any InkML reader understands and that ``InkMLReader``
/// reads back *identical* (`==`) to the trace written.
///
/// - One `<context>` per distinct channel list, its `<traceFormat>` naming the stroke's
///   channels in the stroke's order: `t` → `T` (units `s`), `x`, `y` → `X`, `Y`, `force` →
///   `F` (no `max`: the value is StrokeLab's force as is), `altitude` → `OE` and `azimuth` →
///   `OA` (units `rad`), and StrokeLab's own `maxForce` and `majorRadius`.
/// - Lengths (`X`, `Y`, `majorRadius`): `mm` and `px` traces say so in `units`. A `pt` trace
///   is in iOS points, which InkML has no unit for — its `pt` is the typographic 1/72 in —
///   so the values are written unchanged as device units (no `units`) of an `<inkSource>`
///   whose `resolution` channel property is 132 per inch
///   (``StrokeCore/LengthUnit/pointsPerInch``): any InkML reader gets the right physical
///   size, and ``InkMLReader`` reads the values back exactly (scale 132/132 = 1).
/// - One `<trace>` per stroke, `xml:id` = the stroke's id when it is a valid XML name not
///   already taken (see ``traceIDs(for:reserved:)``; otherwise a generated `s<k>`, made
///   unique, with the id kept exactly in the annotation), points as explicit values in the
///   shortest text that reads back to the same double (``JSONText/number(_:)``), all of the
///   stroke's coalesced samples in order.
/// - What InkML has no element for goes into annotations, which other readers ignore:
///   `<annotation type="strokelab:source|device|units|pixelsPerUnit|millimetresPerUnit|
///   sampleRateHz|refreshRateHz|resampled|channels">`, and one
///   `<annotationXML type="strokelab:strokes">` with a `<stroke ref="#id">` for each stroke
///   that needs more than the samples: its kind when not stylus, its `<events>` ("phase
///   count time; …") when they differ from the display-frame grouping the reader would
///   rebuild, `<predicted event="k">` samples, and its `<reference>` curve.
///
/// Output is deterministic. Control characters other than tab, CR and LF cannot appear in
/// XML 1.0 and are written as U+FFFD (the only case where a round trip changes text).
/// O(samples).
public enum InkMLWriter {
    /// The InkML namespace.
    public static let namespace = "http://www.w3.org/2003/InkML"

    /// The trace as InkML text.
    public static func encode(_ trace: Trace) -> String {
        let m = trace.metadata
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ink xmlns=\"\(namespace)\">\n"
        func annotation(_ key: String, _ value: String) {
            out += "  <annotation type=\"strokelab:\(key)\">\(escape(value))</annotation>\n"
        }
        annotation("source", m.source)
        if let d = m.device { annotation("device", d) }
        annotation("units", m.units.rawValue)
        if let p = m.pixelsPerUnit { annotation("pixelsPerUnit", JSONText.number(p)) }
        annotation("millimetresPerUnit", m.millimetresPerUnit.map(JSONText.number) ?? "unknown")
        annotation("sampleRateHz", m.sampleRateHz.map(JSONText.number) ?? "unknown")
        annotation("refreshRateHz", JSONText.number(m.refreshRateHz))
        annotation("resampled", m.resampled ? "true" : "false")
        annotation("channels", trace.channels.map(\.rawValue).joined(separator: " "))

        // One context per distinct channel list, in order of first use.
        var formats: [[Channel]] = []
        func formatIndex(_ channels: [Channel]) -> Int {
            if let i = formats.firstIndex(of: channels) { return i }
            formats.append(channels)
            return formats.count - 1
        }
        let strokeChannels = trace.strokes.map { written($0.channels) }
        let indices = strokeChannels.map(formatIndex)
        // iOS points have no InkML unit: device units at 132 per inch (see the type's doc).
        let points = m.units == .pt
        let indent = points ? "        " : "      "
        out += "  <definitions>\n"
        for (i, channels) in formats.enumerated() {
            out += "    <context xml:id=\"strokelab-context-\(i)\">\n"
            if points { out += "      <inkSource xml:id=\"strokelab-source-\(i)\">\n" }
            out += indent + "<traceFormat xml:id=\"strokelab-format-\(i)\">\n"
            for c in channels {
                out += indent + "  <channel name=\"\(inkName(c))\" type=\"decimal\""
                switch c {
                case .t: out += " units=\"s\""
                case .x, .y, .majorRadius: if !points { out += " units=\"\(m.units.rawValue)\"" }
                case .altitude, .azimuth: out += " units=\"rad\""
                default: break
                }
                out += "/>\n"
            }
            out += indent + "</traceFormat>\n"
            if points {
                let resolution = JSONText.number(LengthUnit.pointsPerInch)
                out += "        <channelProperties>\n"
                for axis in ["X", "Y"] {
                    out += "          <channelProperty channel=\"\(axis)\" name=\"resolution\" value=\"\(resolution)\" units=\"1/in\"/>\n"
                }
                out += "        </channelProperties>\n      </inkSource>\n"
            }
            out += "    </context>\n"
        }
        out += "  </definitions>\n"

        var extras = ""
        let reserved = formats.indices.flatMap { ["strokelab-context-\($0)", "strokelab-format-\($0)", "strokelab-source-\($0)"] }
        let xmlIDs = traceIDs(for: trace.strokes.map(\.id), reserved: Set(reserved))
        for (k, stroke) in trace.strokes.enumerated() {
            let xmlID = xmlIDs[k]
            let validID = xmlID == stroke.id
            let channels = strokeChannels[k]
            out += "  <trace xml:id=\"\(escape(xmlID))\" contextRef=\"#strokelab-context-\(indices[k])\">"
            append(stroke.samples, channels: channels, to: &out)
            out += "</trace>\n"

            var parts = ""
            let grouped = stroke.samples.isEmpty ? [] : FrameGrouping.events(from: stroke.samples, refreshRateHz: m.refreshRateHz)
            let regroupable = grouped.count == stroke.events.count
                && zip(grouped, stroke.events).allSatisfy { $0.phase == $1.phase && $0.time == $1.time && $0.samples == $1.samples }
            if !regroupable {
                parts += "\n      <events>"
                parts += stroke.events.map { "\($0.phase.rawValue) \($0.samples.count) \(JSONText.number($0.time))" }.joined(separator: "; ")
                parts += "</events>"
            }
            for (e, event) in stroke.events.enumerated() where !event.predicted.isEmpty {
                parts += "\n      <predicted event=\"\(e)\">"
                append(event.predicted, channels: channels, to: &parts)
                parts += "</predicted>"
            }
            if let reference = stroke.reference {
                parts += "\n      <reference>"
                parts += reference.points.map { "\(JSONText.number($0.time)) \(JSONText.number($0.location.x)) \(JSONText.number($0.location.y))" }
                    .joined(separator: ", ")
                parts += "</reference>"
            }
            if !parts.isEmpty || stroke.kind != .stylus || !validID {
                extras += "    <stroke ref=\"#\(escape(xmlID))\""
                if !validID { extras += " id=\"\(escape(stroke.id))\"" }
                if stroke.kind != .stylus { extras += " kind=\"\(stroke.kind.rawValue)\"" }
                extras += parts.isEmpty ? "/>\n" : ">" + parts + "\n    </stroke>\n"
            }
        }
        if !extras.isEmpty {
            out += "  <annotationXML type=\"strokelab:strokes\">\n" + extras + "  </annotationXML>\n"
        }
        out += "</ink>\n"
        return out
    }

    /// Writes `trace` to `path` atomically (temporary file, then rename).
    public static func write(_ trace: Trace, to path: String) throws(AtomicFile.IOError) {
        try AtomicFile.write(text: encode(trace), to: path)
    }

    /// The stroke's channels, with any missing required one added in front.
    static func written(_ channels: [Channel]) -> [Channel] {
        Channel.required.filter { !channels.contains($0) } + channels
    }

    /// The InkML channel name for a StrokeLab channel.
    static func inkName(_ c: Channel) -> String {
        switch c {
        case .t: return "T"
        case .x: return "X"
        case .y: return "Y"
        case .force: return "F"
        case .altitude: return "OE"
        case .azimuth: return "OA"
        case .maxForce: return "maxForce"
        case .majorRadius: return "majorRadius"
        }
    }

    private static func append(_ samples: [TouchSample], channels: [Channel], to out: inout String) {
        for (i, s) in samples.enumerated() {
            if i > 0 { out += ", " }
            for (c, channel) in channels.enumerated() {
                if c > 0 { out += " " }
                out += JSONText.number(channel.value(of: s))
            }
        }
    }

    /// The `xml:id` of each stroke's `<trace>`, all distinct from each other and from
    /// `reserved` (the document's other ids), so every `contextRef` and annotation `ref`
    /// names exactly one element.
    ///
    /// A stroke keeps its own id when it is a valid XML name (``isXMLName(_:)``), not
    /// reserved, and not used by an earlier stroke. Every other stroke (stroke `k`) gets
    /// `s<k>`, or `s<k>-2`, `s<k>-3`, … when that is taken by *any* stroke id of the trace
    /// (kept or not), a reserved id or an id generated before; the writer then records the
    /// original id in the stroke's annotation, so it reads back exactly. Deterministic;
    /// O(strokes) expected.
    static func traceIDs(for ids: [String], reserved: Set<String>) -> [String] {
        var taken = reserved
        var kept = Array(repeating: false, count: ids.count)
        for (k, id) in ids.enumerated() where isXMLName(id) && !taken.contains(id) {
            taken.insert(id)
            kept[k] = true
        }
        // Generated ids must not equal any id in the trace, even one that is not kept.
        taken.formUnion(ids)
        var out: [String] = []
        out.reserveCapacity(ids.count)
        for (k, id) in ids.enumerated() {
            if kept[k] { out.append(id); continue }
            var candidate = "s\(k)"
            var n = 2
            while taken.contains(candidate) {
                candidate = "s\(k)-\(n)"
                n += 1
            }
            taken.insert(candidate)
            out.append(candidate)
        }
        return out
    }

    /// True for an XML NCName made of ASCII letters, digits, `_`, `-` and `.`, not starting
    /// with a digit, `-` or `.`.
    static func isXMLName(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first.isASCII,
              (first.properties.isAlphabetic || first == "_") else { return false }
        return s.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" || $0 == ".") }
    }

    /// Text escaped for XML content or a double-quoted attribute.
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case let c where c.value < 0x20 || c.value == 0xFFFE || c.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}
