import StrokeCore
import StrokeSmoothing

/// Replay helpers for the interpolator tests (the known-answer strokes themselves are in
/// StrokeTestSupport's `KnownAnswerStrokes`).
enum TestStrokes {
    /// Replays `stroke` through the pipeline `label`.
    static func replay(_ stroke: Stroke, _ label: String, options: ReplayOptions = ReplayOptions()) throws -> StrokeReplay {
        var r = try PipelineDescription(parsing: label).makeReplayer()
        return r.replay(stroke, options: options)
    }

    /// Every end and control point the path touches, in order.
    static func endPoints(_ path: Path) -> [Point] { path.elements.map(\.endPoint) }
}
