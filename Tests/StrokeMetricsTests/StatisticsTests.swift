import StrokeCore
import XCTest
@testable import StrokeMetrics

/// The bootstrap behind summary.csv and summary_paired.csv (issue 9 item 6).
final class StatisticsTests: XCTestCase {
    func testBootstrapIntervalIsSeededAndBracketsTheMean() {
        let values = (0..<50).map { Double($0 % 7) }
        let a = BootstrapInterval.ofMean(values, resamples: 2000, seed: 3)
        XCTAssertEqual(a.0, BootstrapInterval.ofMean(values, resamples: 2000, seed: 3).0)
        let mean = values.reduce(0, +) / 50
        XCTAssertLessThan(a.0, mean)
        XCTAssertGreaterThan(a.1, mean)
        // Standard error ≈ σ/√n = 2/√50 ≈ 0.28: the interval is about ±1.96·0.28.
        XCTAssertEqual(a.1 - a.0, 2 * 1.96 * 2 / 50.0.squareRoot(), accuracy: 0.15)
    }

    func testOneValueOrOneClusterHasNoInterval() {
        XCTAssertNil(ClusterBootstrap.intervalOfMean([3], clusters: [0], resamples: 100, seed: 1))
        XCTAssertNil(ClusterBootstrap.intervalOfMean([1, 2, 3, 4], clusters: [7, 7, 7, 7], resamples: 100, seed: 1))
        XCTAssertNotNil(ClusterBootstrap.intervalOfMean([1, 2, 3, 4], clusters: [0, 1, 2, 3], resamples: 100, seed: 1))
    }

    func testResamplingClustersWidensTheIntervalOfCorrelatedStrokes() {
        // Eight traces whose strokes share a trace-level offset: resampling strokes as if
        // independent understates the uncertainty of the mean; resampling traces does not.
        var rng = SeededGenerator(seed: 9)
        var values: [Double] = [], clusters: [Int] = []
        for trace in 0..<8 {
            let offset = 3 * rng.nextGaussian()
            for _ in 0..<30 {
                values.append(offset + 0.3 * rng.nextGaussian())
                clusters.append(trace)
            }
        }
        let byTrace = ClusterBootstrap.intervalOfMean(values, clusters: clusters, resamples: 2000, seed: 4)!
        let byStroke = ClusterBootstrap.intervalOfMean(values, clusters: Array(values.indices), resamples: 2000, seed: 4)!
        let mean = values.reduce(0, +) / Double(values.count)
        XCTAssertLessThan(byTrace.low, mean)
        XCTAssertGreaterThan(byTrace.high, mean)
        print("interval width by trace \(byTrace.high - byTrace.low), by stroke \(byStroke.high - byStroke.low)")
        XCTAssertGreaterThan(byTrace.high - byTrace.low, 3 * (byStroke.high - byStroke.low))
    }

    func testAPipelineComparedWithItselfDiffersByExactlyZero() {
        let values = (0..<40).map { Double($0 % 9) * 1.7 }
        let clusters = values.indices.map { $0 / 10 }
        let d = PairedComparison.difference(values, values, clusters: clusters, resamples: 1000, seed: 5)!
        XCTAssertEqual(d.mean, 0)
        XCTAssertEqual(d.interval?.low, 0)
        XCTAssertEqual(d.interval?.high, 0)
        XCTAssertFalse(d.excludesZero)
        XCTAssertEqual(d.count, 40)
        XCTAssertEqual(d.clusters, 4)
    }

    func testPairingSeesAConsistentDifferenceThatStrokeVariationHides() {
        // B is A plus 0.1 on every stroke, while strokes vary by ±5: unpaired intervals
        // overlap, the paired one excludes 0.
        var rng = SeededGenerator(seed: 2)
        let a = (0..<60).map { _ in 10 + 5 * rng.nextGaussian() }
        let b = a.map { $0 + 0.1 }
        let clusters = a.indices.map { $0 / 6 }
        let d = PairedComparison.difference(b, a, clusters: clusters, resamples: 1000, seed: 1)!
        XCTAssertEqual(d.mean, 0.1, accuracy: 1e-12)
        XCTAssertTrue(d.excludesZero)
        let ia = ClusterBootstrap.intervalOfMean(a, clusters: clusters, resamples: 1000, seed: 1)!
        let ib = ClusterBootstrap.intervalOfMean(b, clusters: clusters, resamples: 1000, seed: 1)!
        XCTAssertGreaterThan(ia.high, ib.low, "the unpaired intervals overlap")
    }

    /// The bootstrap's bounds are selected, not sorted: the same numbers as the quantiles of
    /// the sorted values, with ties, one value, two values, infinities and a NaN.
    func testSelectedQuantilesAreTheSortedOnes() {
        var rng = SeededGenerator(seed: 11)
        let qs = [0.025, 0.975, 0.5, 0, 1, 0.95, 0.3333]
        var cases: [[Double]] = [[4], [2, -1], [1, 1, 1, 1], [.infinity, 0, -.infinity, 3], [2, .nan, 1, 5]]
        for n in [3, 10, 57, 1000] {
            cases.append((0..<n).map { _ in rng.nextGaussian() })
            cases.append((0..<n).map { _ in Double(rng.next() % 5) })   // many ties
        }
        for values in cases {
            let sorted = values.sorted()
            var selected = values
            let got = Summary.percentiles(selecting: &selected, qs)
            for (q, g) in zip(qs, got) {
                let want = Summary.percentile(sorted: sorted, q)
                XCTAssertTrue(g == want || (g.isNaN && want.isNaN), "q \(q) of \(values.count) values: \(g), sorted gives \(want)")
            }
            XCTAssertEqual(selected.filter { !$0.isNaN }.sorted(), values.filter { !$0.isNaN }.sorted(), "a permutation")
        }
        var none: [Double] = []
        XCTAssertTrue(Summary.percentiles(selecting: &none, [0.5])[0].isNaN)
    }
}
