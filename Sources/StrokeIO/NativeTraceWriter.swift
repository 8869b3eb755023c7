import StrokeCore

/// Writes StrokeLab's native trace format, version 1.
///
/// Output is deterministic — the same trace gives the same bytes on every run — so
/// generated datasets can be checked byte for byte: keys in a fixed order, numbers in
/// ``JSONText/number(_:)``'s shortest round-trip form, one event or reference sample per line.
/// Strokes are written with explicit `events`; a stroke's `channels` are written only when
/// they differ from the file's; an event's `time` only when it differs from its last sample.
public enum NativeTraceWriter {
    /// The trace as native-format JSON text.
    /// - Precondition: every number in the trace is finite.
    public static func encode(_ trace: Trace) -> String {
        var out = "{\n"
        out += "  \"format\": \(JSONText.quoted(NativeTraceReader.formatName)),\n"
        out += "  \"version\": \(NativeTraceReader.version),\n"
        out += "  \"metadata\": \(metadata(trace.metadata)),\n"
        out += "  \"channels\": \(channelList(trace.channels)),\n"
        out += "  \"strokes\": ["
        for (k, stroke) in trace.strokes.enumerated() {
            out += k == 0 ? "\n" : ",\n"
            out += "    {\"id\": \(JSONText.quoted(stroke.id)), \"kind\": \(JSONText.quoted(stroke.kind.rawValue))"
            if stroke.channels != trace.channels { out += ", \"channels\": \(channelList(stroke.channels))" }
            out += ",\n     \"events\": ["
            for (j, event) in stroke.events.enumerated() {
                out += j == 0 ? "\n" : ",\n"
                out += "      {\"phase\": \"\(event.phase.rawValue)\""
                if event.time != event.main.time { out += ", \"time\": \(JSONText.number(event.time))" }
                out += ", \"samples\": ["
                append(event.samples, channels: stroke.channels, to: &out)
                out += "]"
                if !event.predicted.isEmpty {
                    out += ", \"predicted\": ["
                    append(event.predicted, channels: stroke.channels, to: &out)
                    out += "]"
                }
                out += "}"
            }
            out += "]"
            if let reference = stroke.reference {
                out += ",\n     \"reference\": {\"channels\": [\"t\", \"x\", \"y\"], \"samples\": ["
                for (i, p) in reference.points.enumerated() {
                    out += i == 0 ? "\n       " : ",\n       "
                    out += "[\(JSONText.number(p.time)), \(JSONText.number(p.location.x)), \(JSONText.number(p.location.y))]"
                }
                out += "]}"
            }
            out += "}"
        }
        out += "\n  ]\n}\n"
        return out
    }

    /// Writes `trace` to `path` atomically (temporary file, then rename).
    public static func write(_ trace: Trace, to path: String) throws(AtomicFile.IOError) {
        try AtomicFile.write(text: encode(trace), to: path)
    }

    private static func append(_ samples: [TouchSample], channels: [Channel], to out: inout String) {
        for (i, s) in samples.enumerated() {
            if i > 0 { out += ", " }
            out += "["
            for (c, channel) in channels.enumerated() {
                if c > 0 { out += ", " }
                out += JSONText.number(channel.value(of: s))
            }
            out += "]"
        }
    }

    private static func channelList(_ channels: [Channel]) -> String {
        "[" + channels.map { JSONText.quoted($0.rawValue) }.joined(separator: ", ") + "]"
    }

    private static func metadata(_ m: TraceMetadata) -> String {
        var fields = ["\"source\": \(JSONText.quoted(m.source))"]
        if let d = m.device { fields.append("\"device\": \(JSONText.quoted(d))") }
        fields.append("\"units\": \"\(m.units.rawValue)\"")
        if let p = m.pixelsPerUnit { fields.append("\"pixelsPerUnit\": \(JSONText.number(p))") }
        if let mm = m.millimetresPerUnit, !(m.units == .mm && mm == 1) {
            fields.append("\"millimetresPerUnit\": \(JSONText.number(mm))")
        }
        if let r = m.sampleRateHz { fields.append("\"sampleRateHz\": \(JSONText.number(r))") }
        fields.append("\"refreshRateHz\": \(JSONText.number(m.refreshRateHz))")
        if m.resampled { fields.append("\"resampled\": true") }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}
