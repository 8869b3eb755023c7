import RealModule
import StrokeCore

/// Strokes with analytic ground truth, built in code (no dataset files): the known-answer
/// traces several test targets share.
///
/// An analytic stroke samples a position function `p(t)` at i / `sampleRateHz` for
/// i = 0 … round(duration · rate), groups the samples into display-frame events with
/// ``FrameGrouping`` at `refreshRateHz`, and attaches a reference curve sampled
/// `referenceOversampling` times more densely (20× by default: 4.8 kHz for 240 Hz), so every
/// sample time is also a reference time. Units: points and seconds.
public enum KnownAnswerStrokes {
    /// An analytic stroke (see the type's description). Every channel but time, location and
    /// `force` keeps its "unknown" default. O(duration · rate · oversampling).
    public static func stroke(id: String, duration: Double, sampleRateHz: Double, refreshRateHz: Double,
                              force: Double = 0, referenceOversampling: Int = 20,
                              position: (Double) -> Point) -> Stroke {
        let n = Int((duration * sampleRateHz).rounded())
        let samples = (0...n).map { i -> TouchSample in
            let t = Double(i) / sampleRateHz
            return TouchSample(time: t, location: position(t), force: force)
        }
        let dense = sampleRateHz * Double(referenceOversampling)
        let m = Int((duration * dense).rounded())
        let reference = ReferenceCurve(points: (0...m).map { j in
            let t = Double(j) / dense
            return TimedPoint(time: t, location: position(t))
        })
        return Stroke(id: id, events: FrameGrouping.events(from: samples, refreshRateHz: refreshRateHz),
                      reference: reference)
    }

    /// A counter-clockwise circle of radius `radius` around `center`, starting at angle 0:
    /// p(t) = center + radius·(cos 2πft, sin 2πft) with f = `revolutionsPerSecond`, for
    /// `revolutions` turns. Speed 2πf·radius units/s, curvature 1/radius. Id "circle".
    public static func circle(radius: Double, revolutionsPerSecond: Double, revolutions: Double, sampleRateHz: Double = 240,
                              refreshRateHz: Double = 60, center: Point = Point(x: 200, y: 200), force: Double = 0,
                              referenceOversampling: Int = 20) -> Stroke {
        let duration = revolutions / revolutionsPerSecond
        let position = { (t: Double) -> Point in
            let a = 2 * Double.pi * revolutionsPerSecond * t
            return Point(x: center.x + radius * Double.cos(a), y: center.y + radius * Double.sin(a))
        }
        return stroke(id: "circle", duration: duration, sampleRateHz: sampleRateHz, refreshRateHz: refreshRateHz,
                      force: force, referenceOversampling: referenceOversampling, position: position)
    }

    /// A straight line along +x at constant `speed` (units/s) from (10, 20): p(t) = (10 + speed·t, 20).
    /// Id "line".
    public static func line(speed: Double, duration: Double, sampleRateHz: Double = 240, refreshRateHz: Double = 60) -> Stroke {
        stroke(id: "line", duration: duration, sampleRateHz: sampleRateHz, refreshRateHz: refreshRateHz) {
            Point(x: 10 + speed * $0, y: 20)
        }
    }

    /// The same stroke with every event delivered `age` seconds later (its samples are that
    /// much older at delivery); samples, predictions and reference unchanged.
    public static func delayed(_ stroke: Stroke, by age: Double) -> Stroke {
        var s = stroke
        s.events = s.events.map { TouchEvent(phase: $0.phase, time: $0.time + age, samples: $0.samples, predicted: $0.predicted) }
        return s
    }

    /// `count` points evenly spaced on a circle of radius `radius` around the origin, starting
    /// at angle 0 and advancing 2π / `perRevolution` per point (so `count` > `perRevolution`
    /// goes round more than once).
    public static func circlePoints(radius: Double, perRevolution: Int, count: Int) -> [Point] {
        (0..<count).map { i in
            let a = 2 * Double.pi * Double(i) / Double(perRevolution)
            return Point(x: radius * Double.cos(a), y: radius * Double.sin(a))
        }
    }

    /// A stroke whose events each carry one sample, 1/60 s apart: began at `points[0]`, moved
    /// through the middle, ended at the last. With `endedRepeatsLast` (and always for a single
    /// point), an extra ended event repeats the last sample (UIKit's lift-off without
    /// movement), so every distinct sample is fed through began/moved. Id "test". Precondition:
    /// `points` is not empty.
    public static func oneSamplePerEvent(_ points: [Point], endedRepeatsLast: Bool = false) -> Stroke {
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
}
