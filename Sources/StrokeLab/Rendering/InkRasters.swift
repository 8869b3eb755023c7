import StrokeCore
import StrokeRaster
import StrokeSmoothing

/// Replays pipelines for the rasters: the one place where the tool turns labels into the ink
/// the renderer draws (the renderer itself only draws ink).
public enum InkRasters {
    /// How a pipeline's ink is drawn when the user does not say: as the seeds draw it
    /// (``StrokeRaster/InkRendering/segments``) when the pipeline has a style stage, its
    /// outline when a style makes one or when the curve builder draws its own ink
    /// (signature_pad's width varies along each curve, which the outline follows), as a thin
    /// centre line otherwise — an unstyled pipeline's product is geometry.
    public static func automaticRendering(for pipeline: PipelineDescription) -> InkRendering {
        let styles = pipeline.stages(of: .style)
        if styles.contains(where: \.descriptor.makesOutline) { return .outline }
        if styles.isEmpty, pipeline.stages(of: .interp).contains(where: \.descriptor.drawsInk) { return .outline }
        return styles.isEmpty ? .line : .segments
    }

    /// One panel per label: `stroke` (of a trace of `scale`) replayed through it, built for
    /// that scale, shown at `frameIndex` (or finished), drawn with `rendering` (automatic per
    /// pipeline when `nil`). Frame outlines are kept for the shown frame only.
    /// - Throws: ``StrokeSmoothing/PipelineError`` for a label that does not resolve.
    public static func comparisonGrid(stroke: Stroke, scale: PhysicalScale, pipelines labels: [String], frameIndex: Int? = nil,
                                      rendering: InkRendering? = nil) throws(PipelineError) -> ComparisonGrid {
        var panels: [ComparisonGrid.Panel] = []
        for label in labels {
            let description = try PipelineDescription(parsing: label)
            var replayer = description.resolved(for: scale).makeReplayer()
            let options = ReplayOptions(outlineFrames: frameIndex.map { [$0] } ?? [])
            panels.append(ComparisonGrid.Panel(title: label, replay: replayer.replay(stroke, options: options),
                                               frameIndex: frameIndex,
                                               rendering: rendering ?? automaticRendering(for: description)))
        }
        return ComparisonGrid(stroke: stroke, panels: panels, frame: frameIndex.map { SceneFrame(stroke, eventIndex: $0) })
    }

    /// Every stroke of `strokes` (of a trace of `scale`) through `pipeline` built for that
    /// scale, finished: the ink of a whole drawing.
    public static func drawing(_ strokes: [Stroke], scale: PhysicalScale, through pipeline: PipelineDescription) -> [Ink] {
        var replayer = pipeline.resolved(for: scale).makeReplayer()
        return strokes.map { replayer.replay($0, options: ReplayOptions()).finalInk }
    }

    /// The fade animation's input: every stroke (of a trace of `scale`) replayed through
    /// `pipeline` built for that scale, with when the next stroke starts.
    public static func fadeStrokes(_ strokes: [Stroke], scale: PhysicalScale, through pipeline: PipelineDescription)
        -> [FadeAnimation.Stroke] {
        var replayer = pipeline.resolved(for: scale).makeReplayer()
        return strokes.indices.map { i in
            FadeAnimation.Stroke(replay: replayer.replay(strokes[i], options: ReplayOptions()),
                                 endTime: strokes[i].events.last?.time ?? strokes[i].endTime,
                                 nextStart: i + 1 < strokes.count ? strokes[i + 1].startTime : nil)
        }
    }

    /// The render-cost workload's strokes replayed through `coalesced-only` (a segment per
    /// sample, as Scribble draws), for ``StrokeRaster/RenderCostMeasurement``.
    public static func renderCostReplays(_ workload: RenderWorkload) -> [StrokeReplay] {
        // A built-in preset always resolves.
        guard let pipeline = try? PipelineDescription(parsing: "coalesced-only") else { return [] }
        var replayer = pipeline.makeReplayer()
        return workload.strokes.map { replayer.replay($0, options: ReplayOptions()) }
    }
}
