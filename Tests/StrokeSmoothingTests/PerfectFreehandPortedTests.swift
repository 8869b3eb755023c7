import Foundation
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// Ported from steveruizok/perfect-freehand (commit e8f132b7, MIT, © 2021 Stephen Ruiz Ltd):
/// `packages/perfect-freehand/src/test/*.spec.ts`, their input strokes (`inputs.json`) and all
/// 32 jest snapshots (`__snapshots__/*.snap`), converted to JSON in
/// `Tests/Fixtures/perfect-freehand/jest-snapshots.json` (numbers as printed by jest, which
/// round-trip exactly). The peer's `{x, y}` inputs are stored as `[x, y, 0.5]`, as it maps them.
///
/// Snapshots are compared exactly (the port computes `Math.hypot`, `sin` and `cos` as V8 does),
/// both through the one-shot port (``PerfectFreehand``) and the incremental one
/// (``PerfectFreehandStroke``); so is every prefix of every input, and the peer's 6000
/// randomised option sets (its own seeded generator), incremental against one-shot.
final class PerfectFreehandPortedTests: XCTestCase {
    private struct Fixture {
        var inputs: [String: [PerfectFreehand.InputPoint]]
        var inputOrder: [String]
        var cases: [[String: Any]]
    }

    private static func loadFixture() throws -> Fixture {
        let bytes = Array(try Data(contentsOf: RepositoryFixtures.url("perfect-freehand/jest-snapshots.json")))
        let root = try XCTUnwrap(ExactJSON.parse(bytes) as? [String: Any])
        let rawInputs = try XCTUnwrap(root["inputs"] as? [String: Any])
        var inputs: [String: [PerfectFreehand.InputPoint]] = [:]
        for (key, value) in rawInputs {
            let rows = (value as? [Any]) ?? []
            inputs[key] = try rows.map { row in
                let r = try XCTUnwrap(row as? [Double])
                return PerfectFreehand.InputPoint(x: r[0], y: r[1], pressure: r.count > 2 ? r[2] : nil)
            }
        }
        // The key order of inputs.json (the random tests draw options in that order).
        let text = String(decoding: bytes, as: UTF8.self)
        let order = rawInputs.keys.sorted { text.range(of: "\"\($0)\":")!.lowerBound < text.range(of: "\"\($1)\":")!.lowerBound }
        return Fixture(inputs: inputs, inputOrder: order, cases: try XCTUnwrap(root["cases"] as? [[String: Any]]))
    }

    private static func options(_ o: [String: Any]) -> PerfectFreehandOptions {
        var options = PerfectFreehandOptions()
        if let v = o["size"] as? Double { options.size = v }
        if let v = o["thinning"] as? Double { options.thinning = v }
        if let v = o["smoothing"] as? Double { options.smoothing = v }
        if let v = o["streamline"] as? Double { options.streamline = v }
        if let v = o["simulatePressure"] as? Bool { options.simulatePressure = v }
        if let v = o["last"] as? Bool { options.last = v }
        return options
    }

    /// The incremental outline after pushing `points` one at a time (the tail recomputed each
    /// time, `last` only at the end).
    private static func incremental(_ points: [PerfectFreehand.InputPoint], _ options: PerfectFreehandOptions,
                                    everyStep: Bool = true) -> [Point] {
        var stroke = PerfectFreehandStroke(options: options)
        for (i, p) in points.enumerated() {
            stroke.push(p)
            if everyStep || i == points.count - 1 {
                stroke.updateTail(isComplete: i == points.count - 1 ? options.last : false)
            }
        }
        if points.isEmpty { stroke.updateTail(isComplete: options.last) }
        var polygon: [Point] = []
        stroke.appendOutline(to: &polygon)
        return polygon
    }

    private static func flat(_ points: [Point]) -> [Double] { points.flatMap { [$0.x, $0.y] } }

    /// All 32 jest snapshots, exactly.
    func testEveryJestSnapshotIsReproducedExactly() throws {
        let fixture = try Self.loadFixture()
        XCTAssertEqual(fixture.cases.count, 32)
        for c in fixture.cases {
            let name = try XCTUnwrap(c["name"] as? String)
            let input = (c["input"] as? String).flatMap { fixture.inputs[$0] } ?? []
            let options = Self.options(c["options"] as? [String: Any] ?? [:])
            let expected = (c["expected"] as? [Any]) ?? []
            switch c["function"] as? String {
            case "getStrokePoints":
                let points = PerfectFreehand.strokePoints(input, options)
                let got = points.map { [$0.point.x, $0.point.y, $0.pressure, $0.vector.dx, $0.vector.dy, $0.distance, $0.runningLength] }
                XCTAssertEqual(got, expected.map { $0 as? [Double] ?? [] }, name)
                var stroke = PerfectFreehandStroke(options: options)
                for p in input { stroke.push(p) }
                XCTAssertEqual(stroke.strokePoints(isComplete: options.last), points, name + " (incremental)")
            case "getStroke", "getStrokeOutlinePoints":
                let want = expected.map { $0 as? [Double] ?? [] }.flatMap { $0 }
                XCTAssertEqual(Self.flat(PerfectFreehand.stroke(input, options)), want, name)
                XCTAssertEqual(Self.flat(Self.incremental(input, options)), want, name + " (incremental)")
            default:
                XCTFail("unknown case \(name)")
            }
        }
    }

