import ArgumentParser
import StrokeCore
import StrokeIO
import StrokeRaster
import StrokeSmoothing

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw one stroke of a trace through several pipelines, side by side (PNG, SVG or PDF).",
        discussion: """
            One panel per pipeline, all at the same zoom, titled with the pipeline label. The \
            committed path is black; at a chosen --frame the provisional tail is blue and the \
            predicted segments blue and dashed. Orange dots are main samples, grey dots the other \
            coalesced samples, the green line the reference. A red box marks the region shown \
            magnified in a square beside each panel (by default where the drawn paths stray farthest \
            from the reference, or the pen tip at --frame).

            Example: strokelab render --trace Datasets/synthetic/stylus-240hz-60fps.json --stroke circle-fast \
            --pipeline linear --pipeline midpoint-bezier --pipeline coalesced-only --out out/circle.png
            """)

    @Option(name: .long, help: "Trace file: native JSON or any importable format (detected: .svc, Wacom CSV, Pointer Events JSON, .cyn, InkML).")
    var trace: String

    @Option(name: .long, help: "Pipeline label; repeat for several panels (default: the four seed presets).")
    var pipeline: [String] = []

    @Option(name: .long, help: "Stroke id (default: the trace's first stroke).")
    var stroke: String?

    @Option(name: .long, parsing: .unconditional, help: "Show the display at this frame (0-based event index) with its provisional and predicted parts, instead of the finished stroke.")
    var frame: Int?

    @Option(name: .long, help: "Magnify this region in every panel: x,y,width,height in trace units (default: chosen automatically).")
    var inset: String?

    @Flag(name: .long, help: "No zoomed inset.")
    var noInset = false

    @Flag(name: .long, help: "Do not draw the input sample dots.")
    var noSamples = false

    @Option(name: .long, parsing: .unconditional, help: "Panels per row (default: 2 with the inset, 3 without).")
    var columns: Int?

    @Option(name: .long, parsing: .unconditional, help: "Panel width in pixels (height follows the stroke's shape, at most the width).")
    var panelSize: Int = 420

    @Option(name: .long, parsing: .unconditional, help: "Stroke width in trace units (default: about 1/150 of the stroke's size, at most 2).")
    var width: Double?

    @Option(name: .long, help: "Output file: .png, .svg or .pdf.")
    var out: String

    func run() throws {
        let format: RasterFormat
        do { format = try RasterFormat.of(path: out) } catch { throw CommandFailure(error.description) }
        let traceData: Trace
        do {
            guard let first = try TraceImport.load(path: trace).first else { throw CommandFailure("\(trace): no trace") }
            traceData = first
        } catch let e as TraceFileError { throw CommandFailure(e.description) }
        guard !traceData.strokes.isEmpty else { throw CommandFailure("\(trace): the trace has no strokes") }
        let chosen: Stroke
        if let id = stroke {
            guard let s = traceData.strokes.first(where: { $0.id == id }) else {
                let ids = traceData.strokes.prefix(12).map(\.id).joined(separator: ", ")
                throw CommandFailure("\(trace): no stroke with id '\(id)' (strokes: \(ids)\(traceData.strokes.count > 12 ? ", …" : ""))")
            }
            chosen = s
        } else {
            chosen = traceData.strokes[0]
        }
        if let f = frame, !(0..<chosen.events.count).contains(f) {
            throw CommandFailure("\(trace): stroke '\(chosen.id)' has frames 0…\(chosen.events.count - 1); --frame \(f) is outside")
        }
        guard panelSize >= 80, panelSize <= 4000 else { throw CommandFailure("--panel-size must be within 80…4000 pixels, not \(panelSize)") }
        if let width { guard width > 0, width.isFinite else { throw CommandFailure("--width must be a positive number, not \(width)") } }
        if let columns { guard (1...64).contains(columns) else { throw CommandFailure("--columns must be in 1…64, not \(columns)") } }
        let labels = pipeline.isEmpty ? ["linear", "bezier4", "midpoint-bezier", "coalesced-only"] : pipeline

        var grid: ComparisonGrid
        do { grid = try ComparisonGrid(stroke: chosen, pipelines: labels, frameIndex: frame) } catch { throw CommandFailure(error.description) }
        grid.panelWidth = panelSize
        grid.panelHeight = panelSize
        grid.columns = columns.map { max(1, $0) }
        grid.style.strokeWidth = width ?? StrokeRasterStyle.inkWidth(for: chosen)
        if noSamples { grid.overlays.remove(.samples) }
        if noInset {
            grid.inset = nil
        } else if let text = inset {
            grid.inset = ComparisonGrid.Inset(region: try Self.parseRegion(text))
        }
        let frameText = frame.map { "frame \($0) of \(chosen.events.count)" } ?? "finished stroke"
        grid.heading = "\(Self.fileName(trace)) · stroke \(chosen.id) · \(frameText)"
        do { try RasterRenderer.write(grid, to: out, format: format) } catch { throw CommandFailure(error.description) }
        print("wrote \(out)")
    }

    static func parseRegion(_ text: String) throws -> Rect {
        let parts = text.split(separator: ",").map { Double($0.strokelabTrimmed(of: " ")) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              [x, y, w, h].allSatisfy(\.isFinite), w > 0, h > 0 else {
            throw CommandFailure("--inset '\(text)': expected x,y,width,height with positive width and height")
        }
        return Rect(Point(x: x, y: y), Point(x: x + w, y: y + h))
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}

extension StringProtocol {
    /// The string without leading and trailing characters in `set`.
    func strokelabTrimmed(of set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
