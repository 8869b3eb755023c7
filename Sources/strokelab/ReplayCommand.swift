import ArgumentParser
import Foundation
import StrokeCore
import StrokeIO
import StrokeLab
import StrokeSmoothing

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Write what every stage of a pipeline produced for a trace, as JSON, to check against other implementations.",
        discussion: """
            For each stroke (or --stroke ID): the samples the curve builder received ('filtered': what \
            the last filter emitted, in order, or the input view's samples without filters, as rows of \
            t, x, y, force, maxForce, altitude, azimuth, majorRadius, speed, direction), the committed \
            path elements with their ink (width, opacity, colour, blend), every frame's provisional tail \
            and predicted samples, and the outline when a style makes one. The layout is documented in \
            the README ("Replay files").

            Example: strokelab replay --trace T.json --pipeline 'coalesced|filter:pulled-string(length=8)|interp:linear' --out out/replay.json

            \(WorkBudgetTable.helpText(for: "replay"))
            """)

    @Option(name: .long, help: "Trace file: native JSON or any importable format.")
    var trace: String

    @Option(name: .long, help: "Pipeline label.")
    var pipeline: String

    @Option(name: .long, help: "Only this stroke (default: every stroke).")
    var stroke: String?

    @Option(name: .long, help: "Output JSON file (written atomically).")
    var out: String

    @Option(name: .long, help: "Spec declaring the external pipeline that --pipeline external:NAME names.")
    var spec: String?

    @Flag(name: .customLong("allow-external"), help: "Start the external pipeline (its command runs).")
    var allowExternal = false

    func run() throws {
        var external: ExternalPipeline? = nil
        if pipeline.hasPrefix(ExternalPipeline.labelPrefix) {
            let name = String(pipeline.dropFirst(ExternalPipeline.labelPrefix.count))
            guard let spec else { throw CommandFailure("--pipeline \(pipeline): give the --spec that declares it (external: in the spec)") }
            do {
                let loaded = try ExperimentSpec.load(path: spec)
                let base = (spec as NSString).deletingLastPathComponent
                guard let d = try ExternalPipeline.declared(in: loaded, specPath: spec, baseDirectory: base.isEmpty ? "." : base)
                    .first(where: { $0.name == name }) else {
                    throw CommandFailure("\(spec): no external pipeline '\(name)' is declared in its 'external:' list")
                }
                guard allowExternal else {
                    throw CommandFailure("pipeline '\(pipeline)' runs a program (\(d.command.joined(separator: " "))); external pipelines start only with --allow-external")
                }
                external = ExternalPipeline(d)
            } catch let e as ExperimentError { throw CommandFailure(e.description) }
        }
        let description: PipelineDescription
        do { description = try PipelineDescription(parsing: external == nil ? pipeline : "coalesced-only") } catch { throw CommandFailure(error.description) }
        let traceData: Trace
        do {
            guard let first = try TraceImport.load(path: trace).first else { throw CommandFailure("\(trace): no trace") }
            traceData = first
        } catch let e as TraceFileError { throw CommandFailure(e.description) }
        var strokes = traceData.strokes
        if let id = stroke {
            strokes = strokes.filter { $0.id == id }
            guard !strokes.isEmpty else {
                let ids = traceData.strokes.prefix(12).map(\.id).joined(separator: ", ")
                throw CommandFailure("\(trace): no stroke with id '\(id)' (strokes: \(ids)\(traceData.strokes.count > 12 ? ", …" : ""))")
            }
        }
        guard !strokes.isEmpty else { throw CommandFailure("\(trace): the trace has no strokes") }
        let name = trace.split(separator: "/").last.map(String.init) ?? trace
        do {
            let text = try external.map { e throws(ExternalPipelineError) in try ReplayExport.encode(traceName: name, strokes: strokes, external: e) }
                ?? ReplayExport.encode(traceName: name, strokes: strokes,
                                      pipeline: description.resolved(for: traceData.metadata.physicalScale))
            try AtomicFile.write(text: text, to: out)
        } catch let e as ExternalPipelineError { throw CommandFailure(e.description) } catch { throw CommandFailure("\(error)") }
        print("wrote \(out): \(strokes.count) stroke\(strokes.count == 1 ? "" : "s") through \(external?.declaration.canonical ?? description.canonical)")
    }
}