    /// Every prefix of every input, with the default options: the incremental tail at each
    /// step equals the one-shot outline of the points so far (`last: false`), bit for bit.
    func testIncrementalOutlineEqualsOneShotAtEveryPrefix() throws {
        let fixture = try Self.loadFixture()
        for key in fixture.inputOrder {
            let input = fixture.inputs[key]!
            for options in [PerfectFreehandOptions(), { var o = PerfectFreehandOptions(); o.end.taper = .distance(40); o.start.taper = .distance(20); o.smoothing = 0.2; return o }()] {
                var stroke = PerfectFreehandStroke(options: options)
                for (i, p) in input.enumerated() {
                    stroke.push(p)
                    stroke.updateTail(isComplete: false)
                    var got: [Point] = []
                    stroke.appendOutline(to: &got)
                    var prefixOptions = options
                    prefixOptions.last = false
                    let want = PerfectFreehand.stroke(Array(input[...i]), prefixOptions)
                    if Self.flat(got) != Self.flat(want) {
                        XCTFail("\(key): prefix \(i + 1) differs (\(got.count) vs \(want.count) points)")
                        break
                    }
                }
            }
        }
    }

    /// The peer's randomised test (`getStroke.spec.ts`): 500 option sets per input from its
    /// seeded generator give outlines without NaN or infinity; and here the incremental
    /// outline equals the one-shot one for each.
    func testRandomOptionCombinationsGiveFiniteOutlinesAndIncrementalEqualsOneShot() throws {
        let fixture = try Self.loadFixture()
        var rng = PeerRandom(seed: "perfect")
        var checked = 0
        for key in fixture.inputOrder {
            let input = fixture.inputs[key]!
            for _ in 0..<500 {
                var o = PerfectFreehandOptions()
                o.size = rng.next() * 100
                o.thinning = rng.next()
                o.streamline = rng.next()
                o.smoothing = rng.next()
                o.simulatePressure = rng.next() > -0.5
                o.last = rng.next() > 0.5
                o.start.cap = rng.next() > 0
                o.start.taper = .distance(rng.next() > 0 ? rng.next() * 100 : 0)
                o.end.cap = rng.next() > 0
                o.end.taper = .distance(rng.next() > 0 ? rng.next() * 100 : 0)
                let oneShot = PerfectFreehand.stroke(input, o)
                XCTAssertTrue(oneShot.allSatisfy(\.isFinite), "\(key) \(o)")
                let inc = Self.incremental(input, o, everyStep: false)
                XCTAssertEqual(Self.flat(inc), Self.flat(oneShot), "\(key) \(o)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 6000)
    }

    /// `getStrokeRadius.spec.ts`: radius from size, thinning, pressure and easing.
    func testStrokeRadiusFollowsThinningAndEasing() {
        func r(_ size: Double, _ thinning: Double, _ pressure: Double, _ easing: PerfectFreehandEasing = .linear) -> Double {
            PerfectFreehand.radius(size: size, thinning: thinning, pressure: pressure, easing: easing)
        }
        for p in [0, 0.25, 0.5, 0.75, 1.0] { XCTAssertEqual(r(100, 0, p), 50) }
        XCTAssertEqual([0, 0.25, 0.5, 0.75, 1].map { r(100, 0.5, $0) }, [25, 37.5, 50, 62.5, 75])
        XCTAssertEqual([0, 0.25, 0.5, 0.75, 1].map { r(100, 1, $0) }, [0, 25, 50, 75, 100])
        XCTAssertEqual([0, 0.25, 0.5, 0.75, 1].map { r(100, -0.5, $0) }, [75, 62.5, 50, 37.5, 25])
        XCTAssertEqual([0, 0.25, 0.5, 0.75, 1].map { r(100, -1, $0) }, [100, 75, 50, 25, 0])
        XCTAssertEqual([0, 0.25, 0.5, 0.75, 1].map { r(100, 1, $0, .easeInQuad) }, [0, 6.25, 25, 56.25, 100])
        XCTAssertEqual([0, 0.25, 0.5, 0.75, 1].map { r(100, -1, $0, .easeInQuad) }, [100, 56.25, 25, 6.25, 0])
    }

    /// `getStrokePoints.spec.ts` / `getStrokeOutlinePoints.spec.ts`: no input gives NaN, and
    /// number pairs and the equivalent objects give the same points (objects default their
    /// pressure to 0.5, so only the first point's pressure differs: 0.5 vs 0.25).
    func testEveryInputGivesFiniteStrokePointsAndOutlines() throws {
        let fixture = try Self.loadFixture()
        for key in fixture.inputOrder {
            let points = PerfectFreehand.strokePoints(fixture.inputs[key]!)
            XCTAssertTrue(points.allSatisfy { $0.point.isFinite && $0.vector.dx.isFinite && $0.vector.dy.isFinite && $0.runningLength.isFinite }, key)
            XCTAssertTrue(PerfectFreehand.outline(points).allSatisfy(\.isFinite), key)
        }
        XCTAssertTrue(PerfectFreehand.stroke([]).isEmpty)
        XCTAssertGreaterThan(PerfectFreehand.stroke(fixture.inputs["twoPoints"]!).count, 4, "caps points")
    }
}

/// The peer test suite's seeded generator (`getRng` in `getStroke.spec.ts`): xorshift128 on
/// JavaScript's 32-bit integers, returning w / 2³² with w signed, so values lie in [−½, ½).
struct PeerRandom {
    private var x: Int32 = 0, y: Int32 = 0, z: Int32 = 0, w: Int32 = 0

    init(seed: String) {
        let codes = Array(seed.utf16)
        for k in 0..<(codes.count + 64) {
            x ^= k < codes.count ? Int32(codes[k]) : 0
            _ = next()
        }
    }

    mutating func next() -> Double {
        let t = x ^ (x << 11)
        x = y
        y = z
        z = w
        let ws = UInt32(bitPattern: w) >> 19, ts = UInt32(bitPattern: t) >> 8
        w ^= Int32(bitPattern: ws ^ UInt32(bitPattern: t) ^ ts)
        return Double(w) / 4_294_967_296
    }
}
