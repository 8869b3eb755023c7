import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Lag that survives real data (issue 9 item 4): recording gaps, a resting, retracing or
/// hooking pen, and nothing drawn yet.
final class LagRealDataTests: XCTestCase {
    let recorded = TraceMetadata(source: "wacom:recording", refreshRateHz: 60)
    let twoFrames = 2000.0 / 60

    /// A recorded stroke (no reference: measured by hold-out) through `path` sampled at
    /// 200 Hz, with optional jitter.
    private func recordedStroke(duration: Double, jitter: Double = 0, seed: UInt64 = 1,
                                _ path: (Double) -> Point) -> Stroke {
        var rng = SeededGenerator(seed: seed)
        let samples = (0...Int(duration * 200)).map { i -> TouchSample in
            let t = 10 + Double(i) / 200
            var p = path(t - 10)
            if jitter > 0 {
                p.x += jitter * (2 * rng.nextUnit() - 1)
                p.y += jitter * (2 * rng.nextUnit() - 1)
            }
            return TouchSample(time: t, location: p)
        }
        return Stroke(id: "s", events: FrameGrouping.events(from: samples))
    }

    private let nonPredicting = ["linear", "bezier4", "midpoint-bezier", "midpoint-bezier(tail=complete)", "coalesced-only",
                                 "coalesced-only(tail=complete)"]

    func testARecordingGapIsExcludedAndCountedNotReportedAsLag() {
        // Moving, then 1.8 s in which the pen moves 60 units unrecorded, then moving again.
        var samples: [TouchSample] = []
        for i in 0...100 { samples.append(TouchSample(time: Double(i) / 200, x: Double(i) * 0.5, y: 0)) }
        for i in 0...100 { samples.append(TouchSample(time: 2.3 + Double(i) / 200, x: 110 + Double(i) * 0.5, y: 0)) }
        let stroke = Stroke(id: "gap", events: FrameGrouping.events(from: samples))
        for label in ["linear", "midpoint-bezier(tail=complete)", "midpoint-bezier(tail=complete)|predict:linear(horizon=16.7)"] {
            let r = StrokeEvaluation.evaluate(stroke: stroke, pipeline: Fixtures.pipeline(label), metadata: recorded)
            let excluded = r.value("lag.frames_excluded")!
            print("\(label): lag.max_ms \(r.value("lag.max_ms")!), frames excluded \(excluded)")
            XCTAssertLessThanOrEqual(r.value("lag.max_ms")!, MetricOptions().lagSearchBackMs, label)
            XCTAssertLessThan(r.value("lag.max_ms")!, 80, "the gap itself is not lag (\(label))")
            // Refreshes in the gap, and while the display still shows ink from before it.
            XCTAssertGreaterThanOrEqual(excluded, 1.8 * 60, label)
            XCTAssertLessThan(excluded, 1.8 * 60 + 6, label)
        }
    }

    func testAFirstSampleFollowedBySecondsOfNothingIsNotLag() {
        // The recording of the audit: a zero-pressure first sample, 1.8 s, then the stroke.
        var samples = [TouchSample(time: 0, x: 0, y: 0)]
        for i in 0...100 { samples.append(TouchSample(time: 1.8 + Double(i) / 200, x: 40 + Double(i) * 0.5, y: 0)) }
        let stroke = Stroke(id: "late", events: FrameGrouping.events(from: samples))
        for label in nonPredicting {
            let r = StrokeEvaluation.evaluate(stroke: stroke, pipeline: Fixtures.pipeline(label), metadata: recorded)
            guard let max = r.value("lag.max_ms") else { continue }
            XCTAssertLessThan(max, 120, label)
        }
    }

    func testAPipelineWithoutPredictionNeverOvershoots() {
        // A stop, a stop with 0.05-unit jitter, a hook that retraces its own path, a side hook.
        let stop: (Double) -> Point = { t in Point(x: 100 * Swift.min(t, 0.5) + 100 * Swift.max(t - 1, 0), y: 0) }
        let retrace: (Double) -> Point = { t in Point(x: t < 0.5 ? 200 * t : 100 - 200 * (t - 0.5), y: 0) }
        let side: (Double) -> Point = { t in
            t < 0.5 ? Point(x: 200 * t, y: 0) : Point(x: 100 - 150 * (t - 0.5), y: 30 * (t - 0.5))
        }
        let cases: [(String, Stroke)] = [
            ("stop", recordedStroke(duration: 1.5, stop)),
            ("stop with jitter", recordedStroke(duration: 1.5, jitter: 0.05, stop)),
            ("retracing hook", recordedStroke(duration: 1, retrace)),
            ("side hook", recordedStroke(duration: 1, side)),
        ]
        for (name, stroke) in cases {
            for label in nonPredicting {
                let r = StrokeEvaluation.evaluate(stroke: stroke, pipeline: Fixtures.pipeline(label), metadata: recorded)
                XCTAssertEqual(r.value("lag.overshoot_rate"), 0, "\(name), \(label)")
                XCTAssertGreaterThan(r.value("lag.mean_ms")!, 0, "\(name), \(label)")
            }
        }
    }

    func testARestingPenWithJitterKeepsTheLagOfTheMovingPen() {
        // 100 units/s for 0.5 s, a 0.5 s rest with 0.05-unit jitter, 0.5 s more; against the
        // same motion without the rest.
        let resting = recordedStroke(duration: 1.5, jitter: 0.05) { t in
            Point(x: 100 * Swift.min(t, 0.5) + 100 * Swift.max(t - 1, 0), y: 0)
        }
        let moving = recordedStroke(duration: 1.0, jitter: 0.05) { t in Point(x: 100 * t, y: 0) }
        for label in ["linear", "midpoint-bezier(tail=complete)", "coalesced-only"] {
            let a = StrokeEvaluation.evaluate(stroke: resting, pipeline: Fixtures.pipeline(label), metadata: recorded)
            let b = StrokeEvaluation.evaluate(stroke: moving, pipeline: Fixtures.pipeline(label), metadata: recorded)
            for metric in ["lag.mean_ms", "lag.p95_ms", "lag.max_ms"] {
                let rest = a.value(metric)!, move = b.value(metric)!
                print("\(label) \(metric): resting \(rest), moving \(move)")
                XCTAssertEqual(rest, move, accuracy: 0.1 * move, "\(label) \(metric)")
            }
        }
    }

    func testLagNeverExceedsTheSearchWindow() {
        // A pipeline shown far behind (a one-second stall): the lag saturates at the bound.
        let line = KnownAnswerStrokes.line(speed: 120, duration: 2)
        var stalled = line
        stalled.events = line.events.enumerated().map { i, e in
            var e = e
            if (10...70).contains(i) { e.time = line.events[70].time }
            return e
        }
        let r = Fixtures.evaluate(stalled, "linear")
        XCTAssertLessThanOrEqual(r.value("lag.max_ms")!, 300)
        XCTAssertEqual(r.value("lag.max_ms")!, 300, accuracy: 1e-9)
    }
}
