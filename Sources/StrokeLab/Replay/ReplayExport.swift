import StrokeCore
import StrokeIO
import StrokeSmoothing

/// What every stage of a pipeline produced for each stroke of a trace, as JSON: the samples
/// the curve builder received, the committed path with its ink, every frame's provisional
/// tail and predicted samples, and the outline — so any result can be checked against
/// another implementation (`strokelab replay`).
///
/// Layout (`format` "strokelab.replay", `version` 1; numbers in shortest round-trip form):
/// ```
/// {"format": "strokelab.replay", "version": 1, "trace": NAME,
///  "pipeline": {"label": L, "canonical": C},
///  "strokes": [
///   {"id": ID,
///    "filtered": {"channels": ["t","x","y","force","maxForce","altitude","azimuth","majorRadius","speed","direction"],
///                 "samples": [[…], …]},          // one row per sample the last filter emitted, in order
///    "committed": {"elements": [["move",x,y], ["line",x,y], ["quad",cx,cy,x,y], ["cubic",c1x,c1y,c2x,c2y,x,y], …],
///                  "ink": [[width, opacity, "rrggbb", "normal"|"erase"], …]},   // per element
///    "frames": [{"event": i, "time": t, "committed": n,  // committed elements by then
///                "provisional": [elements…], "predicted": [[t,x,y], …]}, …],
///    "outline": [[x,y], …]          // when a style makes one polygon (its point order)
///    "outlines": [[[x,y], …], …]}   // when it makes several
///  ]}
/// ```
/// `filtered.samples` are the input view's samples when the pipeline has no filter.
public enum ReplayExport {
    /// The channel names of `filtered.samples` rows.
    public static let channels = ["t", "x", "y", "force", "maxForce", "altitude", "azimuth", "majorRadius", "speed", "direction"]

    /// The JSON text for `strokes` of a trace named `traceName` replayed through `pipeline`
    /// (resolved for the trace's scale by the caller, ``StrokeSmoothing/PipelineDescription/resolved(for:)``).
    public static func encode(traceName: String, strokes: [Stroke], pipeline: PipelineDescription) -> String {
        var replayer = pipeline.makeReplayer()
        return encode(traceName: traceName, strokes: strokes, label: pipeline.label, canonical: pipeline.canonical) {
            replayer.replay($0, options: ReplayOptions(recordsCurveInput: true))
        }
    }

    /// The JSON text for `strokes` replayed through an external pipeline (``ExternalPipeline``):
    /// its answers as a replay; `filtered` is empty (the child's input is the events).
    /// - Throws: ``ExternalPipelineError`` when the child fails.
    public static func encode(traceName: String, strokes: [Stroke], external: ExternalPipeline) throws(ExternalPipelineError) -> String {
        var failure: ExternalPipelineError? = nil
        let text = encode(traceName: traceName, strokes: strokes, label: external.declaration.label,
                          canonical: external.declaration.canonical) { stroke in
            guard failure == nil else { return StrokeReplay() }
            do throws(ExternalPipelineError) { return try external.replay(stroke) } catch { failure = error; return StrokeReplay() }
        }
        external.finish()
        if let failure { throw failure }
        return text
    }

    /// The JSON text of the replays `replay` makes of `strokes`.
    static func encode(traceName: String, strokes: [Stroke], label: String, canonical: String,
                       replay makeReplay: (Stroke) -> StrokeReplay) -> String {
        var out = "{\"format\": \"strokelab.replay\", \"version\": 1, \"trace\": \(JSONText.quoted(traceName)),\n"
        out += " \"pipeline\": {\"label\": \(JSONText.quoted(label)), \"canonical\": \(JSONText.quoted(canonical))},\n"
        out += " \"strokes\": ["
        for (k, stroke) in strokes.enumerated() {
            let replay = makeReplay(stroke)
            out += k == 0 ? "\n" : ",\n"
            out += "  {\"id\": \(JSONText.quoted(stroke.id)),\n"
            out += "   \"filtered\": {\"channels\": [\(channels.map { JSONText.quoted($0) }.joined(separator: ", "))], \"samples\": ["
            out += replay.curveInput.map { s in
                "[" + [s.time, s.location.x, s.location.y, s.force, s.maximumPossibleForce, s.altitude, s.azimuth,
                       s.majorRadius, s.speed, s.direction].map { finite($0) }.joined(separator: ", ") + "]"
            }.joined(separator: ", ")
            out += "]},\n"
            out += "   \"committed\": {\"elements\": [" + replay.ink.elements.map(element).joined(separator: ", ") + "],\n"
            out += "                 \"ink\": [" + replay.ink.attributes.map { a in
                "[\(finite(a.width)), \(finite(a.opacity)), \(JSONText.quoted(a.color.hex)), \(JSONText.quoted(a.blend.rawValue))]"
            }.joined(separator: ", ") + "]},\n"
            out += "   \"frames\": ["
            for (i, f) in replay.frames.enumerated() {
                out += i == 0 ? "\n    " : ",\n    "
                out += "{\"event\": \(f.eventIndex), \"time\": \(finite(f.time)), \"committed\": \(f.committedCount), \"provisional\": ["
                out += replay.provisional.elements[f.provisional].map(element).joined(separator: ", ")
                out += "], \"predicted\": ["
                out += replay.predicted[f.predicted].map { "[\(finite($0.time)), \(finite($0.location.x)), \(finite($0.location.y))]" }
                    .joined(separator: ", ")
                out += "]}"
            }
            out += "]"
            let polygons = replay.outline.filter { !$0.isEmpty }
            if polygons.count == 1 {
                out += ",\n   \"outline\": " + polygon(polygons[0])
            } else if polygons.count > 1 {
                out += ",\n   \"outlines\": [" + polygons.map(polygon).joined(separator: ", ") + "]"
            }
            out += "}"
        }
        out += "\n ]}\n"
        return out
    }

    private static func finite(_ v: Double) -> String { v.isFinite ? JSONText.number(v) : "null" }

    private static func polygon(_ points: [Point]) -> String {
        "[" + points.map { "[\(finite($0.x)), \(finite($0.y))]" }.joined(separator: ", ") + "]"
    }

    private static func element(_ e: PathElement) -> String {
        switch e {
        case .move(let p): return "[\"move\", \(finite(p.x)), \(finite(p.y))]"
        case .line(let p): return "[\"line\", \(finite(p.x)), \(finite(p.y))]"
        case .quadCurve(let p, let c): return "[\"quad\", \(finite(c.x)), \(finite(c.y)), \(finite(p.x)), \(finite(p.y))]"
        case .curve(let p, let c1, let c2):
            return "[\"cubic\", \(finite(c1.x)), \(finite(c1.y)), \(finite(c2.x)), \(finite(c2.y)), \(finite(p.x)), \(finite(p.y))]"
        }
    }
}
