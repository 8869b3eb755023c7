import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// `filter:ink-modeler`, `predict:ink-kalman`, `predict:stroke-end` and the `ink` preset:
/// the stages driven by a pipeline replay against google/ink-stroke-modeler's own runs (the
/// shared oracles `ink_stroke_modeler/`: sample 0 `kDown`, the last `kUp`, `Predict` after
/// every other input — here one sample per event, so the replay predicts after each).
///
/// Tolerance: the 2e-3 units (units/s) on time, position, velocity and pressure, with
/// the same number of outputs. A modeled sample's velocity is its speed × heading.
final class InkModelerStageTests: XCTestCase {
    private static let tolerance = 2e-3

    private struct Errors: CustomStringConvertible {
        var time = WorstDifference(), position = WorstDifference(), velocity = WorstDifference(), pressure = WorstDifference()
        mutating func add(_ s: AttributedSample, _ f: [String: [Double]], _ i: Int) {
            time.add(s.time, f["time"]![i])
            position.add(s.location, Point(x: f["x"]![i], y: f["y"]![i]))
            velocity.add(Point(x: s.speed * s.heading.dx, y: s.speed * s.heading.dy), Point(x: f["vx"]![i], y: f["vy"]![i]))
            pressure.add(s.force, f["pressure"]![i])
        }
        var worst: Double { max(time.value, position.value, velocity.value, pressure.value) }
        var description: String {
            "max abs error over \(time.count) samples: time \(time.value) s, position \(position.value), velocity \(velocity.value), pressure \(pressure.value)"
        }
    }

    /// The peer's float32 columns, read back as float32.
    private func columns(_ object: Any?) throws -> [String: [Double]] {
        try PeerOracles.float32Columns(object, ["time", "x", "y", "vx", "vy", "pressure"])
    }

    private func modeledRun(_ oracleName: String, label: String, expectedCount: Int) throws {
        let circle = try PeerOracles.circle()
        let oracle = try PeerOracles.load("ink_stroke_modeler/\(oracleName)")
        let modeled = try columns(oracle["modeled"])
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        let replay = replayer.replay(circle.strokeWithOneEventPerSample, options: ReplayOptions(recordsCurveInput: true))
        let out = replay.curveInput
        XCTAssertEqual(out.count, expectedCount)
        XCTAssertEqual(out.count, modeled["time"]!.count, "same number of outputs as the peer")
        var errors = Errors()
        for i in 0..<min(out.count, modeled["time"]!.count) { errors.add(out[i], modeled, i) }
        print("filter:ink-modeler oracle \(oracleName) (\(out.count) samples): \(errors)")
        XCTAssertLessThanOrEqual(errors.worst, Self.tolerance, "\(errors)")
    }

    func testModeledCircleMatchesInkStrokeModeler() throws {
        try modeledRun("circle240_kalman.json", label: "coalesced|filter:ink-modeler|interp:linear", expectedCount: 2007)
    }

    func testModeledCircleWithActiveWobbleMatchesInkStrokeModeler() throws {
        try modeledRun("circle240_wobble_active.json",
                       label: "coalesced|filter:ink-modeler(wobbleSpeedFloor=400,wobbleSpeedCeiling=500)|interp:linear",
                       expectedCount: 2008)
    }

    /// The predictions of one replay against `predictions` of an oracle run: per input i, the
    /// frame's predicted samples against the slice `offset[i] ..< offset[i] + count[i]`.
    private func predictionRun(_ oracleName: String, label: String, compareLengthMismatches: Bool)
        throws -> (errors: Errors, lengthMismatches: Int, predictions: Int) {
        let circle = try PeerOracles.circle()
        let oracle = try PeerOracles.load("ink_stroke_modeler/\(oracleName)")
        let predictions = try XCTUnwrap(oracle["predictions"] as? [String: Any])
        let offset = try XCTUnwrap(ExactJSON.ints(predictions["offset"]))
        let count = try XCTUnwrap(ExactJSON.ints(predictions["count"]))
        let flat = try columns(predictions["flat"])
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        let replay = replayer.replay(circle.strokeWithOneEventPerSample)
        XCTAssertEqual(replay.frames.count, circle.t.count)
        XCTAssertEqual(offset.count, circle.t.count - 1, "a prediction after every input but the up")
        var errors = Errors()
        var mismatches = 0, total = 0
        for i in offset.indices {
            let predicted = Array(replay.predicted[replay.frames[i].predicted])
            total += predicted.count
            if predicted.count != count[i] { mismatches += 1; if !compareLengthMismatches { continue } }
            for j in 0..<min(predicted.count, count[i]) { errors.add(predicted[j], flat, offset[i] + j) }
        }
        XCTAssertTrue(replay.frames.last!.predicted.isEmpty, "nothing predicted at the terminal event")
        if !compareLengthMismatches { XCTAssertEqual(total > 0, true) }
        return (errors, mismatches, total)
    }

