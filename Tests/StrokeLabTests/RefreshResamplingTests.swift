import StrokeCore
import StrokeIO
import StrokeLab
import StrokeMetrics
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// `filter:refresh-resample`, Antoine et al.'s correction (UIST 2020): the pen's position at a
/// fixed interval before each refresh. Known answers on the synthetic 400 pt/s line: the lag
/// becomes the display latency plus the offset at every refresh, so the jitter of mismatched
/// rates (``AsynchronousJitter``) goes; straight ink is unchanged.
final class RefreshResamplingTests: XCTestCase {
    let corrected = "coalesced|filter:refresh-resample|interp:coalesced-only"

    func line(input: Double, display: Double) throws -> (Stroke, TraceMetadata) {
        let spec = SyntheticTraceSpec(name: "line", shapes: [.line], kind: .stylus, sampleRateHz: input, refreshRateHz: display,
                                      force: .none, tilt: .none, seed: 7)
        let trace = SyntheticTraceGenerator.generate(spec)
        return (try XCTUnwrap(trace.strokes.first), trace.metadata)
    }

    /// Lag resolved below ``LagMatcher``'s default 0.5-unit tolerance (which takes a tip that
    /// close behind the newest sample as showing it: at 400 pt/s, 1.25 ms). Lags agree within
    /// 10 ns (the match's projection on the reference rounds at about 2 ns).
    let resolved = MetricOptions(lagMatchTolerance: 1e-9)

    func lag(_ stroke: Stroke, _ metadata: TraceMetadata, _ label: String) throws -> (lag: Lag, jitter: LatencyJitter, effects: StrokeEvaluationResult) {
        let prepared = PreparedStroke(stroke: stroke, metadata: metadata, options: MetricOptions())
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        let replay = replayer.replay(prepared.fed, options: .init())
        let lag = try XCTUnwrap(Lag(replay: replay, reference: prepared.reference, refreshRateHz: metadata.refreshRateHz, options: resolved))
        let result = StrokeEvaluation.evaluate(prepared, pipeline: try PipelineDescription(parsing: label))
        return (lag, try XCTUnwrap(LatencyJitter(lag)), result)
    }

    func testAtEveryRefreshTheLagIsTheLatencyPlusTheOffsetOrTheNewestSamplesAgeIfOlder() throws {
        // Input rates that do not divide the display's, every refresh with input (the
        // correction needs an event to resample at). At each refresh the ink ends at τ = t_e −
        // offset when the newest sample is younger than the offset, else at the newest sample:
        // lag_after = max(lag_before, L + offset), L = two refreshes of display latency. With
        // the offset at least one input period, every refresh shows τ: a steady lag, no jitter.
        for (input, display) in [(125.0, 60.0), (200.0, 60.0), (90.0, 60.0), (125.0, 120.0)] {
            let (stroke, metadata) = try line(input: input, display: display)
            let period = (1000 / input * 1000).rounded(.up) / 1000
            let before = try lag(stroke, metadata, "coalesced-only")
            let model = AsynchronousJitter(inputRateHz: input, displayRateHz: display)
            XCTAssertEqual(before.jitter.spreadMs, model.latencySpreadMs, accuracy: 0.01, "\(input) Hz on \(display) Hz: ΔL")
            let latency = 2000 / display
            for offset in period == 5 ? [5] : [5, period] {
                let after = try lag(stroke, metadata, "coalesced|filter:refresh-resample(offset=\(offset))|interp:coalesced-only")
                let expected = Dictionary(zip(before.lag.times, before.lag.lagsMs.map { max($0, latency + offset) }), uniquingKeysWith: { a, _ in a })
                var compared = 0
                for (t, l) in zip(after.lag.times, after.lag.lagsMs) {
                    guard let e = expected[t] else { continue }
                    XCTAssertEqual(l, e, accuracy: 1e-5, "\(input) Hz on \(display) Hz, offset \(offset) ms, refresh at \(t) s")
                    compared += 1
                }
                XCTAssertGreaterThan(compared, after.lag.lagsMs.count - 2, "the same refreshes measured")
                print("\(input) Hz on \(display) Hz, offset \(offset) ms: lag spread \(before.jitter.spreadMs) → \(after.jitter.spreadMs) ms, mean lag \(before.lag.summary!.mean) → \(after.lag.summary!.mean) ms, perceived.jitter_rate \(before.effects.value("perceived.jitter_rate")!) → \(after.effects.value("perceived.jitter_rate")!)")
                if offset >= 1000 / input {
                    XCTAssertLessThan(after.jitter.spreadMs, 1e-5, "\(input) Hz on \(display) Hz: a steady latency")
                    XCTAssertEqual(after.lag.summary!.mean, latency + offset, accuracy: 1e-5)
                    XCTAssertEqual(after.effects.value("perceived.jitter_rate"), 0, "\(input) Hz on \(display) Hz: nothing seen to tremble")
                }
            }
        }
    }

