import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Lag looks past the newest sample only for ink drawn ahead of it (issue 21 item 2): a
/// predictor that draws nothing changes nothing, and the curve's own lag stays visible under a
/// predictor that does.
final class LagDrawnAheadTests: XCTestCase {
    let recorded = TraceMetadata(source: "wacom:recording", refreshRateHz: 60)

    /// The issue's minimal case: 8 samples at 60 Hz, right for 30 units, then a hook back just
    /// off the line. No recorded predictions, so `predict:recorded` draws nothing.
    private var hook: Stroke {
        let points: [(Double, Double)] = [(0, 0), (10, 0), (20, 0), (30, 0), (26, 2), (20, 1), (15, 0), (10, 0)]
        let samples = points.enumerated().map { i, p in TouchSample(time: Double(i) / 60, x: p.0, y: p.1) }
        return Stroke(id: "hook", events: FrameGrouping.events(from: samples))
    }

    private func lagRows(_ r: StrokeEvaluationResult) -> [String: Double] {
        var out: [String: Double] = [:]
        for m in r.measurements where m.metric.hasPrefix("lag.") { out[m.metric] = m.value }
        return out
    }

    func testAPredictorThatDrawsNothingHasExactlyTheLagOfThePipelineWithoutIt() {
        let bare = StrokeEvaluation.evaluate(stroke: hook, pipeline: Fixtures.pipeline("coalesced-only(tail=complete)"),
                                             metadata: recorded)
        let expected = lagRows(bare)
        XCTAssertNotNil(expected["lag.mean_ms"])
        for label in ["coalesced-only(tail=complete)|predict:recorded", "coalesced-only(tail=complete)|predict:linear(horizon=0)"] {
            let r = StrokeEvaluation.evaluate(stroke: hook, pipeline: Fixtures.pipeline(label), metadata: recorded)
            let replay = Self.replay(hook, label, metadata: recorded)
            XCTAssertTrue(replay.predictedInk.isEmpty, "\(label) draws nothing ahead on this trace")
            XCTAssertEqual(lagRows(r), expected, label)
        }
        // Scribble's pencil draws coalesced-only's geometry with recorded predictions it does
        // not have here: the same lag.
        let scribble = StrokeEvaluation.evaluate(stroke: hook, pipeline: Fixtures.pipeline("scribble"), metadata: recorded)
        let coalesced = StrokeEvaluation.evaluate(stroke: hook, pipeline: Fixtures.pipeline("coalesced-only"), metadata: recorded)
        XCTAssertEqual(lagRows(scribble), lagRows(coalesced))
    }

    func testTheCurveLagUnderAPredictorIsThePipelinesOwnLag() {
        // A constant-speed line: the prediction takes its horizon off the drawn tip's lag and
        // nothing off the curve's, which is exactly the lag of the pipeline without it.
        let line = KnownAnswerStrokes.delayed(KnownAnswerStrokes.line(speed: 120, duration: 2), by: 0.0025)
        for curve in ["midpoint-bezier(tail=complete)", "one-euro", "coalesced|filter:pulled-string(length=4)|interp:linear"] {
            let bare = Fixtures.evaluate(line, curve)
            let predicted = Fixtures.evaluate(line, curve + "|predict:linear(horizon=16.7)")
            for (tip, id) in [("mean", "lag.mean_ms"), ("p95", "lag.p95_ms"), ("max", "lag.max_ms")] {
                XCTAssertEqual(bare.value("lag.curve_\(tip)_ms"), bare.value(id), "\(curve): no prediction, one lag")
                XCTAssertEqual(predicted.value("lag.curve_\(tip)_ms"), bare.value(id), "\(curve): the curve's own lag, \(tip)")
            }
            let drop = predicted.value("lag.curve_mean_ms")! - predicted.value("lag.mean_ms")!
            print("\(curve)|predict:linear(horizon=16.7): lag.curve_mean_ms \(predicted.value("lag.curve_mean_ms")!), lag.mean_ms \(predicted.value("lag.mean_ms")!)")
            XCTAssertEqual(drop, 16.7, accuracy: 0.5, curve)
        }
    }

    /// The drawn prediction's error counts the frames lag counts as drawing ahead, no others:
    /// while the pen rests, a predictor draws a zero-length segment on the tip — nothing ahead,
    /// so nothing wrong ahead — and the error of the frame that starts moving again is not
    /// diluted by the resting frames (it used to count every non-move element).
    func testTheDrawnPredictionErrorCountsOnlyFramesThatDrawAhead() throws {
        // At rest at x = 10 for 0.3 s, then along +x at 200 pt/s for 0.3 s.
        let stroke = KnownAnswerStrokes.stroke(id: "rest-then-move", duration: 0.6, sampleRateHz: 240, refreshRateHz: 60) { t in
            Point(x: 10 + 200 * Swift.max(0, t - 0.3), y: 20)
        }
        let label = "linear|predict:linear(horizon=16.7)"
        let replay = Self.replay(stroke, label, metadata: Fixtures.synthetic)
        let reference = try XCTUnwrap(stroke.reference)
        var sum = 0.0, count = 0, zeroLength = 0
        for frame in replay.frames where !frame.predicted.isEmpty {
            guard Lag.drawsAhead(frame, in: replay) else {
                if replay.predictedInk.elements[frame.predictedInk].contains(where: { !$0.isMove }) { zeroLength += 1 }
                continue
            }
            let tau = replay.predicted[frame.predicted.upperBound - 1].time
            guard let tip = frame.tip, tau <= reference.endTime else { continue }
            sum += (tip - reference.position(at: tau)).length
            count += 1
        }
        XCTAssertGreaterThan(zeroLength, 5, "the resting frames draw zero-length predictions")
        XCTAssertGreaterThan(count, 5)
        let measured = try XCTUnwrap(Fixtures.evaluate(stroke, label).value("prediction.drawn_error_mean"))
        XCTAssertEqual(measured, sum / Double(count), accuracy: 1e-12)
        // Once the pen moves, a constant-velocity predictor is exact; the resting frames whose
        // horizon reached past the start (0.098 pt on average when they were counted) drew nothing.
        XCTAssertEqual(measured, 0, accuracy: 1e-9)
    }

    private static func replay(_ stroke: Stroke, _ label: String, metadata: TraceMetadata) -> StrokeReplay {
        let prepared = PreparedStroke(stroke: stroke, metadata: metadata, options: MetricOptions())
        let pipeline = Fixtures.pipeline(label)
        var replayer = pipeline.makeReplayer()
        return replayer.replay(prepared.fed, options: prepared.replayOptions(for: pipeline))
    }
}
