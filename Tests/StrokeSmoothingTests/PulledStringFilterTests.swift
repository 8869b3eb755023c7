import StrokeCore
import XCTest
@testable import StrokeSmoothing

/// `filter:pulled-string` (the lazy brush) against the known answers.
final class PulledStringFilterTests: XCTestCase {
    private func run(_ parameters: PulledStringFilter.Parameters, _ samples: [AttributedSample]) throws -> [AttributedSample] {
        var f = try PulledStringFilter(parameters)
        var out: [AttributedSample] = []
        f.finish(samples, into: &out)
        return out
    }

    /// A pen moving along a straight line at constant speed: 3 units per sample, 120 Hz.
    private func straight(_ n: Int, direction: Vector = Vector(dx: 0.6, dy: 0.8)) -> [AttributedSample] {
        (0..<n).map { i in AttributedSample(time: Double(i) / 120, location: Point(x: 10, y: -4) + direction * (3 * Double(i))) }
    }

    /// Once the pen is L away, the ink trails it by exactly L; it never trails by more.
    func testOnAStraightLineAtConstantSpeedTheInkTrailsByExactlyTheLength() throws {
        for length in [0.5, 4.0, 10.0, 25.0] {
            let samples = straight(80)
            let out = try run(.init(length: length), samples)
            XCTAssertEqual(out.first?.location, samples.first?.location, "the ink starts where the pen touches down")
            var byTime: [Double: Point] = [:]
            for s in out { byTime[s.time] = s.location }
            for s in samples {
                let travelled = s.location.distance(to: samples[0].location)
                guard let ink = byTime[s.time] else {
                    XCTAssertLessThanOrEqual(travelled, length + 1e-9, "no output only while within L of the start")
                    continue
                }
                let trail = s.location.distance(to: ink)
                XCTAssertLessThanOrEqual(trail, length + 1e-9, "never more than L")
                if travelled > length { XCTAssertEqual(trail, length, accuracy: 1e-9, "exactly L once moving (L=\(length))") }
            }
            // The ink moves along the line, towards the pen.
            for s in out {
                let along = s.location - samples[0].location
                XCTAssertEqual(along.dx * 0.8 - along.dy * 0.6, 0, accuracy: 1e-9)
            }
        }
    }

    /// Within L the ink stands still; L = 0 is the identity; `finish=on` jumps to the pen.
    func testTheInkStandsStillWithinTheLengthAndFinishReachesThePen() throws {
        let jitter = (0..<20).map { AttributedSample(time: Double($0) / 100, x: Double($0 % 3) * 0.5, y: Double($0 % 2) * 0.5) }
        XCTAssertEqual(try run(.init(length: 5), jitter).count, 1, "hand tremor inside L draws nothing")
        let samples = straight(30)
        XCTAssertEqual(try run(.init(length: 0), samples).map(\.location), samples.map(\.location))
        let finished = try run(.init(length: 10, finish: true), samples)
        XCTAssertEqual(finished.last?.location, samples.last?.location)
        let unfinished = try run(.init(length: 10, finish: false), samples)
        XCTAssertEqual(unfinished.last!.location.distance(to: samples.last!.location), 10, accuracy: 1e-9)
    }

    func testANegativeLengthIsAOneLineErrorNamingTheLabel() {
        let label = "coalesced|filter:pulled-string(length=-3)|interp:linear"
        XCTAssertThrowsError(try PipelineDescription(parsing: label)) { error in
            XCTAssertEqual("\(error)", "pipeline '\(label)': filter:pulled-string: length must be in 0…1000000 pt, got -3")
        }
    }
}
