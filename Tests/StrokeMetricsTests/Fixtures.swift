import RealModule
import StrokeCore
import StrokeMetrics
import StrokeSmoothing

/// Strokes with analytic ground truth, built in test code: samples at `sampleRateHz`,
/// grouped into display-frame events by FrameGrouping, with a reference sampled at 20× the
/// sample rate (4.8 kHz for 240 Hz) so every sample time is also a reference time.
enum Fixtures {
    /// A counter-clockwise circle of radius `radius` around `center`, starting at angle 0.
    static func circle(radius: Double, revolutionsPerSecond: Double, revolutions: Double, sampleRateHz: Double = 240,
                       refreshRateHz: Double = 60, center: Point = Point(x: 200, y: 200)) -> Stroke {
        let duration = revolutions / revolutionsPerSecond
        let position = { (t: Double) -> Point in
            let a = 2 * Double.pi * revolutionsPerSecond * t
            return Point(x: center.x + radius * Double.cos(a), y: center.y + radius * Double.sin(a))
        }
        return stroke(id: "circle", duration: duration, sampleRateHz: sampleRateHz, refreshRateHz: refreshRateHz,
                      position: position)
    }

    /// A straight line along +x at constant `speed` (units/s) from (10, 20).
    static func line(speed: Double, duration: Double, sampleRateHz: Double = 240, refreshRateHz: Double = 60) -> Stroke {
        stroke(id: "line", duration: duration, sampleRateHz: sampleRateHz, refreshRateHz: refreshRateHz) {
            Point(x: 10 + speed * $0, y: 20)
        }
    }

    /// Samples `position` at i/`sampleRateHz` for i = 0…duration·rate, groups them into
    /// events, and attaches a reference sampled 20× more densely.
    static func stroke(id: String, duration: Double, sampleRateHz: Double, refreshRateHz: Double,
                       position: (Double) -> Point) -> Stroke {
        let n = Int((duration * sampleRateHz).rounded())
        let samples = (0...n).map { i -> TouchSample in
            let t = Double(i) / sampleRateHz
            return TouchSample(time: t, location: position(t))
        }
        let dense = sampleRateHz * 20
        let m = Int((duration * dense).rounded())
        let reference = ReferenceCurve(points: (0...m).map { j in
            let t = Double(j) / dense
            return TimedPoint(time: t, location: position(t))
        })
        return Stroke(id: id, events: FrameGrouping.events(from: samples, refreshRateHz: refreshRateHz),
                      reference: reference)
    }

    /// The same stroke with every event delivered `age` seconds later (samples older at delivery).
    static func delayed(_ stroke: Stroke, by age: Double) -> Stroke {
        var s = stroke
        s.events = s.events.map { TouchEvent(phase: $0.phase, time: $0.time + age, samples: $0.samples, predicted: $0.predicted) }
        return s
    }

    static let synthetic = TraceMetadata(source: "synthetic:test", refreshRateHz: 60)

    static func pipeline(_ label: String) -> PipelineDescription {
        do { return try PipelineDescription(parsing: label) } catch { fatalError("bad test label \(label): \(error)") }
    }

    static func evaluate(_ stroke: Stroke, _ label: String, options: MetricOptions = MetricOptions(),
                         metadata: TraceMetadata = synthetic) -> StrokeEvaluationResult {
        StrokeEvaluation.evaluate(stroke: stroke, pipeline: pipeline(label), metadata: metadata, options: options)
    }
}

/// The seeded generator random tests use (SplitMix64, StrokeCore's ``SeededGenerator``).
typealias SplitMix64 = SeededGenerator
