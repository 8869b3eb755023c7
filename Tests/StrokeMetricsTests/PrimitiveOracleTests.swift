import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// The metrics' geometric primitives against exact rational arithmetic (``ExactRational``):
/// on integer and dyadic coordinates, and on polylines whose segments have whole lengths
/// (Pythagorean triples), the true answers are fractions computed without rounding, so the
/// library's floating-point results are checked against an oracle that shares none of its
/// code (issue 27 item 5). The fidelity brute-force tests lean on these primitives.
final class PrimitiveOracleTests: XCTestCase {
    /// Random integer points in [−range, range]², divided by `scale` (a power of two, so the
    /// coordinates stay exact).
    private func randomPoint(_ rng: inout SplitMix64, range: Int, scale: Int) -> (ExactPoint, Point) {
        let e = ExactPoint(ExactRational(Int.random(in: -range...range, using: &rng), scale),
                           ExactRational(Int.random(in: -range...range, using: &rng), scale))
        return (e, e.point)
    }

    /// `SegmentGrid.squaredDistance(p, a, b)` is the exact squared distance (region rule, in
    /// fractions) to 1e-12 in distance, on 20,000 random triples: general position, points
    /// beyond either end, collinear points and degenerate segments.
    func testPointToSegmentDistanceIsTheExactDistance() {
        var rng = SplitMix64(seed: 27)
        var worst = WorstDifference()
        var regions = [0, 0, 0]   // beyond a, beyond b, beside
        for trial in 0..<20_000 {
            let scale = [1, 8, 64][trial % 3]
            let (ea, a) = randomPoint(&rng, range: 64, scale: scale)
            var (eb, b) = randomPoint(&rng, range: 64, scale: scale)
            var (ep, p) = randomPoint(&rng, range: 64, scale: scale)
            if trial % 10 == 0 { (eb, b) = (ea, a) }   // a degenerate segment
            if trial % 10 == 1 {                        // p on the segment's line
                let t = ExactRational(Int.random(in: -8...16, using: &rng), 8)
                ep = ExactPoint.interpolate(ea, eb, t)
                p = ep.point
            }
            let exact = ExactPoint.squaredSegmentDistance(ep, ea, eb)
            let ours = SegmentGrid.squaredDistance(p, a, b)
            worst.add(ours.squareRoot(), exact.double.squareRoot())
            let ab = (eb.x - ea.x, eb.y - ea.y)
            let along = (ep.x - ea.x) * ab.0 + (ep.y - ea.y) * ab.1
            let beyond = (ep.x - eb.x) * ab.0 + (ep.y - eb.y) * ab.1
            regions[along <= .zero ? 0 : (beyond >= .zero ? 1 : 2)] += 1
        }
        XCTAssertEqual(worst.count, 20_000)
        XCTAssertLessThanOrEqual(worst.value, 1e-12, "\(worst)")
        XCTAssertTrue(regions.allSatisfy { $0 > 2_000 }, "every region is exercised: \(regions)")
    }

    /// A whole ``SegmentGrid`` query (cells, rings, the hierarchy for far points, index
    /// ranges) returns the exact minimum over the segments in range.
    func testGridQueriesReturnTheExactNearestSegmentDistance() {
        var rng = SplitMix64(seed: 2027)
        var worst = WorstDifference()
        for trial in 0..<40 {
            let n = Int.random(in: 2...120, using: &rng)
            var exact: [ExactPoint] = [], points: [Point] = []
            var x = Int.random(in: -100...100, using: &rng), y = Int.random(in: -100...100, using: &rng)
            for _ in 0..<n {
                exact.append(ExactPoint(ExactRational(x, 4), ExactRational(y, 4)))
                points.append(exact[exact.count - 1].point)
                x += Int.random(in: -12...12, using: &rng)
                y += Int.random(in: -12...12, using: &rng)
            }
            let grid = SegmentGrid(points: points)
            for q in 0..<60 {
                // Near the polyline, or far from it (the hierarchy answers those).
                let range = q % 4 == 0 ? 1000 : 160
                let (ep, p) = randomPoint(&rng, range: range, scale: 4)
                let lo = trial % 2 == 0 ? 0 : Int.random(in: 0...(n - 2), using: &rng)
                let hi = trial % 2 == 0 ? n - 2 : Int.random(in: lo...(n - 2), using: &rng)
                var best: ExactRational? = nil
                for i in lo...hi {
                    let d = ExactPoint.squaredSegmentDistance(ep, exact[i], exact[i + 1])
                    if best == nil || d < best! { best = d }
                }
                worst.add(grid.squaredDistance(to: p, segments: lo...hi).squareRoot(), best!.double.squareRoot())
            }
        }
        XCTAssertLessThanOrEqual(worst.value, 1e-12, "\(worst)")
    }

    /// A polyline of whole-length segments (3-4-5, 5-12-13, 8-15-17, 7-24-25, 20-21-29 and
    /// an axis step), total length 95, from (10, −3), with the vertex times 0, 1, 2, ….
    private static let steps = [(3, 4), (-5, 12), (8, -15), (7, 24), (20, -21), (0, 6)]
    private static let lengths = [5, 13, 17, 25, 29, 6]

    private func wholeLengthPolyline() -> [ExactPoint] {
        var out = [ExactPoint(10, -3)]
        for (dx, dy) in Self.steps {
            let last = out[out.count - 1]
            out.append(ExactPoint(last.x + ExactRational(dx), last.y + ExactRational(dy)))
        }
        return out
    }

