import Foundation
import StrokeCore
import StrokeIO
import StrokeRaster
import StrokeSmoothing

/// The report's "Styles compared" section (issue 10 item 8): the synthetic style trace and a
/// page of real handwriting drawn whole with each style, and the ink metrics of the styled
/// pipelines the experiment ran.
extension Builder {
    /// A style the section draws: its name in the section and the pipeline label drawn.
    struct ComparedStyle {
        /// Short name (file names, titles).
        let name: String
        /// The pipeline label.
        let label: String
        /// What the style does with force, tilt and fingers.
        let does: String
    }

    /// The styles drawn, each fed every coalesced sample: the thin default, the two seed
    /// models, and perfect-freehand's outline.
    static let comparedStyles: [ComparedStyle] = [
        ComparedStyle(name: "constant", label: "coalesced|style:constant",
                      does: "style:constant (today's default): width 2, black, whatever the pen reports"),
        ComparedStyle(name: "scribble", label: "coalesced|style:scribble",
                      does: "style:scribble (Scribble's CanvasView): upright pencil width = force × 4 (6 when the force is 0); pencil tilted below π/6 shades, 5…65 wide from the angle between the stroke and the azimuth and the altitude, opacity force/5; a finger is the eraser, majorRadius/2 wide"),
        ComparedStyle(name: "forcesketch", label: "coalesced|style:forcesketch",
                      does: "style:forcesketch (ForceSketch): p = force/maxForce sets width p × 20 and hue p (red, green at ⅓, blue at ⅔); no force data: width 10, grey; tilt and touch kind are ignored"),
        ComparedStyle(name: "perfect-freehand", label: "perfect-freehand",
                      does: "perfect-freehand (the peer's defaults): a filled outline, 16 wide at pressure 0.5, thinning 0.5, round caps; pressure = force/maxForce, simulated from the sample spacing when the device reports no maximum force; tilt and touch kind are ignored"),
    ]

    /// The synthetic style trace (`styles-240hz-60fps`), when the experiment loaded it.
    var styleTrace: LoadedTrace? {
        experiment.traces.first { $0.trace.metadata.source == "synthetic:styles-240hz-60fps" }
    }

    /// The page of real handwriting drawn per style: among recorded traces with a force
    /// channel, those of the BDALab `.svc` dataset (`bdalab-svc`, pressure and tilt) first,
    /// then the datasets in spec order; within them the trace with the most writing (the
    /// longest pen path in millimetres, or in its own units when the size is unknown).
    var handwritingPage: LoadedTrace? {
        let recorded = experiment.traces.filter { !$0.trace.metadata.source.hasPrefix("synthetic") && $0.trace.channels.contains(.force) }
        let order = datasets
        func rank(_ t: LoadedTrace) -> Int { t.dataset == "bdalab-svc" ? -1 : (order.firstIndex(of: t.dataset) ?? order.count) }
        var writing: [String: Double] = [:]
        for t in recorded {
            let length = t.trace.strokes.reduce(0.0) { $0 + Polyline(points: $1.samples.map(\.location)).length }
            writing[t.path] = length * (t.trace.metadata.millimetresPerUnit ?? 1)
        }
        return recorded.min { a, b in
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            let la = writing[a.path] ?? 0, lb = writing[b.path] ?? 0
            return la != lb ? la > lb : a.path < b.path
        }
    }

