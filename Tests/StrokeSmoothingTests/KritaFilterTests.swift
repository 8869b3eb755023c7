import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// `filter:weighted` and `filter:stabilizer` (Krita's freehand smoothing) against known answers.
final class KritaFilterTests: XCTestCase {
    private func run<F: FilterStage>(_ filter: F, _ samples: [AttributedSample]) -> [AttributedSample] {
        var f = filter
        var out: [AttributedSample] = []
        f.finish(samples, into: &out)
        return out
    }

    /// Samples on the line y = 2x + 5, 1 unit of x apart, 100 Hz.
    private func line(_ n: Int, pressure: (Int) -> Double = { _ in 0.5 }) -> [AttributedSample] {
        (0..<n).map { i in
            AttributedSample(time: Double(i) / 100, location: Point(x: Double(i), y: 2 * Double(i) + 5), force: pressure(i),
                             maximumPossibleForce: 1)
        }
    }

    // MARK: Weighted

    func testWeightedWithDistanceZeroIsTheIdentity() throws {
        let samples = line(30)
        let out = run(try KritaWeightedFilter(.init(distance: 0)), samples)
        XCTAssertEqual(out.map(\.location), samples.map(\.location))
        XCTAssertEqual(out.map(\.time), samples.map(\.time))
    }

    /// Krita smooths from its fourth move event (the press is not in its history): the first
    /// four samples pass unchanged; later ones are Gaussian means of the history, which for
    /// collinear points stay on the line and lag behind the pen.
    func testWeightedKeepsTheFirstFourAndSmoothsAlongTheLine() throws {
        let samples = line(40)
        let out = run(try KritaWeightedFilter(), samples)
        XCTAssertEqual(out.count, samples.count)
        XCTAssertEqual(out.prefix(4).map(\.location), samples.prefix(4).map(\.location))
        for (o, s) in zip(out.dropFirst(4), samples.dropFirst(4)) {
            XCTAssertEqual(o.location.y, 2 * o.location.x + 5, accuracy: 1e-9, "stays on the line")
            XCTAssertLessThan(o.location.x, s.location.x, "lags the pen")
            XCTAssertEqual(o.time, s.time)
        }
    }

    /// The fifth sample by hand: history h = p₁…p₄ (steps √5 each, the first from the press),
    /// σ = 50/3, weights rᵢ ∝ exp(−Dᵢ²/2σ²) with Dᵢ the path distance summed from the newest.
    func testWeightedFifthSampleIsTheGaussianMeanOfItsHistory() throws {
        let samples = line(5)
        let out = run(try KritaWeightedFilter(), samples)
        let sigma = 50.0 / 3, step = 5.0.squareRoot()
        var x = 0.0, y = 0.0, sum = 0.0
        for (k, i) in [4, 3, 2, 1].enumerated() {
            let d = Double(k + 1) * step
            let r = Double.exp(-d * d / (2 * sigma * sigma)) / ((2 * Double.pi).squareRoot() * sigma)
            x += r * samples[i].location.x
            y += r * samples[i].location.y
            sum += r
        }
        assertClose(out[4].location, Point(x: x / sum, y: y / sum), tolerance: 1e-12)
    }

    func testWeightedLeavesAConstantInputConstantAndSmoothsPressureOnRequest() throws {
        let still = (0..<20).map { AttributedSample(time: Double($0) / 100, location: Point(x: 7, y: 9), force: 0.5, maximumPossibleForce: 1) }
        for (o, s) in zip(run(try KritaWeightedFilter(), still), still) {
            assertClose(o.location, s.location, tolerance: 1e-12)
        }
        let pressures = line(30) { i in i % 2 == 0 ? 0.2 : 0.8 }
        let plain = run(try KritaWeightedFilter(), pressures)
        // Without tail aggressiveness (which would cut the history at every pressure drop).
        let smoothed = run(try KritaWeightedFilter(.init(distance: 50, tailAggressiveness: 0, smoothPressure: true)), pressures)
        XCTAssertEqual(plain.map(\.force), pressures.map(\.force), "pressure passes unless smoothPressure")
        XCTAssertEqual(smoothed[20].force, 0.5, accuracy: 0.15, "alternating pressure averages out")
        XCTAssertEqual(smoothed[21].force, 0.5, accuracy: 0.15)
    }

    /// Falling pressure (the pen lifting) inflates the older points' distances, so with tail
    /// aggressiveness the end of the stroke follows the pen more closely.
    func testWeightedTailAggressivenessShortensTheSmoothingWhenPressureFalls() throws {
        let samples = line(40) { i in i < 30 ? 0.8 : 0.8 - 0.07 * Double(i - 29) }
        let calm = run(try KritaWeightedFilter(.init(distance: 50, tailAggressiveness: 0)), samples)
        let eager = run(try KritaWeightedFilter(.init(distance: 50, tailAggressiveness: 1)), samples)
        let lagCalm = samples.last!.location.x - calm.last!.location.x
        let lagEager = samples.last!.location.x - eager.last!.location.x
        XCTAssertLessThan(lagEager, lagCalm * 0.8)
        XCTAssertEqual(calm[25].location, eager[25].location, "no effect while pressure does not fall")
    }

    /// Work and memory stay bounded: a pen resting for 3000 samples keeps at most
    /// `maximumHistory` of them (Krita would average all of them, every time).
    func testWeightedHistoryIsBounded() throws {
        var samples = line(10)
        samples += (0..<3000).map { AttributedSample(time: 1 + Double($0) / 1000, location: Point(x: 9, y: 23)) }
        let out = run(try KritaWeightedFilter(), samples)
        XCTAssertEqual(out.count, samples.count)
        XCTAssertEqual(out.last!.location.x, 9, accuracy: 1e-9)
    }

