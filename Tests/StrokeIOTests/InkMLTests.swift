import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

final class InkMLTests: XCTestCase {
    func decode(_ text: String, options: ImportOptions = ImportOptions()) throws -> ImportReport {
        try InkMLReader.decode(Array(text.utf8), file: "fixture.inkml", options: options)
    }

    /// A file as another producer might write it: channels in an unusual order (T F Y X OTy
    /// OTx), millisecond timestamps relative to `<timestamp>`s through `respectTo`, one anchor
    /// defined from another by `timestampRef` + `timeOffset`, first-difference encoding with
    /// the `!` explicit prefix, F normalised by its declared max, tilt in degrees, a hover
    /// (penUp) trace between the strokes, and everything inside a `<traceGroup>`.
    static let otherProducer = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ink xmlns="http://www.w3.org/2003/InkML">
          <definitions>
            <timestamp xml:id="ts0" time="1700000000000"/>
            <timestamp xml:id="ts1" timestampRef="#ts0" timeOffset="2500"/>
            <traceFormat xml:id="fmtA">
              <channel name="T" type="integer" units="ms" respectTo="#ts0"/>
              <channel name="F" type="integer" max="1023"/>
              <channel name="Y" type="decimal" units="mm"/>
              <channel name="X" type="decimal" units="mm"/>
              <channel name="OTy" type="integer" units="deg"/>
              <channel name="OTx" type="integer" units="deg"/>
            </traceFormat>
            <traceFormat xml:id="fmtB">
              <channel name="T" type="integer" units="ms" respectTo="#ts1"/>
              <channel name="F" type="integer" max="1023"/>
              <channel name="Y" type="decimal" units="mm"/>
              <channel name="X" type="decimal" units="mm"/>
              <channel name="OTy" type="integer" units="deg"/>
              <channel name="OTx" type="integer" units="deg"/>
            </traceFormat>
            <inkSource xml:id="pen" manufacturer="Acme" model="Slate 2">
              <sampleRate uniform="true" value="100"/>
            </inkSource>
            <context xml:id="ctxA" inkSourceRef="#pen" traceFormatRef="#fmtA"/>
            <context xml:id="ctxB" contextRef="#ctxA" traceFormatRef="#fmtB"/>
          </definitions>
          <traceGroup contextRef="#ctxA">
            <trace xml:id="first">
              0 512 20 10 0 30,
              '10 '-2 '0.5 '1 '0 '0,
              10 -2 0.5 1 0 0,
              !30 !500 !22 !13 !5 !30
            </trace>
            <trace type="penUp">40 0 23 14 0 0, '10 '0 '1 '1 '0 '0</trace>
            <trace xml:id="second" contextRef="#ctxB">0 1023 30 40 0 0, '8 '0 '1 '1 '0 '0</trace>
          </traceGroup>
        </ink>
        """

    func testInkMLFromAnotherProducerImportsWithChannelOrderTimestampsAndDifferences() throws {
        let report = try decode(Self.otherProducer)
        let trace = report.traces[0]
        TestSupport.assertWellFormed(trace)
        XCTAssertEqual(trace.strokes.map(\.id), ["first", "second"], "the penUp trace is hover, not a stroke")
        XCTAssertEqual(trace.metadata.units, .mm)
        XCTAssertEqual(trace.metadata.millimetresPerUnit, 1)
        XCTAssertEqual(trace.metadata.device, "Acme Slate 2")
        XCTAssertFalse(trace.metadata.resampled)
        XCTAssertEqual(trace.metadata.sampleRateHz, 100, "median in-stroke interval 10 ms")
        XCTAssertEqual(trace.strokes[0].channels, [.t, .force, .maxForce, .y, .x, .altitude, .azimuth])

        let a = trace.strokes[0].samples
        XCTAssertEqual(a.map(\.time), [0, 0.01, 0.02, 0.03])
        XCTAssertEqual(a.map(\.location.x), [10, 11, 12, 13], "first differences accumulate; '!' switches back to explicit")
        XCTAssertEqual(a.map(\.location.y), [20, 20.5, 21, 22])
        let expectedForce: [Double] = [512, 510, 508, 500].map { $0 / 1023 }
        XCTAssertEqual(a.map(\.force), expectedForce, "F / max")
        XCTAssertTrue(a.allSatisfy { $0.maximumPossibleForce == 1 })
        // tiltX 30°, tiltY 0: the pen leans towards +x: altitude 60°, azimuth 0.
        XCTAssertEqual(a[0].altitude, 60 * .pi / 180, accuracy: 1e-12)
        XCTAssertEqual(a[0].azimuth, 0)
        let w3c = PenAngles.fromTilt(xDegrees: 30, yDegrees: 5)
        XCTAssertEqual(a[3].altitude, w3c.altitude)
        XCTAssertEqual(a[3].azimuth, w3c.azimuth)

        // The second stroke's T is relative to ts1 = ts0 + 2500 ms; all times are relative to ts0.
        let b = trace.strokes[1].samples
        XCTAssertEqual(b.map(\.time), [2.5, 2.508])
        XCTAssertEqual(b.map(\.location.x), [40, 41])
        XCTAssertEqual(b[0].force, 1)
    }

    func testSecondDifferencesAddTheLastVelocityAndDefaultFormatIsXY() throws {
        // No traceFormat anywhere: the spec's default X Y. Values may be glued by signs and
        // prefixes: "'1'2" is two first differences, "\"1\"0" two second differences, and a
        // prefix stays in force for its channel ("0-1 is still second order) until "!" resets it.
        let report = try decode("""
            <ink xmlns="http://www.w3.org/2003/InkML"><trace>0 0, '1'2, "0 "0, "1"0, "0-1, !3!-5</trace></ink>
            """)
        let s = report.traces[0].strokes[0].samples
        XCTAssertEqual(s.map(\.location), [Point(x: 0, y: 0), Point(x: 1, y: 2), Point(x: 2, y: 4), Point(x: 4, y: 6), Point(x: 6, y: 7), Point(x: 3, y: -5)])
        // Without T the clock is synthetic (100 Hz) and the trace says so.
        XCTAssertTrue(report.traces[0].metadata.resampled)
        XCTAssertEqual(s.map(\.time), [0, 0.01, 0.02, 0.03, 0.04, 0.05])
        XCTAssertTrue(report.notes.contains { $0.contains("synthetic") })
        XCTAssertEqual(report.traces[0].metadata.units, .px, "no units: device units of unknown size")
    }

    func testChannelOrderDoesNotChangeTheSamples() throws {
        func file(_ channels: String, _ points: String) -> String {
            """
            <ink xmlns="http://www.w3.org/2003/InkML"><traceFormat>\(channels)</traceFormat><trace>\(points)</trace></ink>
            """
        }
        let xyt = try decode(file("<channel name=\"X\"/><channel name=\"Y\"/><channel name=\"T\" units=\"s\"/>", "1 2 0, 3 4 0.5"))
        let tyx = try decode(file("<channel name=\"T\" units=\"s\"/><channel name=\"Y\"/><channel name=\"X\"/>", "0 2 1, 0.5 4 3"))
        XCTAssertEqual(xyt.traces[0].strokes[0].samples, tyx.traces[0].strokes[0].samples)
        XCTAssertEqual(xyt.traces[0].strokes[0].samples.map(\.time), [0, 0.5])
    }

    func testCROHMEStyleFileWithIdAttributesAndInkLevelTraceFormat() throws {
        let trace = try decode("""
            <ink xmlns="http://www.w3.org/2003/InkML">
            <traceFormat><channel name="X" type="decimal"/><channel name="Y" type="decimal"/></traceFormat>
            <annotation type="truth">$x^2$</annotation>
            <trace id="0">10 10, 11 12, 12 15</trace>
            <trace id="1">20 20</trace>
            </ink>
            """).traces[0]
        XCTAssertEqual(trace.strokes.map(\.id), ["0", "1"])
        XCTAssertEqual(trace.strokes[1].sampleCount, 2, "a one-point trace is a tap: began and ended carry the point")
        XCTAssertEqual(trace.strokes[1].events.map(\.phase), [.began, .ended])
        XCTAssertGreaterThan(trace.strokes[1].startTime, trace.strokes[0].endTime)
    }

    func testContinuationTracesExtendThePreviousStroke() throws {
        let trace = try decode("""
            <ink xmlns="http://www.w3.org/2003/InkML">
            <traceFormat><channel name="X"/><channel name="Y"/><channel name="T" units="ms"/></traceFormat>
            <trace xml:id="s" continuation="begin">0 0 0, 1 1 10</trace>
            <trace xml:id="s2" continuation="end" priorRef="#s">2 2 20, 3 3 30</trace>
            </ink>
            """).traces[0]
        XCTAssertEqual(trace.strokes.count, 1)
        XCTAssertEqual(trace.strokes[0].samples.map(\.location.x), [0, 1, 2, 3])
    }

    func testPhysicalUnitsAndDeviceResolutionBecomePoints() throws {
        let cm = try decode("""
            <ink xmlns="http://www.w3.org/2003/InkML"><traceFormat><channel name="X" units="cm"/><channel name="Y" units="cm"/>
            <channel name="T" units="s"/></traceFormat><trace>1 2 0, 1.5 2 0.01</trace></ink>
            """).traces[0]
        XCTAssertEqual(cm.metadata.units, .pt)
        XCTAssertEqual(cm.metadata.millimetresPerUnit, 25.4 / 132, "StrokeLab's pt: an iOS point at 132/in")
        XCTAssertEqual(cm.strokes[0].samples[0].location.x, 10 / (25.4 / 132), accuracy: 1e-12)
        XCTAssertEqual(cm.strokes[0].samples[0].location.x, 51.9685, accuracy: 1e-4, "1 cm = 51.97 pt")
        let dev = try decode("""
            <ink xmlns="http://www.w3.org/2003/InkML"><definitions><context xml:id="c">
            <inkSource xml:id="s"><traceFormat><channel name="X"/><channel name="Y"/><channel name="T" units="ms"/></traceFormat>
            <channelProperties><channelProperty channel="X" name="resolution" value="1000" units="1/cm"/></channelProperties>
            </inkSource></context></definitions>
            <trace contextRef="#c">100 200 0, 110 200 5</trace></ink>
            """).traces[0]
        XCTAssertEqual(dev.metadata.units, .pt)
        XCTAssertEqual(dev.strokes[0].samples[0].location.x, 1 / (25.4 / 132), accuracy: 1e-12, "100 units at 100/mm = 1 mm")
    }

    /// InkML's `pt` is the typographic point (1/72 in); StrokeLab's is the iOS point at 132
    /// per inch, so 1 InkML pt = 132/72 StrokeLab pt, and 72 InkML pt = 1 in = 132 pt.
    func testInkMLTypographicPointsAndInchesBecomeIOSPoints() throws {
        func firstX(_ units: String, _ value: String) throws -> (Double, TraceMetadata) {
            let t = try decode("""
                <ink xmlns="http://www.w3.org/2003/InkML"><traceFormat><channel name="X" units="\(units)"/><channel name="Y" units="\(units)"/>
                <channel name="T" units="s"/></traceFormat><trace>\(value) 0 0, 1 0 0.01</trace></ink>
                """).traces[0]
            return (t.strokes[0].samples[0].location.x, t.metadata)
        }
        let (pt, meta) = try firstX("pt", "72")
        XCTAssertEqual(pt, 132, accuracy: 1e-12, "72 typographic points = 1 in = 132 iOS points")
        XCTAssertEqual(meta.units, .pt)
        XCTAssertEqual(meta.millimetresPerUnit, LengthUnit.millimetresPerPoint)
        XCTAssertEqual(try firstX("pt", "1").0, 132.0 / 72, accuracy: 1e-12)
        XCTAssertEqual(try firstX("in", "1").0, 132, accuracy: 1e-12)
        XCTAssertEqual(try firstX("pc", "6").0, 132, accuracy: 1e-12, "6 picas = 1 in")
        XCTAssertEqual(try firstX("mm", "25.4").0, 25.4, "mm traces keep millimetres")
    }

    /// A `pt` trace is written as device units at a resolution of 132 per inch (InkML has no
    /// iOS-point unit, and its `pt` would be read as 1/72 in): the values are unchanged, and a
    /// reader applying the resolution gets the physical size.
    func testPointTracesAreWrittenAsDeviceUnitsAt132PerInch() throws {
        let samples = [TouchSample(time: 0, location: Point(x: 132, y: 66), majorRadius: 5.5, kind: .finger),
                       TouchSample(time: 0.01, location: Point(x: 264, y: 0.1), majorRadius: 6, kind: .finger)]
        let trace = Trace(metadata: TraceMetadata(source: "pt", units: .pt, millimetresPerUnit: LengthUnit.millimetresPerPoint),
                          channels: [.t, .x, .y, .majorRadius],
                          strokes: [Stroke(id: "a", kind: .finger, events: FrameGrouping.events(from: samples), channels: [.t, .x, .y, .majorRadius])])
        let text = InkMLWriter.encode(trace)
        XCTAssertFalse(text.contains("units=\"pt\""), "InkML pt is typographic: \(text)")
        XCTAssertTrue(text.contains("<channelProperty channel=\"X\" name=\"resolution\" value=\"132\" units=\"1/in\"/>"), text)
        XCTAssertTrue(text.contains("<channelProperty channel=\"Y\" name=\"resolution\" value=\"132\" units=\"1/in\"/>"), text)
        XCTAssertTrue(text.contains("<channel name=\"X\" type=\"decimal\"/>"), text)
        XCTAssertTrue(text.contains(">0 132 66 5.5, 0.01 264 0.1 6</trace>"), "values written unchanged: \(text)")
        XCTAssertEqual(try InkMLReader.decode(Array(text.utf8), file: "pt.inkml").traces[0], trace)
        // Without StrokeLab's annotations (as another reader sees it), the resolution alone
        // gives StrokeLab points and their physical size.
        let bare = text.split(separator: "\n").filter { !$0.contains("annotation") && !$0.contains("<stroke ") }.joined(separator: "\n")
        let foreign = try InkMLReader.decode(Array(bare.utf8), file: "bare.inkml").traces[0]
        XCTAssertEqual(foreign.metadata.units, .pt)
        XCTAssertEqual(foreign.metadata.millimetresPerUnit, LengthUnit.millimetresPerPoint)
        XCTAssertEqual(foreign.strokes[0].samples.map(\.location), samples.map(\.location))
        XCTAssertEqual(foreign.strokes[0].samples.map(\.majorRadius), [5.5, 6])
    }

    func testInkMLWrittenByStrokeLabReimportsIdentically() throws {
        func sample(_ t: Double, _ x: Double, _ y: Double, kind: TouchKind = .stylus) -> TouchSample {
            TouchSample(time: t, location: Point(x: x, y: y), force: 0.25 + t, maximumPossibleForce: 6.666666666666667,
                        altitude: 1.1, azimuth: 0.3 + t, majorRadius: 0.1, kind: kind)
        }
        // Explicit events that frame grouping would not rebuild: a delivery time later than
        // the last sample, predicted samples, and a reference curve.
        let explicit = Stroke(
            id: "circle-fast", kind: .stylus,
            events: [
                TouchEvent(phase: .began, samples: [sample(0, 100, 50)]),
                TouchEvent(phase: .moved, time: 0.02, samples: [sample(0.004, 101.5, 50.25), sample(0.008, 103, 51), sample(0.0125, 104.125, 52)],
                           predicted: [sample(0.0167, 105, 53), sample(0.0208, 106, 54)]),
                TouchEvent(phase: .ended, samples: [sample(0.025, 107, 55)]),
            ],
            channels: [.t, .x, .y, .force, .maxForce, .altitude, .azimuth, .majorRadius],
            reference: ReferenceCurve(points: (0...25).map { TimedPoint(time: Double($0) / 1000, x: 100 + Double($0) * 0.28, y: 50 + 0.2 * Double($0)) }))
        // Frame-grouped samples, fewer channels, a finger, an id that is not an XML name.
        let grouped = Stroke(id: "1 weird <id> & \"quotes\"", kind: .finger,
                             events: FrameGrouping.events(from: (0..<20).map { TouchSample(time: 0.1 + Double($0) / 240, x: 1e7 + Double($0), y: -3, kind: .finger) },
                                                          refreshRateHz: 120),
                             channels: [.t, .x, .y])
        let tap = Stroke(id: "tap", kind: .mouse, events: FrameGrouping.events(from: [TouchSample(time: 0.5, x: 7, y: 8, kind: .mouse)], refreshRateHz: 120),
                         channels: [.t, .x, .y])
        let trace = Trace(
            metadata: TraceMetadata(source: "synthetic:round-trip\ttab", device: "iPad Pro & Pencil <2>", units: .pt, pixelsPerUnit: 2,
                                    sampleRateHz: 240, refreshRateHz: 120),
            channels: [.t, .x, .y, .force, .maxForce, .altitude, .azimuth, .majorRadius],
            strokes: [explicit, grouped, tap])
        let text = InkMLWriter.encode(trace)
        XCTAssertEqual(text, InkMLWriter.encode(trace), "deterministic")
        XCTAssertTrue(text.contains("<ink xmlns=\"http://www.w3.org/2003/InkML\">"))
        XCTAssertTrue(text.contains("<channel name=\"OE\" type=\"decimal\" units=\"rad\"/>"))
        let back = try InkMLReader.decode(Array(text.utf8), file: "written.inkml").traces[0]
        XCTAssertEqual(back.metadata, trace.metadata)
        XCTAssertEqual(back.channels, trace.channels)
        for (a, b) in zip(back.strokes, trace.strokes) { XCTAssertEqual(a, b, "stroke \(b.id)") }
        XCTAssertEqual(back, trace)

        // Through a file and the format detection as well.
        let dir = try makeTemporaryDirectory("strokeio-tests")
        try InkMLWriter.write(trace, to: dir + "/t.inkml")
        XCTAssertEqual(try TraceImport.load(path: dir + "/t.inkml"), [trace])
    }

    /// Stroke ids that are not XML names get generated `xml:id`s; those must never equal
    /// another stroke's real id (`"s2 override"` at index 1 once became `s1` beside a real
    /// `s1`), nor a context id, nor each other — and every original id must read back exactly.
    func testGeneratedTraceIDsNeverCollideAndOriginalIDsRoundTrip() throws {
        let ids = [
            "s1",                       // a real id equal to stroke 1's first candidate
            "s2 override",              // stroke 1: not an XML name; s1 is taken
            "s1-2",                     // a real id equal to stroke 1's second candidate
            "with space",
            "quote\"d 'both'",
            "ünïcødé ✍️",
            "3d",                       // leading digit
            "s3",                       // a real id equal to stroke 6's first candidate…
            "s6",                       // …and to stroke 6's: stroke 6 ("3d") must skip it
            "strokelab-context-0",      // a valid name that the writer's context uses
            "-dash",
            "s1",                       // a duplicate of stroke 0's id
            "",
        ]
        let strokes = ids.enumerated().map { k, id in
            Stroke(id: id, events: FrameGrouping.events(from: (0..<3).map { TouchSample(time: Double(k) + Double($0) / 100, x: Double(k), y: Double($0)) }),
                   channels: [.t, .x, .y])
        }
        let trace = Trace(metadata: TraceMetadata(source: "ids", units: .pt, refreshRateHz: 60), channels: [.t, .x, .y], strokes: strokes)
        let text = InkMLWriter.encode(trace)

        // Every xml:id in the document is distinct, and every trace's id is an XML name.
        let xmlIDs = text.components(separatedBy: "xml:id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(Set(xmlIDs).count, xmlIDs.count, "duplicate xml:id in \(xmlIDs)")
        let traceIDs = text.components(separatedBy: "<trace xml:id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        XCTAssertEqual(traceIDs.count, ids.count)
        // Kept: valid, unreserved, first use. Generated: s<k>, skipping every taken id.
        XCTAssertEqual(traceIDs, ["s1", "s1-3", "s1-2", "s3-2", "s4", "s5", "s6-2", "s3", "s6", "s9", "s10", "s11", "s12"])

        let back = try InkMLReader.decode(Array(text.utf8), file: "ids.inkml").traces[0]
        XCTAssertEqual(back.strokes.map(\.id), ids)
        XCTAssertEqual(back, trace)
    }

    func testForeignDuplicateTraceIDsBecomeDistinctStrokeIDs() throws {
        let trace = try decode("""
            <ink xmlns="http://www.w3.org/2003/InkML">
            <traceFormat><channel name="X"/><channel name="Y"/></traceFormat>
            <trace id="a">0 0, 1 1</trace>
            <trace id="a">2 2, 3 3</trace>
            <trace id="a-2">4 4, 5 5</trace>
            <trace id="a">6 6, 7 7</trace>
            </ink>
            """).traces[0]
        XCTAssertEqual(trace.strokes.map(\.id), ["a", "a-3", "a-2", "a-4"])
    }

    func testMetadataWithoutKnownRatesRoundTripsAsUnknown() throws {
        let trace = Trace(metadata: TraceMetadata(source: "x", units: .px), channels: [.t, .x, .y],
                          strokes: [Stroke(id: "a", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 0, y: 0), TouchSample(time: 0.01, x: 1, y: 1)]))])
        let back = try InkMLReader.decode(Array(InkMLWriter.encode(trace).utf8), file: "t.inkml").traces[0]
        XCTAssertNil(back.metadata.sampleRateHz)
        XCTAssertNil(back.metadata.millimetresPerUnit)
        XCTAssertEqual(back, trace)
    }

    func testTraceTextErrorsNameTheLineAndPoint() throws {
        let text = """
            <ink xmlns="http://www.w3.org/2003/InkML">
            <trace xml:id="s">
            0 0,
            1 1,
            2 x
            </trace>
            </ink>
            """
        TestSupport.expectError(text, format: .inkml, file: "bad.inkml", line: 5, contains: ["stroke 0 (id \"s\")", "sample 2", "\"x\" is not a value"])
        TestSupport.expectError("<ink><trace>'1 2, 3 4</trace></ink>", format: .inkml, file: "bad.inkml", line: 1,
                                contains: ["first value must be explicit"])
        TestSupport.expectError("<ink><traceFormat><channel name=\"X\"/></traceFormat><trace>1, 2</trace></ink>", format: .inkml,
                                file: "bad.inkml", line: 1, contains: ["no Y channel"])
        TestSupport.expectError("<ink><trace contextRef=\"#nowhere\">1 2</trace></ink>", format: .inkml, file: "bad.inkml", line: 1,
                                contains: ["#nowhere", "names no element"])
    }

    /// Found by the fuzzer: a StrokeLab channel list without `y` was accepted, giving a trace
    /// the native format cannot hold. It must be refused where it is written.
    func testStrokeLabChannelListMustHoldTXAndYOnce() throws {
        let trace = Trace(metadata: TraceMetadata(source: "c"), channels: [.t, .x, .y, .force],
                          strokes: [Stroke(id: "a", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 1, y: 2, force: 0.5)]),
                                           channels: [.t, .x, .y, .force])])
        let text = InkMLWriter.encode(trace)
        let line = try XCTUnwrap(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("strokelab:channels") }) + 1
        for (list, problem) in [("t x force", "lacks the required channel \"y\""), ("t x y x", "lists \"x\" twice"),
                                ("t x y pressure", "unknown channel \"pressure\"")] {
            let bad = text.replacingOccurrences(of: ">t x y force<", with: ">\(list)<")
            XCTAssertNotEqual(bad, text)
            TestSupport.expectError(bad, format: .inkml, file: "c.inkml", line: line, contains: ["strokelab:channels", problem])
        }
    }
}