    /// Draws the style trace and the handwriting page through every compared style, one
    /// whole-drawing raster each (`style-<trace>-<style>`), as `strokelab render --all-strokes`
    /// draws them.
    mutating func makeStyleRasters(log: (String) -> Void) throws(ExperimentError) {
        for (trace, role) in [(styleTrace, "synthetic"), (handwritingPage, "page")] {
            guard let trace else { continue }
            for style in Self.comparedStyles {
                let description: PipelineDescription
                do { description = try PipelineDescription(parsing: style.label) } catch {
                    throw ExperimentError("report: style '\(style.label)': \(error.description)")
                }
                let rendering = InkRasters.automaticRendering(for: description)
                let ink = InkRasters.drawing(trace.trace.strokes, scale: trace.trace.metadata.physicalScale, through: description)
                let what = role == "synthetic"
                    ? "the synthetic style trace (\(trace.name): force ramp, shading along and across the azimuth, finger eraser, 3D Touch at a third of max force and a 3D Touch ramp)"
                    : "a page of real handwriting (\(trace.dataset) · \(trace.name), \(trace.trace.strokes.count) strokes)"
                try drawing(ink, rendering: rendering, name: "style-\(role)-\(style.name)",
                            title: "\(style.name): \(what)",
                            caption: "Every stroke of \(trace.name) in order on one canvas through `\(style.label)`, drawn \(rendering == .outline ? "as its filled outline" : "segment by segment, each with its own width, opacity and colour, round caps (as the seeds draw)"); an eraser stroke clears what it crosses. Reproduce: strokelab render --trace \(trace.path) --all-strokes --pipeline '\(style.label)' --out page.png.")
            }
        }
    }

    /// Renders a whole drawing to `rasters/<name>.png` and `.svg` and records it for the HTML.
    mutating func drawing(_ ink: [Ink], rendering: InkRendering, name: String, title: String, caption: String) throws(ExperimentError) {
        try writePair(folder: "rasters", what: "drawing", name: name, title: title, caption: caption) { path, png in
            try AtomicFile.write(try DrawingRenderer.render(ink, rendering: rendering, longestSide: 900, format: png ? .png : .svg),
                                 to: path)
        }
        rasterCount += 1
    }

    /// The ink metrics compared: id and column title.
    static let styleMetrics = [("ink.width_variation", "width variation"), ("ink.width_jump_max", "largest width jump"),
                               ("ink.iou", "ink IoU")]

    /// The means of the section's ink metrics (``styleMetrics``), gathered in one pass over the
    /// result rows: per pipeline × metric × dataset, and per pipeline × metric × trace within it.
    struct StyleMeans {
        private struct Key: Hashable { let pipeline, metric, dataset: String; let trace: String? }
        private var sums: [Key: (sum: Double, n: Int)] = [:]

        init(rows: [ResultRow]) {
            let metrics = Set(Builder.styleMetrics.map(\.0))
            for r in rows where metrics.contains(r.metric) && r.value.isFinite {
                for key in [Self.key(r.pipeline, r.metric, r.dataset, nil), Self.key(r.pipeline, r.metric, r.dataset, r.trace)] {
                    let old = sums[key] ?? (0, 0)
                    sums[key] = (old.sum + r.value, old.n + 1)
                }
            }
        }

        private static func key(_ pipeline: String, _ metric: String, _ dataset: String, _ trace: String?) -> Key {
            Key(pipeline: pipeline, metric: metric, dataset: dataset, trace: trace)
        }

        /// The mean of `metric` for `pipeline` over the strokes of `trace` (a trace name) or of
        /// all of `dataset`, or `nil` when nothing was measured.
        func mean(pipeline: String, metric: String, dataset: String, trace: String? = nil) -> Double? {
            guard let s = sums[Self.key(pipeline, metric, dataset, trace)], s.n > 0 else { return nil }
            return s.sum / Double(s.n)
        }
    }

    /// The styled pipelines the experiment ran (a style stage or an ink-drawing curve builder),
    /// and `coalesced-only` beside them as the unstyled baseline.
    var styledPipelines: [ExperimentPipeline] {
        experiment.pipelines.filter { p in
            !p.description.stages(of: .style).isEmpty || p.description.label == "coalesced-only"
        }
    }

