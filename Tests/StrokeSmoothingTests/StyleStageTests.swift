import RealModule
import StrokeCore
import StrokeTestSupport
import XCTest
@testable import StrokeSmoothing

/// Known answers from the seeds' formulas (seed digest §B and §C), and the brush presets'
/// agreement with the dedicated stages.
final class StyleStageTests: XCTestCase {
    private let scribble = try! ScribbleStyle()
    private let forceSketch = try! ForceSketchStyle()

    /// The ink of a segment from `start` to `end` whose end sample is `sample`.
    private func ink<S: StyleStage>(_ style: S, from start: Point = Point(x: 0, y: 0), to end: Point = Point(x: 10, y: 0),
                                    _ sample: AttributedSample) -> InkAttributes {
        var a = InkAttributes.default
        var s = sample
        s.location = end
        style.style(&a, element: .line(to: end), from: start, sample: s, previous: s)
        return a
    }

    private func stylus(force: Double = 0, altitude: Double = .pi / 2, azimuth: Double = 0) -> AttributedSample {
        AttributedSample(time: 0, location: .zero, force: force, maximumPossibleForce: 4.17, altitude: altitude,
                         azimuth: azimuth, kind: .stylus)
    }

    func testScribbleUprightWidthIsForceTimesFourOrSixWithoutForce() {
        XCTAssertEqual(ink(scribble, stylus(force: 1.5)).width, 6.0, accuracy: 1e-12)
        XCTAssertEqual(ink(scribble, stylus(force: 1.5)).opacity, 1)
        XCTAssertEqual(ink(scribble, stylus(force: 0)).width, 6, "force 0 (unknown): defaultLineWidth")
        XCTAssertEqual(ink(scribble, stylus(force: 0.5)).width, 2.0, accuracy: 1e-12)
    }

    func testScribbleShadingAcrossTheAzimuthIsWidestAndAlongItNarrowest() {
        // Segment along +x; azimuth along +y: perpendicular → angle π/2 → 60·1·a + 5 with
        // altitude 0.25 (a = 1) → 65, opacity force/5.
        let across = ink(scribble, stylus(force: 2, altitude: 0.25, azimuth: .pi / 2))
        XCTAssertEqual(across.width, 65, accuracy: 1e-12)
        XCTAssertEqual(across.opacity, 2.0 / 5, accuracy: 1e-12)
        // Parallel (and antiparallel, folded) → angle 0 → 5.
        XCTAssertEqual(ink(scribble, stylus(force: 2, altitude: 0.25, azimuth: 0)).width, 5, accuracy: 1e-12)
        XCTAssertEqual(ink(scribble, stylus(force: 2, altitude: 0.25, azimuth: .pi)).width, 5, accuracy: 1e-12)
        // Below 0.25 the altitude counts as 0.25.
        XCTAssertEqual(ink(scribble, stylus(force: 2, altitude: 0.1, azimuth: .pi / 2)).width, 65, accuracy: 1e-12)
        // Halfway between 0.25 and π/6 in altitude: normalised altitude ½ → 35.
        let mid = (0.25 + Double.pi / 6) / 2
        XCTAssertEqual(ink(scribble, stylus(force: 2, altitude: mid, azimuth: .pi / 2)).width, 35, accuracy: 1e-9)
    }

    func testScribbleAltitudeExactlyAtTheThresholdDoesNotShade() {
        let a = ink(scribble, stylus(force: 1, altitude: .pi / 6, azimuth: .pi / 2))
        XCTAssertEqual(a.width, 4, accuracy: 1e-12, "π/6 is not below the threshold: force × 4")
        XCTAssertEqual(a.opacity, 1)
    }

    func testScribbleFingerErasesWithHalfItsRadius() {
        var finger = AttributedSample(time: 0, location: .zero, majorRadius: 30, kind: .finger)
        let a = ink(scribble, finger)
        XCTAssertEqual(a.width, 15)
        XCTAssertEqual(a.blend, .erase)
        finger.majorRadius = 0
        XCTAssertEqual(ink(scribble, finger).width, 20, "no contact radius recorded: the tutorial's first eraser, 20")
        XCTAssertEqual(ink(scribble, AttributedSample(time: 0, location: .zero, kind: .mouse)).blend, .erase,
                       "the seed erases with any non-stylus touch")
    }

