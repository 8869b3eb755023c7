import StrokeCore
import StrokeSmoothing
import XCTest
@testable import StrokeMetrics

/// Fidelity compares each committed element with the pen's path over the samples it was built
/// from, not over the frame that committed it (issue 21 item 3): ink committed late — after a
/// rest, from a long fitting window — is measured against the right stretch of the path.
final class FidelityProvenanceTests: XCTestCase {
    let recorded = TraceMetadata(source: "wacom:recording", refreshRateHz: 60)

    /// A quarter circle of radius 60 in 0.4 s at 120 Hz, a 0.5 s rest at its end (the pen
    /// still reported there, or not reported at all), then a straight line for 0.4 s.
    private func restStroke(reportedWhileResting: Bool) -> Stroke {
        var samples: [TouchSample] = []
        let rate = 120.0, n = 48
        for i in 0...n {
            let a = Double.pi / 2 * Double(i) / Double(n)
            samples.append(TouchSample(time: Double(i) / rate, x: 60 * sin(a), y: 60 - 60 * cos(a)))
        }
        let end = samples[samples.count - 1]
        let restSamples = 60
        if reportedWhileResting {
            for j in 1...restSamples {
                samples.append(TouchSample(time: end.time + Double(j) / rate, location: end.location))
            }
        }
        let resumed = end.time + Double(restSamples) / rate
        for i in 1...n {
            let u = Double(i) / Double(n)
            samples.append(TouchSample(time: resumed + Double(i) / rate, x: end.location.x - 60 * u, y: end.location.y + 30 * u))
        }
        return Stroke(id: reportedWhileResting ? "rest" : "silent rest", events: FrameGrouping.events(from: samples))
    }

    /// Nearest distance from `p` to any segment of `polyline` (every segment checked).
    private func bruteDistance(_ p: Point, _ polyline: [Point]) -> Double {
        if polyline.count == 1 { return p.distance(to: polyline[0]) }
        var best = Double.infinity
        for i in 0..<(polyline.count - 1) {
            best = min(best, SegmentGrid.squaredDistance(p, polyline[i], polyline[i + 1]).squareRoot())
        }
        return best
    }

    func testInkCommittedAfterARestIsMeasuredAgainstThePathItWasBuiltFrom() {
        for reported in [true, false] {
            let stroke = restStroke(reportedWhileResting: reported)
            let prepared = PreparedStroke(stroke: stroke, metadata: recorded, options: MetricOptions())
            let geometry = prepared.geometry!
            for label in ["fit-curve", "signature-pad", "signature-pad(tail=complete)"] {
                let pipeline = Fixtures.pipeline(label)
                var replayer = pipeline.makeReplayer()
                let replay = replayer.replay(prepared.fed, options: prepared.replayOptions(for: pipeline))
                let r = StrokeEvaluation.measure(replay: replay, prepared: prepared)
                // The geometric answer: every ink point against the whole pen path, and back.
                let ink = InkGeometry.fineCurve(path: replay.path, step: prepared.step,
                                                tolerance: prepared.options.flatteningTolerance)
                let inkPoints = CurveResampling.uniform(ink, step: prepared.step).points
                let toPen = inkPoints.map { bruteDistance($0, geometry.curve.points) }
                let toInk = geometry.queries.points.map { bruteDistance($0, ink.points) }
                let name = "\(stroke.id), \(label)"
                XCTAssertEqual(r.value("fidelity.max")!, toPen.max()!, accuracy: 1e-9, name)
                XCTAssertEqual(r.value("fidelity.hausdorff")!, max(toPen.max()!, toInk.max()!), accuracy: 1e-9, name)
                let mean = (toPen.reduce(0, +) / Double(toPen.count) + toInk.reduce(0, +) / Double(toInk.count)) / 2
                XCTAssertEqual(r.value("fidelity.mean")!, mean, accuracy: 1e-9, name)
            }
        }
    }
}
