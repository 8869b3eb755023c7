import StrokeCore
import StrokeLab
import StrokeMetrics
import StrokeSmoothing
import XCTest

/// The closed form of jitter from mismatched input and display rates (``AsynchronousJitter``,
/// after Antoine et al., UIST 2020) against what StrokeLab measures on synthetic traces: a
/// straight line at 400 pt/s generated at each input rate and grouped into events at each
/// display rate (with the generator's seeded display phase), drawn by `coalesced-only` (the
/// ink ends at the newest sample), its lag measured at every refresh.
///
/// Tolerance: the spread of the lag (peak to peak) within 0.01 ms of ΔL — the ages the model
/// predicts are exact and a 1 s stroke visits all q of them; the RMS within 3 % of σ_L — a
/// stroke of N refreshes visits the q ages N/q times each only up to one visit (the last,
/// incomplete cycle).
final class AsynchronousJitterTests: XCTestCase {
    struct Case { var input: Double; var display: Double }

    func testTheClosedFormMatchesTheMeasuredJitterAcrossRates() throws {
        var rows: [String] = ["input Hz | display Hz | q | ΔL model ms | ΔL measured ms | σ model ms | σ measured ms | J_pp model pt | J_pp measured pt | perceived.jitter_rate"]
        let cases = [60.0, 120, 240].flatMap { i in [60.0, 120].map { Case(input: i, display: $0) } }
            + [Case(input: 125, display: 60), Case(input: 125, display: 120), Case(input: 200, display: 60), Case(input: 90, display: 60)]
        for c in cases {
            let model = AsynchronousJitter(inputRateHz: c.input, displayRateHz: c.display)
            let spec = SyntheticTraceSpec(name: "jitter-\(Int(c.input))-\(Int(c.display))", shapes: [.line], kind: .stylus,
                                          sampleRateHz: c.input, refreshRateHz: c.display, force: .none, tilt: .none, seed: 7)
            let trace = SyntheticTraceGenerator.generate(spec)
            let stroke = try XCTUnwrap(trace.strokes.first)
            let v = stroke.reference!.points.last!.location.distance(to: stroke.reference!.points.first!.location)
                / (stroke.reference!.endTime - stroke.reference!.startTime)
            XCTAssertEqual(v, 400, accuracy: 1e-6, "the synthetic line's speed")
            let prepared = PreparedStroke(stroke: stroke, metadata: trace.metadata, options: MetricOptions())
            var replayer = try PipelineDescription(parsing: "coalesced-only").makeReplayer()
            let replay = replayer.replay(prepared.fed, options: .init())
            let lag = try XCTUnwrap(Lag(replay: replay, reference: prepared.reference, refreshRateHz: c.display, options: MetricOptions()))
            let measured = try XCTUnwrap(LatencyJitter(lag))
            XCTAssertEqual(measured.spreadMs, model.latencySpreadMs, accuracy: 0.01, "\(c.input) Hz on \(c.display) Hz: ΔL")
            XCTAssertEqual(measured.deviationMs, model.latencyDeviationMs, accuracy: 0.03 * model.latencyDeviationMs + 1e-6,
                           "\(c.input) Hz on \(c.display) Hz: σ_L")
            let effects = StrokeEvaluation.evaluate(prepared, pipeline: try PipelineDescription(parsing: "coalesced-only"))
            let rate = try XCTUnwrap(effects.value("perceived.jitter_rate"))
            // What people would see: no jitter where the rates divide; where they do not and the
            // wobble is well above the 0.2 mm threshold (≥ 1.3 pt, 0.26 mm here), jitter at
            // every refresh of an alternation (q = 2) and at most refreshes of a saw.
            let wobbleMm = model.peakToPeak(speed: v) * LengthUnit.millimetresPerPoint
            switch model.distinctAges {
            case 1: XCTAssertEqual(rate, 0, "\(c.input) Hz on \(c.display) Hz: no jitter")
            case 2: XCTAssertEqual(rate, 1, "\(c.input) Hz on \(c.display) Hz alternates at every refresh (\(wobbleMm) mm)")
            default: XCTAssertGreaterThan(rate, 0.5, "\(c.input) Hz on \(c.display) Hz saws by \(wobbleMm) mm")
            }
            rows.append(String(format: "%.0f | %.0f | %@ | %.3f | %.3f | %.3f | %.3f | %.2f | %.2f | %.2f", c.input, c.display,
                               model.distinctAges.map(String.init) ?? "∞", model.latencySpreadMs, measured.spreadMs,
                               model.latencyDeviationMs, measured.deviationMs, model.peakToPeak(speed: v),
                               v * measured.spreadMs / 1000, rate))
        }
        print(rows.joined(separator: "\n"))
    }

    func testTheModelsKnownValues() {
        XCTAssertEqual(AsynchronousJitter(inputRateHz: 240, displayRateHz: 60).distinctAges, 1)
        XCTAssertEqual(AsynchronousJitter(inputRateHz: 240, displayRateHz: 60).latencySpreadMs, 0)
        let half = AsynchronousJitter(inputRateHz: 60, displayRateHz: 120)
        XCTAssertEqual(half.distinctAges, 2)
        XCTAssertEqual(half.latencySpreadMs, 1000.0 / 120, accuracy: 1e-12)
        XCTAssertEqual(half.latencyDeviationMs, 1000.0 / 240, accuracy: 1e-12, "two ages 8.33 ms apart: σ = 4.17 ms")
        let touch = AsynchronousJitter(inputRateHz: 125, displayRateHz: 60)
        XCTAssertEqual(touch.distinctAges, 12, "125/60 = 25/12")
        XCTAssertEqual(touch.latencySpreadMs, 8 * 11 / 12, accuracy: 1e-12)
        XCTAssertEqual(touch.peakToPeak(speed: 100), 0.7333, accuracy: 1e-4)
        let unrelated = AsynchronousJitter(inputRateHz: 100 * 2.0.squareRoot(), displayRateHz: 60)
        XCTAssertNil(unrelated.distinctAges)
        XCTAssertEqual(unrelated.latencyDeviationMs, 1000 / (100 * 2.0.squareRoot()) / 12.0.squareRoot(), accuracy: 1e-12)
    }
}
