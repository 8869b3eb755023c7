import StrokeIO
import StrokeSmoothing
import XCTest

@testable import StrokeLab

/// The answer under test (issue 27 item 1): known-answer cases built so the right verdict is
/// certain — one pipeline better on every objective, two trading lag for smoothness, a blank
/// pipeline, a tie, too little data — with checks on which pipeline is recommended, which are
/// on the front, and the words each gets.
final class AnswerTests: XCTestCase {
    typealias Objective = TuneSettings.Objective
    static let objectives = [Objective(metric: "lag.mean_ms", direction: .zero),
                             Objective(metric: "jaggedness.bending_energy_log_ratio", direction: .min),
                             Objective(metric: "fidelity.mean", direction: .min)]
    static let preference = TuneSettings.Preference(limits: ["lag.mean_ms": 20], then: "jaggedness.bending_energy_log_ratio")

    /// A pipeline's per-stroke values: lag, log bending ratio, fidelity around the given means
    /// (a fixed ± pattern, so differences between pipelines are exact and intervals narrow).
    struct Pipeline {
        var name: String
        var lag: Double, logBending: Double, fidelity: Double
        var behaviour: StageBehaviour = []
        /// Strokes it draws (the first ones); the others are blank.
        var drawn: Int? = nil
        /// Per-stroke noise added to every value (0: the same pattern as everyone).
        var noise: [Double]? = nil
    }

    /// The group of `strokes` strokes from `traces` traces (strokes spread evenly) measured by
    /// `pipelines`, ranked under the three objectives and the preference.
    func group(_ pipelines: [Pipeline], strokes: Int = 20, traces: Int = 10,
               preference: TuneSettings.Preference = AnswerTests.preference) -> AnswerGroup {
        var rows: [ResultRow] = []
        let wobble = [0.0, 0.02, -0.01, 0.03, -0.02, 0.01, -0.03, 0.02, 0.0, -0.01]
        for p in pipelines {
            for i in 0..<strokes {
                let trace = "t\(i * traces / strokes)", stroke = "s\(i)"
                let w = wobble[i % wobble.count] + (p.noise?[i % p.noise!.count] ?? 0)
                let drawn = i < (p.drawn ?? strokes)
                rows.append(ResultRow(dataset: "d", trace: trace, stroke: stroke, pipeline: p.name, metric: "coverage.drawn",
                                      value: drawn ? 1 : 0, unit: "ratio"))
                guard drawn else { continue }
                for (metric, v, unit) in [("lag.mean_ms", p.lag + 10 * w, "ms"), ("jaggedness.bending_energy_log_ratio", p.logBending + w, ""),
                                          ("fidelity.mean", p.fidelity * (1 + w), "pt")] {
                    rows.append(ResultRow(dataset: "d", trace: trace, stroke: stroke, pipeline: p.name, metric: metric, value: v, unit: unit))
                }
            }
        }
        let settings = StatisticsSettings(seed: 3, resamples: 400)
        let paired = ResultStatistics.paired(rows, pipelines: pipelines.map(\.name), settings: settings, parallel: false)
        let rules = VerdictRules()
        let coverage = { (name: String) -> AnswerCoverage in
            let p = pipelines.first { $0.name == name }!
            return AnswerCoverage(drawn: p.drawn ?? strokes, strokes: strokes)
        }
        return AnswerGroup.make(dataset: "d", kind: "", objectives: Self.objectives, preference: preference,
                                evidence: AnswerEvidence(strokes: strokes, traces: traces, isEnough: rules.isEnough(strokes: strokes, traces: traces),
                                                         degenerate: [0, 0, 0]),
                                pipelines: pipelines.map { ($0.name, "label:" + $0.name, $0.behaviour) }, coverage: coverage,
                                paired: paired, rules: rules)
    }

    func testAPipelineBetterOnEveryObjectiveIsTheOnlyFrontAndTheRecommendation() throws {
        let g = group([Pipeline(name: "slow", lag: 40, logBending: 1.0, fidelity: 1.0),
                       Pipeline(name: "best", lag: 8, logBending: 0.1, fidelity: 0.2),
                       Pipeline(name: "rough", lag: 12, logBending: 1.5, fidelity: 0.5)])
        XCTAssertEqual(g.front, ["best"])
        XCTAssertEqual(g.recommendation?.pipeline, "best")
        XCTAssertEqual(g.recommendation?.meetsLimits, true)
        XCTAssertEqual(g.alternatives, [["best"], ["best"], ["best"]])
        XCTAssertEqual(Set(g.avoid.map(\.pipeline)), ["slow", "rough"])
        let verdict = AnswerWords.verdict(g, rules: VerdictRules())
        XCTAssertTrue(verdict.contains("1 of 3 ranked pipelines are on the front: best"), verdict)
        XCTAssertTrue(verdict.contains("Most responsive: best") || verdict.contains("most responsive: best"), verdict)
        XCTAssertTrue(verdict.contains("smoothest: best") && verdict.contains("most faithful: best"), verdict)
        let meaning = AnswerWords.meaning(try XCTUnwrap(g.entry("best")), in: g)
        XCTAssertTrue(meaning.contains("the pick for responsiveness, smoothness and fidelity."), meaning)
        XCTAssertTrue(AnswerWords.avoid(g).contains { $0.hasPrefix("slow: beaten outright by best") }, "\(AnswerWords.avoid(g))")
        XCTAssertTrue(AnswerWords.recommendation(g, rules: VerdictRules()).contains("Recommendation (|lag| ≤ 20 ms, then the smoothest): best — lag 8."))
    }

