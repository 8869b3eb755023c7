import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``FilterStage/runStroke(_:into:)`` and ``FilterStage/runStroke(_:predictor:samples:predicted:)``
/// — the loops `strokelab bench --stage` times (``StageRun``) — feed a filter as the live loop
/// does: each event's delivery time first, then its samples, the terminal event finishing the
/// stroke; with a predictor, the same filter output, observed event by event.
final class FilterStrokeRunTests: XCTestCase {
    /// Records what it observes; predicts nothing.
    private struct Recorder: PredictorStage {
        static let kind = StageKind.predict
        static let id = "test-recorder"
        static let summary = "records the samples it observes"
        static let source = "test"
        static let behaviour: StageBehaviour = .predicts
        let parameters: NoParameters
        var observed: [AttributedSample] = []
        var filterShown = 0
        init(_ parameters: NoParameters = NoParameters()) { self.parameters = parameters }
        mutating func reset() { observed = []; filterShown = 0 }
        mutating func observe(_ sample: AttributedSample) { observed.append(sample) }
        mutating func observe<F: FilterStage>(lastFilterOf filter: inout F) { filterShown += 1 }
        mutating func appendPrediction(for event: TouchEvent, tip: Point?, to predicted: inout [AttributedSample]) {}
        func predictedLocation(ahead: Double, for event: TouchEvent) -> Point? { nil }
    }

    /// 240 Hz samples delivered at 60 Hz refreshes, 2 ms after each frame's last sample.
    private func framedEvents() -> [(event: TouchEvent, samples: [AttributedSample])] {
        (0..<12).map { frame in
            let samples = (0..<4).map { k -> AttributedSample in
                let t = Double(frame * 4 + k) / 240
                return AttributedSample(time: t, location: Point(x: 600 * t, y: 10))
            }
            let phase: TouchPhase = frame == 0 ? .began : (frame == 11 ? .ended : .moved)
            var event = TouchEvent(phase: phase, samples: samples.map(\.touch))
            event.time = samples[3].time + 0.002
            return (event, samples)
        }
    }

    /// A filter that needs the delivery times (refresh-resample: without them every sample
    /// passes through) emits the same samples with a predictor reading it as alone, and the
    /// predictor observes exactly those, once per event.
    func testFilterAndPredictorRunTellsTheFilterEachDeliveryAsTheFilterAloneRun() throws {
        let events = framedEvents()
        var alone = try RefreshResamplingFilter()
        var aloneOut: [AttributedSample] = []
        let made = alone.runStroke(events, into: &aloneOut)
        XCTAssertEqual(made, aloneOut.count)
        let inputTimes = events.flatMap { $0.samples.map(\.time) }
        XCTAssertNotEqual(aloneOut.map(\.time), inputTimes, "resampled at the refreshes, not passed through")

        var paired = try RefreshResamplingFilter()
        var recorder = Recorder()
        var samples: [AttributedSample] = [], predicted: [AttributedSample] = []
        let checksum = paired.runStroke(events, predictor: &recorder, samples: &samples, predicted: &predicted)
        XCTAssertEqual(recorder.observed.map(\.time), aloneOut.map(\.time))
        XCTAssertEqual(recorder.observed, aloneOut)
        XCTAssertEqual(checksum, aloneOut.count)
        XCTAssertEqual(recorder.filterShown, events.count)
    }

    /// ink's Kalman prediction handed to an empty buffer (swapped in, no copy) is the one
    /// appended after existing samples, and it is handed over once per event.
    func testInkKalmanPredictionIsTheSameSwappedIntoAnEmptyBufferOrAppended() throws {
        let circle = try PeerOracles.circle()
        let stroke = circle.strokeWithOneEventPerSample
        var kinematics = SampleKinematics()
        let events = stroke.events.prefix(200).map { e in (event: e, samples: e.samples.map { kinematics.attribute($0) }) }
        var filter = try InkModelerFilter()
        var predictor = try InkKalmanPredictor()
        var out: [AttributedSample] = []
        let marker = AttributedSample(time: -1, location: Point(x: -1, y: -1))
        var predictions = 0
        for (event, samples) in events {
            out.removeAll()
            filter.process(samples, into: &out)
            predictor.observe(out)
            var twin = predictor
            predictor.observe(lastFilterOf: &filter)
            twin.observe(lastFilterOf: &filter)
            var swapped: [AttributedSample] = []
            predictor.appendPrediction(for: event, tip: out.last?.location, to: &swapped)
            var appended = [marker]
            twin.appendPrediction(for: event, tip: out.last?.location, to: &appended)
            XCTAssertEqual(appended, [marker] + swapped)
            var again: [AttributedSample] = []
            predictor.appendPrediction(for: event, tip: out.last?.location, to: &again)
            XCTAssertEqual(again, [], "handed over once")
            predictions += swapped.count
        }
        XCTAssertGreaterThan(predictions, 500)
    }
}
