import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// Stages that emit several outputs per input, or none until a threshold, through the replay:
/// what the one-in-one-out pipeline could not express.
final class StreamingStageTests: XCTestCase {
    /// The replay and `bench --stage` (``StageRun``) start a style's ink the same way
    /// (``Centerline/startingInk()``): the default ink per element, or the builder's own.
    func testStylesStartFromTheSameInkInAReplayAndInAStageRunAlone() throws {
        let s = AttributedSample(time: 0, x: 1, y: 2)
        let wide = InkAttributes(width: 7)
        for recordsInk in [false, true] {
            var line = Centerline(recordsInk: recordsInk)
            line.move(to: Point(x: 1, y: 2), s)
            line.append(.line(to: Point(x: 3, y: 4)), s, ink: wide)
            var scratch = [InkAttributes(width: 99)]
            line.startingInk(into: &scratch)
            XCTAssertEqual(line.startingInk(), scratch)
            XCTAssertEqual(scratch, recordsInk ? [.default, wide] : [.default, .default])
        }
        let stroke = KnownAnswerStrokes.oneSamplePerEvent([Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 5)])
        var run = StageRun(try PipelineDescription.resolveStage("style:constant(width=3)"), strokes: [stroke])
        XCTAssertEqual(run.pass(), 3, "one ink per element of the centre line through the 3 samples")
    }

    /// `bench --stage` feeds a filter as the replay does, event by event with each event's
    /// delivery time: refresh resampling emits what it emits in a replay (fed all samples at
    /// once without delivery times it passed them through and timed a copy).
    func testAStageRunFeedsAFilterTheEventsAndDeliveryTimesAReplayFeedsIt() throws {
        let stroke = line(speed: 120, seconds: 0.5)
        for label in ["filter:refresh-resample(offset=5)", "filter:one-euro", "filter:pulled-string(length=4)"] {
            let replay = try TestStrokes.replay(stroke, "coalesced|\(label)|interp:linear", options: ReplayOptions(recordsCurveInput: true))
            var run = StageRun(try PipelineDescription.resolveStage(label), strokes: [stroke])
            XCTAssertEqual(run.pass(), replay.curveInput.count, label)
        }
        var resample = StageRun(try PipelineDescription.resolveStage("filter:refresh-resample(offset=5)"), strokes: [stroke])
        XCTAssertNotEqual(resample.pass(), stroke.samples.count, "not a pass-through")
    }

    /// A straight line along +x at `speed` units/s, 240 Hz, grouped into 60 Hz events.
    private func line(speed: Double = 120, seconds: Double = 1) -> Stroke {
        let n = Int(seconds * 240)
        let samples = (0...n).map { i in TouchSample(time: Double(i) / 240, x: speed * Double(i) / 240, y: 0) }
        return Stroke(id: "line", events: FrameGrouping.events(from: samples, refreshRateHz: 60))
    }

    func testPulledStringTrailsTheSpeedingPenByExactlyItsLength() throws {
        let stroke = line(speed: 120)
        let length = 10.0
        let r = try TestStrokes.replay(stroke, "coalesced|filter:pulled-string(length=\(Int(length)))|interp:linear",
                                       options: ReplayOptions(recordsCurveInput: true))
        let fed = r.curveInput
        // Nothing but the pen-down sample until the pen is farther than L.
        XCTAssertEqual(fed.first?.location, Point(x: 0, y: 0))
        XCTAssertGreaterThan(fed[1].time, length / 120 - 1e-9, "no output until the pen has moved L")
        let pen = stroke.samples
        for s in fed.dropFirst() {
            let p = try XCTUnwrap(pen.first { $0.time == s.time })
            let trail = p.location.x - s.location.x
            XCTAssertEqual(trail, length, accuracy: 1e-9, "exactly L behind once moving")
            XCTAssertLessThanOrEqual(p.location.distance(to: s.location), length + 1e-9, "never more than L")
        }
        XCTAssertEqual(r.ink.currentPoint!.x, 120 - length, accuracy: 1e-9, "without finish, the ink ends L short")
        let finished = try TestStrokes.replay(stroke, "coalesced|filter:pulled-string(length=10,finish=on)|interp:linear")
        XCTAssertEqual(finished.ink.currentPoint!.x, 120, accuracy: 1e-9, "finish=on flushes the pen's last position")
    }

    func testPulledStringOfLengthZeroIsTheIdentityOnMovingSamples() throws {
        let stroke = line()
        let plain = try TestStrokes.replay(stroke, "coalesced|interp:linear")
        let pulled = try TestStrokes.replay(stroke, "coalesced|filter:pulled-string(length=0)|interp:linear")
        XCTAssertEqual(plain.path, pulled.path)
    }

    func testUpsamplingEmitsSeveralSamplesPerInputAndTheCurveSeesThemAll() throws {
        // 60 Hz main samples up to 240 Hz: three inserted per gap.
        let stroke = line()
        let r = try TestStrokes.replay(stroke, "main|filter:upsample(rate=240)|interp:linear",
                                       options: ReplayOptions(recordsCurveInput: true))
        let mains = stroke.events.count
        XCTAssertEqual(r.samplesFed, mains, "samples fed are input samples")
        XCTAssertEqual(r.curveInput.count, 1 + (mains - 1) * 4, "each 1/60 s gap gets three samples inserted")
        let times = r.curveInput.map(\.time)
        XCTAssertEqual(times, times.sorted(), "in time order")
        for (a, b) in zip(times, times.dropFirst()) { XCTAssertLessThanOrEqual(b - a, 1.0 / 240 + 1e-12) }
        // Interpolated exactly on the straight line.
        for s in r.curveInput { XCTAssertEqual(s.location.x, 120 * s.time, accuracy: 1e-9) }
        // Frames still follow events, and the committed ink only grows.
        XCTAssertEqual(r.frames.count, stroke.events.count)
        XCTAssertEqual(r.frames.map(\.committedCount), r.frames.map(\.committedCount).sorted())
    }

    func testFiltersChainAndFlushThroughTheFiltersAfterThem() throws {
        // The pulled string's finish sample is flushed through the upsampler after it.
        let stroke = line(speed: 240, seconds: 0.5)
        let r = try TestStrokes.replay(stroke, "coalesced|filter:pulled-string(length=20,finish=on)|filter:upsample(rate=1000)|interp:linear",
                                       options: ReplayOptions(recordsCurveInput: true))
        XCTAssertEqual(r.curveInput.last!.location.x, 120, accuracy: 1e-9, "the flushed pen position arrives last")
        let times = r.curveInput.map(\.time)
        for (a, b) in zip(times, times.dropFirst()) { XCTAssertLessThanOrEqual(b - a, 0.001 + 1e-12) }
    }

    func testAFilterThatNeverEmitsDrawsNothingAndNothingCrashes() throws {
        // A tap through a long string: only the pen-down sample is ever emitted.
        let tap = KnownAnswerStrokes.oneSamplePerEvent([Point(x: 5, y: 5), Point(x: 6, y: 5), Point(x: 5.5, y: 5.5)])
        let r = try TestStrokes.replay(tap, "coalesced|filter:pulled-string(length=50)|interp:linear(tail=complete)")
        XCTAssertEqual(r.ink.elements, [.move(to: Point(x: 5, y: 5)), .line(to: Point(x: 5, y: 5))], "a dot where the pen touched")
        XCTAssertEqual(r.frames.count, tap.events.count)
    }

    func testStylesWriteOneInkPerElementAndPredictionsAreStyledToo() throws {
        let samples = (0...40).map { i in
            TouchSample(time: Double(i) / 240, location: Point(x: Double(i), y: 0), force: 0.25 + Double(i) / 40,
                        maximumPossibleForce: 1.25)
        }
        let stroke = Stroke(id: "ramp", events: FrameGrouping.events(from: samples, refreshRateHz: 60))
        let r = try TestStrokes.replay(stroke, "coalesced|interp:coalesced-only(tail=complete)|predict:linear|style:forcesketch")
        XCTAssertEqual(r.ink.attributes.count, r.ink.elements.count)
        // Width grows with force: each segment has the width of the sample it ends at.
        let widths = r.ink.attributes.dropFirst().map(\.width)
        XCTAssertEqual(widths, widths.sorted())
        XCTAssertEqual(r.ink.attributes.last!.width, (0.25 + 40.0 / 40) / 1.25 * 20, accuracy: 1e-9)
        XCTAssertFalse(r.predictedInk.isEmpty)
        XCTAssertTrue(r.predictedInk.attributes.allSatisfy { $0.width > 0 && $0.width <= 20 })
        // The screen at a frame: committed prefix, provisional, predicted.
        let k = r.frames.count / 2
        let shown = r.ink(at: k)
        XCTAssertEqual(shown.committed.count, r.frames[k].committedCount)
        XCTAssertEqual(shown.tip, r.frames[k].tip)
    }

    func testAllParametersOfEveryRegisteredStageAreDeclaredOnceAndRoundTripThroughTheCanonicalLabel() throws {
        for d in StageRegistry.standard.stages {
            let names = d.parameters.map(\.name)
            XCTAssertEqual(Set(names).count, names.count, "\(d.id): parameter names are unique")
            // Every default parses back to itself.
            for p in d.parameters {
                XCTAssertEqual(try p.parse(p.defaultValue.description), p.defaultValue, "\(d.kind):\(d.id).\(p.name)")
            }
        }
        for label in ["coalesced|filter:pulled-string(length=3)|filter:upsample|interp:midpoint-bezier(tail=complete)|predict:kalman(jerkWeight=0.2,outputRate=240)|style:scribble|style:brush(preset=forcesketch)",
                      "scribble", "forcesketch"] {
            let d = try PipelineDescription(parsing: label)
            XCTAssertEqual(try PipelineDescription(parsing: d.canonical).canonical, d.canonical, label)
        }
    }
}
