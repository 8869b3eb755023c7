import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// One hold-out for every pipeline (issue 9 item 3): which reference a stroke is measured
/// against, and how a recorded stroke is split.
final class ReferenceSelectionTests: XCTestCase {
    let options = MetricOptions()
    let recorded = TraceMetadata(source: "wacom:recording", refreshRateHz: 60)

    private var recordedStroke: Stroke {
        var s = KnownAnswerStrokes.circle(radius: 40, revolutionsPerSecond: 1, revolutions: 1)
        s.reference = nil
        return s
    }

    func testSyntheticTracesUseTheirAnalyticReferenceAndFeedTheWholeStroke() {
        let stroke = KnownAnswerStrokes.circle(radius: 40, revolutionsPerSecond: 1, revolutions: 1)
        let prepared = PreparedStroke(stroke: stroke, metadata: Fixtures.synthetic, options: options)
        XCTAssertEqual(prepared.kind, .analytic)
        XCTAssertEqual(prepared.kind.description, "analytic")
        XCTAssertEqual(prepared.reference, stroke.reference)
        XCTAssertEqual(prepared.fed, stroke)
        XCTAssertEqual(prepared.heldOutCount, 0)
        XCTAssertEqual(PreparedStroke(stroke: stroke, metadata: recorded, options: options).kind.description, "trace-reference")
    }

    func testRecordedStrokesHoldOutEveryKthSampleForEveryPipeline() {
        let stroke = recordedStroke
        let n = stroke.distinctSampleCount
        let prepared = PreparedStroke(stroke: stroke, metadata: recorded, options: options)
        XCTAssertEqual(prepared.kind.description, "hold-out(k=4)")
        // Held out: 0 < i < n − 1 with i ≡ 0 mod 4; the ends are in both sets.
        let held = (1..<(n - 1)).filter { $0 % 4 == 0 }.count
        XCTAssertEqual(prepared.heldOutCount, held)
        XCTAssertEqual(prepared.fedCount, n - held)
        XCTAssertEqual(prepared.reference.points.count, held + 2)
        let all = stroke.samples
        let fedTimes = Set(prepared.fed.samples.map(\.time))
        for (i, s) in all.enumerated() {
            let isHeld = i > 0 && i < n - 1 && i % 4 == 0
            XCTAssertEqual(fedTimes.contains(s.time), !isHeld, "sample \(i)")
            XCTAssertEqual(prepared.reference.points.contains { $0.time == s.time }, isHeld || i == 0 || i == n - 1, "sample \(i)")
        }
        // Events keep their delivery times; none is empty, and none keeps a held-out sample's
        // slot (the fed stroke is a second copy of the samples: exactly sized, it costs less).
        XCTAssertTrue(prepared.fed.events.allSatisfy { !$0.samples.isEmpty })
        for (i, e) in prepared.fed.events.enumerated() { XCTAssertEqual(e.samples.capacity, e.samples.count, "fed event \(i)") }
        XCTAssertEqual(prepared.fed.events.first?.phase, .began)
        XCTAssertEqual(prepared.fed.events.last?.phase, .ended)
        for e in prepared.fed.events { XCTAssertTrue(stroke.events.contains { $0.time == e.time }) }
        // Main and coalesced pipelines get the same setup: nothing depends on the pipeline.
        let main = StrokeEvaluation.evaluate(prepared, pipeline: Fixtures.pipeline("linear"))
        let coalesced = StrokeEvaluation.evaluate(prepared, pipeline: Fixtures.pipeline("coalesced-only"))
        XCTAssertEqual(main.referenceKind, .holdOut(stride: 4))
        XCTAssertEqual(coalesced.referenceKind, .holdOut(stride: 4))
        // Held-out samples are not drawn through, so the ink is measurably off them.
        XCTAssertGreaterThan(coalesced.value("fidelity.max")!, 0.001)
    }

    func testAStrideOfOneMeasuresAgainstEverySample() {
        let stroke = recordedStroke
        let prepared = PreparedStroke(stroke: stroke, metadata: recorded, options: MetricOptions(holdOutStride: 1))
        XCTAssertEqual(prepared.kind, .denseSamples)
        XCTAssertEqual(prepared.fed, stroke)
        XCTAssertEqual(prepared.reference.points.count, stroke.distinctSampleCount)
    }

    func testAnEventLeftWithoutSamplesIsDroppedAndATapIsNotSplit() {
        // One sample per event: every 4th event loses its only sample and is not delivered.
        let samples = (0..<40).map { TouchSample(time: Double($0) / 60, x: Double($0) * 3, y: 0) }
        let stroke = Stroke(id: "s", events: FrameGrouping.events(from: samples))
        let split = HoldOut.split(stroke, stride: 4)
        XCTAssertEqual(split.heldOutCount, 9)
        XCTAssertEqual(split.fed.events.count, stroke.events.count - 9)
        let tap = Stroke(id: "tap", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 1, y: 1)]))
        let t = HoldOut.split(tap, stride: 4)
        XCTAssertEqual(t.heldOutCount, 0)
        XCTAssertEqual(t.fed, tap)
        XCTAssertEqual(t.reference.points.count, 1)
    }

    func testOneSamplePerEventLinearAndCoalescedOnlyMeasureTheSame() {
        // A 60 Hz trace with one sample per event, the lift-off repeating the last sample as
        // UIKit reports it: linear (main samples) and coalesced-only (every sample) draw the
        // same polyline, so they must get the same fidelity and lag.
        var events: [TouchEvent] = []
        for i in 0..<90 {
            let t = Double(i) / 60
            let a = 2 * Double.pi * t / 1.5
            let s = TouchSample(time: t, x: 200 + 80 * cos(a), y: 200 + 80 * sin(a))
            events.append(TouchEvent(phase: i == 0 ? .began : .moved, time: t, samples: [s]))
        }
        events.append(TouchEvent(phase: .ended, time: events[events.count - 1].time, samples: [events[events.count - 1].main]))
        let stroke = Stroke(id: "one-per-event", events: events)
        let prepared = PreparedStroke(stroke: stroke, metadata: recorded, options: options)
        let a = StrokeEvaluation.evaluate(prepared, pipeline: Fixtures.pipeline("linear"))
        let b = StrokeEvaluation.evaluate(prepared, pipeline: Fixtures.pipeline("coalesced-only"))
        for metric in ["fidelity.mean", "fidelity.max", "fidelity.hausdorff", "fidelity.frechet", "lag.mean_ms", "lag.p95_ms",
                       "lag.max_ms", "lag.offpath_mean", "lag.overshoot_rate"] {
            let x = a.value(metric), y = b.value(metric)
            XCTAssertNotNil(x, metric)
            XCTAssertEqual(x ?? .nan, y ?? .nan, accuracy: 1e-9, metric)
        }
        print("one sample per event: linear fidelity.mean \(a.value("fidelity.mean")!), lag.mean_ms \(a.value("lag.mean_ms")!); coalesced-only \(b.value("fidelity.mean")!), \(b.value("lag.mean_ms")!)")
    }

    func testHorizonsAreRequestedOnlyFromPredictingPipelines() {
        let stroke = KnownAnswerStrokes.line(speed: 10, duration: 1)
        let prepared = PreparedStroke(stroke: stroke, metadata: Fixtures.synthetic, options: options)
        XCTAssertEqual(prepared.replayOptions(for: Fixtures.pipeline("linear")).evaluationHorizons, [])
        XCTAssertEqual(prepared.replayOptions(for: Fixtures.pipeline("linear|predict:kalman")).evaluationHorizons,
                       [0.008, 0.016, 0.025, 0.033, 0.05])
    }
}
