import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

final class LagTests: XCTestCase {
    let twoFrames = 2000.0 / 60

    func testLinearOnAConstantSpeedLineLagsByTheDisplayLatency() {
        // FrameGrouping delivers each main sample exactly at its frame's end: age 0.
        let line = KnownAnswerStrokes.line(speed: 120, duration: 2)
        let result = Fixtures.evaluate(line, "linear")
        let lag = result.value("lag.mean_ms")!
        print("line, linear, age 0: lag.mean_ms = \(lag) (expected \(twoFrames))")
        XCTAssertEqual(lag, twoFrames, accuracy: 0.5)
        XCTAssertEqual(result.value("lag.max_ms")!, twoFrames, accuracy: 0.5)
        XCTAssertEqual(result.value("lag.offpath_mean")!, 0, accuracy: 1e-9)
        XCTAssertEqual(result.value("lag.overshoot_rate"), 0)
    }

    func testTheMainSampleAgeAtDeliveryAddsToTheLag() {
        let age = 0.0025
        let line = KnownAnswerStrokes.delayed(KnownAnswerStrokes.line(speed: 120, duration: 2), by: age)
        let lag = Fixtures.evaluate(line, "linear").value("lag.mean_ms")!
        print("line, linear, age 2.5 ms: lag.mean_ms = \(lag) (expected \(twoFrames + 2.5))")
        XCTAssertEqual(lag, twoFrames + 2.5, accuracy: 0.5)
    }

    func testLinearPredictionTakesItsHorizonOffTheLagWithoutError() {
        let line = KnownAnswerStrokes.delayed(KnownAnswerStrokes.line(speed: 120, duration: 2), by: 0.0025)
        let base = Fixtures.evaluate(line, "linear").value("lag.mean_ms")!
        for h in [8.0, 16.7, 25] {
            let result = Fixtures.evaluate(line, "linear|predict:linear(horizon=\(h))")
            let lag = result.value("lag.mean_ms")!
            print("line, predict:linear(horizon=\(h)): lag.mean_ms = \(lag), drop \(base - lag); prediction.error_mean@16ms = \(result.value("prediction.error_mean@16ms")!)")
            XCTAssertEqual(base - lag, h, accuracy: 0.5)
            for horizon in ["8", "16", "25", "33", "50"] {
                XCTAssertEqual(result.value("prediction.error_mean@\(horizon)ms")!, 0, accuracy: 1e-9)
                XCTAssertEqual(result.value("prediction.error_p95@\(horizon)ms")!, 0, accuracy: 1e-9)
                XCTAssertEqual(result.value("prediction.jitter@\(horizon)ms")!, 0, accuracy: 1e-9)
                XCTAssertEqual(result.value("prediction.wrong_direction_rate@\(horizon)ms"), 0)
            }
        }
    }

    func testPredictingFurtherThanTheLatencyOvershoots() {
        let line = KnownAnswerStrokes.line(speed: 120, duration: 2)
        let result = Fixtures.evaluate(line, "linear|predict:linear(horizon=50)")
        // The first frame cannot predict yet, and the last one predicts past the pen's lift
        // (its tip projects onto the end): both pull the mean up a little.
        XCTAssertEqual(result.value("lag.mean_ms")!, twoFrames - 50, accuracy: 1)
        XCTAssertEqual(result.value("lag.p95_ms")!, twoFrames - 50, accuracy: 0.5)
        XCTAssertGreaterThan(result.value("lag.overshoot_rate")!, 0.95)
    }

    func testLoopsDoNotAliasTheProjection() {
        // Three revolutions at 2 rev/s: the tip passes every place three times; the
        // windowed projection must still find the 33 ms lag, not 0 or 500 ms.
        let circle = KnownAnswerStrokes.circle(radius: 50, revolutionsPerSecond: 2, revolutions: 3)
        let result = Fixtures.evaluate(circle, "coalesced-only")
        XCTAssertEqual(result.value("lag.mean_ms")!, twoFrames, accuracy: 0.5)
        XCTAssertEqual(result.value("lag.max_ms")!, twoFrames, accuracy: 0.5)
    }