    /// The ink-metric table of the section: each styled pipeline's mean width variation,
    /// largest width jump and ink IoU on the style trace and on the handwriting page's dataset.
    func styleMetricTable(_ means: StyleMeans, page: LoadedTrace?) -> HTMLReport.Table? {
        var columns: [(title: String, metric: String, dataset: String, trace: String?)] = []
        if let s = styleTrace {
            columns += Self.styleMetrics.map { ("\($0.1), \(s.name)", $0.0, s.dataset, s.name) }
        }
        if let page {
            columns += Self.styleMetrics.map { ("\($0.1), \(page.dataset)", $0.0, page.dataset, nil) }
        }
        let pipelines = styledPipelines
        guard !columns.isEmpty, !pipelines.isEmpty else { return nil }
        let rows = pipelines.map { p in
            [p.name] + columns.map { c in
                means.mean(pipeline: p.name, metric: c.metric, dataset: c.dataset, trace: c.trace).map { String(format: "%.3f", $0) } ?? "—"
            }
        }
        guard rows.contains(where: { $0.dropFirst().contains { $0 != "—" } }) else { return nil }
        return HTMLReport.Table(
            header: ["pipeline"] + columns.map(\.title), rows: rows,
            caption: "Mean over the strokes of each metric (results.csv): width variation Σ|Δw| per unit length, largest relative width change between consecutive segments, and the IoU of the ink against the reference ink (the reference curve drawn with the same style, fed the pen's channels).",
            headerLinks: [nil] + columns.map { guideLink($0.metric) },
            swatches: pipelines.map { pipelineColors.color($0.name).hexString })
    }

    /// What the ink-metric table shows, in words, from its numbers: per place (the style trace,
    /// the page's dataset), which styled pipeline varies its width most, jumps most and has the
    /// lowest ink IoU; and why perfect-freehand's width metrics read as they do.
    func styleMetricFindings(_ means: StyleMeans, page handwriting: LoadedTrace?) -> String {
        var sentences: [String] = []
        let pipelines = styledPipelines.filter { !$0.description.stages(of: .style).isEmpty }
        var places: [(String, String, String?)] = []
        if let s = styleTrace { places.append(("the style trace", s.dataset, s.name)) }
        if let page = handwriting { places.append(("\(page.dataset)", page.dataset, nil)) }
        for (place, dataset, trace) in places {
            // The pipeline(s) with the largest (smallest) mean; ties within 1e-9 are all named.
            func extreme(_ metric: String, largest: Bool) -> (String, Double, Int)? {
                let values = pipelines.compactMap { p in means.mean(pipeline: p.name, metric: metric, dataset: dataset, trace: trace).map { (p.name, $0) } }
                guard let best = largest ? values.map(\.1).max() : values.map(\.1).min() else { return nil }
                let names = values.filter { abs($0.1 - best) <= 1e-9 }.map(\.0)
                return (names.joined(separator: " and "), best, names.count)
            }
            guard let variation = extreme("ink.width_variation", largest: true), let jump = extreme("ink.width_jump_max", largest: true),
                  let iou = extreme("ink.iou", largest: false) else { continue }
            sentences.append("On \(place), \(variation.0) changes its width most (\(String(format: "%.3f", variation.1)) per unit length), \(jump.0) \(jump.2 > 1 ? "have" : "has") the largest width jump (\(String(format: "%.3f", jump.1))) and \(iou.0) the lowest ink IoU (\(String(format: "%.3f", iou.1))).")
        }
        if pipelines.contains(where: { $0.description.stages(of: .style).contains { $0.descriptor.makesOutline } }) {
            sentences.append("An outline style's width lives in its outline: its centre-line ink is its nominal size, so its width variation and jump read 0, and only the IoU sees its shape.")
        }
        if let page = handwriting,
           let a = pipelines.first(where: { $0.description.stages(of: .style).contains { $0.descriptor.id == "scribble" } }),
           let b = pipelines.first(where: { $0.description.stages(of: .style).contains { $0.descriptor.id == "forcesketch" } }),
           let ja = means.mean(pipeline: a.name, metric: "ink.width_jump_max", dataset: page.dataset),
           let jb = means.mean(pipeline: b.name, metric: "ink.width_jump_max", dataset: page.dataset), abs(ja - jb) < 1e-9 {
            sentences.append("On \(page.dataset) \(a.name) and \(b.name) have the same largest width jump: where the pencil never tilts below π/6, both widths are proportional to the force, so a relative width change is the force's own.")
        }
        return sentences.joined(separator: " ")
    }