    func testTheInkIsTheSameStraightLine() throws {
        // Interpolated samples lie on the chord between two real ones; at lift-off every held
        // sample is drawn (the builder's `tail=complete`: `published` drops what lift-off
        // delivers, held samples included).
        let (stroke, metadata) = try line(input: 125, display: 60)
        let before = try lag(stroke, metadata, "coalesced|interp:coalesced-only(tail=complete)")
        let after = try lag(stroke, metadata, "coalesced|filter:refresh-resample|interp:coalesced-only(tail=complete)")
        XCTAssertEqual(after.effects.value("path.length")!, before.effects.value("path.length")!, accuracy: 1e-6)
    }

    func testWithoutAnEventAtEveryRefreshThereIsNothingToResample() throws {
        // 60 Hz input on a 120 Hz display: every other refresh delivers no event (UIKit calls
        // nothing without new input), so the display keeps the last frame and its jitter stays.
        let (stroke, metadata) = try line(input: 60, display: 120)
        let after = try lag(stroke, metadata, corrected)
        XCTAssertEqual(after.jitter.spreadMs, 1000 / 120, accuracy: 1e-5)
    }

    func testWithoutDeliveryTimesEverySamplePassesThrough() throws {
        var filter = try RefreshResamplingFilter()
        var out: [AttributedSample] = []
        for i in 0..<5 { filter.push(AttributedSample(time: Double(i) / 100, location: Point(x: Double(i), y: 0)), into: &out) }
        XCTAssertEqual(out.map(\.time), [0, 0.01, 0.02, 0.03, 0.04])
    }

    func testSamplesAfterTheTargetAreHeldUntilTheirRefreshAndTheEstimateIsInterpolated() throws {
        var filter = try RefreshResamplingFilter()
        var out: [AttributedSample] = []
        func s(_ t: Double, _ x: Double) -> AttributedSample { AttributedSample(time: t, location: Point(x: x, y: 0)) }
        filter.deliver(at: 0.016)
        filter.process([s(0, 0), s(0.008, 8), s(0.0155, 15.5)], into: &out)
        // Target 11 ms: 0 and 8 emitted, 15.5 held, the estimate at 11 ms on the chord.
        XCTAssertEqual(out.map(\.time), [0, 0.008, 0.011])
        XCTAssertEqual(out[2].location.x, 11, accuracy: 1e-9)
        out.removeAll()
        filter.deliver(at: 0.032)
        filter.process([s(0.023, 23)], into: &out)
        // Target 27 ms: 15.5 and 23 emitted; no sample after the target to interpolate towards,
        // and no extrapolation: the ink ends at the newest sample.
        XCTAssertEqual(out.map(\.time), [0.0155, 0.023])
        out.removeAll()
        filter.deliver(at: 0.048)
        filter.finish([s(0.04, 40), s(0.047, 47)], into: &out)
        XCTAssertEqual(out.count, 3, "the last one held, then flushed at the end")
        for (t, expected) in zip(out.map(\.time), [0.04, 0.043, 0.047]) { XCTAssertEqual(t, expected, accuracy: 1e-12) }
    }

