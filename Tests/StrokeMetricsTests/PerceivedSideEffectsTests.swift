import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Known answers for the seven perceived side effects: strokes built so that exactly one side
/// effect occurs, each other rate 0 (the spring effect omitted where the pen never stops).
///
/// Scale: the test traces state none, so 1 mm is 132/25.4 ≈ 5.197 pt (StrokeLab's default
/// scale). Thresholds are the defaults: lateness and over-anticipation 1 mm, wrong distance
/// 1 mm, orientation 45° for motions ≥ 0.5 mm, jitter 0.2 mm, jumps 2 mm, spring 0.5 mm, rest
/// below 5 mm/s. Display: 60 Hz, 2 frames of latency (33.3 ms); samples delivered at age 0.
final class PerceivedSideEffectsTests: XCTestCase {
    static let ptPerMm = 132 / 25.4
    static let ids = PerceivedSideEffects.metrics.map(\.id)

    /// The seven values of `label` on `stroke`, checked against `expected` (ids without the
    /// `perceived.` prefix and `_rate` suffix); every other side effect must be 0, the spring
    /// effect `nil` unless `stops` says the stroke has one.
    @discardableResult
    func assertOnly(_ expected: [String: Double], _ stroke: Stroke, _ label: String, stops: Bool = false,
                    accuracy: Double = 1e-12, file: StaticString = #filePath, line: UInt = #line) -> [String: Double?] {
        let result = Fixtures.evaluate(stroke, label)
        var seen: [String: Double?] = [:]
        for id in Self.ids {
            let short = String(id.dropFirst("perceived.".count).dropLast("_rate".count))
            let value = result.value(id)
            seen[short] = value
            if short == "spring" && !stops && expected[short] == nil {
                XCTAssertNil(value, "\(label): \(id) without a stop", file: file, line: line)
                continue
            }
            guard let value else {
                XCTFail("\(label): \(id) missing (\(result.notes))", file: file, line: line)
                continue
            }
            XCTAssertEqual(value, expected[short] ?? 0, accuracy: accuracy, "\(label): \(id)", file: file, line: line)
        }
        print("\(stroke.id) through \(label): " + Self.ids.map { id in
            let short = String(id.dropFirst("perceived.".count).dropLast("_rate".count))
            return "\(short) \(seen[short].flatMap { $0 }.map { String(format: "%.3f", $0) } ?? "—")"
        }.joined(separator: ", "))
        return seen
    }

    // MARK: Lateness

    func testAFastLineWithoutPredictionIsLateAtEveryRefresh() {
        // 300 pt/s × 33.3 ms = 10 pt ≈ 1.92 mm behind: late everywhere, nothing else.
        assertOnly(["lateness": 1], KnownAnswerStrokes.line(speed: 300, duration: 1), "linear")
    }

    func testASteadyLagOnACircleIsLateButNeitherJitterNorJumps() {
        // 2 rev/s on a 50 pt circle (628 pt/s): the ink trails 21 pt (4 mm) round the curve;
        // its offset from the pen turns with the curve, its offset from the delayed pen does not.
        let circle = KnownAnswerStrokes.circle(radius: 50, revolutionsPerSecond: 2, revolutions: 1.5)
        assertOnly(["lateness": 1], circle, "coalesced-only")
    }

    func testASlowLineIsNeverLate() {
        // 60 pt/s × 33.3 ms = 2 pt ≈ 0.38 mm: under the nib.
        assertOnly([:], KnownAnswerStrokes.line(speed: 60, duration: 1), "linear")
    }

    func testAPredictionThatMakesUpTheLatencyRemovesTheLateness() {
        assertOnly([:], KnownAnswerStrokes.line(speed: 300, duration: 1), "linear|predict:linear(horizon=33.3)", accuracy: 0)
    }

    // MARK: Over-anticipation

    func testPredictingFurtherThanTheLatencyOverAnticipatesAtEveryRefresh() {
        // Ahead by 300 pt/s × (66.7 − 33.3) ms = 10 pt ≈ 1.92 mm; the prediction itself is exact.
        assertOnly(["over_anticipation": 1], KnownAnswerStrokes.line(speed: 300, duration: 1),
                   "linear|predict:linear(horizon=66.7)")
    }

    // MARK: Wrong orientation