    /// The `ink` preset's predictions are ink's `Predict` (Kalman) after every input: the
    /// connector from the modeled tip and the estimate's cubic. The Kalman estimate is float64
    /// here and float32 in ink, so a prediction's length (a ceiling of the confidence) may
    /// rarely differ; those are counted and must stay under 1 %.
    func testInkPresetPredictionsMatchInkStrokeModelerKalmanPredict() throws {
        let (errors, mismatches, total) = try predictionRun("circle240_kalman.json", label: "ink", compareLengthMismatches: false)
        print("ink preset vs circle240_kalman.json predictions (\(total) predicted samples, \(mismatches) of 1999 predictions with another length): \(errors)")
        XCTAssertLessThanOrEqual(mismatches, 1999 / 100)
        XCTAssertLessThanOrEqual(errors.worst, Self.tolerance, "\(errors)")
    }

    /// Feeding ink's Kalman filter the modeled points instead (`predict:kalman` after the
    /// modeler) is not what ink does: its predictions are far from ink's.
    func testKalmanOnTheModeledPointsIsNotInksPrediction() throws {
        var replayer = try PipelineDescription(parsing: "coalesced|filter:ink-modeler|interp:linear|predict:kalman(horizon=16.666666666666668)")
            .makeReplayer()
        let circle = try PeerOracles.circle()
        let replay = replayer.replay(circle.strokeWithOneEventPerSample)
        let oracle = try PeerOracles.load("ink_stroke_modeler/circle240_kalman.json")
        let flat = try columns((oracle["predictions"] as? [String: Any])?["flat"])
        let offset = try XCTUnwrap(ExactJSON.ints((oracle["predictions"] as? [String: Any])?["offset"]))
        let count = try XCTUnwrap(ExactJSON.ints((oracle["predictions"] as? [String: Any])?["count"]))
        // Compare the last predicted point of each prediction mid-stroke.
        var far = 0, compared = 0
        for i in 1000..<1100 where count[i] > 0 {
            guard let last = replay.predicted[replay.frames[i].predicted].last else { continue }
            let k = offset[i] + count[i] - 1
            compared += 1
            if last.location.distance(to: Point(x: flat["x"]![k], y: flat["y"]![k])) > 1 { far += 1 }
        }
        XCTAssertGreaterThan(compared, 50)
        XCTAssertGreaterThan(far, compared / 2, "the lagged modeled points predict something else")
    }

    /// `predict:stroke-end` gives ink's stroke-end predictions (the catch-up) after every input.
    func testStrokeEndPredictionsMatchInkStrokeModeler() throws {
        let (errors, mismatches, total) = try predictionRun("circle240_strokeend.json", label: "ink-stroke-end",
                                                            compareLengthMismatches: true)
        print("ink-stroke-end preset vs circle240_strokeend.json (\(total) predicted samples): \(errors)")
        XCTAssertEqual(mismatches, 0, "every prediction has the peer's length")
        XCTAssertLessThanOrEqual(errors.worst, Self.tolerance, "\(errors)")
    }

