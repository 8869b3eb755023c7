import StrokeIO
@testable import StrokeLab
import XCTest

/// The report's answer: dominance only where the paired comparison says a difference is real.
final class TradeOffRankingTests: XCTestCase {
    /// Per-stroke values of three pipelines on two metrics (lower is better), 6 strokes of 3
    /// traces, compared by the same statistics as summary_paired.csv.
    private func paired(_ values: [String: [String: [Double]]]) -> [PairedSummaryRow] {
        var rows: [ResultRow] = []
        for (pipeline, metrics) in values.sorted(by: { $0.key < $1.key }) {
            for (metric, v) in metrics.sorted(by: { $0.key < $1.key }) {
                for (i, x) in v.enumerated() {
                    rows.append(ResultRow(dataset: "d", trace: "t\(i / 2)", stroke: "s\(i)", pipeline: pipeline, metric: metric, value: x, unit: ""))
                }
            }
        }
        return ResultStatistics.paired(rows, pipelines: values.keys.sorted(), settings: StatisticsSettings(unit: .stroke))
    }

    private let objectives = [TradeOffRanking.Objective("jaggedness.bending_energy_ratio"), TradeOffRanking.Objective("fidelity.mean")]

    func testAPipelineBetterOnOneMetricAndTiedOnTheOtherDominates() {
        let r = TradeOffRanking(paired: paired([
            "a": ["jaggedness.bending_energy_ratio": [1, 1.1, 1, 1.2, 1, 1.1], "fidelity.mean": [0.5, 0.6, 0.5, 0.4, 0.5, 0.6]],
            "b": ["jaggedness.bending_energy_ratio": [2, 2.1, 2, 2.2, 2, 2.1], "fidelity.mean": [0.5, 0.4, 0.6, 0.5, 0.6, 0.4]],
        ]), dataset: "d", kind: "", pipelines: ["a", "b"], objectives: objectives)
        XCTAssertEqual(r.front.map(\.pipeline), ["a"])
        let b = r.entries.first { $0.pipeline == "b" }!
        XCTAssertEqual(b.layer, 2)
        XCTAssertEqual(b.dominatedBy, ["a"])
        // Fidelity is a tie (the differences straddle 0): both are among the best there.
        XCTAssertEqual(r.best(1).count, 2)
        XCTAssertEqual(r.best(0).map(\.pipeline), ["a"])
    }

    func testATradeOffKeepsBothOnTheFront() {
        let r = TradeOffRanking(paired: paired([
            "smooth": ["jaggedness.bending_energy_ratio": [1, 1, 1, 1, 1, 1], "fidelity.mean": [2, 2.1, 2, 2.1, 2, 2.1]],
            "faithful": ["jaggedness.bending_energy_ratio": [5, 5.1, 5, 5.1, 5, 5.1], "fidelity.mean": [0.1, 0.1, 0.2, 0.1, 0.1, 0.2]],
            "worse": ["jaggedness.bending_energy_ratio": [6, 6.1, 6, 6.1, 6, 6.1], "fidelity.mean": [3, 3.1, 3, 3.1, 3, 3.1]],
        ]), dataset: "d", kind: "", pipelines: ["smooth", "faithful", "worse"], objectives: objectives)
        XCTAssertEqual(Set(r.front.map(\.pipeline)), ["smooth", "faithful"])
        XCTAssertEqual(r.entries.last?.pipeline, "worse")
        XCTAssertEqual(Set(r.entries.last!.dominatedBy), ["smooth", "faithful"])
        XCTAssertEqual(r.entries.first { $0.pipeline == "smooth" }!.topIn, [0])
        XCTAssertEqual(r.entries.first { $0.pipeline == "faithful" }!.topIn, [1])
    }

    func testNoiseAloneNeverDominates() {
        // Identical distributions, shuffled: every difference's interval holds 0.
        let r = TradeOffRanking(paired: paired([
            "a": ["jaggedness.bending_energy_ratio": [1, 2, 3, 4, 5, 6], "fidelity.mean": [6, 5, 4, 3, 2, 1]],
            "b": ["jaggedness.bending_energy_ratio": [2, 1, 4, 3, 6, 5], "fidelity.mean": [5, 6, 3, 4, 1, 2]],
        ]), dataset: "d", kind: "", pipelines: ["a", "b"], objectives: objectives)
        XCTAssertEqual(r.front.count, 2)
        XCTAssertTrue(r.entries.allSatisfy { $0.dominatedBy.isEmpty })
    }

    func testLagRanksByMagnitudeSoOvershootIsNotRewarded() {
        // Lag is better closer to 0: a predictor 5 ms ahead beats one 20 ms behind, not one at −30 ms.
        let lag = [TradeOffRanking.Objective("lag.mean_ms")]
        let r = TradeOffRanking(paired: paired([
            "ahead": ["lag.mean_ms": [-30, -31, -30, -29, -30, -31]],
            "behind": ["lag.mean_ms": [20, 21, 20, 19, 20, 21]],
            "close": ["lag.mean_ms": [-5, -4, -5, -6, -5, -4]],
        ]), dataset: "d", kind: "", pipelines: ["ahead", "behind", "close"], objectives: lag)
        XCTAssertEqual(r.front.map(\.pipeline), ["close"])
        XCTAssertEqual(r.entries.first { $0.pipeline == "ahead" }!.layer, 3)
    }
}
