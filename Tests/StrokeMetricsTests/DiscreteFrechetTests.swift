import StrokeCore
import XCTest
@testable import StrokeMetrics

final class DiscreteFrechetTests: XCTestCase {
    /// Exhaustive brute force: the minimum over every monotone coupling of its largest
    /// distance, enumerated recursively (independent of the dynamic programme).
    private func bruteForceFrechet(_ a: [Point], _ b: [Point]) -> Double {
        var best = Double.infinity
        func walk(_ i: Int, _ j: Int, _ worst: Double) {
            let w = max(worst, a[i].distance(to: b[j]))
            if w >= best { return }
            if i == a.count - 1 && j == b.count - 1 { best = w; return }
            if i + 1 < a.count { walk(i + 1, j, w) }
            if j + 1 < b.count { walk(i, j + 1, w) }
            if i + 1 < a.count && j + 1 < b.count { walk(i + 1, j + 1, w) }
        }
        walk(0, 0, 0)
        return best
    }

    /// Eiter & Mannila's recursion with the full n×m table (quadratic memory).
    private func fullTableFrechet(_ a: [Point], _ b: [Point]) -> Double {
        var c = [[Double]](repeating: [Double](repeating: 0, count: b.count), count: a.count)
        for i in a.indices {
            for j in b.indices {
                let d = a[i].distance(to: b[j])
                if i == 0 && j == 0 { c[i][j] = d }
                else if i == 0 { c[i][j] = max(c[i][j - 1], d) }
                else if j == 0 { c[i][j] = max(c[i - 1][j], d) }
                else { c[i][j] = max(min(c[i - 1][j], c[i - 1][j - 1], c[i][j - 1]), d) }
            }
        }
        return c[a.count - 1][b.count - 1]
    }

    private func randomPolyline(_ n: Int, _ rng: inout SplitMix64) -> [Point] {
        (0..<n).map { _ in Point(x: Double.random(in: -10...10, using: &rng), y: Double.random(in: -10...10, using: &rng)) }
    }

    func testMatchesExhaustiveCouplingsOnSmallRandomPolylines() {
        var rng = SplitMix64(seed: 1994)
        for _ in 0..<300 {
            let a = randomPolyline(Int.random(in: 1...6, using: &rng), &rng)
            let b = randomPolyline(Int.random(in: 1...6, using: &rng), &rng)
            let fast = DiscreteFrechet.distance(a, b)!
            XCTAssertEqual(fast, bruteForceFrechet(a, b), accuracy: 1e-12)
        }
    }

    func testMatchesFullTableOnRandomPolylines() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<60 {
            let a = randomPolyline(Int.random(in: 1...80, using: &rng), &rng)
            let b = randomPolyline(Int.random(in: 1...80, using: &rng), &rng)
            XCTAssertEqual(DiscreteFrechet.distance(a, b)!, fullTableFrechet(a, b), accuracy: 1e-12)
        }
    }

    func testKnownAnswers() {
        let a = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 2, y: 0)]
        XCTAssertEqual(DiscreteFrechet.distance(a, a), 0)
        // A parallel copy one unit up: the leash is 1.
        XCTAssertEqual(DiscreteFrechet.distance(a, a.map { Point(x: $0.x, y: $0.y + 1) })!, 1, accuracy: 1e-15)
        // The same points walked backwards: the start must be leashed to the other end.
        XCTAssertEqual(DiscreteFrechet.distance(a, a.reversed())!, 2, accuracy: 1e-15)
        XCTAssertNil(DiscreteFrechet.distance([], a))
        // Symmetric.
        var rng = SplitMix64(seed: 7)
        let p = randomPolyline(30, &rng), q = randomPolyline(17, &rng)
        XCTAssertEqual(DiscreteFrechet.distance(p, q)!, DiscreteFrechet.distance(q, p)!, accuracy: 1e-12)
    }

    func testIsAtLeastTheHausdorffDistanceOfTheVertexSets() {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<50 {
            let a = randomPolyline(25, &rng), b = randomPolyline(25, &rng)
            let vertexHausdorff = max(a.map { p in b.map { p.distance(to: $0) }.min()! }.max()!,
                                      b.map { p in a.map { p.distance(to: $0) }.min()! }.max()!)
            XCTAssertGreaterThanOrEqual(DiscreteFrechet.distance(a, b)! + 1e-12, vertexHausdorff)
        }
    }

    func testTenThousandVertexPolylinesComplete() {
        // Sanity only (no timing assertion): a 10,000 × 10,000 programme in one row of memory.
        let a = (0..<10_000).map { Point(x: Double($0) * 0.5, y: 0) }
        let b = (0..<10_000).map { Point(x: Double($0) * 0.5, y: 0.25) }
        XCTAssertEqual(DiscreteFrechet.distance(a, b)!, 0.25, accuracy: 1e-12)
    }
}
