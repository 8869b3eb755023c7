import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// A stroke's reference ink is rasterised for every pipeline; its capsule polygons are made
/// once per stroke and kept for the next pipeline (issue 25 item 5). On recorded strokes, every
/// measurement must be the same bits as when each pipeline makes them again, for unstyled
/// pipelines (one reference ink for all) and styled ones (each its own).
final class ReferencePolygonsRealDataTests: XCTestCase {
    func testKeptReferencePolygonsGiveTheSameMeasurementsOnRecordedStrokes() throws {
        let root = try SharedData.datasets("the reference ink's polygons are kept on recorded strokes")
        let labels = ["linear", "midpoint-bezier", "scribble", "one-euro", "forcesketch", "coalesced-only", "perfect-freehand",
                      "linear"]
        let pipelines = try labels.map { try PipelineDescription(parsing: $0) }
        var kept = 0, compared = 0
        for file in ["bdalab-sample/svc_data/signal.svc", "helpinghand/Handwrittings/ChikaEnglish1.cyn",
                     "wacom-speed/ID0001-0883_20191126102804/mondat-gyors_tempoval-1.csv"] {
            let trace = try XCTUnwrap(TraceImport.load(path: root + "/" + file).first)
            let bySize = trace.strokes.sorted { $0.sampleCount < $1.sampleCount }
            for stroke in [bySize.first!, bySize.last!, trace.strokes[trace.strokes.count / 2]] {
                let prepared = PreparedStroke(stroke: stroke, metadata: trace.metadata, options: MetricOptions())
                var polygons: InkPolygons? = nil
                for (label, pipeline) in zip(labels, pipelines) {
                    let alone = StrokeEvaluation.evaluate(prepared, pipeline: pipeline)
                    let sharing = StrokeEvaluation.evaluate(prepared, pipeline: pipeline, referencePolygons: &polygons)
                    XCTAssertEqual(sharing.measurements.map(\.metric), alone.measurements.map(\.metric), "\(file) \(stroke.id) \(label)")
                    XCTAssertEqual(sharing.measurements.map(\.value.bitPattern), alone.measurements.map(\.value.bitPattern),
                                   "\(file) \(stroke.id) \(label)")
                    if sharing.measurements.contains(where: { $0.metric == "ink.iou" }) { compared += 1 }
                    if polygons != nil { kept += 1 }
                }
            }
        }
        XCTAssertGreaterThan(kept, 0, "the polygons were kept for some pipeline")
        XCTAssertGreaterThan(compared, 40, "ink.iou was measured on most strokes × pipelines (72)")
    }
}
