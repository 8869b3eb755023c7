import Foundation
import StrokeCore

/// Input for the render-cost measurement: the strokes of one drawing, in drawing order.
public struct RenderWorkload: Hashable, Sendable {
    /// The strokes, drawn one after another on one canvas.
    public var strokes: [Stroke]
    /// A short description for captions, e.g. "12-revolution spiral in 4 strokes".
    public var summary: String

    /// Wraps strokes (e.g. a trace's strokes).
    public init(strokes: [Stroke], summary: String) {
        self.strokes = strokes
        self.summary = summary
    }

    /// A long Archimedean spiral drawn at constant angular speed, split into `strokes`
    /// strokes of equal angle (pen lifted 0.2 s between them), sampled at `sampleRateHz` and
    /// delivered as UIKit events at `refreshRateHz` (``FrameGrouping``). Each stroke carries
    /// its analytic reference at 1 kHz.
    ///
    /// Geometry: centre (cx, cy) = (size/2), radius grows linearly from 0.06·size to
    /// 0.46·size over all revolutions, one revolution per `secondsPerRevolution`.
    /// Deterministic: no noise.
    ///
    /// With several strokes the three render strategies separate clearly: full redraw grows
    /// with everything on the canvas, the cached bitmap only with the current stroke, and the
    /// incremental one not at all.
    public static func spiral(revolutions: Double = 12, strokes: Int = 4, secondsPerRevolution: Double = 1,
                              size: Double = 760, sampleRateHz: Double = 240, refreshRateHz: Double = 60) -> RenderWorkload {
        let count = max(strokes, 1)
        let totalAngle = 2 * Double.pi * max(revolutions, 0.01)
        let r0 = 0.06 * size, r1 = 0.46 * size
        let centre = Point(x: size / 2, y: size / 2)
        let omega = 2 * Double.pi / max(secondsPerRevolution, 1e-3)
        func position(_ angle: Double) -> Point {
            let r = r0 + (r1 - r0) * angle / totalAngle
            return Point(x: centre.x + r * cos(angle), y: centre.y + r * sin(angle))
        }
        var result: [Stroke] = []
        var startTime = 0.0
        for k in 0..<count {
            let a0 = totalAngle * Double(k) / Double(count), a1 = totalAngle * Double(k + 1) / Double(count)
            let duration = (a1 - a0) / omega
            let n = max(Int((duration * sampleRateHz).rounded()), 1)
            var samples: [TouchSample] = []
            samples.reserveCapacity(n + 1)
            for i in 0...n {
                let t = Double(i) / sampleRateHz
                samples.append(TouchSample(time: startTime + t, location: position(a0 + omega * t), force: 1))
            }
            let m = max(Int((duration * 1000).rounded()), 1)
            let reference = ReferenceCurve(points: (0...m).map { j in
                let t = duration * Double(j) / Double(m)
                return TimedPoint(time: startTime + t, location: position(a0 + omega * t))
            })
            result.append(Stroke(id: "spiral-\(k + 1)", events: FrameGrouping.events(from: samples, refreshRateHz: refreshRateHz),
                                 reference: reference))
            startTime += duration + 0.2
        }
        let revs = revolutions == revolutions.rounded() ? String(Int(revolutions)) : String(revolutions)
        return RenderWorkload(strokes: result, summary: "\(revs)-revolution spiral drawn as \(count) stroke\(count == 1 ? "" : "s")")
    }
}
