import ArgumentParser
import Foundation
import StrokeCore
import StrokeIO
import StrokeLab
import StrokeRaster
import StrokeSmoothing

extension InkRendering: ExpressibleByArgument {}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a trace through pipelines: one stroke side by side, a whole drawing, or ForceSketch's fade frames.",
        discussion: """
            Default: one stroke, one panel per pipeline, all at the same zoom, titled with the \
            pipeline label. With --render line the committed path is black and, at a chosen --frame, \
            the provisional tail blue and the predicted segments blue and dashed; with --render \
            segments each element is drawn as the seeds draw it (its own width, opacity and colour, \
            round caps; erasers paint the background); with --render outline the ink's filled outline. \
            The default (auto) draws styled pipelines as segments (outline for outline makers) and \
            unstyled ones as lines. Orange dots are main samples, grey dots the other coalesced \
            samples, the green line the reference; a red box marks the region magnified beside each \
            panel.

            --all-strokes draws every stroke of the trace in order on one canvas through the first \
            pipeline (a page of handwriting; an eraser stroke erases earlier ink). --frames DIR writes \
            ForceSketch's animation: one PNG per event while drawing and one per display refresh after \
            each lift-off, brightness +0.05 then a Gaussian blur of radius 1, until the next stroke or \
            a blank image. The frames replace the previous ones in DIR as one set (as 'run' replaces \
            its tables); two runs on one DIR at once are refused. Frames are counted before any is \
            drawn: at most --max-frames (default \(WorkBudget.frames)) of a \(sideText) canvas, a larger \
            --size counting in proportion, and \(WorkBudget.frameBytes >> 20) MiB per frame of the budget; \
            --every N writes every N-th frame (file names keep the frame's index).

            Examples:
              strokelab render --trace Datasets/synthetic/stylus-240hz-60fps.json --stroke circle-fast \
            --pipeline linear --pipeline midpoint-bezier --pipeline coalesced-only --out out/circle.png
              strokelab render --trace T.json --all-strokes --pipeline 'coalesced|style:scribble' --out page.png
              strokelab render --trace T.json --pipeline forcesketch --frames out/fade

            \(WorkBudgetTable.helpText(for: "render"))
            """)

    @Option(name: .long, help: "Trace file: native JSON or any importable format (detected: .svc, Wacom CSV, Pointer Events JSON, .cyn, InkML).")
    var trace: String

    @Option(name: .long, help: "Pipeline label; repeat for several panels (default: the four seed presets; with --all-strokes or --frames, the first is used, default coalesced-only).")
    var pipeline: [String] = []

    @Option(name: .long, help: "Stroke id (default: the trace's first stroke).")
    var stroke: String?

    @Option(name: .long, parsing: .unconditional, help: "Show the display at this frame (0-based event index) with its provisional and predicted parts, instead of the finished stroke.")
    var frame: Int?

    @Option(name: .long, help: "How ink is drawn: auto, line, segments or outline.")
    var render: String = "auto"

    @Flag(name: .long, help: "Draw every stroke of the trace, in order, on one canvas.")
    var allStrokes = false

    @Option(name: .long, help: "Write ForceSketch's fade animation as numbered PNG frames into this directory.")
    var frames: String?

    @Option(name: .long, parsing: .unconditional, help: "Canvas size for --all-strokes and --frames: the longer side in pixels (64…8192; default 1600).")
    var size: Int?

    @Option(name: .long, parsing: .unconditional, help: "With --frames: the most frames to write, each of a \(Self.sideText) canvas (a larger --size counts in proportion; default \(WorkBudget.frames)).")
    var maxFrames: Int = WorkBudget.frames

    @Option(name: .long, parsing: .unconditional, help: "With --frames: write every N-th frame only (default 1: every frame).")
    var every: Int = 1

    @Option(name: .long, help: "Magnify this region in every panel: x,y,width,height in trace units (default: per panel, where it strays farthest from the reference, or its tip and the pen with --frame; none where there is nothing to magnify).")
    var inset: String?

    @Flag(name: .long, help: "No zoomed inset.")
    var noInset = false

    @Flag(name: .long, help: "Do not draw the input sample dots.")
    var noSamples = false

    @Option(name: .long, parsing: .unconditional, help: "Panels per row (default: 2 with the inset, 3 without).")
    var columns: Int?

    @Option(name: .long, parsing: .unconditional, help: "Panel width in pixels (height follows the stroke's shape, at most the width).")
    var panelSize: Int = 420

    @Option(name: .long, parsing: .unconditional, help: "Centre-line width in trace units for --render line (default: about 1/150 of the stroke's size, at most 2).")
    var width: Double?

    @Option(name: .long, help: "Output file: .png, .svg or .pdf (not needed with --frames).")
    var out: String?

    /// `1600 × 1600`, the canvas one frame of the budget stands for.
    /// The largest `--max-frames` taken: 10⁶ frames of the budget (2 TiB of PNGs) is beyond any
    /// use, and keeps the byte budget (`--max-frames` × 2 MiB) far from overflowing.
    static let maximumMaxFrames = 1_000_000

    static let sideText = { () -> String in
        let side = Int(Double(WorkBudget.frameCanvasPixels).squareRoot())
        return "\(side) × \(side)"
    }()

    /// The canvas side for --all-strokes and --frames.
    var canvasSide: Int { size ?? 1600 }

    func validate() throws {
        if let size {
            guard allStrokes || frames != nil else {
                throw ValidationError("--size sets the canvas of --all-strokes and --frames; a comparison of one stroke is sized by --panel-size")
            }
            guard (64...DrawingRenderer.maximumSide).contains(size) else {
                throw ValidationError("--size must be in 64…\(DrawingRenderer.maximumSide) pixels, not \(size)")
            }
        }
        if maxFrames != WorkBudget.frames || every != 1 {
            guard frames != nil else { throw ValidationError("--max-frames and --every apply to --frames") }
        }
        guard (1...Self.maximumMaxFrames).contains(maxFrames) else {
            throw ValidationError("--max-frames must be in 1…\(Self.maximumMaxFrames), not \(maxFrames)")
        }
        guard every >= 1 else { throw ValidationError("--every must be at least 1, not \(every)") }
    }

    func run() throws {
        let rendering: InkRendering?
        switch render {
        case "auto": rendering = nil
        default:
            guard let r = InkRendering(rawValue: render) else {
                throw CommandFailure("--render '\(ErrorText.excerpt(render))': expected auto, line, segments or outline")
            }
            rendering = r
        }
        let traceData: Trace
        do {
            guard let first = try TraceImport.load(path: trace).first else { throw CommandFailure("\(trace): no trace") }
            traceData = first
        } catch let e as TraceFileError { throw CommandFailure(e.description) }
        guard !traceData.strokes.isEmpty else { throw CommandFailure("\(trace): the trace has no strokes") }
        if allStrokes || frames != nil {
            try renderDrawing(traceData, rendering: rendering)
            return
        }
        guard let out else { throw CommandFailure("--out is required (a .png, .svg or .pdf file)") }
        let format: RasterFormat
        do { format = try RasterFormat.of(path: out) } catch { throw CommandFailure(error.description) }
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
        do { grid = try InkRasters.comparisonGrid(stroke: chosen, scale: traceData.metadata.physicalScale, pipelines: labels, frameIndex: frame, rendering: rendering) } catch {
            throw CommandFailure(error.description)
        }
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
        do { try AtomicFile.write(try RasterRenderer.render(grid, format: format), to: out) } catch {
            throw CommandFailure("\(out): \(error)")
        }
        print("wrote \(out)")
    }

    /// `--all-strokes` and `--frames`: the whole trace through one pipeline.
    private func renderDrawing(_ traceData: Trace, rendering: InkRendering?) throws {
        let label = pipeline.first ?? "coalesced-only"
        let description: PipelineDescription
        do { description = try PipelineDescription(parsing: label) } catch { throw CommandFailure(error.description) }
        if let dir = frames {
            try writeFadeFrames(traceData, pipeline: description, into: dir)
        }
        if allStrokes {
            guard let out else { throw CommandFailure("--all-strokes needs --out (a .png, .svg or .pdf file)") }
            let format: RasterFormat
            do { format = try RasterFormat.of(path: out) } catch { throw CommandFailure(error.description) }
            let ink = InkRasters.drawing(traceData.strokes, scale: traceData.metadata.physicalScale, through: description)
            let mode = rendering ?? { let r = InkRasters.automaticRendering(for: description); return r == .line ? .segments : r }()
            do {
                try AtomicFile.write(try DrawingRenderer.render(ink, rendering: mode, longestSide: canvasSide, format: format), to: out)
            } catch { throw CommandFailure("\(out): \(error)") }
            print("wrote \(out): \(traceData.strokes.count) strokes through \(label), \(mode.rawValue)")
        }
    }

    /// The frames are one output set (``StrokeIO/OutputSet``): written into a staging folder
    /// and switched in together, so a failed or killed run leaves the previous frames, never
    /// a mix of two runs' frames (or stale frames of a longer earlier run); a second run on
    /// the same directory at the same time is refused.
    private func writeFadeFrames(_ traceData: Trace, pipeline description: PipelineDescription, into dir: String) throws {
        var options = FadeAnimation.Options()
        options.longestSide = canvasSide
        options.refreshRateHz = traceData.metadata.refreshRateHz
        options.every = every
        // The work budget, from the events alone: before any replay, drawing or writing.
        let strokes = traceData.strokes
        let bound = FadeAnimation.frameBound(events: strokes.indices.map { i in
            (strokes[i].events.count, strokes[i].events.last?.time ?? strokes[i].endTime, i + 1 < strokes.count ? strokes[i + 1].startTime : nil)
        }, options: options)
        let perFrame = WorkBudget.frameCost(width: canvasSide, height: canvasSide)
        let cost = (bound.written + bound.drawnOnly) * perFrame
        if cost > maxFrames {
            let drawn = bound.drawnOnly > 0 ? " (and blur \(bound.drawnOnly) fade frames it skips)" : ""
            // With --every K: ⌈total/K⌉ written and (almost) every fade frame still blurred.
            let fixed = bound.fades * perFrame
            let every = fixed < maxFrames ? Int((Double(bound.total * perFrame) / Double(maxFrames - fixed)).rounded(.up)) : nil
            throw CommandFailure("\(trace): --frames would write \(bound.written) frames\(drawn) of a \(canvasSide)-pixel canvas, "
                + "\(cost) frames of the work budget (one is a \(Self.sideText) canvas), more than --max-frames \(maxFrames); "
                + (every.map { "write every \($0)-th frame with --every \($0), " } ?? "") + "use a smaller --size, or raise --max-frames to \(cost)")
        }
        let byteBudget = maxFrames * WorkBudget.frameBytes
        let output: OutputSet
        do { output = try OutputSet.begin(directory: dir) } catch { throw CommandFailure(error.description) }
        defer { output.abandon() }
        let summary: FadeAnimation.Summary
        var bytesWritten = 0
        do {
            summary = try FadeAnimation.run(InkRasters.fadeStrokes(strokes, scale: traceData.metadata.physicalScale, through: description), options: options) { index, bytes in
                bytesWritten += bytes.count
                guard bytesWritten <= byteBudget else {
                    throw CommandFailure("\(dir): the frames passed \(byteBudget >> 20) MiB at frame \(index), the work budget of --max-frames \(maxFrames) "
                        + "(\(WorkBudget.frameBytes >> 20) MiB a frame); nothing was written: use --every or a smaller --size, or raise --max-frames")
                }
                try AtomicFile.write(bytes, to: output.path(Self.frameName(index)))
            }
            try output.commit()
        } catch let e as RasterError { throw CommandFailure("\(dir): \(e.description)") }
        catch let e as AtomicFile.IOError { throw CommandFailure(e.description) }
        let fades = summary.fadeFramesToBlank.enumerated().map { i, n in
            "stroke \(i + 1): " + (n.map { "blank after \($0) fade frames" } ?? "next stroke began before blank")
        }
        print("wrote \(summary.frames) frames to \(dir) (\(fades.joined(separator: "; ")))")
    }

    /// `frame-00000.png`, …
    static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
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
