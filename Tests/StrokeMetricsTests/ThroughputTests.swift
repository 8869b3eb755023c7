import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Structure only: speed is a benchmark (`strokelab bench`), never asserted in a unit test.
final class ThroughputTests: XCTestCase {
    func testReportsOneSamplePerRunAndCountsWhatTheInputViewFeeds() {
        let strokes = [KnownAnswerStrokes.circle(radius: 40, revolutionsPerSecond: 1, revolutions: 1),
                       KnownAnswerStrokes.line(speed: 100, duration: 0.5)]
        let main = Throughput.measure(pipeline: Fixtures.pipeline("linear"), strokes: strokes, runs: 3, warmupRuns: 1,
                                      minimumRunSeconds: 0.001)!
        XCTAssertEqual(main.samplesPerSecond.count, 3)
        XCTAssertEqual(main.nanosecondsPerSample.count, 3)
        let mainSamples = strokes.reduce(0) { $0 + $1.events.count }
        XCTAssertEqual(main.samplesPerRun, mainSamples * main.passesPerRun)
        let coalesced = Throughput.measure(pipeline: Fixtures.pipeline("coalesced-only"), strokes: strokes, runs: 2,
                                           warmupRuns: 1, minimumRunSeconds: 0.001)!
        XCTAssertEqual(coalesced.samplesPerRun, strokes.reduce(0) { $0 + $1.sampleCount } * coalesced.passesPerRun)
        for r in [main, coalesced] {
            XCTAssertTrue(r.samplesPerSecond.allSatisfy { $0 > 0 && $0.isFinite })
            for (rate, cost) in zip(r.samplesPerSecond, r.nanosecondsPerSample) {
                XCTAssertEqual(rate * cost, 1e9, accuracy: 1e-3, "ns/sample is the reciprocal of samples/s")
            }
            XCTAssertGreaterThan(r.checksum, 0)
            let q = r.quartilesSamplesPerSecond
            XCTAssertLessThanOrEqual(q.lower, r.medianSamplesPerSecond)
            XCTAssertLessThanOrEqual(r.medianSamplesPerSecond, q.upper)
            print("throughput (debug build, not a benchmark) \(r.pipeline): median \(r.medianSamplesPerSecond) samples/s, \(r.medianNanosecondsPerSample) ns/sample, spread \(r.relativeSpread)")
        }
    }

    func testNoSamplesGiveNoResult() {
        XCTAssertNil(Throughput.measure(pipeline: Fixtures.pipeline("linear"), strokes: [], runs: 1, warmupRuns: 1))
    }
}
