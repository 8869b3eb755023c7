import StrokeCore
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// How the pipeline chains styles, on recorded strokes: the ink a style is given (the base ink,
/// or a builder's own), a style that refines it, one that replaces it, and the outline maker's
/// ink folded into one value. A replay styles the whole stroke once at its end, a live stroke
/// each event's newly committed elements; both must give the same bits, and the known answer.
final class StyleChainRealDataTests: XCTestCase {
    /// Halves the width it is given and keeps the rest of the ink: a style that refines the ink
    /// before it (every registered style replaces it), so the pipeline must start it from the
    /// base ink or the builder's own.
    private struct HalfWidth: StyleStage {
        static let kind = StageKind.style
        static let id = "half-width"
        static let summary = "halves the width it is given (test)"
        static let source = "test"
        static let behaviour: StageBehaviour = [.stylesInk]
        static let readsKinematics = false
        let parameters = NoParameters()
        init(_ parameters: NoParameters = NoParameters()) {}
        func style(_ ink: inout InkAttributes, element: PathElement, from start: Point, sample: AttributedSample,
                   previous: AttributedSample) {
            ink.width /= 2
        }
    }

    /// The shortest, the longest and the middle stroke of three recorded datasets.
    private func recordedStrokes() throws -> [(String, Stroke)] {
        let root = try SharedData.datasets("styles are chained on recorded strokes")
        var out: [(String, Stroke)] = []
        for file in ["bdalab-sample/svc_data/signal.svc", "helpinghand/Handwrittings/ChikaEnglish1.cyn",
                     "wacom-speed/ID0001-0883_20191126102804/mondat-gyors_tempoval-1.csv"] {
            let strokes = try TraceImport.load(path: root + "/" + file).flatMap(\.strokes)
            let bySize = strokes.sorted { $0.sampleCount < $1.sampleCount }
            out += [bySize.first!, bySize.last!, strokes[strokes.count / 2]].map { ("\(file) \($0.id)", $0) }
        }
        return out
    }

    /// The replay's committed ink, and the live stroke's after its last event, which must have
    /// drawn at every event what the replay recorded for that frame.
    private func ink(_ label: String, adding extra: [StageImplementation], _ stroke: Stroke,
                     file: StaticString = #filePath, line: UInt = #line) throws -> InkPath {
        let d = try PipelineDescription(parsing: label)
        let stages = d.stages.map(\.implementation) + extra
        var replayer = PipelineReplayer(input: d.input, stages: stages, baseInk: d.baseInk)
        var live = LiveStroke(input: d.input, stages: stages, baseInk: d.baseInk)
        let r = replayer.replay(stroke)
        var committed = 0
        for (k, event) in stroke.events.enumerated() {
            live.handle(event)
            let fresh = committed..<r.frames[k].committedCount
            XCTAssertTrue(InkBits.same(live.committed, fresh, r.ink, fresh), "\(label) event \(k)", file: file, line: line)
            committed = fresh.upperBound
        }
        XCTAssertEqual(InkBits.bits(live.committed), InkBits.bits(r.ink), label, file: file, line: line)
        return r.ink
    }

    private func widths(_ ink: InkPath) -> [UInt64] { ink.attributes.map(\.width.bitPattern) }

    func testARefiningStyleStartsFromTheBaseInkOrTheBuildersOwnAndAReplacingOneIgnoresIt() throws {
        let strokes = try recordedStrokes()
        var elements = 0
        for (name, stroke) in strokes {
            // From the base ink (2 pt): every element 1 wide, otherwise the base ink.
            let base = try ink("coalesced|interp:coalesced-only", adding: [.style(HalfWidth())], stroke)
            var half = InkAttributes.default
            half.width = 1
            XCTAssertTrue(base.attributes.allSatisfy { InkBits.same($0, half) }, name)
            // From signature_pad's own ink, and after scribble's: that ink, half as wide.
            for (label, before) in [("main|interp:signature-pad", []), ("coalesced|interp:linear", [StageImplementation.style(try ScribbleStyle())])] {
                let plain = try ink(label, adding: before, stroke)
                let halved = try ink(label, adding: before + [.style(HalfWidth())], stroke)
                XCTAssertEqual(widths(halved), plain.attributes.map { ($0.width / 2).bitPattern }, "\(label) on \(name)")
                XCTAssertEqual(halved.attributes.map(\.color), plain.attributes.map(\.color), "\(label) on \(name)")
                XCTAssertEqual(halved.elements, plain.elements, "\(label) on \(name)")
                elements += plain.count
            }
            // Scribble after it replaces it: scribble's ink alone.
            let scribble = try ink("coalesced|interp:linear|style:scribble", adding: [], stroke)
            let after = try ink("coalesced|interp:linear", adding: [.style(HalfWidth()), .style(try ScribbleStyle())], stroke)
            XCTAssertEqual(InkBits.bits(after), InkBits.bits(scribble), name)
        }
        XCTAssertGreaterThan(elements, 500)
    }

    func testScribbleAndForceSketchBufferPassesGiveRecordedStrokesTheBitsOfTheirElementRule() throws {
        // Each recorded sample ends a segment from the one before (a repeated sample is a
        // zero-length segment): the one-pass buffer each style runs against its one-element rule
        // applied as the protocol's default does.
        var elements = 0
        for (name, stroke) in try recordedStrokes() {
            let samples = stroke.samples.map { AttributedSample($0) }
            let path: [PathElement] = samples.enumerated().map { i, s in i == 0 ? .move(to: s.location) : .line(to: s.location) }
            for style in [try ScribbleStyle(), try ForceSketchStyle()] as [any StyleStage] {
                var expected: [InkAttributes] = []
                var current: Point? = nil
                for (e, s) in zip(path, samples) {
                    var ink = InkAttributes.default
                    style.style(&ink, element: e, from: e.isMove ? e.endPoint : (current ?? e.endPoint), sample: s, previous: s)
                    expected.append(ink)
                    current = e.endPoint
                }
                var got = [InkAttributes](repeating: .default, count: samples.count)
                path.withUnsafeBufferPointer { e in
                    samples.withUnsafeBufferPointer { s in
                        got.withUnsafeMutableBufferPointer { style.style($0, elements: e, samples: s, start: nil, previous: nil) }
                    }
                }
                XCTAssertEqual(got.map { InkBits.bits($0) }, expected.map { InkBits.bits($0) }, "\(type(of: style).id) on \(name)")
                elements += got.count
            }
        }
        XCTAssertGreaterThan(elements, 1000)
    }

    func testPerfectFreehandsInkIsFoldedIntoOneValueAndIsWhatItGivesEachElement() throws {
        let style = try PerfectFreehandStyle()
        var each = InkAttributes.default
        style.style(&each, element: .line(to: Point(x: 1, y: 2)), from: .zero,
                    sample: AttributedSample(time: 0, location: .zero), previous: AttributedSample(time: 0, location: .zero))
        XCTAssertEqual(style.uniformInk(after: .default), each)
        for (name, stroke) in try recordedStrokes() {
            let folded = try ink("coalesced|interp:linear(tail=complete)|style:perfect-freehand", adding: [], stroke)
            XCTAssertEqual(folded.attributes.uniformValue.map(InkBits.bits), InkBits.bits(each), name)
            // After scribble (element by element) it is applied to each element: the same ink.
            let perElement = try ink("coalesced|interp:linear(tail=complete)|style:scribble|style:perfect-freehand", adding: [], stroke)
            XCTAssertNil(perElement.attributes.uniformValue, name)
            XCTAssertEqual(InkBits.bits(perElement), InkBits.bits(folded), name)
        }
    }
}