    /// The exact point and time at arc length `s` of a whole-length polyline whose vertex i
    /// is at time i.
    private func exactPoint(_ vertices: [ExactPoint], at s: ExactRational) -> (ExactPoint, ExactRational) {
        var start = ExactRational.zero
        for (i, length) in Self.lengths.enumerated() {
            let end = start + ExactRational(length)
            if s <= end || i == Self.lengths.count - 1 {
                let u = (s - start) / ExactRational(length)
                return (ExactPoint.interpolate(vertices[i], vertices[i + 1], u), ExactRational(i) + u)
            }
            start = end
        }
        fatalError("unreachable")
    }

    /// Uniform resampling at Δs = 3/8 (the metrics' ``CurveResampling/uniform(_:step:)``, with
    /// times, and StrokeCore's `Polyline.resampled(step:)`): 254 points at k·Δs exactly (the
    /// fraction along their segment), then the end; times interpolated exactly.
    func testUniformResamplingPutsEveryPointAtItsExactArcLength() {
        let vertices = wholeLengthPolyline()
        var curve = FineCurve()
        for (i, v) in vertices.enumerated() { curve.append(v.point, source: i, time: Double(i)) }
        XCTAssertEqual(curve.length, 95)
        let step = ExactRational(3, 8)
        let regular = 95 * 8 / 3 + 1                       // k·3/8 ≤ 95: k = 0 … 253
        let expected = (0..<regular).map { exactPoint(vertices, at: ExactRational($0) * step) } + [(vertices[6], ExactRational(6))]
        let metrics = CurveResampling.uniform(curve, step: step.double)
        let core = Polyline(points: vertices.map(\.point)).resampled(step: step.double)
        XCTAssertEqual(metrics.count, regular + 1, "254 regular points and the end (95 is not a multiple of 3/8)")
        XCTAssertEqual(core.count, regular + 1)
        var worst = WorstDifference(), times = WorstDifference()
        for i in 0..<min(metrics.count, core.count, expected.count) {
            worst.add(metrics.points[i], expected[i].0.point)
            worst.add(core.points[i], expected[i].0.point)
            times.add(metrics.times[i], expected[i].1.double)
        }
        XCTAssertLessThanOrEqual(worst.value, 1e-12, "\(worst)")
        XCTAssertLessThanOrEqual(times.value, 1e-12, "\(times)")
        // A length that is a multiple of the step ends on a regular point: no duplicate end.
        XCTAssertEqual(Polyline(points: vertices.map(\.point)).resampled(step: 95.0 / 128).count, 129)
    }

    /// Anchored resampling: cut at the anchors (vertices 2 and 4), each piece of length D in
    /// ⌈D/Δs⌉ equal steps: pieces 18, 42 and 35 at Δs = 3/8 give 48, 112 and 94 steps, every
    /// point at its exact fraction of its piece, the anchors flagged.
    func testAnchoredResamplingDividesEachPieceIntoEqualExactSteps() {
        let vertices = wholeLengthPolyline()
        var curve = FineCurve()
        for (i, v) in vertices.enumerated() { curve.append(v.point, source: i) }
        curve.anchors = [2, 4]
        let r = CurveResampling.anchored(curve, step: 0.375)
        let pieces = [(0, 18, 48), (18, 60, 112), (60, 95, 94)]   // start, end (arc length), steps
        var expected: [ExactPoint] = [vertices[0]], anchors = [false]
        for (start, end, m) in pieces {
            for k in 1...m {
                expected.append(exactPoint(vertices, at: ExactRational(start) + ExactRational((end - start) * k, m)).0)
                anchors.append(k == m && end != 95)
            }
        }
        XCTAssertEqual(r.count, expected.count)
        XCTAssertEqual(r.isAnchor, anchors)
        var worst = WorstDifference()
        for (ours, e) in zip(r.points, expected) { worst.add(ours, e.point) }
        XCTAssertLessThanOrEqual(worst.value, 1e-12, "\(worst)")
        XCTAssertEqual(r.points[48], vertices[2].point, "an anchor is a vertex exactly")
    }

    /// The test support's own resampler and segment distance (the brute-force fidelity
    /// oracle) agree with the exact answers too.
    func testTheBruteForceOracleAgreesWithExactArithmetic() {
        let vertices = wholeLengthPolyline()
        let ours = CurveGeometry.resampled(vertices.map(\.point), step: 0.375)
        let expected = (0...253).map { exactPoint(vertices, at: ExactRational($0 * 3, 8)).0.point } + [vertices[6].point]
        assertClose(ours, expected, tolerance: 1e-12)
        var rng = SplitMix64(seed: 5)
        var worst = WorstDifference()
        for _ in 0..<2000 {
            let (ea, a) = randomPoint(&rng, range: 50, scale: 2), (eb, b) = randomPoint(&rng, range: 50, scale: 2)
            let (ep, p) = randomPoint(&rng, range: 80, scale: 2)
            worst.add(CurveGeometry.segmentDistance(p, a, b), ExactPoint.squaredSegmentDistance(ep, ea, eb).double.squareRoot())
        }
        XCTAssertLessThanOrEqual(worst.value, 1e-12, "\(worst)")
    }
}
