import StrokeIO
import StrokeMetrics
import StrokeSmoothing
import XCTest

@testable import StrokeLab

/// The answer in words says, per verdict, which side effects a pipeline's prediction brings and
/// how often (against the same pipeline without its predictor when the experiment ran it), and
/// whether its end-to-end latency on the stated device is below the writing and scribbling
/// thresholds (issue 26 item 4). Known answers from per-stroke rows built for it.
final class AnswerPerceptionTests: XCTestCase {
    /// Rows of 20 strokes from 10 traces: each pipeline's constant per-stroke values.
    func paired(_ values: [String: [String: Double]]) -> [PairedSummaryRow] {
        var rows: [ResultRow] = []
        for (pipeline, metrics) in values.sorted(by: { $0.key < $1.key }) {
            for i in 0..<20 {
                for (metric, v) in metrics.sorted(by: { $0.key < $1.key }) {
                    rows.append(ResultRow(dataset: "d", trace: "t\(i / 2)", stroke: "s\(i)", pipeline: pipeline, metric: metric,
                                          value: v, unit: metric.hasSuffix("_ms") ? "ms" : "ratio"))
                }
            }
        }
        return ResultStatistics.paired(rows, pipelines: values.keys.sorted(), settings: StatisticsSettings(seed: 1, resamples: 0),
                                       parallel: false)
    }

    static let base: [String: Double] = [
        "lag.mean_ms": 50, "latency.end_to_end_ms": 73, "perceived.lateness_rate": 0.9, "perceived.over_anticipation_rate": 0,
        "perceived.wrong_distance_rate": 0, "perceived.wrong_orientation_rate": 0, "perceived.jitter_rate": 0.02,
        "perceived.jump_rate": 0, "perceived.spring_rate": 0,
    ]
    static let predicted: [String: Double] = [
        "lag.mean_ms": 33.3, "latency.end_to_end_ms": 56.3, "perceived.lateness_rate": 0.4, "perceived.over_anticipation_rate": 0.12,
        "perceived.wrong_distance_rate": 0.3, "perceived.wrong_orientation_rate": 0.001, "perceived.jitter_rate": 0.02,
        "perceived.jump_rate": 0.01, "perceived.spring_rate": 0.5,
    ]

    func group(kind: String = "stylus") -> AnswerGroup {
        let pipelines: [(name: String, label: String)] = [("midpoint", "main|interp:midpoint-bezier(tail=complete)"),
                                                           ("midpoint + kalman", "main|interp:midpoint-bezier(tail=complete)|predict:kalman(horizon=16.7)")]
        var g = AnswerGroup(dataset: "d", kind: kind, objectives: [], preference: .standard,
                            evidence: AnswerEvidence(strokes: 20, traces: 10, isEnough: true, degenerate: []),
                            entries: [], recommendation: nil, alternatives: [], avoid: [], ties: [])
        g.perception = AnswerPerception.make(dataset: "d", kind: "", pipelines: pipelines,
                                             paired: paired(["midpoint": Self.base, "midpoint + kalman": Self.predicted]))
        g.device = DeviceLatency(latencyMs: 23, refreshHz: 60)
        return g
    }

    func entry(_ name: String, predicts: Bool) -> AnswerEntry {
        AnswerEntry(pipeline: name, label: name, behaviour: predicts ? [.predicts] : [], values: [],
                    coverage: AnswerCoverage(drawn: 20, strokes: 20), eligible: true, layer: 1)
    }

    func testThePredictionsSideEffectsAreNamedWithHowOftenAndAgainstThePipelineWithoutIt() throws {
        let g = group()
        let p = try XCTUnwrap(g.perception["midpoint + kalman"])
        XCTAssertEqual(p.withoutPredictor, "midpoint")
        XCTAssertEqual(try XCTUnwrap(p.lagGainMs), 16.7, accuracy: 1e-9)
        let text = try XCTUnwrap(AnswerWords.perception(entry("midpoint + kalman", predicts: true), in: g))
        print(text)
        XCTAssertTrue(text.contains("Its prediction brings over-anticipation at 12 % of refreshes (0 % without it), wrong distance at 30 % of its drawn predictions (0 % without it), jumps at 1 % of refreshes (0 % without it) and a spring effect at 50 % of stops (0 % without it)"), text)
        XCTAssertTrue(text.contains("no more wrong orientation or jitter than without it"), text)
        XCTAssertTrue(text.contains("its ink is late at 40 % of refreshes (90 % without its predictor), for 16.7 ms less lag than midpoint"), text)
        XCTAssertTrue(text.contains("End to end on the stated device (23 ms, 60 Hz): 56.3 ms (3.4 frames) — above the ~50 ms at which latency is perceived while writing (Annett et al., GI 2014) and above the ~7 ms at which latency is perceived while scribbling (Ng et al., CHI 2014)."), text)
    }

    func testAPipelineWithoutPredictionBringsNoneAndSaysHowLateItIs() throws {
        let text = try XCTUnwrap(AnswerWords.perception(entry("midpoint", predicts: false), in: group()))
        XCTAssertTrue(text.hasPrefix("It draws no prediction, so none of prediction's side effects; its ink is late at 90 % of refreshes; it shows jitter at 2 % of refreshes."), text)
        XCTAssertTrue(text.contains("73.0 ms (4.4 frames) — above the ~50 ms"), text)
    }

    func testBelowAThresholdIsSaidSo() {
        let text = AnswerWords.endToEnd(30, kind: "finger", device: DeviceLatency(latencyMs: 10, refreshHz: 120))
        XCTAssertEqual(text, "End to end on the stated device (10 ms, 120 Hz): 30.0 ms (3.6 frames) — below the ~50 ms at which latency is perceived while writing (Annett et al., GI 2014), above the ~7 ms at which latency is perceived while scribbling (Ng et al., CHI 2014) and above the ~6 ms at which latency is perceived while dragging (Ng et al., UIST 2012).")
    }

    func testTheDefaultPreferenceSaysWhereItsLimitComesFrom() {
        let words = AnswerWords.preference(.standard, objectives: TuneSettings.Objective.defaults)
        XCTAssertEqual(words, "end-to-end latency ≤ 50 ms (perceived while writing above it: Annett et al., GI 2014), then the smoothest")
        XCTAssertEqual(TuneSettings.Preference.standard.limits, ["latency.end_to_end_ms": LatencyPerceptionThreshold.writing.latencyMs])
    }

    func testTheLabelWithoutItsPredictorDropsOnlyThePredictStage() {
        XCTAssertEqual(AnswerPerception.withoutPredictor("coalesced|filter:one-euro|interp:linear|predict:kalman(horizon=16)|style:scribble"),
                       "coalesced|filter:one-euro|interp:linear|style:scribble")
        XCTAssertNil(AnswerPerception.withoutPredictor("main|interp:linear"))
    }
}
