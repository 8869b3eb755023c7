import Foundation
import StrokeCore
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// The committed style trace `Datasets/synthetic/styles-240hz-60fps.json` (issue 10 item 8)
/// replayed through the seeds' style stages, their brush presets and the seed presets: the
/// committed ink of every element matches the seed formulas applied to the analytic pen
/// (force ramps, tilted-pencil shading, the finger eraser, 3D Touch).
final class StyleTraceTests: XCTestCase {
    private static let path = TestPaths.packageRoot + "/Datasets/synthetic/styles-240hz-60fps.json"

    private let scribbleLabels = ["coalesced|style:scribble", "coalesced|style:brush(preset=scribble)", "scribble"]
    private let forceSketchLabels = ["coalesced|style:forcesketch", "coalesced|style:brush(preset=forcesketch)", "forcesketch"]

    /// The committed trace, read from disk as every command reads it.
    private func trace() throws -> Trace {
        try XCTUnwrap(try TraceImport.load(path: Self.path).first)
    }

    /// The committed ink of stroke `id` through `label`.
    private func ink(_ id: String, _ label: String, in trace: Trace) throws -> InkPath {
        let stroke = try XCTUnwrap(trace.strokes.first { $0.id == id }, "no stroke \(id)")
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        let committed = replayer.replay(stroke, options: ReplayOptions()).finalInk.committed
        XCTAssertGreaterThan(committed.count, 200, "\(id) through \(label) commits a segment per sample (240 Hz, 1 s)")
        return committed
    }

    /// Every element with its end point and ink, straight segments only when `linesOnly`.
    private func elements(_ ink: InkPath, linesOnly: Bool = false) -> [(end: Point, ink: InkAttributes)] {
        zip(ink.elements, ink.attributes).compactMap { element, attributes in
            if linesOnly, case .move = element { return nil }
            return (element.endPoint, attributes)
        }
    }

    func testTheStyleTraceHasEachStrokeWithTheChannelsItsAnswersNeed() throws {
        let t = try trace()
        XCTAssertEqual(t.strokes.map(\.id), ["force-ramp", "shading-along", "shading-across", "eraser", "3d-touch", "3d-touch-ramp"])
        XCTAssertEqual(t.strokes.map(\.kind), [.stylus, .stylus, .stylus, .finger, .finger, .finger])
        XCTAssertEqual(t.strokes[0].channels, [.t, .x, .y, .force, .maxForce, .altitude, .azimuth])
        XCTAssertEqual(t.strokes[3].channels, [.t, .x, .y, .majorRadius])
        XCTAssertEqual(t.strokes[4].channels, [.t, .x, .y, .force, .maxForce])
        for s in t.strokes {
            let reference = try XCTUnwrap(s.reference, "\(s.id) keeps its analytic reference")
            XCTAssertEqual(reference.points.count, 1001, s.id)
            for sample in s.samples {
                XCTAssertLessThan(reference.position(at: sample.time).distance(to: sample.location), 1e-5, s.id)
            }
        }
        let ramp = t.strokes[0].samples
        XCTAssertEqual(ramp.first?.force, 0)
        XCTAssertEqual(ramp.last?.force, 4)
        XCTAssertEqual(t.strokes[4].samples[0].maximumPossibleForce, 6.67)
    }

    /// Upright pencil, force 0 → 4: width = 4 × force at each element's end (0 → 16), the
    /// fallback 6 where the force is 0 (the stroke's first point), opacity 1.
    func testForceRampScribbleWidthIsFourTimesTheForceAndSixAtForceZero() throws {
        let t = try trace()
        for label in scribbleLabels {
            var sawZero = false, widest = 0.0
            for (end, ink) in elements(try ink("force-ramp", label, in: t)) {
                let force = (end.x - 100) / 100                       // 0 → 4 over x = 100 → 500
                if force == 0 {
                    sawZero = true
                    XCTAssertEqual(ink.width, 6, label)
                } else {
                    XCTAssertEqual(ink.width, 4 * force, accuracy: 1e-5, "\(label) at x = \(end.x)")
                }
                XCTAssertEqual(ink.opacity, 1, label)
                XCTAssertEqual(ink.blend, .normal, label)
                widest = max(widest, ink.width)
            }
            XCTAssertTrue(sawZero, "\(label): the force-0 start gets the fallback width")
            // Up to 16 at force 4 (the lift-off sample itself is not drawn under tail=published).
            XCTAssertGreaterThan(widest, 15.9, label)
            XCTAssertLessThanOrEqual(widest, 16, label)
        }
    }

    /// The same ramp through ForceSketch: width force/4.17 × 20, hue force/4.17.
    func testForceRampForceSketchWidthAndHueFollowThePressure() throws {
        let t = try trace()
        for label in forceSketchLabels {
            for (end, ink) in elements(try ink("force-ramp", label, in: t)) {
                let p = (end.x - 100) / 100 / SyntheticTraceGenerator.pencilMaximumForce
                XCTAssertEqual(ink.width, 20 * p, accuracy: 1e-4, "\(label) at x = \(end.x)")
                let expected = InkColor(hue: p, saturation: 1, brightness: 1)
                XCTAssertEqual(ink.color.red, expected.red, accuracy: 1e-4, label)
                XCTAssertEqual(ink.color.green, expected.green, accuracy: 1e-4, label)
                XCTAssertEqual(ink.color.blue, expected.blue, accuracy: 1e-4, label)
            }
        }
    }

