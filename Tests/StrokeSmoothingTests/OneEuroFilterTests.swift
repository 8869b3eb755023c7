import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// `filter:one-euro` against casiez/OneEuroFilter (the shared oracles: its Python
/// implementation run unmodified, bit-identical to its C++ one) and against known answers.
final class OneEuroFilterTests: XCTestCase {
    private func filtered(_ samples: [AttributedSample], _ parameters: OneEuroFilter.Parameters) throws -> [AttributedSample] {
        var filter = try OneEuroFilter(parameters)
        var out: [AttributedSample] = []
        filter.process(samples, into: &out)
        filter.flush(into: &out)
        return out
    }

    private func circleOracle(_ name: String, beta: Double) throws {
        let circle = try PeerOracles.circle()
        let oracle = try PeerOracles.load("one_euro_filter/\(name)")
        let ox = try XCTUnwrap(oracle["x"] as? [Double]), oy = try XCTUnwrap(oracle["y"] as? [Double])
        let out = try filtered(circle.samples, .init(minCutoff: 1, beta: beta, dCutoff: 1, rateHz: 240))
        XCTAssertEqual(out.map(\.time), circle.t)
        var worst = WorstDifference()
        worst.add(out.map(\.location.x), ox)
        worst.add(out.map(\.location.y), oy)
        print("one-euro oracle \(name): max abs error \(worst.value) over \(out.count) samples")
        XCTAssertLessThanOrEqual(worst.value, 1e-9)
    }

    func testNoisyCircleWithBetaZeroMatchesTheReference() throws { try circleOracle("circle240_beta0.json", beta: 0) }

    func testNoisyCircleWithBetaPointOneMatchesTheReference() throws { try circleOracle("circle240_beta0.1.json", beta: 0.1) }

    /// The reference's own conformance vector (groundTruth.csv's input), re-filtered at full
    /// precision by the reference: freq 120, mincutoff 1, beta 0.1, dcutoff 1.
    func testGroundTruthRerunMatchesTheReference() throws {
        let oracle = try PeerOracles.load("one_euro_filter/groundtruth_rerun.json")
        let t = try XCTUnwrap(oracle["t"] as? [Double]), noisy = try XCTUnwrap(oracle["noisy"] as? [Double])
        let expected = try XCTUnwrap(oracle["filtered"] as? [Double])
        let samples = t.indices.map { AttributedSample(time: t[$0], x: noisy[$0], y: 0) }
        let out = try filtered(samples, .init(minCutoff: 1, beta: 0.1, dCutoff: 1, rateHz: 120))
        let worst = maxAbsDifference(out.map(\.location.x), expected)
        print("one-euro oracle groundtruth_rerun: max abs error \(worst) over \(out.count) samples")
        XCTAssertEqual(out.count, 1200)
        XCTAssertLessThanOrEqual(worst, 1e-9)
    }

    /// Port of casiez/OneEuroFilter's own check (`test.py`, BSD-3-Clause, © Inria, Géry Casiez):
    /// the filter run on groundTruth.csv's timestamps and noisy signal (freq 120, mincutoff 1,
    /// beta 0.1, dcutoff 1) must stay within 1e-4 of the CSV's `filtered` column (printed with
    /// 6 significant digits; the shared oracle keeps it as `groundtruth_csv_filtered_6sig`).
    func testReferenceGroundTruthCheckPasses() throws {
        let oracle = try PeerOracles.load("one_euro_filter/groundtruth_rerun.json")
        let t = try XCTUnwrap(oracle["t"] as? [Double]), noisy = try XCTUnwrap(oracle["noisy"] as? [Double])
        let groundTruth = try XCTUnwrap(oracle["groundtruth_csv_filtered_6sig"] as? [Double])
        XCTAssertEqual(groundTruth.count, t.count, "The test file does not have the correct number of lines.")
        var filter = try OneEuroFilter(.init(minCutoff: 1, beta: 0.1, dCutoff: 1, rateHz: 120))
        var out: [AttributedSample] = []
        for i in t.indices {
            filter.push(AttributedSample(time: t[i], x: noisy[i], y: 0), into: &out)
            XCTAssertLessThanOrEqual(abs(out[i].location.x - groundTruth[i]), 1e-4,
                                     "The filtered value differs from the ground truth at line \(i + 2)")
        }
    }

