import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeMetrics

/// Issue 27 item 6: every public metric, given nothing or a single sample, returns a defined
/// result (nil, empty, a stated value) instead of crashing. `Lag.measure` was documented to
/// return empty arrays, and its `summary`, `offPathMean` (force unwraps) and `overshootRate`
/// (a division by the count) then crashed.
final class EmptyInputTests: XCTestCase {
    private let options = MetricOptions()
    private let tap = TouchSample(time: 0.5, x: 5, y: 7)

    private var tapStroke: Stroke {
        Stroke(id: "tap", events: FrameGrouping.events(from: [tap]), reference: ReferenceCurve(points: [TimedPoint(time: 0.5, x: 5, y: 7)]))
    }

    private var emptyStroke: Stroke { Stroke(id: "empty", events: []) }

    private func replay(_ stroke: Stroke, _ label: String) throws -> StrokeReplay {
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        return replayer.replay(stroke, options: ReplayOptions(evaluationHorizons: [0.016]))
    }

    func testLagOfNothingHasNoSummaryNoOffPathAndNoOvershootRate() throws {
        for stroke in [tapStroke, emptyStroke] {
            for label in ["linear", "linear(tail=complete)|predict:linear"] {
                let r = try replay(stroke, label)
                for reference in [ReferenceCurve(points: []), ReferenceCurve(points: [TimedPoint(time: 0.5, x: 5, y: 7)])] {
                    for tip in [Lag.Tip.drawn, .curve] {
                        let lag = Lag.measure(replay: r, reference: reference, refreshRateHz: 60, options: options, tip: tip)
                        XCTAssertTrue(lag.lagsMs.isEmpty, "\(stroke.id) \(label) \(tip)")
                        XCTAssertNil(lag.summary)
                        XCTAssertNil(lag.offPathMean)
                        XCTAssertNil(lag.overshootRate)
                        XCTAssertNil(Lag(replay: r, reference: reference, refreshRateHz: 60, options: options, tip: tip))
                    }
                }
            }
        }
    }

    /// One measured refresh: a summary of one value, its off-path distance, rate 0 or 1.
    func testLagOfOneRefreshSummarisesThatRefresh() {
        let lag = Lag(lagsMs: [12], offPath: [0.5], times: [0.1], framesExcluded: 0)
        XCTAssertEqual(lag.summary?.mean, 12)
        XCTAssertEqual(lag.summary?.p95, 12)
        XCTAssertEqual(lag.offPathMean, 0.5)
        XCTAssertEqual(lag.overshootRate, 0)
        XCTAssertEqual(Lag(lagsMs: [-3], offPath: [1], times: [0.1], framesExcluded: 0).overshootRate, 1)
    }

    func testEveryStrokeLevelMetricAcceptsAnEmptyOrOneSampleStroke() throws {
        for stroke in [tapStroke, emptyStroke] {
            for label in ["linear", "linear(tail=complete)", "coalesced-only|predict:kalman", "ink", "perfect-freehand"] {
                let r = try replay(stroke, label)
                let reference = stroke.reference ?? ReferenceCurve(points: [])
                XCTAssertTrue(SpeedProfile.of(replay: r, refreshRateHz: 60, latencyFrames: 2).count <= 1, "\(stroke.id) \(label)")
                let accuracy = PredictionAccuracy.measure(replay: r, reference: reference, gaps: ReferenceGaps())
                XCTAssertTrue(accuracy.allSatisfy { $0 == nil }, "\(stroke.id) \(label): nothing to predict")
                let timeline = DisplayTimeline(frames: r.frames, refreshRateHz: 60, latencyFrames: 2)
                XCTAssertLessThanOrEqual(timeline.ticks.count, 2)
                let result = StrokeEvaluation.evaluate(stroke: stroke, pipeline: try PipelineDescription(parsing: label),
                                                       metadata: Fixtures.synthetic, options: options)
                XCTAssertNil(result.value("lag.mean_ms"), "\(stroke.id) \(label)")
                XCTAssertTrue(result.measurements.allSatisfy { $0.value.isFinite }, "\(stroke.id) \(label): \(result.measurements)")
            }
        }
        XCTAssertEqual(HoldOut.split(tapStroke, stride: 4).heldOutCount, 0)
        XCTAssertEqual(HoldOut.split(emptyStroke, stride: 4).heldOutCount, 0)
    }

