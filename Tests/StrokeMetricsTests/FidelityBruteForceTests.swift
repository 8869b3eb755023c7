import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeMetrics

/// ``Fidelity`` against brute force built from the test support's own geometry (the region
/// rule for point-to-segment distance and a binary-search resampler, both checked against
/// exact arithmetic in ``PrimitiveOracleTests``), not the library's `SegmentGrid` or resampling.
final class FidelityBruteForceTests: XCTestCase {
    /// Distance from `p` to the nearest segment of `polyline`, checking every segment.
    private func bruteDistance(_ p: Point, _ polyline: [Point]) -> Double {
        if polyline.count == 1 { return p.distance(to: polyline[0]) }
        var best = Double.infinity
        for i in 0..<(polyline.count - 1) {
            best = min(best, CurveGeometry.segmentDistance(p, polyline[i], polyline[i + 1]))
        }
        return best
    }

    private func randomWalk(_ n: Int, _ rng: inout SplitMix64, scale: Double) -> Polyline {
        var p = Point(x: Double.random(in: 0...100, using: &rng), y: Double.random(in: 0...100, using: &rng))
        var pts = [p]
        for _ in 1..<n {
            p = p + Vector(dx: Double.random(in: -scale...scale, using: &rng), dy: Double.random(in: -scale...scale, using: &rng))
            pts.append(p)
        }
        return Polyline(points: pts)
    }

    func testHausdorffMaxAndMeanAgreeWithBruteForceOnRandomPolylines() {
        var rng = SplitMix64(seed: 2024)
        for trial in 0..<40 {
            let a = randomWalk(Int.random(in: 2...60, using: &rng), &rng, scale: trial % 2 == 0 ? 3 : 20)
            let b = randomWalk(Int.random(in: 2...60, using: &rng), &rng, scale: 5)
            let step = 0.5
            let f = Fidelity(rendered: a, reference: b, step: step)!
            let ra = CurveGeometry.resampled(a.points, step: step), rb = CurveGeometry.resampled(b.points, step: step)
            let da = ra.map { bruteDistance($0, b.points) }, db = rb.map { bruteDistance($0, a.points) }
            let directed = da.max()!, hausdorff = max(directed, db.max()!)
            let mean = (da.reduce(0, +) / Double(da.count) + db.reduce(0, +) / Double(db.count)) / 2
            XCTAssertEqual(f.max, directed, accuracy: 1e-9, "trial \(trial)")
            XCTAssertEqual(f.hausdorff, hausdorff, accuracy: 1e-9, "trial \(trial)")
            XCTAssertEqual(f.mean, mean, accuracy: 1e-9, "trial \(trial)")
            XCTAssertEqual(f.frechet, DiscreteFrechet.distance(ra, rb)!, accuracy: 1e-12)
            XCTAssertGreaterThanOrEqual(f.frechet + 1e-9, f.hausdorff, "vertex-to-vertex Fréchet bounds point-to-segment Hausdorff")
        }
    }
}