    /// The label defaults are the shared oracles' parameters: the modeler's own defaults.
    func testLabelDefaultsAreTheOraclesParameters() throws {
        XCTAssertEqual(try InkModelerFilter.Parameters().modelerParameters(), InkStrokeModeler.Parameters())
        let stage = try PipelineDescription.resolveStage("filter:ink-modeler")
        XCTAssertEqual(stage.parameters["wobbleTimeout"], .number(40))
        XCTAssertEqual(stage.parameters["minOutputRate"], .number(180))
        // Every field of ink's params structs is a label parameter (loop contraction's
        // is_enabled + 5 fields, wobble's 4, position's 2, sampling's 5, stylus' 1).
        XCTAssertEqual(InkModelerFilter.Parameters.declarations.count, 18)
        var p = InkModelerFilter.Parameters()
        p.loopContraction = true
        p.strokeNormalProjection = true
        p.maxAnglePerInput = 0.5
        p.wobbleTimeoutMs = 25
        let m = try p.modelerParameters()
        XCTAssertEqual(m.position.loopContraction?.speedUpperBound, 500)
        XCTAssertEqual(m.position.loopContraction?.minSpeedSamplingWindow, 0.6)
        XCTAssertEqual(m.sampling.maxEstimatedAngleToTraversePerInput, 0.5)
        XCTAssertEqual(m.wobble.timeout, 0.025)
        XCTAssertTrue(m.stylus.useStrokeNormalProjection)
    }

