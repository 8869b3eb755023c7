import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// ``PerfectFreehand`` (one-shot) and ``PerfectFreehandStroke`` (incremental) against
/// steveruizok/perfect-freehand itself: the shared oracles `perfect_freehand/circle240_*`
/// hold the peer's `getStrokePoints` and `getStroke` on the 2000-sample noisy circle under
/// four option sets. Acceptance: the same point counts and every value within 1e-9; the port
/// computes `Math.hypot`, `sin` and `cos` as V8 does, so the difference measured (and
/// printed) is 0.
final class PerfectFreehandOracleTests: XCTestCase {
    private static let tolerance = 1e-9

    private struct Run {
        var file: String
        var withPressure: Bool
        var options: PerfectFreehandOptions
    }

    private static let runs: [Run] = {
        var last = PerfectFreehandOptions()
        last.last = true
        var pressure = PerfectFreehandOptions()
        pressure.simulatePressure = false
        pressure.last = true
        var taper = PerfectFreehandOptions()
        taper.last = true
        taper.start.taper = .distance(50)
        taper.end.taper = .distance(50)
        return [Run(file: "circle240_default", withPressure: false, options: PerfectFreehandOptions()),
                Run(file: "circle240_last", withPressure: false, options: last),
                Run(file: "circle240_pressure", withPressure: true, options: pressure),
                Run(file: "circle240_taper", withPressure: false, options: taper)]
    }()

    private func check(_ run: Run) throws {
        let circle = try PeerOracles.circle()
        let oracle = try PeerOracles.load("perfect_freehand/\(run.file).json")
        let input = circle.x.indices.map {
            PerfectFreehand.InputPoint(x: circle.x[$0], y: circle.y[$0], pressure: run.withPressure ? circle.pressure[$0] : nil)
        }
        // Centre line.
        let sp = oracle["stroke_points"] as? [String: Any]
        let points = PerfectFreehand.strokePoints(input, run.options)
        XCTAssertEqual(points.count, Int(try XCTUnwrap(sp?["count"] as? Double)), "\(run.file) stroke point count")
        let fields: [(String, (PerfectFreehand.StrokePoint) -> Double)] = [
            ("x", { $0.point.x }), ("y", { $0.point.y }), ("pressure", { $0.pressure }),
            ("vector_x", { $0.vector.dx }), ("vector_y", { $0.vector.dy }), ("distance", { $0.distance }),
            ("running_length", { $0.runningLength }),
        ]
        var worst = WorstDifference()
        for (name, value) in fields {
            var d = WorstDifference()
            d.add(points.map(value), try PeerOracles.numbers(sp, name))
            XCTAssertLessThanOrEqual(d.value, Self.tolerance, "\(run.file) stroke_points.\(name)")
            worst.add(d)
        }
        // Outline, one-shot.
        let ol = oracle["outline"] as? [String: Any]
        let ox = try PeerOracles.numbers(ol, "x"), oy = try PeerOracles.numbers(ol, "y")
        let outline = PerfectFreehand.outline(points, run.options)
        XCTAssertEqual(outline.count, ox.count, "\(run.file) outline count")
        let dOneShot = max(maxAbsDifference(outline.map(\.x), ox), maxAbsDifference(outline.map(\.y), oy))
        XCTAssertLessThanOrEqual(dOneShot, Self.tolerance, "\(run.file) outline (one-shot)")
        // Outline, incremental: one sample at a time, the tail recomputed at every sample.
        var stroke = PerfectFreehandStroke(options: run.options)
        for (i, p) in input.enumerated() {
            stroke.push(p)
            stroke.updateTail(isComplete: i == input.count - 1 ? run.options.last : false)
        }
        var polygon: [Point] = []
        stroke.appendOutline(to: &polygon)
        XCTAssertEqual(polygon.count, ox.count, "\(run.file) outline count (incremental)")
        let dIncremental = max(maxAbsDifference(polygon.map(\.x), ox), maxAbsDifference(polygon.map(\.y), oy))
        XCTAssertLessThanOrEqual(dIncremental, Self.tolerance, "\(run.file) outline (incremental)")
        print("perfect-freehand \(run.file): \(points.count) stroke points, \(outline.count) outline points; "
              + "max |ours − peer| stroke points \(worst.value), outline one-shot \(dOneShot), incremental \(dIncremental)")
    }

    func testDefaultOptionsMatchThePeer() throws { try check(Self.runs[0]) }
    func testLastMatchesThePeer() throws { try check(Self.runs[1]) }
    func testRealPressureMatchesThePeer() throws { try check(Self.runs[2]) }
    func testTapersMatchThePeer() throws { try check(Self.runs[3]) }
}
