import RealModule
import StrokeCore
import StrokeSmoothing

/// Strokes with known geometry for the interpolator tests.
enum TestStrokes {
    /// A stroke whose events each carry one sample: began at `points[0]`, moved through the
    /// middle, ended at the last. With `endedRepeatsLast`, the ended event repeats the last
    /// moved sample (UIKit's lift-off without movement), so every distinct sample is fed
    /// through began/moved.
    static func oneSamplePerEvent(_ points: [Point], endedRepeatsLast: Bool = false) -> Stroke {
        var events: [TouchEvent] = []
        for (i, p) in points.enumerated() {
            let s = TouchSample(time: Double(i) / 60, location: p)
            let phase: TouchPhase = i == 0 ? .began : (i == points.count - 1 && !endedRepeatsLast ? .ended : .moved)
            events.append(TouchEvent(phase: phase, samples: [s]))
        }
        if endedRepeatsLast || points.count == 1 {
            events.append(TouchEvent(phase: .ended, samples: [events[events.count - 1].main]))
        }
        return Stroke(id: "test", events: events)
    }

    /// `n` points evenly spaced on a circle of radius `r` (one revolution = `perRevolution`).
    static func circle(radius r: Double, perRevolution: Int, count n: Int) -> [Point] {
        (0..<n).map { i in
            let a = 2 * Double.pi * Double(i) / Double(perRevolution)
            return Point(x: r * Double.cos(a), y: r * Double.sin(a))
        }
    }

    /// Replays `stroke` through the pipeline `label`.
    static func replay(_ stroke: Stroke, _ label: String, options: ReplayOptions = ReplayOptions()) throws -> StrokeReplay {
        var r = try PipelineDescription(parsing: label).makeReplayer()
        return r.replay(stroke, options: options)
    }

    /// Every end and control point the path touches, in order.
    static func endPoints(_ path: Path) -> [Point] { path.elements.map(\.endPoint) }
}
