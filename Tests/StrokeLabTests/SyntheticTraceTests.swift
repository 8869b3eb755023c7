import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

final class SyntheticTraceTests: XCTestCase {
    /// The acceptance check: `Datasets/synthetic` is exactly what the generator writes now.
    func testBundledDatasetRegeneratesByteIdentically() throws {
        XCTAssertTrue(SyntheticDataset.standard.contains { $0.name == "styles-240hz-60fps" }, "the style trace is in the set")
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
        let line = SyntheticStyleStroke(id: "s", from: Point(x: 0, y: 0), to: Point(x: 10, y: 0))
        XCTAssertTrue(SyntheticTraceSpec(name: "x", shapes: [], styleStrokes: [line]).problems.isEmpty)
        XCTAssertEqual(SyntheticTraceSpec(name: "x", shapes: [], styleStrokes: [line, line]).problems,
                       ["stroke ids repeat: each shape and style stroke needs its own id"])
        var bad = line
        bad.altitude = 2
        bad.force = .init(from: -1, to: 1)
        bad.duration = 0
        XCTAssertEqual(SyntheticTraceSpec(name: "x", shapes: [], styleStrokes: [bad]).problems,
                       ["style stroke 's': duration 0.0 s is outside (0, 3]", "style stroke 's': force must be in [0, 1e6]",
                        "style stroke 's': altitude 2.0 rad is outside [0, π/2]"])
        // Hostile values: each is one line naming the stroke, and nothing reaches the generator.
        var hostile = line
        hostile.duration = 10                      // would overlap the next stroke (4 s apart)
        hostile.force = .init(from: 1e303, to: .nan)
        hostile.maximumForce = .infinity
        hostile.azimuth = -.infinity
        hostile.majorRadius = 1e303
        hostile.kind = .mouse
        XCTAssertEqual(SyntheticTraceSpec(name: "x", shapes: [], styleStrokes: [hostile]).problems,
                       ["style stroke 's': duration 10.0 s is outside (0, 3]", "style stroke 's': kind must be stylus or finger",
                        "style stroke 's': force must be in [0, 1e6]", "style stroke 's': maximum force must be in (0, 1e6]",
                        "style stroke 's': azimuth must be within ±1e6 rad", "style stroke 's': contact radius must be in [0, 1e9]"])
        var unnamed = line
        unnamed.id = ""
        unnamed.start = Point(x: .nan, y: 1e300)
        XCTAssertEqual(SyntheticTraceSpec(name: "x", shapes: [], styleStrokes: [unnamed]).problems,
                       ["a style stroke has an empty id", "style stroke '': point (nan, 1e+300) is not finite or beyond ±1e9"])
    }