    func testAConstantVelocityPredictionPointsTheWrongWayAtACorner() {
        // +x for 0.5 s then +y, 120 pt/s, one sample per 60 Hz frame; a 33.3 ms linear
        // prediction is 4 pt (0.77 mm) long. It points along the old leg while the pen turns.
        let v = 120.0, turn = 0.5
        let stroke = KnownAnswerStrokes.stroke(id: "corner", duration: 1, sampleRateHz: 60, refreshRateHz: 60) { t in
            t <= turn ? Point(x: 10 + v * t, y: 20) : Point(x: 10 + v * turn, y: 20 + v * (t - turn))
        }
        let label = "linear|predict:linear(horizon=33.3)"
        // The expected count from the analytic path: frames whose prediction (from the two
        // newest samples) and the pen's travel over the same 33.3 ms differ by more than 45°.
        let replay = replay(stroke, label)
        let drawn = DrawnPredictions(replay: replay, reference: stroke.reference!)
        var wrong = 0
        for p in drawn.predictions where p.predicted.length >= 0.5 * Self.ptPerMm && p.actual.length >= 0.5 * Self.ptPerMm {
            if abs(p.predicted.angle - p.actual.angle) > Double.pi / 4 { wrong += 1 }
        }
        XCTAssertEqual(wrong, 1, "exactly one frame predicts straight on while the pen has turned")
        assertOnly(["wrong_orientation": Double(wrong) / Double(drawn.predictions.count)], stroke, label)
    }

    // MARK: Wrong distance

    func testAPredictionClaimingTwiceThePensTravelIsAtTheWrongDistance() {
        // Recorded predictions at t + 16.7 ms where the pen will be at t + 33.3 ms: the ink ends
        // on the pen at display time (no lateness, no over-anticipation), but each prediction
        // claims 12 pt of travel where the pen goes 6 pt (1.15 mm off).
        let v = 360.0
        let line = KnownAnswerStrokes.line(speed: v, duration: 1, sampleRateHz: 60)
        let stroke = Self.withRecordedPredictions(line) { s in
            [TouchSample(time: s.time + 1.0 / 60, x: s.location.x + v * 2 / 60, y: s.location.y)]
        }
        assertOnly(["wrong_distance": 1], stroke, "linear|predict:recorded")
    }

    // MARK: Jitter

    func testAPredictorAmplifiesSensorNoiseIntoJitter() {
        // A slow line (60 pt/s) sampled once per frame with ±0.5 pt of alternating noise across
        // it. Drawn as is, the ink's end moves 1 pt (0.19 mm) back and forth: under the
        // threshold. A one-frame linear prediction extrapolates the zigzag to ±1.5 pt: 3 pt
        // (0.58 mm) back and forth at every refresh.
        let stroke = Self.zigzagLine(speed: 60, noise: 0.5, duration: 1)
        assertOnly([:], stroke, "linear")
        let seen = assertOnly(["jitter": 1], stroke, "linear|predict:linear(horizon=16.7)", accuracy: 0.05)
        XCTAssertGreaterThan(seen["jitter"]!!, 0.95)
    }

    // MARK: Jumps

    func testAPredictionThatSwingsAcrossThePathForOneFrameJumpsTwice() {
        // Recorded predictions exactly one latency ahead (the ink ends on the pen), each 6 pt
        // (1.15 mm) to the left of the path — except at one frame, 6 pt to the right: the
        // ink's end leaps 12 pt (2.3 mm) across and back. Along the path nothing changes.
        let v = 300.0
        let line = KnownAnswerStrokes.line(speed: v, duration: 1, sampleRateHz: 60)
        let swing = 30
        var index = 0
        let stroke = Self.withRecordedPredictions(line) { s in
            index += 1
            let side = index == swing ? -6.0 : 6.0
            return [TouchSample(time: s.time + 2.0 / 60, x: s.location.x + v * 2 / 60, y: s.location.y + side)]
        }
        let effects = measure(stroke, "linear|predict:recorded")
        XCTAssertEqual(effects.jumps.occurrences, 2, "out and back")
        assertOnly(["jump": 2 / Double(effects.jumps.opportunities)], stroke, "linear|predict:recorded")
    }

    func testAPredictionDiscardedForOneFrameJumpsAndIsLateThere() {
        // The "jump when a prediction is discarded": predictions one latency ahead keep the ink
        // on the pen; at 360 pt/s the one missing leaves it 12 pt (2.3 mm) behind for one
        // refresh — a jump when it goes, a jump when it comes back, and one late refresh.
        let v = 360.0
        let line = KnownAnswerStrokes.line(speed: v, duration: 1, sampleRateHz: 60)
        var index = 0
        let stroke = Self.withRecordedPredictions(line) { s in
            index += 1
            return index == 30 ? [] : [TouchSample(time: s.time + 2.0 / 60, x: s.location.x + v * 2 / 60, y: s.location.y)]
        }
        let effects = measure(stroke, "linear|predict:recorded")
        XCTAssertEqual(effects.jumps.occurrences, 2)
        XCTAssertEqual(effects.lateness.occurrences, 1)
        for (name, rate) in [("over-anticipation", effects.overAnticipation), ("wrong distance", effects.wrongDistance),
                             ("wrong orientation", effects.wrongOrientation), ("jitter", effects.jitter)] {
            XCTAssertEqual(rate.occurrences, 0, name)
            XCTAssertGreaterThan(rate.opportunities, 0, name)
        }
    }

    // MARK: Spring effect

