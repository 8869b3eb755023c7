import StrokeIO
import StrokeMetrics
import XCTest

@testable import StrokeLab

/// The preference rule behind every recommendation (`strokelab tune`, the report's answer):
/// it moves from one objective to the next only past a practical difference, never on float
/// noise (issue 21 item 6).
final class PreferenceRuleTests: XCTestCase {
    /// Objectives lag (closer to 0), bending ratio, fidelity; preference |lag| ≤ 20 ms, then
    /// the smoothest — written out, so the test does not depend on the defaults.
    private func plan() throws -> TunePlan {
        var spec = ExperimentSpec(datasets: [.init(name: "d", paths: ["unused"])], pipelines: [.init(label: "linear")])
        spec.tune = TuneSettings(
            objectives: [TuneSettings.Objective(metric: "lag.mean_ms", direction: .zero),
                         TuneSettings.Objective(metric: "jaggedness.bending_energy_ratio", direction: .min),
                         TuneSettings.Objective(metric: "fidelity.mean", direction: .min)],
            preference: TuneSettings.Preference(limits: ["lag.mean_ms": 20], then: "jaggedness.bending_energy_ratio"))
        return try TunePlan(spec)
    }

    /// The recommendation for a front of `points`.
    private func recommended(_ points: [TunePoint]) throws -> Recommendation {
        try XCTUnwrap(TuneAnalysis.recommendations(points, plan: plan()).first)
    }

    private func point(_ name: String, rank: Int, lag: Double, bending: Double, fidelity: Double) -> TunePoint {
        let units = ["ms", "ratio", "pt"]
        return TunePoint(dataset: "d", kind: "stylus", pipeline: name, label: name,
                         estimates: zip([lag, bending, fidelity], units).map { ObjectiveEstimate(mean: $0, low: .nan, high: .nan, n: 40, unit: $1) },
                         onFront: true, rank: rank, isReference: false)
    }

    /// The near tie: no setting meets the 20 ms limit; the two miss it by amounts
    /// 6.5·10⁻⁸ ms apart, bend alike, and one is 55× less faithful (9.25 vs 0.17 pt). Float
    /// noise in the lag excess used to pick the unfaithful one.
    func testWhenNothingMeetsTheLimitsALagDifferenceBelowOneMillisecondDoesNotDecide() throws {
        let points = [point("noisy-pick", rank: 1, lag: 25, bending: 1.2, fidelity: 9.25),
                      point("faithful", rank: 2, lag: 25 + 6.5e-8, bending: 1.2, fidelity: 0.17)]
        let r = try recommended(points)
        XCTAssertFalse(r.meetsLimits)
        XCTAssertEqual(r.point.pipeline, "faithful")
    }

    /// Within the limits, two bending ratios 0.1 % apart are a tie (the practical difference of
    /// a ratio of 1.2 is 5 %, 0.06); so are lags 0.5 ms apart (1 ms): the next objective in
    /// order, fidelity, decides.
    func testATieOnTheThenObjectiveGoesToTheNextObjective() throws {
        let points = [point("a", rank: 1, lag: 10, bending: 1.200, fidelity: 0.5),
                      point("b", rank: 2, lag: 10.5, bending: 1.201, fidelity: 0.2)]
        let r = try recommended(points)
        XCTAssertTrue(r.meetsLimits)
        XCTAssertEqual(r.point.pipeline, "b")
    }

    /// A difference past the practical difference decides, however the later objectives fall.
    func testADifferencePastThePracticalDifferenceDecides() throws {
        let points = [point("smooth", rank: 1, lag: 10, bending: 1.0, fidelity: 0.9),
                      point("faithful", rank: 2, lag: 10, bending: 1.5, fidelity: 0.1)]
        let r = try recommended(points)
        XCTAssertEqual(r.point.pipeline, "smooth")
        // Outside the limit, a whole millisecond of lag excess decides before bending.
        let late = [point("later", rank: 1, lag: 30, bending: 1.0, fidelity: 0.1),
                    point("earlier", rank: 2, lag: 28, bending: 2.0, fidelity: 0.1)]
        XCTAssertEqual(try recommended(late).point.pipeline, "earlier")
    }

    /// The practical differences are the catalog's: 1 ms of lag, 5 % of a log ratio, otherwise
    /// the regression allowance max(5 % of |v|, the unit's floor).
    func testPracticalDifferencesAreStatedPerMetric() throws {
        func practical(_ metric: String, _ v: Double, _ unit: String) -> Double? {
            MetricCatalog.definition(of: metric)?.practicalDifference(at: v, unit: unit)
        }
        XCTAssertEqual(practical("lag.mean_ms", 20, "ms"), 1)
        XCTAssertEqual(practical("jaggedness.bending_energy_log_ratio", 0.3, ""), 0.05)
        XCTAssertEqual(try XCTUnwrap(practical("fidelity.mean", 0.3, "pt")), 0.015, accuracy: 1e-12)
        XCTAssertEqual(practical("fidelity.mean", 0.1, "pt"), 0.01, "the unit's floor")
    }
}