    /// A style stroke, after a spec's shapes, carries its own kind, force ramp, tilt and contact
    /// radius and exactly its own channels; the trace reads back unchanged.
    func testStyleStrokesCarryTheirOwnPenAndChannels() throws {
        let ramp = SyntheticStyleStroke(id: "ramp", from: Point(x: 0, y: 0), to: Point(x: 240, y: 0), duration: 0.5,
                                        force: .init(from: 1, to: 3), altitude: 0.3, azimuth: 1)
        let finger = SyntheticStyleStroke(id: "finger", from: Point(x: 0, y: 10), to: Point(x: 0, y: 50), kind: .finger,
                                          majorRadius: 12)
        let trace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "mix", shapes: [.line], styleStrokes: [ramp, finger]))
        XCTAssertEqual(trace.strokes.map(\.id), ["line", "ramp", "finger"])
        XCTAssertEqual(trace.channels, [.t, .x, .y, .force, .maxForce, .altitude, .azimuth, .majorRadius])
        XCTAssertEqual(trace.metadata.device, "StrokeLab synthetic stylus and finger")
        XCTAssertEqual(trace.strokes[1].channels, [.t, .x, .y, .force, .maxForce, .altitude, .azimuth])
        XCTAssertEqual(trace.strokes[2].channels, [.t, .x, .y, .majorRadius])
        XCTAssertEqual(trace.strokes[2].kind, .finger)
        let samples = trace.strokes[1].samples
        XCTAssertEqual(samples.count, 121)   // 0.5 s at 240 Hz
        for s in samples {
            let u = (s.time - samples[0].time) / 0.5
            XCTAssertEqual(s.force, 1 + 2 * u, accuracy: 1e-6)
            XCTAssertEqual(s.location.x, 240 * u, accuracy: 1e-6)
            XCTAssertEqual(s.altitude, 0.3)
            XCTAssertEqual(s.azimuth, 1)
        }
        XCTAssertTrue(trace.strokes[2].samples.allSatisfy { $0.majorRadius == 12 && $0.force == 0 })
        // Written and read back unchanged.
        let back = try NativeTraceReader.decode(Array(NativeTraceWriter.encode(trace).utf8), file: "mix.json")
        XCTAssertEqual(back, trace)
    }

    /// Property test (issue 11 item 5): whatever the seed and options, the generator writes
    /// only traces the reader accepts, and they read back identical. `synth
    /// --stall-probability 0.1` used to deliver `ended` before a stalled `moved` event for 18
    /// of 40 seeds ("delivery time 5.5 goes backwards").
    func testEveryGeneratedTraceIsValidOverManySeedsAndOptions() throws {
        var rng = SeededGenerator(seed: 11)
        func pick<T>(_ values: [T]) -> T { values[Int(rng.next() % UInt64(values.count))] }
        var checked = 0
        for seed in UInt64(0)..<160 {
            let kind: TouchKind = pick([.stylus, .finger])
            let rate: Double = pick([30, 60, 120, 240, 1000, 37.5])
            let shapes = [pick(SyntheticShape.allCases)]
            let spec = SyntheticTraceSpec(
                name: "p\(seed)", shapes: Array(Set(shapes)).sorted { $0.rawValue < $1.rawValue }, kind: kind,
                sampleRateHz: rate, refreshRateHz: pick([30, 60, 120, 144]),
                timestampJitterMs: pick([0, 0.45 * 1000 / rate, 0.2 * 1000 / rate]), positionNoise: pick([0, 0.4, 3]),
                stallProbability: pick([0, 0.1, 0.5, 1]), stallFrames: pick([1, 2, 7, 60]),
                force: pick(ForceProfile.allCases), tilt: pick(TiltProfile.allCases), predictedCount: pick([0, 0, 3]), seed: seed)
            XCTAssertEqual(spec.problems, [], "\(spec)")
            var trace = SyntheticTraceGenerator.generate(spec)
            // The references are noise-free and never stalled; checked here directly, then left
            // out of the (debug-build, slow) round trip to keep the test quick.
            for k in trace.strokes.indices {
                let times = try XCTUnwrap(trace.strokes[k].reference).points.map(\.time)
                XCTAssertTrue(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 }, "seed \(seed): reference time goes backwards")
                trace.strokes[k].reference = nil
            }
            let text = NativeTraceWriter.encode(trace)
            do {
                let back = try NativeTraceReader.decode(Array(text.utf8), file: "\(spec.name).json")
                XCTAssertEqual(back, trace, "seed \(seed): the trace does not read back identical")
            } catch {
                XCTFail("seed \(seed), \(spec): the generator wrote a trace the reader refuses: \(error)")
            }
            checked += 1
        }
        XCTAssertEqual(checked, 160)
        // The reproduction from the issue: 40 seeds of the stall option alone, every shape (the
        // references, which the stalls do not touch, are left out to keep this quick).
        for seed in UInt64(1)...40 {
            var trace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "s\(seed)", stallProbability: 0.1, seed: seed))
            for k in trace.strokes.indices { trace.strokes[k].reference = nil }
            XCTAssertNoThrow(try NativeTraceReader.decode(Array(NativeTraceWriter.encode(trace).utf8), file: "s.json"), "seed \(seed)")
        }
    }
}