    func testGeometricMetricsOfNothingOrOnePoint() {
        let point = Point(x: 3, y: 4)
        XCTAssertNil(Fidelity(rendered: Polyline(points: []), reference: Polyline(points: [point]), step: 0.5))
        XCTAssertNil(Fidelity(rendered: Polyline(points: [point]), reference: Polyline(points: []), step: 0.5))
        let dot = Fidelity(rendered: Polyline(points: [point]), reference: Polyline(points: [Point(x: 6, y: 8)]), step: 0.5)
        XCTAssertEqual(dot?.mean, 5)
        XCTAssertEqual(dot?.frechet, 5)
        for points in [[Point](), [point]] {
            let j = Jaggedness(polyline: Polyline(points: points), step: 0.5, kinkThreshold: 0.17, kinkWindow: 1)
            XCTAssertEqual(j.bendingEnergy, 0, "\(points)")
            XCTAssertEqual(j.kinks, 0)
            XCTAssertTrue(DiscreteCurvature(Polyline(points: points)).curvature.allSatisfy(\.isFinite))
            var curve = FineCurve()
            for p in points { curve.append(p, source: 0) }
            XCTAssertEqual(CurveResampling.uniform(curve, step: 0.5).points, points)
            XCTAssertEqual(CurveResampling.anchored(curve, step: 0.5).points, points)
        }
        XCTAssertNil(DiscreteFrechet.distance([], [point]))
        XCTAssertEqual(DiscreteFrechet.distance([point], [Point(x: 0, y: 0)]), 5)
        XCTAssertEqual(KinkCounter.count(turning: [], dualLength: [], threshold: 0.17, window: 1), 0)
        XCTAssertEqual(KinkCounter.count(turning: [0.5], dualLength: [1], threshold: 0.17, window: 1), 1)
        XCTAssertTrue(InkGeometry.fineCurve(path: Path(), step: 0.5, tolerance: 0.01).isEmpty)
        XCTAssertTrue(InkGeometry.fineCurve(reference: ReferenceCurve(points: []), step: 0.5).isEmpty)
        XCTAssertEqual(InkGeometry.fineCurve(reference: ReferenceCurve(points: [TimedPoint(time: 0, location: point)]), step: 0.5).points, [point])
        XCTAssertFalse(ReferenceGaps(points: [], maximumInterval: 0.05, tolerance: 0.5).contains(0))
    }

    func testKinematicAndStatisticalMetricsOfNothingOrOneValue() {
        for speed in [[Double](), [1.0]] {
            XCTAssertNil(SpectralArcLength.of(speed: speed, sampleRateHz: 60), "\(speed)")
            XCTAssertNil(LogDimensionlessJerk.of(speed: speed, sampleRateHz: 60), "\(speed)")
        }
        XCTAssertEqual(FFT.magnitudes(of: [], length: 8), [Double](repeating: 0, count: 8), "an empty signal zero-padded")
        XCTAssertEqual(FFT.magnitudes(of: [2], length: 1), [2])
        XCTAssertNil(Summary([]))
        XCTAssertEqual(Summary([2])?.p95, 2)
        XCTAssertTrue(Summary.percentile(sorted: [], 0.5).isNaN)
        let none = BootstrapInterval.ofMean([], resamples: 100, seed: 1)
        XCTAssertTrue(none.low.isNaN && none.high.isNaN)
        XCTAssertTrue(BootstrapInterval.ofMean([3], resamples: 100, seed: 1) == (3, 3))
        XCTAssertNil(ClusterBootstrap.intervalOfMean([], clusters: [], resamples: 100, seed: 1))
        XCTAssertNil(ClusterBootstrap.intervalOfMean([3], clusters: [0], resamples: 100, seed: 1))
        XCTAssertNil(PairedComparison.difference([], [], clusters: [], resamples: 100, seed: 1))
        XCTAssertEqual(PairedComparison.difference([3], [1], clusters: [0], resamples: 100, seed: 1)?.mean, 2)
    }

    func testInkMetricsOfNothing() {
        XCTAssertNil(InkMetrics.widthVariation(InkPath(), length: 0))
        XCTAssertNil(InkMetrics.widthJumpMax(InkPath()))
        let one = InkPath(elements: [.move(to: Point(x: 1, y: 1))], attributes: [InkAttributes(width: 2)])
        XCTAssertNil(InkMetrics.widthJumpMax(one))
        XCTAssertNil(InkMetrics.widthVariation(one, length: 0))
        XCTAssertNil(InkMetrics.overlap(Ink(), reference: Ink(), resolution: 4), "nothing covers nothing")
        let dot = Ink(committed: one)
        XCTAssertNil(InkMetrics.overlap(dot, reference: Ink(), resolution: 4))
    }
}
