#if canImport(Glibc)
import Glibc
#endif
import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Issue 24 item 2 (item 4 of its findings): a few samples cost the same whatever their
/// coordinates and times. Before, a 4-sample triangle 8·10¹⁵ wide took 2–12 s of CPU per
/// pipeline (every stroke was resampled into 2¹⁸ points), three samples 10⁹ s apart and a
/// refresh rate of 10³⁰⁰ Hz about 3 s (216,000 display refreshes and a 2²² FFT).
final class SampleCountBudgetTests: XCTestCase {
    let recorded = TraceMetadata(source: "recording", refreshRateHz: 60)

    /// The thread's CPU seconds (the metrics run on the calling thread; a loaded machine
    /// does not count against them).
    func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    func stroke(_ points: [(t: Double, x: Double, y: Double)]) -> Stroke {
        let samples = points.map { TouchSample(time: $0.t, x: $0.x, y: $0.y) }
        return Stroke(id: "s", events: FrameGrouping.events(from: samples))
    }

    /// Every pipeline of the findings over `stroke`, with the CPU time it took, and
    /// every value finite.
    func measure(_ stroke: Stroke, metadata: TraceMetadata, labels: [String] = ["linear", "bezier4(tail=complete)",
                 "midpoint-bezier(tail=complete)", "fit-curve", "catmull-rom", "coalesced-only|predict:kalman"],
                 file: StaticString = #filePath, line: UInt = #line) -> Double {
        let start = cpuSeconds()
        for label in labels {
            let r = StrokeEvaluation.evaluate(stroke: stroke, pipeline: Fixtures.pipeline(label), metadata: metadata)
            XCTAssertTrue(r.measurements.allSatisfy { $0.value.isFinite }, "\(label): \(r.measurements)", file: file, line: line)
            XCTAssertNotNil(r.value("fidelity.mean"), label, file: file, line: line)
        }
        return cpuSeconds() - start
    }

    func testAFourSampleTriangleCostsTheSameAtAnySize() {
        let small = stroke([(0, 0, 0), (0.01, 80, 0), (0.02, 80, 80), (0.03, 0, 0)])
        let huge = stroke([(0, 0, 0), (0.01, 8e15, 0), (0.02, 8e15, 8e15), (0.03, 0, 0)])
        let normal = measure(small, metadata: recorded)
        let cost = measure(huge, metadata: recorded)
        print("6 pipelines on a 4-sample triangle: \(normal) s CPU at 80 pt, \(cost) s at 8e15")
        // Bounded by the samples (a debug build; release is ten times faster): before, each
        // pipeline alone took 2–12 s of a release build.
        XCTAssertLessThan(cost, 5, "a 4-sample triangle of 8e15 took seconds per pipeline")
        let prepared = PreparedStroke(stroke: huge, metadata: recorded, options: MetricOptions())
        XCTAssertEqual(prepared.pointBudget, InkGeometry.pointBudget(samples: prepared.fedCount + prepared.reference.points.count,
                                                                     options: MetricOptions()))
        XCTAssertLessThanOrEqual(prepared.pointBudget, 8 * InkGeometry.pointsPerSample)
        XCTAssertLessThanOrEqual(Double(prepared.geometry!.queries.points.count), Double(prepared.pointBudget) * 1.1)
    }

    func testAFortySampleCircleOfRadius1e9IsMeasuredInItsSampleBudget() {
        let circle = stroke((0..<40).map { i in
            let a = 2 * Double.pi * Double(i) / 40
            return (Double(i) / 240, 1e9 * cos(a), 1e9 * sin(a))
        })
        let prepared = PreparedStroke(stroke: circle, metadata: recorded, options: MetricOptions())
        // Fed and held-out samples: the 40 samples (the hold-out reference keeps the ends too).
        let samples = prepared.fedCount + prepared.reference.points.count
        XCTAssertTrue((40...44).contains(samples), "\(samples)")
        XCTAssertEqual(prepared.pointBudget, samples * InkGeometry.pointsPerSample)
        let start = cpuSeconds()
        let r = StrokeEvaluation.evaluate(prepared, pipeline: Fixtures.pipeline("bezier4"))
        XCTAssertLessThan(cpuSeconds() - start, 5, "a 40-sample circle of radius 1e9 took 6 s for bezier4 alone")
        XCTAssertTrue(r.measurements.allSatisfy { $0.value.isFinite }, "\(r.measurements)")
        // Measured at length / budget, not at the 2¹⁸-point cap.
        XCTAssertGreaterThanOrEqual(r.value("jaggedness.step")!, 2 * Double.pi * 1e9 / Double(prepared.pointBudget) * 0.5)
    }

    func testSamplesFarApartInTimeCostAFewThousandRefreshes() {
        let slow = stroke([(0, 0, 0), (1e9, 10, 0), (2e9, 20, 5)])
        XCTAssertLessThan(measure(slow, metadata: recorded), 2, "three samples 1e9 s apart took 3 s")
        var replayer = Fixtures.pipeline("linear").makeReplayer()
        let frames = replayer.replay(slow, options: .init()).frames
        XCTAssertEqual(DisplayTimeline(frames: frames, refreshRateHz: 60, latencyFrames: 2).ticks.count, DisplayTimeline.minimumTicks)
    }

    func testAnAbsurdRefreshRateCostsAFewThousandRefreshes() {
        let quick = stroke([(0, 0, 0), (0.01, 10, 0), (0.02, 20, 5), (0.03, 30, 0)])
        let absurd = TraceMetadata(source: "recording", refreshRateHz: 1e300)
        XCTAssertLessThan(measure(quick, metadata: absurd), 2, "refreshRateHz: 1e300 took 3 s")
    }
}
