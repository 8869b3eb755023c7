import StrokeCore
import XCTest
@testable import StrokeSmoothing

/// `PipelineDescription.referenceInk(_:samples:)`: the ground truth's ink, what `ink.iou` and
/// `ink.error_area` compare a pipeline's ink with.
final class ReferenceInkTests: XCTestCase {
    private func reference(_ points: [(Double, Double, Double)]) -> ReferenceCurve {
        ReferenceCurve(points: points.map { TimedPoint(time: $0.0, location: Point(x: $0.1, y: $0.2)) })
    }

    /// Samples 0.1 s apart along x with force 1, 2, 3 (of 4.17), upright.
    private let samples = (0..<3).map { i in
        TouchSample(time: 0.1 * Double(i), location: Point(x: 10 * Double(i), y: 0), force: Double(i + 1),
                    maximumPossibleForce: 4.17, altitude: .pi / 2)
    }

    func testAnUnstyledPipelineDrawsTheReferencesSegmentsInTheBaseInk() throws {
        let d = try PipelineDescription(parsing: "linear")
        let ink = d.referenceInk(reference([(0, 0, 0), (0.05, 5, 1), (0.2, 20, -1)]), samples: samples)
        XCTAssertEqual(ink.committed.elements, [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 5, y: 1)),
                                                .line(to: Point(x: 20, y: -1))])
        XCTAssertEqual(Array(ink.committed.attributes), Array(repeating: d.baseInk, count: 3))
        XCTAssertTrue(ink.outline.isEmpty)
        // One point: a zero-length segment (a dot), as a tap draws; no point: no ink.
        let dot = d.referenceInk(reference([(0, 3, 4)]), samples: samples)
        XCTAssertEqual(dot.committed.elements, [.move(to: Point(x: 3, y: 4)), .line(to: Point(x: 3, y: 4))])
        XCTAssertEqual(d.referenceInk(ReferenceCurve(points: []), samples: samples), Ink())
        // Without samples too: the channels are not read.
        XCTAssertEqual(d.referenceInk(reference([(0, 0, 0), (0.05, 5, 1)]), samples: [TouchSample]()).committed.elements,
                       [.move(to: Point(x: 0, y: 0)), .line(to: Point(x: 5, y: 1))])
    }

    func testAStyledReferenceCarriesTheForceInterpolatedAtEachPointsTime() throws {
        // Scribble upright: width = force × 4 (seed digest §B). Before the first sample the first
        // sample's force, between two samples the linear blend, after the last the last's.
        let d = try PipelineDescription(parsing: "linear|style:scribble")
        let ink = d.referenceInk(reference([(-0.1, 0, 0), (0.05, 5, 0), (0.15, 15, 0), (0.2, 20, 0), (0.3, 30, 0)]),
                                 samples: samples)
        let widths = ink.committed.attributes.map(\.width)
        XCTAssertEqual(widths.count, 5)
        for (w, expected) in zip(widths, [4.0, 6, 10, 12, 12]) { XCTAssertEqual(w, expected, accuracy: 1e-12) }
    }

    func testAStrokesEventsServeAsSamplesWithoutBeingCopied() throws {
        // The evaluation passes the events' samples lazily; the ink is the one a flat copy gives,
        // with a sample re-delivered at an event's start (a tap's began and ended) included.
        let d = try PipelineDescription(parsing: "linear|style:forcesketch")
        let s = (0..<40).map { (i: Int) -> TouchSample in
            let x = Double(i), force = 0.1 * Double(i % 13)
            return TouchSample(time: x / 240, location: Point(x: x, y: Double(i % 7)), force: force, maximumPossibleForce: 4.17)
        }
        let stroke = Stroke(id: "s", events: FrameGrouping.events(from: s))
        let ref = ReferenceCurve(points: stride(from: -0.01, through: 0.2, by: 0.003).map {
            TimedPoint(time: $0, location: Point(x: 240 * $0, y: 1))
        })
        let lazy = d.referenceInk(ref, samples: stroke.events.lazy.flatMap { $0.samples })
        XCTAssertEqual(lazy, d.referenceInk(ref, samples: stroke.samples))
        XCTAssertEqual(lazy.committed.count, ref.points.count)
        XCTAssertGreaterThan(Set(lazy.committed.attributes.map(\.color)).count, 5, "the force varies the hue")
        let tap = Stroke(id: "tap", events: FrameGrouping.events(from: [s[3]]))
        XCTAssertEqual(d.referenceInk(ref, samples: tap.events.lazy.flatMap { $0.samples }), d.referenceInk(ref, samples: tap.samples))
    }
}