    func testTwoThatTradeLagForSmoothnessAreBothOnTheFrontAndThePreferencePicks() throws {
        let pipelines = [Pipeline(name: "fast", lag: 10, logBending: 1.0, fidelity: 0.5),
                         Pipeline(name: "smooth", lag: 40, logBending: 0.0, fidelity: 0.5)]
        let g = group(pipelines)
        XCTAssertEqual(Set(g.front), ["fast", "smooth"])
        XCTAssertEqual(g.recommendation?.pipeline, "fast", "only fast meets |lag| ≤ 20 ms")
        XCTAssertEqual(g.recommendation?.withinLimits, 1)
        XCTAssertEqual(g.alternatives[0], ["fast"])
        XCTAssertEqual(g.alternatives[1], ["smooth"])
        XCTAssertEqual(g.alternatives[2].count, 2, "fidelity is a tie")
        XCTAssertTrue(AnswerWords.meaning(try XCTUnwrap(g.entry("fast")), in: g).contains("the pick for responsiveness"))
        XCTAssertTrue(AnswerWords.meaning(try XCTUnwrap(g.entry("smooth")), in: g).contains("the pick for smoothness"))
        XCTAssertEqual(AnswerWords.alternatives(g), "If one thing matters most — responsiveness: fast; smoothness: smooth; fidelity: fast (tied with smooth).")
        // A looser limit lets the smoother one in.
        let loose = group(pipelines, preference: TuneSettings.Preference(limits: ["lag.mean_ms": 50], then: "jaggedness.bending_energy_log_ratio"))
        XCTAssertEqual(loose.recommendation?.pipeline, "smooth")
        XCTAssertEqual(loose.recommendation?.withinLimits, 2)
    }

    func testAPipelineThatDrawsNothingOnMostStrokesIsNeitherOnTheFrontNorRecommended() throws {
        // On the two strokes it draws, it is perfect: means over drawn strokes would crown it.
        let g = group([Pipeline(name: "linear", lag: 10, logBending: 1.0, fidelity: 0.3),
                       Pipeline(name: "dead-zone", lag: 5, logBending: -2, fidelity: 0.01, behaviour: [.smoothsSamples, .canDrawNothing], drawn: 2)])
        XCTAssertEqual(g.front, ["linear"])
        XCTAssertEqual(g.recommendation?.pipeline, "linear")
        let blank = try XCTUnwrap(g.entry("dead-zone"))
        XCTAssertFalse(blank.eligible)
        XCTAssertNil(blank.layer)
        XCTAssertEqual(g.avoid.first?.pipeline, "dead-zone")
        let verdict = AnswerWords.verdict(g, rules: VerdictRules())
        XCTAssertTrue(verdict.contains("dead-zone draws nothing on 90 % of these strokes (18 of 20)"), verdict)
        XCTAssertTrue(verdict.contains("smoothest: linear"), "the blank pipeline is not the smoothest: \(verdict)")
        XCTAssertTrue(AnswerWords.rowNote(blank, in: g, common: AnswerWords.commonStrokes(g)).contains("not ranked: draws nothing on 90 %"))
        XCTAssertEqual(AnswerTable.status(blank, in: g), "not ranked: coverage")
    }

    func testATieIsWrittenAsCannotBeToldApartWithItsInterval() throws {
        // Same means, opposite noise on half the strokes: every difference's interval holds 0.
        let g = group([Pipeline(name: "a", lag: 10, logBending: 0.5, fidelity: 0.3, noise: [0.05, -0.05]),
                       Pipeline(name: "b", lag: 10, logBending: 0.5, fidelity: 0.3, noise: [-0.05, 0.05])])
        XCTAssertEqual(Set(g.front), ["a", "b"])
        XCTAssertEqual(g.ties.map(\.objective), [0, 1, 2])
        let verdict = AnswerWords.verdict(g, rules: VerdictRules())
        XCTAssertFalse(verdict.contains("≈"), verdict)
        XCTAssertTrue(verdict.contains("cannot be told apart (paired 95% interval of"), verdict)
        // The interval is the paired one: it holds 0 (a ratio: it holds 1).
        for tie in g.ties {
            let i = try XCTUnwrap(tie.intervals.first)
            let zero = g.objectives[tie.objective].metric.hasSuffix("_log_ratio") ? 1.0 : 0.0
            XCTAssertLessThanOrEqual(i.low, zero)
            XCTAssertGreaterThanOrEqual(i.high, zero)
        }
        // Tied on every objective, the earlier in the spec is named, and the other beside it.
        XCTAssertEqual(g.recommendation?.pipeline, "a")
        XCTAssertEqual(g.recommendation?.tiedWith, ["b"])
    }