    /// What the handwriting page's channels are, from the trace: force (with its range and
    /// maximum) and tilt only when the file has those channels — a channel the file lacks
    /// holds a default (force 0, altitude π/2), which is not a measurement.
    func pageChannelsSentence(_ page: LoadedTrace) -> String {
        let samples = page.trace.strokes.flatMap(\.samples)
        let channels = page.trace.channels
        var has: [String] = []
        var text = ""
        if channels.contains(.force) {
            has.append("pressure")
            let force = samples.map(\.force)
            text += "force \(String(format: "%.2f", force.min() ?? 0))…\(String(format: "%.2f", force.max() ?? 0))"
            if channels.contains(.maxForce) { text += " (max force \(number(samples.first?.maximumPossibleForce ?? 0)))" }
        }
        let tilt = channels.contains(.altitude)
        if tilt {
            has.append("tilt")
            let lowest = samples.map(\.altitude).min() ?? Double.pi / 2
            let shading = samples.filter { $0.altitude < Double.pi / 6 }.count
            text += (text.isEmpty ? "" : ", ") + "lowest altitude \(String(format: "%.2f", lowest)) rad, so "
                + (shading == 0 ? "no sample is tilted below π/6 and scribble never shades: its width is force × 4 throughout"
                   : "\(shading) samples are tilted below π/6 and scribble shades them")
        } else {
            text += (text.isEmpty ? "" : "; ") + "the file has no tilt channel, so every sample counts as upright and scribble never shades"
        }
        let what = has.isEmpty ? "without pressure or tilt channels" : "with " + has.joined(separator: " and ")
        return "The page (\(page.dataset) · \(page.name), \(samples.count) samples) is real handwriting \(what): \(text)."
    }

    /// The section's blocks, or empty when neither the style trace nor a page was loaded.
    func stylesComparedBlocks(fig: (String) -> HTMLReport.Block?) -> [HTMLReport.Block] {
        let synthetic = Self.comparedStyles.compactMap { fig("style-synthetic-\($0.name)") }
        let page = Self.comparedStyles.compactMap { fig("style-page-\($0.name)") }
        guard !synthetic.isEmpty || !page.isEmpty else { return [] }
        let handwriting = handwritingPage
        var blocks: [HTMLReport.Block] = [
            .paragraph("What each style does with the pen's channels, from the seeds' formulas (docs/guides/style-*.md):"),
            .list(Self.comparedStyles.map(\.does)),
        ]
        if let s = styleTrace {
            blocks.append(.paragraph("The synthetic style trace \(s.name) (Datasets/README.md) has analytic answers: the upright force ramp 0 → 4 is 0 → 16 wide in scribble and 0 → 19.2 in forcesketch (hue 0 → 0.96 of the circle); the pencil at altitude 0.25 shades 5 wide along its azimuth and 65 across it at opacity 0.5 in scribble only; the finger with contact radius 30 erases a 15-wide swath through the three pencil strokes in scribble and is a grey 10-wide line elsewhere; the 3D Touch finger at a third of its maximum force 6.67 is green and 6.67 wide in forcesketch, and erases in scribble (every finger does); the 3D Touch ramp sweeps forcesketch's hue circle at width 0 → 20."))
        }
        if let page = handwriting {
            blocks.append(.paragraph(pageChannelsSentence(page)))
        }
        let means = StyleMeans(rows: experiment.rows)
        if let table = styleMetricTable(means, page: handwriting) {
            blocks.append(.paragraph("The ink metrics of the styled pipelines the experiment ran, on the style trace and the page's dataset (docs/guides/metrics.md). Width variation is 0 for a constant width and grows with every width change per unit length; the largest width jump is the largest relative change between consecutive segments; ink IoU compares the ink with the reference ink — the reference curve drawn by the same style, fed the pen's channels — so it measures the curve's and the channels' fidelity together."))
            blocks.append(.table(table))
            blocks.append(.paragraph(styleMetricFindings(means, page: handwriting)))
        }
        if !synthetic.isEmpty {
            blocks.append(.paragraph("The synthetic style trace through each style (one raster per style, same canvas):"))
            blocks += synthetic
        }
        if !page.isEmpty {
            blocks.append(.paragraph("A whole page of real handwriting through each style:"))
            blocks += page
        }
        return blocks
    }
}