    func testAPredictionThatOvershootsAStopSpringsBack() {
        // 120 pt/s along +x for 0.5 s, then the pen rests 0.3 s. One sample per frame; the
        // linear prediction (33.3 ms, one latency) at the first resting sample still has the
        // old velocity and overshoots by 4 pt (0.77 mm: more than a spring, less than
        // over-anticipation), then collapses.
        let v = 120.0, stop = 0.5
        let stroke = KnownAnswerStrokes.stroke(id: "stop", duration: 0.8, sampleRateHz: 60, refreshRateHz: 60) { t in
            Point(x: 10 + v * Swift.min(t, stop), y: 20)
        }
        assertOnly([:], stroke, "linear", stops: true)
        assertOnly(["spring": 1], stroke, "linear|predict:linear(horizon=33.3)", stops: true)
    }

    func testTheSameOvershootFartherIsAlsoOverAnticipation() {
        // Twice the speed: the overshoot is 8 pt (1.5 mm) — the ink is visibly past the pen
        // before it comes back. (Lateness stays 0: the prediction makes up the latency.)
        let v = 240.0, stop = 0.5
        let stroke = KnownAnswerStrokes.stroke(id: "stop", duration: 0.8, sampleRateHz: 60, refreshRateHz: 60) { t in
            Point(x: 10 + v * Swift.min(t, stop), y: 20)
        }
        let r = Fixtures.evaluate(stroke, "linear|predict:linear(horizon=33.3)")
        XCTAssertEqual(r.value("perceived.spring_rate"), 1)
        XCTAssertGreaterThan(r.value("perceived.over_anticipation_rate")!, 0)
        XCTAssertEqual(r.value("perceived.lateness_rate"), 0)
    }

    // MARK: Units and options

    func testThresholdsAreMillimetresOnTheScreenWhateverTheTraceUnit() {
        // The same line in millimetres (1 unit = 1 mm) at 57.7 mm/s is late (1.92 mm behind),
        // exactly as in points at 300 pt/s.
        let line = KnownAnswerStrokes.line(speed: 300 / Self.ptPerMm, duration: 1)
        var metadata = Fixtures.synthetic
        metadata.units = .mm
        metadata.millimetresPerUnit = 1
        let r = Fixtures.evaluate(line, "linear", metadata: metadata)
        XCTAssertEqual(r.value("perceived.lateness_rate"), 1)
        var options = MetricOptions()
        options.sideEffects.latenessMm = 2
        XCTAssertEqual(Fixtures.evaluate(line, "linear", options: options, metadata: metadata).value("perceived.lateness_rate"), 0)
    }

    func testInvalidThresholdsAreProblems() {
        var options = MetricOptions()
        options.sideEffects.jitterMm = 0
        options.sideEffects.jumpMm = -1
        XCTAssertEqual(options.problems.count, 3, "\(options.problems)")
        options = MetricOptions()
        options.sideEffects.wrongOrientationDegrees = 200
        XCTAssertEqual(options.problems, ["sideEffects.wrongOrientationDegrees must be at most 180, got 200.0"])
    }

    // MARK: Helpers

    /// The side effects of `label` on `stroke`, with their counts.
    private func measure(_ stroke: Stroke, _ label: String) -> PerceivedSideEffects {
        let r = replay(stroke, label)
        let lag = Lag.measure(replay: r, reference: stroke.reference!, refreshRateHz: 60, options: MetricOptions())
        return PerceivedSideEffects(replay: r, reference: stroke.reference!, lag: lag, refreshRateHz: 60,
                                    options: MetricOptions(), millimetresPerUnit: nil)
    }

    private func replay(_ stroke: Stroke, _ label: String) -> StrokeReplay {
        var replayer = Fixtures.pipeline(label).makeReplayer()
        return replayer.replay(stroke, options: .init())
    }

    /// `stroke` with each non-terminal event's recorded predictions made from its main sample.
    static func withRecordedPredictions(_ stroke: Stroke, _ predict: (TouchSample) -> [TouchSample]) -> Stroke {
        var s = stroke
        s.events = stroke.events.map { e in
            guard e.phase != .ended else { return e }
            return TouchEvent(phase: e.phase, time: e.time, samples: e.samples, predicted: predict(e.main))
        }
        return s
    }

    /// A line along +x at `speed`, sampled once per 60 Hz frame at age 0, each sample offset
    /// ±`noise` across the line (alternating); the reference is the clean line.
    static func zigzagLine(speed: Double, noise: Double, duration: Double) -> Stroke {
        let clean = KnownAnswerStrokes.line(speed: speed, duration: duration, sampleRateHz: 60)
        let n = Int((duration * 60).rounded())
        let samples = (0...n).map { i in
            TouchSample(time: Double(i) / 60, x: 10 + speed * Double(i) / 60, y: 20 + (i % 2 == 0 ? noise : -noise))
        }
        return Stroke(id: "zigzag", events: FrameGrouping.events(from: samples, refreshRateHz: 60), reference: clean.reference)
    }
}
