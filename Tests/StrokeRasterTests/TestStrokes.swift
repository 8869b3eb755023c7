import Foundation
import StrokeCore
import StrokeRaster
import StrokeSmoothing

/// Strokes built in code for the raster tests (no dataset files needed).
enum TestStrokes {
    /// A fast circle: radius `r` around (cx, cy), one revolution in `duration` seconds,
    /// sampled at 240 Hz and grouped into 60 Hz events, with its analytic reference.
    static func circle(radius r: Double = 40, center: Point = Point(x: 50, y: 50), duration: Double = 0.25) -> Stroke {
        let n = Int(duration * 240)
        func at(_ t: Double) -> Point {
            let a = 2 * Double.pi * t / duration
            return Point(x: center.x + r * cos(a), y: center.y + r * sin(a))
        }
        let samples = (0...n).map { i in TouchSample(time: Double(i) / 240, location: at(Double(i) / 240), force: 1) }
        let reference = ReferenceCurve(points: (0...(n * 8)).map { j in
            let t = Double(j) / Double(n * 8) * duration
            return TimedPoint(time: t, location: at(t))
        })
        return Stroke(id: "circle", events: FrameGrouping.events(from: samples, refreshRateHz: 60), reference: reference)
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