    func testForceSketchThirdOfMaximumIsGreenAndSixPointSixSevenWide() {
        let s = AttributedSample(time: 0, location: .zero, force: 6.67 / 3, maximumPossibleForce: 6.67)
        let a = ink(forceSketch, s)
        XCTAssertEqual(a.width, 20.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(a.color.red, 0, accuracy: 1e-12)
        XCTAssertEqual(a.color.green, 1, accuracy: 1e-12)
        XCTAssertEqual(a.color.blue, 0, accuracy: 1e-12)
        XCTAssertEqual(a.color.hsb.hue * 360, 120, accuracy: 1e-9)
        // Lightest touch red, two thirds blue, full force red again.
        XCTAssertEqual(ink(forceSketch, AttributedSample(time: 0, location: .zero, force: 0.001, maximumPossibleForce: 1)).color.red, 1, accuracy: 1e-2)
        XCTAssertEqual(ink(forceSketch, AttributedSample(time: 0, location: .zero, force: 2, maximumPossibleForce: 3)).color.blue, 1, accuracy: 1e-12)
        XCTAssertEqual(ink(forceSketch, AttributedSample(time: 0, location: .zero, force: 3, maximumPossibleForce: 3)).color,
                       InkColor(red: 1, green: 0, blue: 0))
    }

    func testForceSketchWithoutForceDataIsTenWideAndGrey() {
        let a = ink(forceSketch, AttributedSample(time: 0, location: .zero, force: 0.7))
        XCTAssertEqual(a.width, 10)
        XCTAssertEqual(a.color, .grey)
    }

    /// Brush presets of both seed styles agree with the dedicated stages to 1e-12 over a grid
    /// of kinds, forces, altitudes, azimuths, radii and segment directions.
    func testBrushPresetsAgreeWithTheDedicatedStages() throws {
        let scribbleBrush = try BrushStyle(BrushStyle.Parameters(preset: .scribble))
        let sketchBrush = try BrushStyle(BrushStyle.Parameters(preset: .forcesketch))
        var compared = 0
        for kind in TouchKind.allCases {
            for force in [0, 0.3, 1, 2.5, 4.17, 6.5] {
                for maxForce in [0, 4.17, 6.67] {
                    for altitude in [0.05, 0.25, 0.4, Double.pi / 6, 1.0, Double.pi / 2] {
                        for azimuth in [-2.0, 0, 0.7, Double.pi / 2, 3.0] {
                            for radius in [0, 12.5, 44] {
                                for direction in [0, 1.1, 2.9, -1.7] {
                                    let end = Point(x: 10 * Double.cos(direction), y: 10 * Double.sin(direction))
                                    let s = AttributedSample(time: 0.5, location: end, force: force, maximumPossibleForce: maxForce,
                                                             altitude: altitude, azimuth: azimuth, majorRadius: radius, kind: kind)
                                    for (brush, dedicated) in [(scribbleBrush, ink(scribble, to: end, s)),
                                                               (sketchBrush, ink(forceSketch, to: end, s))] {
                                        let b: InkAttributes = ink(brush, to: end, s)
                                        assertClose(b, dedicated, tolerance: 1e-12, "\(s)")
                                        compared += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
    }

    func testBrushBehavioursMapThroughTheirCurvesInOrder() throws {
        var p = BrushStyle.Parameters()
        p.width = 4
        p.behaviors[0] = try BrushBehavior(parsing: "speed:0:100:linear:width:1:0.5", parameter: "b1")       // × 1…0.5
        p.behaviors[1] = try BrushBehavior(parsing: "none:0:1:linear:width:1:1:add", parameter: "b2")       // + 1
        p.behaviors[2] = try BrushBehavior(parsing: "time:0:1:ease-in:opacity:0:1:set", parameter: "b3")
        var brush = try BrushStyle(p)
        brush.begin(AttributedSample(time: 10, location: .zero))
        var s = AttributedSample(time: 10.5, location: .zero, speed: 50)
        XCTAssertEqual(ink(brush, s).width, 4 * 0.75 + 1, accuracy: 1e-12)
        XCTAssertEqual(ink(brush, s).opacity, ResponseCurve.easeIn(0.5), accuracy: 1e-12)
        s.speed = 1000
        XCTAssertEqual(ink(brush, s).width, 4 * 0.5 + 1, accuracy: 1e-12, "inputs are clamped to their range")
    }

    func testResponseCurvesAreCSSTimingFunctions() {
        for c in ResponseCurve.allCases {
            XCTAssertEqual(c(0), 0, accuracy: 1e-12)
            XCTAssertEqual(c(1), 1, accuracy: 1e-12)
        }
        XCTAssertLessThan(ResponseCurve.easeIn(0.5), 0.5)
        XCTAssertGreaterThan(ResponseCurve.easeOut(0.5), 0.5)
        XCTAssertEqual(ResponseCurve.easeInOut(0.5), 0.5, accuracy: 1e-9, "symmetric")
        // CSS ease-in at x = 0.5 (cubic-bezier(0.42, 0, 1, 1)): y ≈ 0.3153.
        XCTAssertEqual(ResponseCurve.easeIn(0.5), 0.3153, accuracy: 1e-3)
    }

    func testBehaviourTextRoundTripsAndBadTextIsAOneLineError() throws {
        let b = try BrushBehavior(parsing: "tilt-direction:0:1.5:ease-out:width:0:60:set:stylus+tilted", parameter: "b1")
        XCTAssertEqual(try BrushBehavior(parsing: b.text, parameter: "b1"), b)
        for bad in ["pressure", "nope:0:1:linear:width:0:1", "pressure:0:0:linear:width:0:1", "pressure:0:1:wobbly:width:0:1",
                    "pressure:0:1:linear:size:0:1", "pressure:0:1:linear:width:0:1:times", "pressure:0:1:linear:width:0:1:set:upsidedown",
                    "pressure:0:nan:linear:width:0:1", "pressure:0:1e300:linear:width:0:1"] {
            XCTAssertThrowsError(try BrushBehavior(parsing: bad, parameter: "b1"), bad) { error in
                XCTAssertFalse("\(error)".contains("\n"))
                XCTAssertTrue("\(error)".hasPrefix("b1 "), "\(error)")
            }
        }
    }

    func testBrushLabelsResolveWithPresetsRefinedByLaterParameters() throws {
        let d = try PipelineDescription(parsing: "coalesced|interp:coalesced-only|style:brush(preset=forcesketch,width=12)")
        let style = d.stages(of: .style)[0]
        XCTAssertEqual(style.parameters["preset"], .choice("forcesketch"))
        XCTAssertEqual(style.parameters["width"], .number(12))
        XCTAssertEqual(style.parameters["b1"], .choice("pressure:0:1:linear:width:0:20:set:has-max-force"))
        // The canonical label reads back to the same parameters.
        XCTAssertEqual(try PipelineDescription(parsing: d.canonical).canonical, d.canonical)
        XCTAssertThrowsError(try PipelineDescription(parsing: "linear|style:brush(b3=pressure:0:1)")) { error in
            XCTAssertTrue("\(error)".contains("style:brush: b3 has 3 fields"), "\(error)")
        }
    }

    func testColoursConvertBetweenRGBAndHSBAndParse() {
        for (h, expected) in [(0.0, InkColor(red: 1, green: 0, blue: 0)), (1.0 / 3, InkColor(red: 0, green: 1, blue: 0)),
                              (2.0 / 3, InkColor(red: 0, green: 0, blue: 1)), (1.0, InkColor(red: 1, green: 0, blue: 0))] {
            let c = InkColor(hue: h, saturation: 1, brightness: 1)
            XCTAssertEqual(c.red, expected.red, accuracy: 1e-12)
            XCTAssertEqual(c.green, expected.green, accuracy: 1e-12)
            XCTAssertEqual(c.blue, expected.blue, accuracy: 1e-12)
        }
        let g = InkColor.graphite.hsb
        let back = InkColor(hue: g.hue, saturation: g.saturation, brightness: g.brightness)
        XCTAssertEqual(back.red, InkColor.graphite.red, accuracy: 1e-12)
        XCTAssertEqual(back.blue, InkColor.graphite.blue, accuracy: 1e-12)
        XCTAssertEqual(InkColor(parsing: "#ff8000")?.hex, "ff8000")
        XCTAssertEqual(InkColor(parsing: "GREY"), .grey)
        XCTAssertNil(InkColor(parsing: "fff"))
        XCTAssertNil(InkColor(parsing: "zzzzzz"))
    }

    func testNamedColoursSurviveTheLabelExactly() throws {
        // A label prints a named colour by name, so grey stays 0.5 (its hex, 808080, reads
        // back as 128/255) and graphite stays (0.25, 0.25, 0.27).
        XCTAssertEqual(InkColor.grey.label, "grey")
        XCTAssertEqual(InkColor.graphite.label, "graphite")
        XCTAssertEqual(InkColor(parsing: "gray"), .grey)
        XCTAssertEqual(InkColor(red: 0.3, green: 0.3, blue: 0.3).label, "4d4d4d")
        let d = try PipelineDescription(parsing: "coalesced|style:forcesketch")
        XCTAssertTrue(d.canonical.hasSuffix("style:forcesketch(maxWidth=20,fallbackWidth=10,fallbackColor=grey)"), d.canonical)
        let again = try PipelineDescription(parsing: d.canonical)
        var replayer = again.makeReplayer()
        let noForce = Stroke(id: "s", kind: .stylus, events: [
            TouchEvent(phase: .began, samples: [TouchSample(time: 0, location: Point(x: 0, y: 0), kind: .stylus)]),
            TouchEvent(phase: .ended, samples: [TouchSample(time: 0.01, location: Point(x: 5, y: 0), kind: .stylus)]),
        ])
        let ink = replayer.replay(noForce, options: ReplayOptions()).ink
        XCTAssertEqual(ink.attributes.last?.color, .grey)
        XCTAssertEqual(ink.attributes.last?.width, 10)
    }

    /// The HSB conversion as it was written before its sector was found by comparisons: a
    /// checked conversion to Int and a switch (the oracle of the next test).
    private func hsbBySwitch(_ h: Double, _ s0: Double, _ v0: Double) -> [UInt64] {
        var hue = h
        if !(hue >= 0 && hue < 1) {
            hue = h.isFinite ? h - h.rounded(.down) : 0
            if hue >= 1 { hue = 0 }
        }
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }
        let s = unit(s0), v = unit(v0)
        let scaled = hue * 6
        let sector = Swift.min(Int(scaled), 5)
        let f = scaled - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: [Double]
        switch sector {
        case 0: rgb = [v, t, p]
        case 1: rgb = [q, v, p]
        case 2: rgb = [p, v, t]
        case 3: rgb = [p, q, v]
        case 4: rgb = [t, p, v]
        default: rgb = [v, p, q]
        }
        return rgb.map(\.bitPattern)
    }

    func testHueSectorsFoundByComparisonGiveTheBitsOfTheCheckedConversion() {
        // Every sector's bounds and their neighbouring doubles, hues that wrap, NaN and
        // infinities, and a fine grid; at the saturations and brightnesses styles use and others.
        var hues: [Double] = [0, -0.0, 1, -1, 2.5, -0.25, .nan, .infinity, -.infinity, 1.0.nextDown, Double.ulpOfOne,
                              .leastNonzeroMagnitude, 1e300, -1e-300]
        for k in 0...6 {
            let b = Double(k) / 6
            hues += [b, b.nextUp, b.nextDown, b.nextDown.nextDown, b.nextUp.nextUp]
        }
        hues += (0..<20_000).map { Double($0) / 20_000 }
        var compared = 0
        for h in hues {
            for (s, v) in [(1.0, 1.0), (0.5, 0.8), (0.0, 1.0), (1.0, 0.0), (2.0, -1.0), (Double.nan, 0.3)] {
                let c = InkColor(hue: h, saturation: s, brightness: v)
                XCTAssertEqual([c.red.bitPattern, c.green.bitPattern, c.blue.bitPattern], hsbBySwitch(h, s, v), "hue \(h) s \(s) v \(v)")
                compared += 1
            }
        }
        XCTAssertEqual(compared, hues.count * 6)
    }

    /// Hostile samples for the styles' one-pass buffers: forces at, below and beyond their
    /// maximum, signed zeros, NaN and infinities, every kind of touch, tilted and upright,
    /// with and without a contact radius.
    private func hostileSamples() -> [AttributedSample] {
        var out: [AttributedSample] = []
        let forces: [Double] = [0, -0.0, 1e-300, 0.3, 4.17, 4.17.nextDown, 5, 7, -1, .nan, .infinity]
        let maxima: [Double] = [4.17, 0, -1, .nan, .infinity, Double.leastNormalMagnitude / 4]
        var t = 0.0
        for (i, f) in forces.enumerated() {
            for (j, m) in maxima.enumerated() {
                for kind in TouchKind.allCases {
                    for altitude in [Double.pi / 2, 0.1, Double.pi / 6, 0.25, -0.5, .nan] {
                        let radius = [0, 3, -2, Double.nan, Double.leastNonzeroMagnitude * 3][(i + j) % 5]
                        let azimuth = [0, 2.5, -7, Double.pi][(i + j + out.count) % 4]
                        t += 0.004
                        out.append(AttributedSample(time: t, location: Point(x: Double(out.count % 7) * 1.5, y: Double((out.count * 3) % 5)),
                                                    force: f, maximumPossibleForce: m, altitude: altitude, azimuth: azimuth,
                                                    majorRadius: radius, kind: kind))
                    }
                }
            }
        }
        return out
    }

    /// The buffer pass of `style` against its one-element rule applied as the protocol's
    /// default does, element by element, bit for bit.
    private func assertBufferPassIsTheElementRule<S: StyleStage>(_ style: S, start: Point?, file: StaticString = #filePath,
                                                                line: UInt = #line) {
        let samples = hostileSamples()
        // A move now and then (its ink is where the next segment's starts), repeated points.
        let elements: [PathElement] = samples.enumerated().map { i, s in i % 37 == 0 ? .move(to: s.location) : .line(to: s.location) }
        var expected: [InkAttributes] = []
        var current = start
        for (e, s) in zip(elements, samples) {
            var ink = InkAttributes.default
            style.style(&ink, element: e, from: e.isMove ? e.endPoint : (current ?? e.endPoint), sample: s, previous: s)
            expected.append(ink)
            current = e.endPoint
        }
        var got = [InkAttributes](repeating: InkAttributes(width: 99), count: samples.count)
        elements.withUnsafeBufferPointer { e in
            samples.withUnsafeBufferPointer { s in
                got.withUnsafeMutableBufferPointer { style.style($0, elements: e, samples: s, start: start, previous: nil) }
            }
        }
        XCTAssertEqual(got.map(InkBits.bits), expected.map(InkBits.bits), file: file, line: line)
        XCTAssertGreaterThan(samples.count, 1000, file: file, line: line)
    }

    func testForceSketchAndScribbleBufferPassesGiveEachElementTheBitsOfTheirElementRule() throws {
        for start in [nil, Point(x: -3, y: 4)] {
            assertBufferPassIsTheElementRule(forceSketch, start: start)
            assertBufferPassIsTheElementRule(scribble, start: start)
            var noEraser = ScribbleStyle.Parameters()
            noEraser.eraser = false
            assertBufferPassIsTheElementRule(try ScribbleStyle(noEraser), start: start)
            var p = ForceSketchStyle.Parameters()
            p.maxWidth = 0
            assertBufferPassIsTheElementRule(try ForceSketchStyle(p), start: start)
        }
    }

    func testTheAzimuthIsBroughtIntoMinusPiToPiAsAtan2OfItsSineAndCosineGivesIt() {
        for a in [0.0, 1.3, -1.3, Double.pi, -Double.pi, 3.5, 2 * Double.pi - 1e-9, 7.0, -7.0, 100.0, -100.0] {
            let expected = Double.atan2(y: Double.sin(a), x: Double.cos(a))
            let got = ScribbleStyle.principalAngle(a)
            // Exactly a within [−π, π]; beyond, off by the turns times 2π's rounding (2.4e-16).
            let turns = (abs(a) / (2 * Double.pi)).rounded(.up)
            XCTAssertEqual(got, expected, accuracy: (turns + 1) * 4 * Double.pi.ulp, "azimuth \(a)")
            XCTAssertTrue(got >= -Double.pi && got <= Double.pi, "azimuth \(a) → \(got)")
        }
        XCTAssertTrue(ScribbleStyle.principalAngle(.infinity).isNaN)
        // Folded angles agree with the seed's two-atan2 form on every quadrant.
        for az in stride(from: -7.0, through: 7.0, by: 0.37) {
            for dir in stride(from: -3.1, through: 3.1, by: 0.29) {
                let v = Vector(dx: Double.cos(dir), dy: Double.sin(dir))
                var seed = abs(Double.atan2(y: v.dy, x: v.dx) - Double.atan2(y: Double.sin(az), x: Double.cos(az)))
                if seed > Double.pi { seed = 2 * Double.pi - seed }
                if seed > Double.pi / 2 { seed = Double.pi - seed }
                XCTAssertEqual(ScribbleStyle.foldedAngle(chord: v, azimuth: az), seed, accuracy: 8 * Double.pi.ulp)
            }
        }
    }

    func testStylesWithoutForceOrTiltChannelsFallBackAsTheSeedsDo() throws {
        // A mouse-like trace: no force, no tilt, stylus kind.
        let plain = AttributedSample(time: 0, location: .zero)
        XCTAssertEqual(ink(scribble, plain).width, 6)
        XCTAssertEqual(ink(scribble, plain).blend, .normal)
        XCTAssertEqual(ink(forceSketch, plain).width, 10)
        let stroke = KnownAnswerStrokes.oneSamplePerEvent(KnownAnswerStrokes.circlePoints(radius: 20, perRevolution: 30, count: 31))
        for label in ["coalesced|interp:coalesced-only|style:scribble", "coalesced|interp:coalesced-only|style:forcesketch",
                      "midpoint-bezier(tail=complete)|style:brush(preset=scribble)"] {
            let r = try TestStrokes.replay(stroke, label)
            XCTAssertFalse(r.ink.isEmpty, label)
            XCTAssertTrue(r.ink.attributes.allSatisfy { $0.width.isFinite && $0.width > 0 }, label)
        }
    }

    func testUniformStylesRecordTheSameInkAsStylingEveryElementButStoreItOnce() throws {
        // Constant ink alone is folded into one value per stroke; after scribble (which reads
        // every element) the same constant is applied element by element. Both must show the
        // same ink in every frame: committed, provisional and predicted.
        var points: [Point] = []
        for i in 0..<40 { points.append(Point(x: Double(i) * 3, y: 20 * Double.sin(Double(i) / 5))) }
        var events: [TouchEvent] = []
        for (i, p) in points.enumerated() {
            let sample = TouchSample(time: Double(i) / 60, location: p, force: 1, kind: .stylus)
            events.append(TouchEvent(phase: i == 0 ? .began : (i == points.count - 1 ? .ended : .moved), samples: [sample]))
        }
        let stroke = Stroke(id: "uniform", events: events)
        let base = "main|interp:midpoint-bezier(tail=complete)|predict:linear"
        let constant = "style:constant(width=5,opacity=0.5,color=#ff0000)"
        func replay(_ label: String) throws -> StrokeReplay {
            var r = try PipelineDescription(parsing: label).makeReplayer()
            return r.replay(stroke, options: ReplayOptions())
        }
        let folded = try replay(base + "|" + constant)
        let perElement = try replay(base + "|style:scribble|" + constant)
        let brush = try replay(base + "|style:brush(width=5,opacity=0.5,color=#ff0000)")
        XCTAssertEqual(folded.ink.attributes.uniformValue, InkAttributes(width: 5, opacity: 0.5, color: InkColor(red: 1, green: 0, blue: 0)))
        XCTAssertNil(perElement.ink.attributes.uniformValue)
        XCTAssertGreaterThan(folded.ink.count, 10)
        XCTAssertGreaterThan(folded.provisional.count, 0)
        XCTAssertGreaterThan(folded.predictedInk.count, 0)
        XCTAssertEqual(folded.frames, perElement.frames)
        for k in folded.frames.indices { XCTAssertEqual(folded.ink(at: k), perElement.ink(at: k), "frame \(k)") }
        XCTAssertEqual(brush.ink, folded.ink, "a brush without behaviours is its base ink everywhere")
        XCTAssertEqual(brush.ink.attributes.uniformValue, folded.ink.attributes.uniformValue)
    }
}