    func testEveryChannelButPositionSpeedAndHeadingPassesThrough() throws {
        let samples = (0..<40).map { (i: Int) -> AttributedSample in
            let t = Double(i)
            let location = Point(x: t * t / 7, y: Double.sin(t / 5) * 30)
            let kind: TouchKind = i % 4 == 0 ? .finger : .stylus
            return AttributedSample(time: t / 240, location: location, force: Double(i % 9) / 8,
                                    maximumPossibleForce: 4.1 + Double(i % 3), altitude: 0.3 + t / 100,
                                    azimuth: t / 20 - 1, majorRadius: Double(i % 5) * 2.5, kind: kind,
                                    speed: 99, heading: Vector(dx: 0, dy: -1))
        }
        for derivative in OneEuroFilter.Derivative.allCases {
            let parameters = OneEuroFilter.Parameters(minCutoff: 1, beta: 0.01, dCutoff: 1, derivative: derivative)
            let out = try filtered(samples, parameters)
            var pushed: [AttributedSample] = []
            var filter = try OneEuroFilter(parameters)
            for s in samples { filter.push(s, into: &pushed) }
            XCTAssertTrue(pushed == out, "a sample at a time gives the batch's samples")
            XCTAssertEqual(out.count, samples.count)
            for (o, s) in zip(out, samples) {
                XCTAssertEqual(o.time, s.time)
                XCTAssertEqual(o.force, s.force)
                XCTAssertEqual(o.maximumPossibleForce, s.maximumPossibleForce)
                XCTAssertEqual(o.altitude, s.altitude)
                XCTAssertEqual(o.azimuth, s.azimuth)
                XCTAssertEqual(o.majorRadius, s.majorRadius)
                XCTAssertEqual(o.kind, s.kind)
            }
            // Position, speed and heading are the filter's: moved, and derived from the moves.
            XCTAssertNotEqual(out.map(\AttributedSample.location), samples.map(\AttributedSample.location))
            XCTAssertEqual(out[0].speed, 0, "the first sample has no speed")
            XCTAssertTrue(out.dropFirst().allSatisfy { $0.speed > 0 && $0.speed != 99 }, "speed from the filtered motion")
        }
    }

    func testFirstSamplePassesThroughAndAConstantInputStaysConstant() throws {
        let samples = (0..<50).map { AttributedSample(time: Double($0) / 120, x: 3.5, y: -2, force: 0.4) }
        let out = try filtered(samples, .init(minCutoff: 1, beta: 0.5, dCutoff: 1))
        XCTAssertEqual(out.map(\.location), samples.map(\.location))
        XCTAssertEqual(out.map(\.force), samples.map(\.force), "channels other than x, y pass through")
        XCTAssertEqual(out.map(\.time), samples.map(\.time))
    }

    /// With beta = 0 the 1€ filter is a first-order low-pass filter with α = 1/(1 + τ·f),
    /// τ = 1/(2π·minCutoff): its response to a unit step at a constant rate is 1 − (1 − α)ⁿ.
    func testWithBetaZeroAStepDecaysExponentially() throws {
        let rate = 100.0, minCutoff = 2.0
        var samples = [AttributedSample(time: 0, x: 0, y: 0)]
        samples += (1...40).map { AttributedSample(time: Double($0) / rate, x: 1, y: -1) }
        for derivative in OneEuroFilter.Derivative.allCases {
            let out = try filtered(samples, .init(minCutoff: minCutoff, beta: 0, dCutoff: 1, derivative: derivative, rateHz: 7))
            let alpha = 1 / (1 + rate / (2 * Double.pi * minCutoff))
            for n in 1...40 {
                let expected = 1 - Double.pow(1 - alpha, n)
                XCTAssertEqual(out[n].location.x, expected, accuracy: 1e-12, "\(derivative) n=\(n)")
                XCTAssertEqual(out[n].location.y, -expected, accuracy: 1e-12)
            }
        }
    }

