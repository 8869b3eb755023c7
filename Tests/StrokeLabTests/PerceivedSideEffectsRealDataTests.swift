import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// The perceived side effects on real handwriting (BDALab's Wacom recording: short strokes,
/// dots, hooks, pauses), measured by hold-out: every rate is a fraction, a pipeline without
/// prediction never has a wrong orientation or distance, and prediction brings side effects
/// that drawing the samples as they come does not.
final class PerceivedSideEffectsRealDataTests: XCTestCase {
    func testRealHandwritingGivesFractionsAndPredictionBringsItsOwnSideEffects() throws {
        let dir = try SharedData.dataset("bdalab-sample")
        let traces = try ["signal.svc", "jack_18-07-2014_M_0006_Doe_12-10-2020.svc"].map {
            try XCTUnwrap(try TraceImport.load(path: dir + "/svc_data/" + $0).first)
        }
        let ids = PerceivedSideEffects.metrics.map(\.id)
        var sums: [String: [String: Double]] = [:]
        var strokes = 0
        for trace in traces {
          for stroke in trace.strokes {
            let prepared = PreparedStroke(stroke: stroke, metadata: trace.metadata, options: MetricOptions())
            for label in ["coalesced-only", "coalesced-only|predict:kalman(horizon=33)"] {
                let pipeline = try PipelineDescription(parsing: label)
                let r = StrokeEvaluation.evaluate(prepared, pipeline: pipeline)
                for id in ids {
                    guard let v = r.value(id) else { continue }
                    XCTAssertTrue(v >= 0 && v <= 1, "\(stroke.id) \(label) \(id) = \(v)")
                    sums[label, default: [:]][id, default: 0] += v
                }
                if label == "coalesced-only", r.value("lag.mean_ms") != nil {
                    XCTAssertEqual(r.value("perceived.wrong_orientation_rate"), 0, stroke.id)
                    XCTAssertEqual(r.value("perceived.wrong_distance_rate"), 0, stroke.id)
                }
            }
            strokes += 1
          }
        }
        XCTAssertEqual(strokes, 8)
        for (label, s) in sums.sorted(by: { $0.key < $1.key }) {
            print("\(label): " + ids.map { "\($0.dropFirst(10)) Σ \(String(format: "%.2f", s[$0] ?? 0))" }.joined(separator: ", "))
        }
        let plain = sums["coalesced-only"]!, predicted = sums["coalesced-only|predict:kalman(horizon=33)"]!
        XCTAssertGreaterThan(plain["perceived.lateness_rate"]!, predicted["perceived.lateness_rate"]!,
                             "a 33 ms prediction makes the ink late less often")
        XCTAssertGreaterThan(predicted["perceived.wrong_distance_rate"]!, 0)
        XCTAssertGreaterThan(predicted["perceived.over_anticipation_rate"]!, plain["perceived.over_anticipation_rate"]!)
    }

    func testATraceInPixelsWithoutARecordedScaleHasItsThresholdsInCSSPixels() throws {
        // The thresholds are millimetres on the screen, converted at the trace's physical scale
        // (a `px` trace that records none is read at the CSS pixel, 25.4/96 mm). They were
        // converted at the default point (25.4/132 mm) whenever a trace recorded no scale.
        // BDALab's handwriting, its coordinates taken as pixels.
        let dir = try SharedData.dataset("bdalab-sample")
        let trace = try XCTUnwrap(try TraceImport.load(path: dir + "/svc_data/jack_18-07-2014_M_0006_Doe_12-10-2020.svc").first)
        let ids = PerceivedSideEffects.metrics.map(\.id)
        func rates(_ millimetresPerUnit: Double?) throws -> [Double] {
            var metadata = trace.metadata
            metadata.units = .px
            metadata.millimetresPerUnit = millimetresPerUnit
            var out: [Double] = []
            for stroke in trace.strokes {
                let prepared = PreparedStroke(stroke: stroke, metadata: metadata, options: MetricOptions())
                let r = StrokeEvaluation.evaluate(prepared, pipeline: try PipelineDescription(parsing: "coalesced-only|predict:kalman(horizon=33)"))
                out += ids.map { r.value($0) ?? -1 }
            }
            return out
        }
        let unstated = try rates(nil)
        XCTAssertEqual(unstated, try rates(25.4 / 96), "read at the CSS pixel")
        XCTAssertNotEqual(unstated, try rates(LengthUnit.millimetresPerPoint), "the scale matters on these strokes")
    }
}