    func testAStalledMainThreadShowsTheOldFrameAtEveryRefresh() {
        // Remove the events of frames 20–24: the display keeps frame 19 for five more
        // refreshes, and the lag grows by one period each time.
        let line = KnownAnswerStrokes.line(speed: 120, duration: 1)
        var stalled = line
        var events: [TouchEvent] = []
        var carried: [TouchSample] = []
        for (i, e) in line.events.enumerated() {
            if (20...24).contains(i) { carried += e.samples; continue }
            if i == 25 {
                events.append(TouchEvent(phase: e.phase, time: e.time, samples: carried + e.samples))
                carried = []
                continue
            }
            events.append(e)
        }
        stalled.events = events
        let lags = Lag(replay: replay(stalled, "linear"), reference: stalled.reference!, refreshRateHz: 60,
                       options: MetricOptions())!.lagsMs
        let peak = lags.max()!
        XCTAssertEqual(peak, twoFrames + 5 * 1000 / 60, accuracy: 0.5)
        XCTAssertEqual(lags.count, Lag(replay: replay(line, "linear"), reference: line.reference!, refreshRateHz: 60,
                                       options: MetricOptions())!.lagsMs.count, "one lag per refresh, stalled or not")
    }

    func testATipJustBehindAMovingPenShowsItsLag() {
        // Refresh resampling 2.5 ms before each refresh on a 120 units/s line (each event
        // delivered at its newest sample: age 0): the ink ends 0.3 units behind the newest
        // sample, 2.5 ms of lag more than showing it. Under the 0.5-unit match tolerance, the
        // newest sample's place used to win ("a tip that close shows the newest sample"): the
        // lag read twoFrames. It wins only while the pen rests now.
        let line = KnownAnswerStrokes.line(speed: 120, duration: 1)
        func medianLag(_ label: String, tolerance: Double = MetricOptions().lagMatchTolerance) -> Double {
            let lags = Lag(replay: replay(line, label), reference: line.reference!, refreshRateHz: 60,
                           options: MetricOptions(lagMatchTolerance: tolerance))!.lagsMs.sorted()
            return lags[lags.count / 2]
        }
        let resampled = medianLag("coalesced|filter:refresh-resample(offset=2.5)|interp:linear")
        let exact = medianLag("coalesced|filter:refresh-resample(offset=2.5)|interp:linear", tolerance: 1e-9)
        print("line at 120 units/s, tip 2.5 ms (0.3 units) behind the newest sample: median lag \(resampled) ms (tolerance 1e-9: \(exact); expected \(twoFrames + 2.5))")
        XCTAssertEqual(resampled, twoFrames + 2.5, accuracy: 1e-3)
        XCTAssertEqual(resampled, exact, accuracy: 1e-6)
        // A prediction 2.5 ms ahead of the newest sample (0.3 units) shows 2.5 ms less lag,
        // not the newest sample's.
        XCTAssertEqual(medianLag("linear|predict:linear(horizon=2.5)"), twoFrames - 2.5, accuracy: 1e-3)
    }

    func testATapHasNoLag() {
        let tap = Stroke(id: "tap", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 5, y: 5)]),
                         reference: ReferenceCurve(points: [TimedPoint(time: 0, x: 5, y: 5)]))
        let result = Fixtures.evaluate(tap, "linear(tail=complete)")
        XCTAssertNil(result.value("lag.mean_ms"))
        XCTAssertTrue(result.notes.contains { $0.hasPrefix("lag:") }, "\(result.notes)")
    }

    private func replay(_ stroke: Stroke, _ label: String) -> StrokeReplay {
        var replayer = Fixtures.pipeline(label).makeReplayer()
        return replayer.replay(stroke, options: .init())
    }
}

extension LagTests {
    func testAbsurdPausesAreBoundedNotFatal() {
        // A pen that rests for 10¹² s between two samples: the timeline is capped and every
        // metric still comes out finite.
        let samples = [TouchSample(time: 0, x: 0, y: 0), TouchSample(time: 0.004, x: 1, y: 0),
                       TouchSample(time: 1e12, x: 2, y: 0), TouchSample(time: 1e12 + 0.004, x: 3, y: 0)]
        let stroke = Stroke(id: "pause", events: FrameGrouping.events(from: samples), reference: ReferenceCurve(samples: samples))
        let frames = replay(stroke, "linear").frames
        let timeline = DisplayTimeline(frames: frames, refreshRateHz: 60, latencyFrames: 2, until: 1e12)
        XCTAssertEqual(timeline.ticks.count, DisplayTimeline.minimumTicks, "a few events get the smallest budget")
        XCTAssertEqual(DisplayTimeline.tickBudget(frames: frames.count), DisplayTimeline.minimumTicks)
        XCTAssertEqual(DisplayTimeline.tickBudget(frames: 100), 100 * DisplayTimeline.ticksPerFrame)
        XCTAssertEqual(DisplayTimeline.tickBudget(frames: Int.max), DisplayTimeline.maximumTicks)
        let r = Fixtures.evaluate(stroke, "linear")
        XCTAssertTrue(r.measurements.allSatisfy { $0.value.isFinite }, "\(r.measurements)")
    }
}
