import StrokeCore
import XCTest
@testable import StrokeRaster

final class RenderCostMeasurementTests: XCTestCase {
    // A measurement, not a benchmark: these tests check the bookkeeping, never the timings.
    func testMeasurementReportsEveryFrameOfEveryStrokeForEachStrategy() throws {
        let workload = RenderWorkload.spiral(revolutions: 2, strokes: 2, secondsPerRevolution: 0.5, size: 200)
        let frames = workload.strokes.reduce(0) { $0 + $1.events.count }
        let options = RenderCostOptions(canvasWidth: 220, canvasHeight: 220, repetitions: 2, warmUpRuns: 0)
        let results = try RenderCostMeasurement.measure(try TestStrokes.replays(workload.strokes), options: options)
        XCTAssertEqual(results.map(\.strategy), RenderStrategy.allCases)
        for r in results {
            XCTAssertEqual(r.medianMilliseconds.count, frames)
            XCTAssertEqual(r.elementsOnCanvas.count, frames)
            XCTAssertTrue(r.medianMilliseconds.allSatisfy { $0 >= 0 && $0.isFinite })
            XCTAssertTrue(zip(r.lowerQuartileMilliseconds, r.upperQuartileMilliseconds).allSatisfy { $0 <= $1 })
            XCTAssertEqual(r.strokeIndex.first, 0)
            XCTAssertEqual(r.strokeIndex.last, 1)
            // The canvas only gains elements: finished strokes stay.
            XCTAssertEqual(r.elementsOnCanvas, r.elementsOnCanvas.sorted())
        }
    }

    func testAStrideTimesEveryKthFrameWithTheSameBookkeeping() throws {
        let workload = RenderWorkload.spiral(revolutions: 2, strokes: 3, secondsPerRevolution: 0.5, size: 200)
        let replays = try TestStrokes.replays(workload.strokes)
        let frames = workload.strokes.reduce(0) { $0 + $1.events.count }
        let every = try RenderCostMeasurement.measure(replays, options: RenderCostOptions(canvasWidth: 220, canvasHeight: 220,
                                                                                          repetitions: 1, warmUpRuns: 0))
        let strided = try RenderCostMeasurement.measure(replays, options: RenderCostOptions(canvasWidth: 220, canvasHeight: 220,
                                                                                            repetitions: 3, warmUpRuns: 1,
                                                                                            frameStride: 4))
        XCTAssertEqual(strided.map(\.strategy), RenderStrategy.allCases)
        let timed = Array(stride(from: 0, to: frames, by: 4))
        for (all, r) in zip(every, strided) {
            XCTAssertEqual(all.frameIndex, Array(0..<frames))
            XCTAssertEqual(r.frameIndex, timed, "\(r.strategy)")
            XCTAssertEqual(r.elementsOnCanvas, timed.map { all.elementsOnCanvas[$0] }, "\(r.strategy)")
            XCTAssertEqual(r.strokeIndex, timed.map { all.strokeIndex[$0] }, "\(r.strategy)")
            XCTAssertEqual(r.currentStrokeElements, timed.map { all.currentStrokeElements[$0] }, "\(r.strategy)")
            XCTAssertEqual(r.medianMilliseconds.count, timed.count)
            XCTAssertTrue(r.medianMilliseconds.allSatisfy { $0 >= 0 && $0.isFinite })
            XCTAssertTrue(zip(r.lowerQuartileMilliseconds, r.upperQuartileMilliseconds).allSatisfy { $0 <= $1 })
        }
    }

    func testSpiralWorkloadIsSplitIntoStrokesWithReferences() {
        let w = RenderWorkload.spiral(revolutions: 4, strokes: 4, secondsPerRevolution: 1)
        XCTAssertEqual(w.strokes.count, 4)
        for s in w.strokes {
            XCTAssertEqual(s.events.first?.phase, .began)
            XCTAssertEqual(s.events.last?.phase, .ended)
            XCTAssertEqual(s.sampleCount, 241, "one revolution at 240 Hz plus the start sample")
            XCTAssertNotNil(s.reference)
        }
        XCTAssertGreaterThan(w.strokes[1].startTime, w.strokes[0].endTime, "pen is lifted between strokes")
    }

    func testNothingToDrawIsReported() {
        XCTAssertThrowsError(try RenderCostMeasurement.measure([], options: RenderCostOptions())) { error in
            XCTAssertTrue("\(error)".contains("no strokes"), "\(error)")
        }
    }
}
