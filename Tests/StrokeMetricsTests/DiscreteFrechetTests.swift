import StrokeCore
import StrokeTestSupport
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

/// The banded programme (two rows, each run in three parts) against the whole banded table
/// (`BandedFrechetTable`), bit for bit, on random and hostile bands and curves.
final class BandedFrechetTests: XCTestCase {
    private func table(_ a: [Point], _ b: [Point], _ band: [ClosedRange<Int>]) -> Double? {
        guard !a.isEmpty, !b.isEmpty, band.count == a.count else { return nil }
        let (lows, highs) = DiscreteFrechet.normalized(band: band, columns: b.count)
        return BandedFrechetTable.distance(a, b, lows: lows, highs: highs)
    }

    private func same(_ fast: Double?, _ table: Double?, _ what: @autoclosure () -> String) {
        XCTAssertEqual(fast?.bitPattern, table?.bitPattern, "\(what()): \(String(describing: fast)) vs \(String(describing: table))")
    }

    func testEqualsTheWholeBandedTableOnRandomBands() {
        var rng = SeededGenerator(seed: 2026)
        func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(rng.next() % UInt64(r.count)) }
        for trial in 0..<400 {
            let n = int(1...40), m = int(1...40)
            let a = (0..<n).map { _ in Point(x: Double(int(-50...50)) / 7, y: Double(int(-50...50)) / 3) }
            let b = (0..<m).map { _ in Point(x: Double(int(-50...50)) / 7, y: Double(int(-50...50)) / 3) }
            // Bands of every shape: narrow, wide, out of range, decreasing, disconnected.
            let band = (0..<n).map { _ -> ClosedRange<Int> in
                let lo = int(-5...(m + 5)), width = int(0...12)
                return lo...(lo + width)
            }
            same(DiscreteFrechet.distance(a, b, band: band), table(a, b, band), "trial \(trial)")
        }
    }

    func testEqualsTheWholeBandedTableOnHostileCurves() {
        let line = (0..<30).map { Point(x: Double($0), y: 0) }
        let cases: [(String, [Point], [Point])] = [
            ("one point each", [Point(x: 1, y: 2)], [Point(x: 4, y: 6)]),
            ("one point against a line", [Point(x: 3, y: 1)], line),
            ("a line against one point", line, [Point(x: 3, y: 1)]),
            ("every point the same", Array(repeating: Point(x: 5, y: 5), count: 20), Array(repeating: Point(x: 5, y: 5), count: 7)),
            ("reversed", line, line.reversed()),
            ("huge coordinates", line.map { Point(x: $0.x * 1e150, y: 1e150) }, line.map { Point(x: $0.x * 1e150, y: -1e150) }),
            ("squares overflowing to infinity", line.map { Point(x: $0.x * 1e200, y: 1e200) }, line.map { Point(x: -$0.x * 1e200, y: -1e200) }),
            ("a NaN", line, line.enumerated().map { $0.offset == 12 ? Point(x: .nan, y: 0) : $0.element }),
            ("an infinity", line, line.enumerated().map { $0.offset == 3 ? Point(x: .infinity, y: 0) : $0.element }),
        ]
        for (what, a, b) in cases {
            let m = b.count
            let bands: [[ClosedRange<Int>]] = [
                a.indices.map { _ in 0...(m - 1) },
                a.indices.map { i in let j = i * m / a.count; return j...j },
                a.indices.map { _ in -10 ... -3 },
                a.indices.map { _ in (m + 3)...(m + 9) },
                a.indices.map { i in i % 2 == 0 ? 0...0 : (m - 1)...(m - 1) },
            ]
            for (k, band) in bands.enumerated() {
                same(DiscreteFrechet.distance(a, b, band: band), table(a, b, band), "\(what), band \(k)")
            }
        }
    }
}