    func testAt125HzAnOffsetOf4To6MsWithExtrapolationCancelsTheJitterAtEveryDisplayRate() throws {
        // The paper's abstract: "When input events occur at 125 Hz ... an interval of 4 to 6 ms
        // works well for a wide range of display refresh rates. This method effectively cancels
        // most of the jitter." With extrapolation (the paper's "interpolate or extrapolate"),
        // on the constant-speed line every frame's ink ends exactly where the pen was `offset`
        // before the frame's delivery, and nothing is seen to tremble. Interpolation alone
        // leaves the ages above the offset: lag spread = (largest age) − offset. Display rates up
        // to the input's (a refresh without an event has nothing to resample). The lag metric
        // stops committed ink at the frame's newest input sample (ink drawn from samples never
        // overshoots: issue 21), so it does not see the extrapolated part: the tips are checked
        // here directly.
        for display in [60.0, 90.0, 120.0] {
            let (stroke, metadata) = try line(input: 125, display: display)
            let before = try lag(stroke, metadata, "coalesced-only")
            let latency = 2000 / display
            for offset in [4.0, 5.0, 6.0] {
                let interpolated = try lag(stroke, metadata, "coalesced|filter:refresh-resample(offset=\(offset))|interp:coalesced-only")
                let label = "coalesced|filter:refresh-resample(offset=\(offset),extrapolate=8)|interp:coalesced-only"
                let extrapolated = try lag(stroke, metadata, label)
                let prepared = PreparedStroke(stroke: stroke, metadata: metadata, options: MetricOptions())
                var replayer = try PipelineDescription(parsing: label).makeReplayer()
                let frames = replayer.replay(prepared.fed, options: .init()).frames.filter { $0.phase == .moved }.dropFirst(2)
                var worst = 0.0
                for f in frames { worst = Swift.max(worst, try XCTUnwrap(f.tip).distance(to: prepared.reference.position(at: f.time - offset / 1000))) }
                print("125 Hz on \(display) Hz, offset \(offset) ms: lag spread \(before.jitter.spreadMs) → \(interpolated.jitter.spreadMs) ms interpolated; perceived.jitter_rate \(before.effects.value("perceived.jitter_rate")!) → \(interpolated.effects.value("perceived.jitter_rate")!) interpolated → \(extrapolated.effects.value("perceived.jitter_rate")!) extrapolated (tips at most \(worst) pt from the pen \(offset) ms before delivery, \(frames.count) frames)")
                XCTAssertLessThan(worst, 1e-5, "\(display) Hz, offset \(offset) ms: every tip where the pen was offset before delivery")
                XCTAssertEqual(extrapolated.effects.value("perceived.jitter_rate"), 0, "\(display) Hz, offset \(offset) ms")
                let largestAge = before.lag.lagsMs.max()! - latency
                XCTAssertEqual(interpolated.jitter.spreadMs, Swift.max(largestAge - offset, 0), accuracy: 1e-5, "\(display) Hz, offset \(offset) ms")
            }
        }
    }

    func testAnExtrapolatedEstimateIsNeverFollowedByAnOlderSample() throws {
        var parameters = RefreshResamplingFilter.Parameters()
        parameters.extrapolateMs = 8
        var filter = try RefreshResamplingFilter(parameters)
        var out: [AttributedSample] = []
        func s(_ t: Double, _ x: Double) -> AttributedSample { AttributedSample(time: t, location: Point(x: x, y: 0)) }
        filter.deliver(at: 0.016)
        filter.process([s(0, 0), s(0.008, 8)], into: &out)
        // Target 11 ms, 3 ms past the newest sample: extrapolated on the line through 0 and 8.
        XCTAssertEqual(out.map(\.time), [0, 0.008, 0.011])
        XCTAssertEqual(out[2].location.x, 11, accuracy: 1e-9)
        out.removeAll()
        filter.deliver(at: 0.032)
        filter.process([s(0.010, 10.5), s(0.018, 18)], into: &out)
        // 10 ms arrived late, older than the 11 ms estimate: not drawn (the ink has passed it);
        // it still counts for the next extrapolation. Target 27 ms is 9 ms past 18: beyond
        // `extrapolate`, so the ink ends at the newest sample.
        XCTAssertEqual(out.map(\.time), [0.018])
        out.removeAll()
        filter.deliver(at: 0.040)
        filter.process([s(0.030, 30)], into: &out)
        // Target 35 ms, 5 ms past 30, on the line through 18 and 30.
        XCTAssertEqual(out.map(\.time), [0.030, 0.035])
        XCTAssertEqual(out[1].location.x, 35, accuracy: 1e-9)
        XCTAssertEqual(out.map(\.time), out.map(\.time).sorted())
    }