    /// Three samples by hand: the derivative of the second is the same either way; the third's
    /// differs (from x̂₁ or from x₁), and so does its cutoff.
    func testDerivativeFromFilteredOrRawValueAsTheReferenceAndThePaper() throws {
        let samples = [AttributedSample(time: 0, x: 0, y: 0), AttributedSample(time: 0.01, x: 1, y: 0),
                       AttributedSample(time: 0.02, x: 3, y: 0)]
        let minCutoff = 1.0, beta = 0.5, dCutoff = 2.0, f = 100.0
        func alpha(_ fc: Double) -> Double { 1 / (1 + (1 / (2 * Double.pi * fc)) / (1 / f)) }
        // Sample 1: dx = (1 − 0)·f either way.
        let ad = alpha(dCutoff)
        let e1 = ad * 100
        let x1 = alpha(minCutoff + beta * e1) * 1
        for (derivative, base) in [(OneEuroFilter.Derivative.filtered, x1), (.raw, 1.0)] {
            let e2 = ad * ((3 - base) * f) + (1 - ad) * e1
            let a2 = alpha(minCutoff + beta * abs(e2))
            let x2 = a2 * 3 + (1 - a2) * x1
            let out = try filtered(samples, .init(minCutoff: minCutoff, beta: beta, dCutoff: dCutoff, derivative: derivative))
            XCTAssertEqual(out[1].location.x, x1, accuracy: 1e-12)
            XCTAssertEqual(out[2].location.x, x2, accuracy: 1e-12, "\(derivative)")
        }
    }

    /// Repeated timestamps keep the previous rate (nothing divided by zero); before two
    /// distinct timestamps the `rate` parameter is the rate.
    func testRepeatedTimestampsKeepThePreviousRate() throws {
        let samples = [AttributedSample(time: 1, x: 0, y: 0), AttributedSample(time: 1, x: 1, y: 1),
                       AttributedSample(time: 1.01, x: 2, y: 2), AttributedSample(time: 1.01, x: 3, y: 3),
                       AttributedSample(time: 1.005, x: 4, y: 4)]
        let out = try filtered(samples, .init(minCutoff: 1, beta: 0.2, dCutoff: 1, rateHz: 50))
        XCTAssertTrue(out.allSatisfy { $0.location.x.isFinite && $0.location.y.isFinite && $0.speed.isFinite })
        // Sample 1 used the assumed 50 Hz: α = 1/(1 + 50/(2π·fc)).
        let e1 = (1 / (1 + 50 / (2 * Double.pi))) * 50
        let a1 = 1 / (1 + 50 / (2 * Double.pi * (1 + 0.2 * e1)))
        XCTAssertEqual(out[1].location.x, a1, accuracy: 1e-12)
    }

    func testOutOfDomainParametersAreOneLineErrorsNamingTheLabel() {
        for (label, needle) in [("coalesced|filter:one-euro(minCutoff=-1)|interp:linear", "minCutoff must be in"),
                                ("coalesced|filter:one-euro(dCutoff=0)|interp:linear", "dCutoff must be in"),
                                ("coalesced|filter:one-euro(cutoff=1)|interp:linear", "has no parameter 'cutoff'"),
                                ("coalesced|filter:one-euro(derivative=previous)|interp:linear", "derivative must be one of")] {
            XCTAssertThrowsError(try PipelineDescription(parsing: label)) { error in
                let text = "\(error)"
                XCTAssertTrue(text.contains(label), text)
                XCTAssertTrue(text.contains(needle), text)
                XCTAssertFalse(text.contains("\n"), text)
            }
        }
    }
}
