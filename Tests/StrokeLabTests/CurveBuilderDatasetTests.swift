import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// The peers' curve builders and outlines on the bundled synthetic traces: perfect-freehand's
/// incremental outline equals its one-shot `getStroke` bit for bit at every frame, and the
/// centripetal Catmull-Rom has no cusp on the seed's fast circles.
final class CurveBuilderDatasetTests: XCTestCase {
    private func syntheticTraces() throws -> [(name: String, trace: Trace)] {
        try SyntheticDataset.standard.map { spec in
            (spec.name, try XCTUnwrap(try TraceImport.load(path: TestPaths.packageRoot + "/Datasets/synthetic/\(spec.name).json").first))
        }
    }

    func testPerfectFreehandIncrementalEqualsOneShotOnEverySyntheticStrokeAtEveryFrame() throws {
        let labels = ["perfect-freehand", "perfect-freehand(simulatePressure=on,last=on)",
                      "perfect-freehand(startTaper=25,endTaper=40,smoothing=0.3,thinning=-0.4,easing=easeOutSine)"]
        var outlines = 0
        for (name, trace) in try syntheticTraces() {
            for stroke in trace.strokes {
                let samples = stroke.events.flatMap(\.samples)
                for label in labels {
                    let description = try PipelineDescription(parsing: label)
                    guard case .style(let style) = description.stages.last!.implementation, let pf = style as? PerfectFreehandStyle else {
                        return XCTFail("no perfect-freehand stage in \(label)")
                    }
                    let hasForce = samples[0].maximumPossibleForce > 0 || samples[0].force > 0
                    let simulate = pf.parameters.simulatePressure == .on || (pf.parameters.simulatePressure == .auto && !hasForce)
                    let options = pf.parameters.options(simulate: simulate, last: pf.parameters.last)
                    let input = samples.map {
                        PerfectFreehand.InputPoint(x: $0.location.x, y: $0.location.y,
                                                   pressure: $0.maximumPossibleForce > 0 ? $0.force / $0.maximumPossibleForce : nil)
                    }
                    var replayer = description.makeReplayer()
                    let r = replayer.replay(stroke, options: ReplayOptions(outlineFrames: Set(stroke.events.indices)))
                    XCTAssertEqual(r.outline.first ?? [], PerfectFreehand.stroke(input, options), "\(name) \(stroke.id) \(label)")
                    var fed = 0
                    var prefixOptions = options
                    prefixOptions.last = false
                    for (k, e) in stroke.events.enumerated().dropLast() {
                        fed += e.samples.count
                        let want = PerfectFreehand.stroke(Array(input[..<fed]), prefixOptions)
                        if (r.frameOutlines[k]?.first ?? []) != want {
                            XCTFail("\(name) \(stroke.id) \(label): frame \(k) differs")
                            break
                        }
                        outlines += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(outlines, 2000)
    }

    func testCentripetalCatmullRomHasNoCuspOnTheFastCircles() throws {
        for (name, trace) in try syntheticTraces() {
            guard let circle = trace.strokes.first(where: { $0.id == "circle-fast" }) else { continue }
            for label in ["main|interp:catmull-rom", "coalesced|interp:catmull-rom"] {
                var replayer = try PipelineDescription(parsing: label).makeReplayer()
                let path = replayer.replay(circle).path
                var start: Point? = nil
                var pieces = 0
                for e in path.elements {
                    defer { start = e.endPoint }
                    guard case .curve = e, let s = start else { continue }
                    pieces += 1
                    XCTAssertFalse(CurveGeometry.hasCuspOrLoop(CurveGeometry.Piece(start: s, element: e)), "\(name) \(label) segment \(pieces)")
                }
                XCTAssertGreaterThan(pieces, 20)
            }
        }
    }
}