    func testInksParameterRulesAreOneLineErrorsNamingTheLabel() {
        for (label, needle) in [
            ("coalesced|filter:ink-modeler(loopContraction=on)|interp:linear", "strokeNormalProjection"),
            ("coalesced|filter:ink-modeler(wobbleSpeedCeiling=10)|interp:linear", "wobbleSpeedCeiling must be ≥ wobbleSpeedFloor"),
            ("coalesced|filter:ink-modeler(minOutputRate=-5)|interp:linear", "minOutputRate must be in"),
            ("coalesced|filter:ink-modeler(springConstant=1)|interp:linear", "has no parameter 'springConstant'"),
            ("coalesced|filter:one-euro|interp:linear|predict:ink-kalman", "filter:ink-modeler, which must be the last filter"),
            ("coalesced|interp:linear|predict:stroke-end", "filter:ink-modeler, which must be the last filter"),
            ("coalesced|filter:ink-modeler|filter:one-euro|interp:linear|predict:ink-kalman", "the last filter is filter:one-euro"),
        ] {
            XCTAssertThrowsError(try PipelineDescription(parsing: label)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains(label), text)
                XCTAssertTrue(text.contains(needle), text)
                XCTAssertFalse(text.contains("\n"), text)
            }
        }
        XCTAssertThrowsError(try PipelineDescription.resolveStage("predict:ink-kalman")) { error in
            XCTAssertTrue("\(error)".contains("cannot run alone"), "\(error)")
        }
    }

    /// `bench --stage 'filter:ink-modeler|predict:ink-kalman'` runs ink's Update and Predict
    /// alone, per event, as the `ink` pipeline's replay runs them: the same modeled samples and
    /// predictions (counted by the run's checksum: modeled + predicted samples), one prediction
    /// per event but the terminal one; a filter with a predictor that does not read it is refused.
    func testFilterAndItsPredictorRunAloneAsTheReplayRunsThem() throws {
        let circle = try PeerOracles.circle()
        let touches = circle.t.indices.map {
            TouchSample(time: circle.t[$0], location: Point(x: circle.x[$0], y: circle.y[$0]), force: circle.pressure[$0],
                        maximumPossibleForce: 1)
        }
        let framed = Stroke(id: "circle240", events: FrameGrouping.events(from: touches, refreshRateHz: 60))
        for stroke in [circle.strokeWithOneEventPerSample, framed] {
            let stages = try PipelineDescription.resolveStages("filter:ink-modeler|predict:ink-kalman")
            XCTAssertEqual(stages.map(\.descriptor.id), ["ink-modeler", "ink-kalman"])
            var run = StageRun(stages, strokes: [stroke])
            XCTAssertEqual(run.inputsPerPass, stroke.sampleCount)
            var replayer = try PipelineDescription(parsing: "ink").makeReplayer()
            let replay = replayer.replay(stroke, options: ReplayOptions(recordsCurveInput: true))
            XCTAssertGreaterThan(replay.predicted.count, 0)
            let expected = replay.curveInput.count + replay.predicted.count
            XCTAssertEqual(run.pass(), expected)
            XCTAssertEqual(run.pass(), expected, "a second pass starts the stroke afresh")
        }
        XCTAssertThrowsError(try PipelineDescription.resolveStages("filter:one-euro|predict:ink-kalman")) { error in
            XCTAssertTrue("\(error)".contains("a filter and the predictor that reads its state"), "\(error)")
        }
        XCTAssertEqual(try PipelineDescription.resolveStages("filter:ink-modeler").count, 1)
    }

    /// Force (over the maximum) is ink's pressure, π/2 − altitude its tilt, the azimuth its
    /// orientation; the modeled values come back on the same scales, interpolated from the
    /// inputs at the tip's projection.
    func testStylusValuesMapToInksPressureTiltAndOrientationAndBack() throws {
        var samples: [AttributedSample] = []
        for i in 0..<40 {
            let t = Double(i) / 120
            samples.append(AttributedSample(time: t, location: Point(x: 10 + 300 * t, y: 20), force: 2 * Double(i) / 39,
                                            maximumPossibleForce: 2, altitude: 1.2 - 0.01 * Double(i), azimuth: -0.5 + 0.02 * Double(i)))
        }
        var filter = try InkModelerFilter()
        var out: [AttributedSample] = []
        filter.finish(samples, into: &out)
        XCTAssertGreaterThan(out.count, samples.count)
        for s in out {
            XCTAssertEqual(s.maximumPossibleForce, 2)
            XCTAssertTrue((0...2).contains(s.force), "\(s.force)")
            XCTAssertTrue((1.2 - 0.39 - 1e-6...1.2 + 1e-6).contains(s.altitude), "\(s.altitude)")
            XCTAssertTrue((-0.5 - 1e-6...0.28 + 1e-6).contains(s.azimuth), "\(s.azimuth)")
        }
        // Pressure, tilt and orientation interpolate like the position along the line, so
        // each follows x: force = 2·(x − 10)/(300·39/120).
        for s in out {
            let u = (s.location.x - 10) / (300 * 39.0 / 120)
            XCTAssertEqual(s.force, 2 * u, accuracy: 1e-4)
            XCTAssertEqual(s.altitude, 1.2 - 0.39 * u, accuracy: 1e-4)
            XCTAssertEqual(s.azimuth, -0.5 + 0.78 * u, accuracy: 1e-4)
        }
        // The catch-up brings the stroke to the last input.
        XCTAssertEqual(out.last!.location.x, samples.last!.location.x, accuracy: 0.06)
        XCTAssertEqual(out.last!.force, 2, accuracy: 1e-3)
    }

    /// 0…n outputs per input: a repeated timestamp emits nothing, an exact repeat is skipped,
    /// a slow input is upsampled; the end of the stroke catches up; a one-sample stroke gives
    /// the sample and one catch-up result; a stroke ending without a sample lifts the pen at
    /// the last input.
    func testOutputsPerInputAndTheEndOfStroke() throws {
        var filter = try InkModelerFilter()
        var out: [AttributedSample] = []
        filter.push(AttributedSample(time: 0, x: 0, y: 0), into: &out)
        XCTAssertEqual(out.count, 1, "down emits itself")
        filter.push(AttributedSample(time: 0.125, x: 10, y: 0), into: &out)
        XCTAssertEqual(out.count, 1 + 23, "125 ms at 180 Hz: ⌈22.5⌉ steps")
        let before = out.count
        filter.push(AttributedSample(time: 0.125, x: 10, y: 0), into: &out)
        XCTAssertEqual(out.count, before, "an exact repeat is skipped")
        XCTAssertEqual(filter.rejectedInputs, 1)
        filter.push(AttributedSample(time: 0.125, x: 11, y: 0), into: &out)
        XCTAssertEqual(out.count, before, "a repeated timestamp emits nothing")
        filter.flush(into: &out)
        XCTAssertGreaterThan(out.count, before)
        XCTAssertEqual(out.last!.location.x, 11, accuracy: 0.06)
        XCTAssertFalse(filter.modeler.isStrokeInProgress)

        filter.reset()
        out.removeAll()
        filter.finish([AttributedSample(time: 5, x: 3, y: 4)], into: &out)
        XCTAssertEqual(out.count, 2)
        XCTAssertEqual(out.map(\.location), [Point(x: 3, y: 4), Point(x: 3, y: 4)])
    }
}