    // MARK: Stabilizer

    func testStabilizerOfOneSampleIsTheIdentity() throws {
        let samples = line(50) { 0.3 + 0.01 * Double($0) }
        let out = run(try KritaStabilizerFilter(.init(samples: 1, delay: false, clock: .events)), samples)
        XCTAssertEqual(out.map(\.location), samples.map(\.location))
        XCTAssertEqual(out.map(\.time), samples.map(\.time))
        XCTAssertEqual(out.map(\.force), samples.map(\.force))
        // On Krita's 1 ms clock every input (slower than 1 kHz) still comes out once, in order,
        // unchanged but for its time: when Krita draws it, within two 15 ms polls.
        let timed = run(try KritaStabilizerFilter(.init(samples: 1, delay: false)), samples)
        XCTAssertEqual(timed.map(\.location), samples.map(\.location))
        XCTAssertEqual(timed.map(\.force), samples.map(\.force))
        for (o, s) in zip(timed.dropFirst(), samples.dropFirst()) {
            XCTAssertGreaterThanOrEqual(o.time, s.time - 1e-12)
            XCTAssertLessThan(o.time, s.time + 0.030, "within two 15 ms polls")
        }
    }

    /// With one sample per input, the stabilizer is the mean of the newest N inputs (the queue
    /// starts full of the first sample); the finish line then pulls it to the last input.
    func testStabilizerIsTheMovingAverageOfTheLastSamples() throws {
        let samples = line(20)
        let n = 4
        let out = run(try KritaStabilizerFilter(.init(samples: n, delay: false, finish: false, clock: .events)), samples)
        XCTAssertEqual(out.count, samples.count)
        for k in 1..<samples.count {
            let window = (k - n + 1...k).map { samples[Swift.max($0, 0)].location.x }
            XCTAssertEqual(out[k].location.x, window.reduce(0, +) / Double(n), accuracy: 1e-12, "k=\(k)")
        }
        let finished = run(try KritaStabilizerFilter(.init(samples: n, delay: false, finish: true, clock: .events)), samples)
        XCTAssertEqual(finished.last!.location, samples.last!.location)
        XCTAssertEqual(finished.count, samples.count + n - 1, "the finish line's distinct points")
    }

    /// The dead zone: nothing moves until the pen is farther than the delay distance from the
    /// ink; the finish line then cannot pull the ink inside the dead zone either.
    func testStabilizerDeadZoneHoldsTheInk() throws {
        let near = (0..<30).map { AttributedSample(time: Double($0) / 100, location: Point(x: Double($0) * 0.5, y: 0)) }
        let out = run(try KritaStabilizerFilter(.init(samples: 10, delay: true, delayDistance: 20)), near)
        XCTAssertEqual(out.count, 1, "the pen never left the 20-unit dead zone")
        let far = (0..<100).map { AttributedSample(time: Double($0) / 100, location: Point(x: Double($0) * 2, y: 0)) }
        let moved = run(try KritaStabilizerFilter(.init(samples: 10, delay: true, delayDistance: 20)), far)
        XCTAssertGreaterThan(moved.count, 10)
        XCTAssertGreaterThan(far.last!.location.x - moved.last!.location.x, 0, "the ink stays behind the pen")
        XCTAssertLessThanOrEqual(far.last!.location.x - moved.last!.location.x, 20 + 1e-9, "but within the dead zone")
    }

    /// Krita's clock: one stabilized point per millisecond, polled every 15 ms; a pause costs
    /// bounded work (the average settles, then polls are skipped).
    func testStabilizerTimerTicksEveryMillisecondAndPausesAreCheap() throws {
        var samples = line(30)
        samples.append(AttributedSample(time: 3600, location: Point(x: 100, y: 205)))  // an hour later
        let out = run(try KritaStabilizerFilter(.init(samples: 50, delay: false)), samples)
        let times = out.map(\.time)
        XCTAssertEqual(times, times.sorted(), "times never go back")
        for t in times.dropFirst() where t < 1 {
            XCTAssertEqual((t * 1000).rounded(), t * 1000, accuracy: 1e-6, "on a millisecond tick")
        }
        XCTAssertLessThan(out.count, 2000, "the pause did not produce an output per millisecond")
        XCTAssertEqual(out.last!.location, samples.last!.location, "the finish line reaches the pen")
    }

    /// A pen resting on one spot while the tablet keeps reporting it: once the average has
    /// reached the pen, nothing more is emitted (rounding in the running mean does not count).
    func testStabilizerEmitsNothingWhileThePenRests() throws {
        var samples = line(20)
        let rest = samples.last!
        samples += (1...480).map { i in var s = rest; s.time += Double(i) / 240; return s }  // 2 s at 240 Hz
        let out = run(try KritaStabilizerFilter(.init(samples: 50, delay: false, finish: false)), samples)
        let settled = out.filter { $0.time > rest.time + 0.5 }
        XCTAssertTrue(settled.isEmpty, "\(settled.count) points emitted while the pen rested")
    }

    func testStabilizerAveragesSensorsOnRequest() throws {
        let samples = line(40) { i in i % 2 == 0 ? 0.2 : 0.8 }
        let averaged = run(try KritaStabilizerFilter(.init(samples: 10, delay: false, finish: false, clock: .events)), samples)
        let raw = run(try KritaStabilizerFilter(.init(samples: 10, delay: false, finish: false, stabilizeSensors: false,
                                                      clock: .events)), samples)
        XCTAssertEqual(averaged[30].force, 0.5, accuracy: 1e-9)
        XCTAssertEqual(raw[30].force, samples[30].force)
    }
}
