import Foundation
import StrokeCore
import StrokeRaster
import StrokeSmoothing
import StrokeTestSupport

/// The committed golden images of the raster tests (`Tests/StrokeRasterTests/Golden/`), each
/// declared once: what is drawn and the file it is compared with. The tests draw them afresh
/// and compare; only `make golden` (the `update-goldens` tool) rewrites the files — a test run
/// never does. After an intended visual change: `make golden`, look at the new files, commit.
public enum GoldenImages {
    /// `Tests/StrokeRasterTests/Golden`.
    public static let directory = TestPaths.packageRoot + "/Tests/StrokeRasterTests/Golden"

    /// A golden image: its file (in ``directory``) and its bytes drawn now.
    public struct Image: Sendable {
        /// The file name.
        public var file: String
        /// The PNG drawn by the current code.
        public var png: [UInt8]
        /// The committed file's path.
        public var path: String { GoldenImages.directory + "/" + file }
    }

    /// The comparison grid's stroke: one revolution of radius 40 in 0.25 s at 240 Hz, 60 Hz
    /// frames, force 1, reference 8× oversampled.
    public static func circle() -> Stroke {
        KnownAnswerStrokes.circle(radius: 40, revolutionsPerSecond: 4, revolutions: 1, sampleRateHz: 240,
                                  refreshRateHz: 60, center: Point(x: 50, y: 50), force: 1, referenceOversampling: 8)
    }

    /// The circle through `pipelines` at frame 9, 150 × 150 panels, no key.
    public static func comparisonGrid(pipelines: [String] = ["linear", "midpoint-bezier"]) throws -> ComparisonGrid {
        let stroke = circle()
        let panels = try pipelines.map { label -> ComparisonGrid.Panel in
            var replayer = try PipelineDescription(parsing: label).makeReplayer()
            return ComparisonGrid.Panel(title: label, replay: replayer.replay(stroke, options: ReplayOptions()), frameIndex: 9)
        }
        var grid = ComparisonGrid(stroke: stroke, panels: panels, frame: SceneFrame(stroke, eventIndex: 9))
        grid.panelWidth = 150
        grid.panelHeight = 150
        grid.showsKey = false
        return grid
    }

    /// `circle-linear-vs-midpoint.png`: ``comparisonGrid(pipelines:)``.
    public static func grid() throws -> Image {
        Image(file: "circle-linear-vs-midpoint.png", png: try RasterRenderer.render(try comparisonGrid(), format: .png))
    }

    /// ForceSketch's fade of one straight stroke (0, 0) → (60, 40), 41 samples in 0.4 s, force
    /// 1.5 of 4.17: every frame of the animation (96 px on the longest side), its summary, and
    /// the goldens `forcesketch-fade-0…2.png` (the finished drawing and the first two fade
    /// frames) with their frame indices.
    public static func forceSketchFade() throws -> (stroke: Stroke, frames: [[UInt8]], summary: FadeAnimation.Summary,
                                                     goldens: [(index: Int, image: Image)]) {
        let samples = (0..<41).map { i -> TouchSample in
            let t = Double(i) / 40
            return TouchSample(time: t * 0.4, location: Point(x: 0, y: 0).interpolated(to: Point(x: 60, y: 40), by: t),
                               force: 1.5, maximumPossibleForce: 4.17)
        }
        let stroke = Stroke(id: "sketch", events: FrameGrouping.events(from: samples, refreshRateHz: 60))
        var replayer = try PipelineDescription(parsing: "forcesketch").makeReplayer()
        let replay = replayer.replay(stroke, options: ReplayOptions())
        var options = FadeAnimation.Options()
        options.longestSide = 96
        var frames: [[UInt8]] = []
        let summary = try FadeAnimation.run([FadeAnimation.Stroke(replay: replay, endTime: stroke.endTime, nextStart: nil)],
                                            options: options) { _, bytes in frames.append(bytes) }
        let picks = [stroke.events.count - 1, stroke.events.count, stroke.events.count + 1]
        let goldens = picks.enumerated().compactMap { n, i in
            i < frames.count ? (index: i, image: Image(file: "forcesketch-fade-\(n).png", png: frames[i])) : nil
        }
        return (stroke, frames, summary, goldens)
    }

    /// Every golden image, drawn now.
    public static func all() throws -> [Image] {
        [try grid()] + (try forceSketchFade().goldens.map(\.image))
    }
}
