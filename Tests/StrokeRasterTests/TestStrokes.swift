import Foundation
import StrokeCore
import StrokeRaster
import StrokeSmoothing
import StrokeTestSupport

/// Strokes built in code for the raster tests (no dataset files needed).
enum TestStrokes {
    /// The raster tests' fast circle: radius `r` around `center`, one revolution in `duration`
    /// seconds, sampled at 240 Hz (force 1) and grouped into 60 Hz events, with its analytic
    /// reference sampled 8× more densely (StrokeTestSupport's ``KnownAnswerStrokes/circle``).
    static func circle(radius r: Double = 40, center: Point = Point(x: 50, y: 50), duration: Double = 0.25) -> Stroke {
        KnownAnswerStrokes.circle(radius: r, revolutionsPerSecond: 1 / duration, revolutions: 1, sampleRateHz: 240,
                                  refreshRateHz: 60, center: center, force: 1, referenceOversampling: 8)
    }

    /// A fixed path with lines, a quadratic and a cubic, and a tap dot.
    static var mixedPath: Path {
        var p = Path()
        p.move(to: Point(x: 10, y: 10))
        p.addLine(to: Point(x: 60, y: 20))
        p.addQuadCurve(to: Point(x: 90, y: 70), control: Point(x: 100, y: 20))
        p.addCurve(to: Point(x: 20, y: 80), control1: Point(x: 70, y: 110), control2: Point(x: 30, y: 40))
        p.addDot(at: Point(x: 110, y: 90))
        return p
    }

    /// A grid of `stroke` replayed through each label, shown at `frameIndex` (the test builds
    /// the ink; the renderer only draws it).
    static func grid(_ stroke: Stroke, pipelines: [String], frameIndex: Int? = nil,
                     rendering: InkRendering = .line) throws -> ComparisonGrid {
        let panels = try pipelines.map { label -> ComparisonGrid.Panel in
            var replayer = try PipelineDescription(parsing: label).makeReplayer()
            return ComparisonGrid.Panel(title: label, replay: replayer.replay(stroke, options: ReplayOptions()),
                                        frameIndex: frameIndex, rendering: rendering)
        }
        return ComparisonGrid(stroke: stroke, panels: panels, frame: frameIndex.map { SceneFrame(stroke, eventIndex: $0) })
    }

    /// `strokes` replayed through `label` (the render-cost measurement draws replays).
    static func replays(_ strokes: [Stroke], through label: String = "coalesced-only") throws -> [StrokeReplay] {
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        return strokes.map { replayer.replay($0, options: ReplayOptions()) }
    }
}