    /// Pencil at altitude 0.25 (below π/6), force 2.5: moving at right angles to the azimuth
    /// shades 65 wide, along it 5 wide; opacity force/5 = 0.5 both.
    func testTiltedPencilShadesSixtyFiveAcrossTheAzimuthAndFiveAlongIt() throws {
        let t = try trace()
        for label in scribbleLabels {
            for (id, width) in [("shading-across", 65.0), ("shading-along", 5.0)] {
                for (_, ink) in elements(try ink(id, label, in: t), linesOnly: true) {
                    XCTAssertEqual(ink.width, width, accuracy: 1e-9, "\(label) \(id)")
                    XCTAssertEqual(ink.opacity, 0.5, accuracy: 1e-12, "\(label) \(id)")
                    XCTAssertEqual(ink.blend, .normal, "\(label) \(id)")
                }
            }
        }
    }

    /// A finger with contact radius 30 is Scribble's eraser: width 15, erase blend; ForceSketch
    /// has no force data for it: width 10, grey.
    func testFingerEraserIsFifteenWideAndErasesAndIsGreyInForceSketch() throws {
        let t = try trace()
        for label in scribbleLabels {
            for (_, ink) in elements(try ink("eraser", label, in: t)) {
                XCTAssertEqual(ink.width, 15, label)
                XCTAssertEqual(ink.blend, .erase, label)
            }
        }
        for label in forceSketchLabels {
            for (_, ink) in elements(try ink("eraser", label, in: t)) {
                XCTAssertEqual(ink.width, 10, label)
                // Grey 0.5; a colour parameter passes through its hex form (80 = 128/255) when a label sets it.
                for c in [ink.color.red, ink.color.green, ink.color.blue] { XCTAssertEqual(c, 0.5, accuracy: 1.0 / 255, label) }
                XCTAssertEqual(ink.blend, .normal, label)
            }
        }
        // The eraser crosses the three pencil strokes drawn before it.
        let eraser = try XCTUnwrap(t.strokes.first { $0.id == "eraser" }).samples.map(\.location)
        func crosses(y: Double) -> Bool { eraser.contains { abs($0.y - y) < 1 && $0.x > 100 && $0.x < 500 } }
        XCTAssertTrue(crosses(y: 100) && crosses(y: 200), "crosses the force ramp and the along-shading stroke")
        XCTAssertTrue(eraser.contains { abs($0.x - 600) < 1 && $0.y > 60 && $0.y < 460 }, "crosses the across-shading stroke")
    }

    /// 3D Touch at a third of max force 6.67: hue 120° (green), width 6.67; Scribble erases
    /// with its first eraser (no contact radius: width 20).
    func testThreeDTouchAtAThirdOfMaximumForceIsGreenAndSixPointSixSevenWide() throws {
        let t = try trace()
        for label in forceSketchLabels {
            for (_, ink) in elements(try ink("3d-touch", label, in: t)) {
                let hsb = ink.color.hsb
                XCTAssertEqual(hsb.hue * 360, 120, accuracy: 1e-4, label)
                XCTAssertEqual(hsb.saturation, 1, accuracy: 1e-12, label)
                XCTAssertEqual(hsb.brightness, 1, accuracy: 1e-12, label)
                XCTAssertEqual(ink.width, 20.0 / 3, accuracy: 1e-5, label)
            }
        }
        for label in scribbleLabels {
            for (_, ink) in elements(try ink("3d-touch", label, in: t)) {
                XCTAssertEqual(ink.width, 20, label)
                XCTAssertEqual(ink.blend, .erase, label)
            }
        }
    }

    /// 3D Touch force 0 → 6.67: ForceSketch's width 0 → 20 and hue 0 → 1 along the line.
    func testThreeDTouchRampSweepsTheHueCircleAndWidthZeroToTwenty() throws {
        let t = try trace()
        for label in forceSketchLabels {
            var hues: Set<Int> = []
            for (end, ink) in elements(try ink("3d-touch-ramp", label, in: t)) {
                let p = (end.x - 100) / 400
                XCTAssertEqual(ink.width, 20 * p, accuracy: 1e-4, "\(label) at x = \(end.x)")
                let expected = InkColor(hue: p, saturation: 1, brightness: 1)
                XCTAssertEqual(ink.color.red, expected.red, accuracy: 1e-4, label)
                XCTAssertEqual(ink.color.green, expected.green, accuracy: 1e-4, label)
                XCTAssertEqual(ink.color.blue, expected.blue, accuracy: 1e-4, label)
                hues.insert(Int(ink.color.hsb.hue * 6))
            }
            XCTAssertEqual(hues, Set(0..<6), "\(label): every sector of the hue circle")
        }
    }

    /// The brush presets reproduce the dedicated stages on every element of every stroke.
    func testBrushPresetsAgreeWithTheDedicatedStylesOnEveryStyleStroke() throws {
        let t = try trace()
        for (dedicated, brush) in [(scribbleLabels[0], scribbleLabels[1]), (forceSketchLabels[0], forceSketchLabels[1])] {
            for stroke in t.strokes {
                let a = try ink(stroke.id, dedicated, in: t), b = try ink(stroke.id, brush, in: t)
                XCTAssertEqual(a.elements, b.elements, "\(stroke.id)")
                XCTAssertEqual(a.count, b.count, "\(stroke.id) \(brush)")
                for (x, y) in zip(a.attributes, b.attributes) {
                    assertClose(y, x, tolerance: 1e-12, "\(stroke.id) \(brush)")
                }
            }
        }
    }
}
