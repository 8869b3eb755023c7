import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// Known answers for the latency a pipeline adds to the device's own and the end-to-end
/// latency on the stated device.
final class PipelineLatencyTests: XCTestCase {
    func testDrawingTheNewestSampleAddsNothing() {
        let line = KnownAnswerStrokes.line(speed: 300, duration: 1)
        for label in ["coalesced-only", "linear"] {
            let r = Fixtures.evaluate(line, label)
            XCTAssertEqual(r.value("latency.pipeline_ms")!, 0, accuracy: 1e-6, label)
            XCTAssertEqual(r.value("latency.end_to_end_ms")!, DeviceLatency().latencyMs, accuracy: 1e-6, label)
        }
    }

    func testAPredictionTakesItsHorizonOff() {
        let line = KnownAnswerStrokes.line(speed: 300, duration: 1)
        for h in [8.0, 16.7, 25] {
            let r = Fixtures.evaluate(line, "linear|predict:linear(horizon=\(h))")
            XCTAssertEqual(r.value("latency.pipeline_ms")!, -h, accuracy: 1e-6, "horizon \(h)")
        }
    }

    func testSmoothingThatHoldsSamplesBackAddsLatencyAndTheDeviceIsAddedToIt() {
        // The midpoint Bézier ends at the midpoint of the last two main samples (one 60 Hz
        // frame apart): half a frame behind the newest, 8.3 ms, plus the tail it leaves out.
        let line = KnownAnswerStrokes.line(speed: 300, duration: 1)
        var options = MetricOptions()
        options.device = DeviceLatency(latencyMs: 20, refreshHz: 120)
        let r = Fixtures.evaluate(line, "midpoint-bezier", options: options)
        let added = r.value("latency.pipeline_ms")!
        XCTAssertGreaterThan(added, 1000.0 / 120 - 1e-6)
        XCTAssertEqual(r.value("latency.end_to_end_ms")!, 20 + added, accuracy: 1e-9)
        // The lag under StrokeLab's display model holds the same added part.
        XCTAssertEqual(r.value("lag.mean_ms")! - Fixtures.evaluate(line, "linear").value("lag.mean_ms")!, added, accuracy: 0.5)
    }

    func testThePublishedThresholdsAreListedPerKindWithTheirSources() {
        XCTAssertEqual(LatencyPerceptionThreshold.writing.latencyMs, 50)
        XCTAssertEqual(LatencyPerceptionThreshold.scribbling.latencyMs, 7)
        XCTAssertEqual(LatencyPerceptionThreshold.thresholds(for: .stylus).map(\.task), ["dragging", "scribbling", "writing and sketching"])
        XCTAssertEqual(LatencyPerceptionThreshold.thresholds(for: .finger).map(\.latencyMs), [6, 50])
        XCTAssertEqual(LatencyPerceptionThreshold.thresholds(for: .mouse).map(\.latencyMs), [60, 50])
        for t in LatencyPerceptionThreshold.published {
            XCTAssertFalse(t.source.isEmpty)
            XCTAssertFalse(t.finding.isEmpty)
        }
    }

    func testADeviceWithNegativeLatencyOrNoRefreshIsAProblem() {
        var options = MetricOptions()
        options.device = DeviceLatency(latencyMs: -1, refreshHz: 0)
        XCTAssertEqual(options.problems, ["device.latencyMs must be a number ≥ 0, got -1.0", "device.refreshHz must be in (0, 1000], got 0.0"])
    }
}