    func testTooFewStrokesOrTracesGiveNoVerdict() throws {
        let g = group([Pipeline(name: "linear", lag: 10, logBending: 1.0, fidelity: 0.3),
                       Pipeline(name: "other", lag: 30, logBending: 2.0, fidelity: 0.6)], strokes: 1, traces: 1)
        XCTAssertFalse(g.evidence.isEnough)
        XCTAssertEqual(g.front, [])
        XCTAssertNil(g.recommendation)
        XCTAssertTrue(AnswerWords.verdict(g, rules: VerdictRules()).hasPrefix("Not enough data: 1 stroke from 1 trace"))
        XCTAssertTrue(AnswerWords.recommendation(g, rules: VerdictRules()).hasPrefix("Recommendation: none — not enough data: 1 stroke from 1 trace"))
        // 20 strokes from one trace is one writer, one session: still no verdict.
        XCTAssertNil(group([Pipeline(name: "linear", lag: 10, logBending: 1.0, fidelity: 0.3)], strokes: 20, traces: 1).recommendation)
    }

    /// One pipeline, or several, all below the coverage floor: no verdict, and the words say
    /// it is the blank strokes (a one-pipeline report of `linear` on strokes with taps).
    func testWhenEveryPipelineLeavesStrokesBlankNoneIsRankedAndTheWordsSayWhy() throws {
        let g = group([Pipeline(name: "linear", lag: 10, logBending: 1.0, fidelity: 0.3, drawn: 17)])
        XCTAssertTrue(g.evidence.isEnough)
        XCTAssertNil(g.recommendation)
        XCTAssertEqual(g.front, [])
        let verdict = AnswerWords.verdict(g, rules: VerdictRules())
        XCTAssertTrue(verdict.hasPrefix("No pipeline draws at least 99 % of these strokes (the spec's minCoverage), so none is ranked"), verdict)
        XCTAssertTrue(verdict.contains("linear draws nothing on 15 % of these strokes (3 of 20)"), verdict)
        XCTAssertEqual(AnswerWords.recommendation(g, rules: VerdictRules()),
                       "Recommendation: none — no pipeline draws at least 99 % of these strokes (the spec's minCoverage), so none is ranked.")
    }

    /// What a sentence says about a pipeline comes from what its stages declare, not its name:
    /// a pipeline named "midpoint" whose stages declare nothing gets no claim about tangents,
    /// and one whose stages pass through every sample is told so when it is rough.
    func testWhyAPipelineScoresAsItDoesComesFromItsStagesDeclarations() throws {
        let g = group([Pipeline(name: "midpoint-looking", lag: 60, logBending: -1, fidelity: 0.3),
                       Pipeline(name: "tangents", lag: 60, logBending: -1, fidelity: 0.3, behaviour: [.holdsSamplesBack, .continuousTangents]),
                       Pipeline(name: "polyline", lag: 10, logBending: 1.5, fidelity: 0.3, behaviour: [.passesThroughSamples])])
        let named = AnswerWords.meaning(try XCTUnwrap(g.entry("midpoint-looking")), in: g)
        XCTAssertFalse(named.contains("tangents"), named)
        let declared = AnswerWords.meaning(try XCTUnwrap(g.entry("tangents")), in: g)
        XCTAssertTrue(declared.contains("Its curves join with continuous tangents"), declared)
        XCTAssertTrue(declared.contains("only once later samples arrive"), "it holds samples back and lags 60 ms, more than 2.5 frames: \(declared)")
        let polyline = AnswerWords.meaning(try XCTUnwrap(g.entry("polyline")), in: g)
        XCTAssertTrue(polyline.contains("passes through every sample it is fed"), polyline)
        XCTAssertTrue(polyline.contains("×4.48") || polyline.contains("4×"), polyline)
    }

    /// The thresholds behind the sentences are named constants: a predictor is said to take
    /// lag off only below 2.5 frames at 60 Hz.
    func testAPredictorIsSaidToTakeLagOffOnlyBelowTheUnpredictedLatency() throws {
        let limit = AnswerThresholds.unpredictedLagFrames * AnswerThresholds.frameMs
        XCTAssertEqual(limit, 2.5 * 1000 / 60, accuracy: 1e-12)
        let g = group([Pipeline(name: "quick", lag: limit - 5, logBending: 0.5, fidelity: 0.3, behaviour: [.predicts]),
                       Pipeline(name: "late", lag: limit + 5, logBending: 0.4, fidelity: 0.3, behaviour: [.predicts])])
        XCTAssertTrue(AnswerWords.meaning(try XCTUnwrap(g.entry("quick")), in: g).contains("Its predictor draws ahead"))
        XCTAssertFalse(AnswerWords.meaning(try XCTUnwrap(g.entry("late")), in: g).contains("Its predictor draws ahead"))
    }
}