    func testWithoutExtrapolationNothingIsDrawnPastTheNewestSample() throws {
        var filter = try RefreshResamplingFilter()
        var out: [AttributedSample] = []
        filter.deliver(at: 0.016)
        filter.process([AttributedSample(time: 0, location: .zero), AttributedSample(time: 0.008, location: Point(x: 8, y: 0))], into: &out)
        XCTAssertEqual(out.map(\.time), [0, 0.008])
    }

    func testTheLiveStrokeEndsWhereThePenWasTheOffsetBeforeDelivery() throws {
        // The live API hands the event's delivery time to the filter: delivered at 16 ms, the
        // committed ink ends at the pen's position at 11 ms, on the chord from 8 to 15.5 ms.
        var live = try LiveStroke(label: "coalesced|filter:refresh-resample|interp:linear")
        func s(_ t: Double, _ x: Double) -> TouchSample { TouchSample(time: t, x: x, y: 0) }
        live.began([s(0, 0)], time: 0.0)
        live.moved([s(0.008, 8), s(0.0155, 15.5)], time: 0.016)
        XCTAssertEqual(try XCTUnwrap(live.committed.currentPoint).x, 11, accuracy: 1e-9)
        live.ended([s(0.02, 20)], time: 0.032)
        XCTAssertEqual(try XCTUnwrap(live.committed.currentPoint).x, 20, accuracy: 1e-9, "at the end every sample is drawn")
    }

    func testRealHandwritingAt125HzLosesItsJitter() throws {
        let dir = try SharedData.dataset("bdalab-sample")
        let trace = try XCTUnwrap(try TraceImport.load(path: dir + "/svc_data/jack_18-07-2014_M_0006_Doe_12-10-2020.svc").first)
        var before = 0.0, after = 0.0
        for stroke in trace.strokes {
            let prepared = PreparedStroke(stroke: stroke, metadata: trace.metadata, options: MetricOptions())
            before += try XCTUnwrap(StrokeEvaluation.evaluate(prepared, pipeline: try PipelineDescription(parsing: "coalesced-only")).value("perceived.jitter_rate"), stroke.id)
            after += try XCTUnwrap(StrokeEvaluation.evaluate(prepared, pipeline: try PipelineDescription(parsing: corrected)).value("perceived.jitter_rate"), stroke.id)
        }
        XCTAssertEqual(trace.strokes.count, 3, "the jack page's three strokes")
        print("BDALab jack (125 Hz on 60 Hz), Σ perceived.jitter_rate over \(trace.strokes.count) strokes: \(before) → \(after)")
        XCTAssertLessThan(after, before)
    }

    /// The `extrapolate` parameter refuses hostile values with one line naming it and its range.
    func testHostileExtrapolationValuesAreRefusedWithOneLine() {
        for value in ["-1", "101", "1e300", "nan", "inf", ""] {
            let label = "coalesced|filter:refresh-resample(offset=5,extrapolate=\(value))|interp:linear"
            XCTAssertThrowsError(try PipelineDescription(parsing: label), value) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains("extrapolate"), text)
                XCTAssertFalse(text.contains("\n"), text)
            }
        }
        XCTAssertNoThrow(try PipelineDescription(parsing: "coalesced|filter:refresh-resample(offset=5,extrapolate=100)|interp:linear"))
    }
}
