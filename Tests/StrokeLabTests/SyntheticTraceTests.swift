import Foundation
import StrokeCore
import StrokeIO
import XCTest

@testable import StrokeLab

final class SyntheticTraceTests: XCTestCase {
    /// The acceptance check: `Datasets/synthetic` is exactly what the generator writes now.
    func testBundledDatasetRegeneratesByteIdentically() throws {
        for spec in SyntheticDataset.standard {
            let path = TestPaths.packageRoot + "/Datasets/synthetic/\(spec.name).json"
            let committed = try XCTUnwrap(FileManager.default.contents(atPath: path), "missing \(path)")
            let regenerated = Data(NativeTraceWriter.encode(SyntheticTraceGenerator.generate(spec)).utf8)
            XCTAssertTrue(committed == regenerated, "\(spec.name).json differs from the generator's output; run `make datasets`")
        }
    }

    func testSameSpecSameTraceDifferentSeedDifferentNoise() {
        var spec = SyntheticTraceSpec(name: "n", shapes: [.line], positionNoise: 0.3, seed: 5)
        let a = SyntheticTraceGenerator.generate(spec)
        XCTAssertEqual(a, SyntheticTraceGenerator.generate(spec))
        spec.seed = 6
        XCTAssertNotEqual(a, SyntheticTraceGenerator.generate(spec))
    }

    func testReferenceIsDenseAndSamplesLieOnItWithoutNoise() throws {
        let trace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "clean"))
        for stroke in trace.strokes {
            let reference = try XCTUnwrap(stroke.reference)
            if stroke.id != "tap" && stroke.id != "two-sample" {
                let duration = reference.endTime - reference.startTime
                XCTAssertGreaterThanOrEqual(Double(reference.points.count - 1) / duration, 999, stroke.id)
            }
            for s in stroke.samples {
                XCTAssertLessThan(reference.position(at: s.time).distance(to: s.location), 0.02, stroke.id)
            }
        }
    }

    func testShapesHaveTheirDocumentedSpeeds() {
        let line = SyntheticShape.line
        let d = line.position(at: 0.5, sampleRateHz: 240).distance(to: line.position(at: 0.25, sampleRateHz: 240))
        XCTAssertEqual(d / 0.25, 400, accuracy: 1e-9)
        let fast = SyntheticShape.circleFast
        let arc = fast.position(at: 0.001, sampleRateHz: 240).distance(to: fast.position(at: 0, sampleRateHz: 240)) / 0.001
        XCTAssertEqual(arc, 2 * Double.pi * 100 / 0.5, accuracy: 0.1)
    }

    func testStallsMergeFramesIntoLateEventsWithMoreCoalescedSamples() {
        let spec = SyntheticTraceSpec(name: "stalls", shapes: [.circleSlow], stallProbability: 0.3, stallFrames: 2, seed: 9)
        let stroke = SyntheticTraceGenerator.generate(spec).strokes[0]
        let counts = stroke.events.dropFirst().map(\.samples.count)
        XCTAssertTrue(counts.contains { $0 > 4 }, "some events carry more than one frame of samples")
        // Stalls regroup samples; they never drop or duplicate one: 2 s at 240 Hz is 481 samples.
        XCTAssertEqual(stroke.sampleCount, 481)
        for e in stroke.events { XCTAssertGreaterThanOrEqual(e.time, e.main.time) }
    }

    func testTapAndTwoSampleStrokes() {
        let trace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "small", shapes: [.tap, .twoSample]))
        XCTAssertEqual(trace.strokes[0].events.map(\.phase), [.began, .ended])
        XCTAssertEqual(trace.strokes[1].events.map(\.samples.count), [1, 1])
    }

    func testInvalidSpecsAreExplained() {
        XCTAssertFalse(SyntheticTraceSpec(name: "x", sampleRateHz: 0).problems.isEmpty)
        XCTAssertFalse(SyntheticTraceSpec(name: "x", timestampJitterMs: 3).problems.isEmpty)
        XCTAssertFalse(SyntheticTraceSpec(name: "x", shapes: []).problems.isEmpty)
        XCTAssertTrue(SyntheticTraceSpec(name: "x").problems.isEmpty)
    }
}
