import StrokeCore
import XCTest
@testable import StrokeMetrics

/// The cluster bootstrap indexes clusters numbered in order of appearance directly, without a
/// dictionary, and counts in an `Int` (issue 25 item 5): the intervals must be the very bits
/// the straightforward computation gives, so that `summary.csv` and `summary_paired.csv` do
/// not change.
final class ClusterBootstrapExactnessTests: XCTestCase {
    /// The straightforward computation, as it was before: clusters through a dictionary,
    /// counts in a `Double`.
    private func straightforwardInterval(_ values: [Double], clusters: [Int], resamples: Int, seed: UInt64,
                                         level: Double = 0.95) -> (low: Double, high: Double)? {
        guard values.count > 1, resamples > 0 else { return nil }
        var index: [Int: Int] = [:]
        var sums: [Double] = [], counts: [Double] = []
        for (v, c) in zip(values, clusters) {
            if let k = index[c] {
                sums[k] += v
                counts[k] += 1
            } else {
                index[c] = sums.count
                sums.append(v)
                counts.append(1)
            }
        }
        let k = sums.count
        guard k > 1 else { return nil }
        var rng = SeededGenerator(seed: seed)
        var means = [Double](repeating: 0, count: resamples)
        for r in 0..<resamples {
            var sum = 0.0, count = 0.0
            for _ in 0..<k {
                let c = Int(rng.next() % UInt64(k))
                sum += sums[c]
                count += counts[c]
            }
            means[r] = sum / count
        }
        let tail = (1 - level) / 2
        let bounds = Summary.percentiles(selecting: &means, [tail, 1 - tail])
        return (bounds[0], bounds[1])
    }

    func testIntervalsAreTheBitsOfTheStraightforwardResampling() {
        var rng = SeededGenerator(seed: 5)
        // Cluster layouts: numbered in order of appearance (the paired summary's), one per
        // value, negative and sparse ids (summary.csv's whole-dataset rows), in order and then
        // not, and a single cluster.
        func layouts(_ n: Int) -> [[Int]] {
            let traces = max(n / 7, 2)
            var inOrder: [Int] = [], next = 0
            for i in 0..<n {
                if i % 7 == 0 && next < traces { next += 1 }
                inOrder.append(Int(rng.next() % UInt64(next)))
            }
            let sparse = (0..<n).map { -1 - $0 * 3 }
            let brokenLater = (0..<n).map { i in i < n / 2 ? i % 3 : 10 + i % 4 }
            let repeated = inOrder.map { $0 * 1000 + 17 }
            return [inOrder, Array(0..<n), sparse, brokenLater, repeated, [Int](repeating: 4, count: n)]
        }
        for n in [2, 3, 9, 40, 301] {
            let values = (0..<n).map { _ in rng.nextGaussian() * 3 + (rng.nextUnit() < 0.1 ? 1e9 : 0) }
            for clusters in layouts(n) {
                for (resamples, seed) in [(1, UInt64(1)), (1000, 20261121), (333, 0xdead_beef)] {
                    let fast = ClusterBootstrap.intervalOfMean(values, clusters: clusters, resamples: resamples, seed: seed)
                    let plain = straightforwardInterval(values, clusters: clusters, resamples: resamples, seed: seed)
                    XCTAssertEqual(fast == nil, plain == nil, "n \(n) clusters \(clusters.prefix(12))")
                    if let fast, let plain {
                        XCTAssertEqual(fast.low.bitPattern, plain.low.bitPattern, "n \(n) clusters \(clusters.prefix(12))")
                        XCTAssertEqual(fast.high.bitPattern, plain.high.bitPattern, "n \(n) clusters \(clusters.prefix(12))")
                    }
                    let other = values.map { $0 * 0.5 + 1 }
                    if let d = PairedComparison.difference(values, other, clusters: clusters, resamples: resamples, seed: seed) {
                        let differences = zip(values, other).map { $0 - $1 }
                        let expected = straightforwardInterval(differences, clusters: clusters, resamples: resamples, seed: seed)
                        XCTAssertEqual(d.clusters, Set(clusters).count)
                        XCTAssertEqual(d.interval?.low.bitPattern, expected?.low.bitPattern)
                        XCTAssertEqual(d.interval?.high.bitPattern, expected?.high.bitPattern)
                    } else {
                        XCTFail("no difference for \(n) pairs")
                    }
                }
            }
        }
    }
}
