import Foundation
import StrokeCore
import StrokeFuzz
import StrokeIO
import StrokeTestSupport
import XCTest

/// Legal but awkward real-data input is handled, not rejected (issue 5, item 3).
final class ImportRealitiesTests: XCTestCase {
    func svc(_ rows: [String]) throws -> Trace {
        try SVCReader.decode(Array(("\(rows.count)\n" + rows.joined(separator: "\n")).utf8), file: "r.svc").traces[0]
    }

    func testRepeatedTimestampsAreKeptAndDoNotAffectTheMeasuredRate() throws {
        let trace = try svc(["0 0 1000 1 0 900 10", "1 0 1005 1 0 900 10", "2 0 1005 1 0 900 10", "3 0 1005 1 0 900 10", "4 0 1010 1 0 900 10"])
        XCTAssertEqual(trace.strokes[0].samples.map(\.time), [0, 0.005, 0.005, 0.005, 0.01])
        XCTAssertEqual(trace.metadata.sampleRateHz, 200, "zero intervals say nothing about the rate")
        TestSupport.assertWellFormed(trace)
    }

    func testOneAndTwoSampleStrokesAndPenStatusSegmentation() throws {
        let trace = try svc(["0 0 1000 1 0 900 10", "5 5 1008 0 0 900 0", "9 9 1016 1 0 900 10", "9 9 1024 1 0 900 12", "9 9 1032 0 0 900 0"])
        XCTAssertEqual(trace.strokes.count, 2, "pen-up rows split strokes")
        XCTAssertEqual(trace.strokes[0].events.map(\.phase), [.began, .ended], "a tap: began and ended both carry the sample")
        XCTAssertEqual(trace.strokes[0].events.map(\.main.location), [Point.zero, Point.zero])
        XCTAssertEqual(trace.strokes[1].samples.count, 2)
        TestSupport.assertWellFormed(trace)
    }

    func testPauseWithinAStrokeSkipsFramesAndZeroPressureEndsStay() throws {
        // Pen down the whole time, 3 s without moving in the middle, zero pressure at both ends.
        let trace = try svc(["0 0 0 1 0 900 0", "1 0 8 1 0 900 100", "2 0 3008 1 0 900 100", "3 0 3016 1 0 900 0"])
        XCTAssertEqual(trace.strokes.count, 1, "segmentation is by pen status, never by pressure or pauses")
        let s = trace.strokes[0]
        XCTAssertEqual(s.samples.map(\.force), [0, 1, 1, 0])
        // began [0]; moved [0.008] at the first frame; the ~180 empty frames of the pause deliver
        // nothing; ended [3.008, 3.016] at the frame that holds them, 181/60 s.
        XCTAssertEqual(s.events.map(\.samples.count), [1, 1, 2])
        XCTAssertEqual(s.events[2].time, 181.0 / 60, accuracy: 1e-12)
        TestSupport.assertWellFormed(trace)
    }

    func testHugeCoordinatesAndTimesStayFinite() throws {
        let header = "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n"
        let trace = try WacomCSVReader.decode(Array((header + "1;900000000000;2000000000;-2000000000;32767;900;0;0\n1;900000000005;2000000001;-2000000000;1;900;0;0\n").utf8),
                                              file: "big.csv").traces[0]
        XCTAssertEqual(trace.strokes[0].samples[1].time, 0.005)
        XCTAssertEqual(trace.strokes[0].samples[0].location.x, 2e9 / (200 * 25.4 / 132), accuracy: 1e-3, "2e9 units = 1e7 mm = 5.197e7 pt")
        TestSupport.assertWellFormed(trace)
        let pointer = try PointerEventsReader.decode(Array("{\"x\": [1e12, 1e12], \"y\": [-1e12, 5], \"time\": [1e15, 1e15]}".utf8), file: "p.json").traces[0]
        XCTAssertEqual(pointer.strokes[0].samples.map(\.time), [0, 0])
        TestSupport.assertWellFormed(pointer)
    }

    func testRetimingKnownAnswer() {
        // A burst 1 ms apart received before a sample at 10 ms, re-timed at 200 Hz (5 ms).
        var s = [0, 0.001, 0.002, 0.003, 0.010].map { TouchSample(time: $0, x: 0, y: 0) }
        Retiming.retime(&s, nominalRateHz: 200)
        let expected = [-0.012, -0.007, -0.002, 0.003, 0.010]
        for (a, b) in zip(s.map(\.time), expected) { XCTAssertEqual(a, b, accuracy: 1e-15) }
        // A stream at or below the nominal rate is unchanged; a lone sample too.
        var slow = [0, 0.005, 0.011, 1.5].map { TouchSample(time: $0, x: 0, y: 0) }
        let before = slow
        Retiming.retime(&slow, nominalRateHz: 200)
        XCTAssertEqual(slow, before)
        var one = [TouchSample(time: 7, x: 0, y: 0)]
        Retiming.retime(&one, nominalRateHz: 200)
        XCTAssertEqual(one[0].time, 7)
    }

    func testRetimeOptionAppliesToEveryTimedFormatButNotToResampledCyn() throws {
        let rows = "0 0 1000 1 0 900 10\n1 0 1001 1 0 900 10\n2 0 1002 1 0 900 10\n3 0 1010 1 0 900 10"
        let trace = try SVCReader.decode(Array("4\n\(rows)".utf8), file: "r.svc", options: ImportOptions(retimeHz: 200)).traces[0]
        let t = trace.strokes[0].samples.map(\.time)
        // 0, 1, 2, 10 ms at 200 Hz: the last keeps 10, then min(own, next − 5 ms) backwards.
        for (a, b) in zip(t, [-0.008, -0.003, 0.002, 0.01]) { XCTAssertEqual(a, b, accuracy: 1e-12) }
        XCTAssertEqual(trace.metadata.sampleRateHz, 200)
        let cyn = "#\r\nVersion 0.0\r\n#\r\n\r\nphotoshop 5\r\n1\r\nx\r\n\r\n1\r\nstroke 0\r\n3\r\n0 0 0 0 1 0 0 0\r\n1 0.001 0 0 1 0 0 0\r\n2 0.002 0 0 1 0 0 0\r\n"
        let resampled = try CynReader.decode(Array(cyn.utf8), file: "c.cyn", options: ImportOptions(retimeHz: 200)).traces[0]
        XCTAssertEqual(resampled.strokes[0].samples.map(\.time), [0, 0.001, 0.002], "a resampled trace's clock is synthetic: not re-timed")
    }

    func testOptionsAreValidated() {
        TestSupport.expectError("1\n0 0 0 1 0 900 1", format: .svc, file: "o.svc", options: ImportOptions(retimeHz: 0), line: nil,
                                contains: ["retimeHz must be a positive finite number"])
        TestSupport.expectError("1\n0 0 0 1 0 900 1", format: .svc, file: "o.svc", options: ImportOptions(refreshRateHz: .infinity), line: nil,
                                contains: ["refreshRateHz"])
    }

    func testRefreshRateOptionChangesTheEventGrouping() throws {
        let rows = (0..<25).map { "\($0) 0 \(1000 + 4 * $0) 1 0 900 10" }
        let at60 = try svc(rows)
        let at120 = try SVCReader.decode(Array("25\n\(rows.joined(separator: "\n"))".utf8), file: "r.svc",
                                         options: ImportOptions(refreshRateHz: 120)).traces[0]
        XCTAssertEqual(at60.metadata.refreshRateHz, 60)
        XCTAssertEqual(at120.metadata.refreshRateHz, 120)
        XCTAssertEqual(at60.strokes[0].events.count, 7, "began + the 6 frames of 16.7 ms that hold 4…96 ms")
        XCTAssertEqual(at120.strokes[0].events.count, 13, "began + 12 frames of 8.3 ms")
    }
}

final class ConversionTests: XCTestCase {
    func testW3CTiltConversionKnownAnswers() {
        let upright = PenAngles.fromTilt(xDegrees: 0, yDegrees: 0)
        XCTAssertEqual(upright.altitude, .pi / 2)
        XCTAssertEqual(upright.azimuth, 0)
        let east = PenAngles.fromTilt(xDegrees: 45, yDegrees: 0)
        XCTAssertEqual(east.altitude, .pi / 4, accuracy: 1e-15)
        XCTAssertEqual(east.azimuth, 0)
        XCTAssertEqual(PenAngles.fromTilt(xDegrees: -30, yDegrees: 0).azimuth, .pi)
        XCTAssertEqual(PenAngles.fromTilt(xDegrees: 0, yDegrees: 30).azimuth, .pi / 2)
        XCTAssertEqual(PenAngles.fromTilt(xDegrees: 0, yDegrees: -30).azimuth, 3 * .pi / 2)
        let diagonal = PenAngles.fromTilt(xDegrees: 45, yDegrees: 45)
        XCTAssertEqual(diagonal.azimuth, .pi / 4, accuracy: 1e-15)
        XCTAssertEqual(diagonal.altitude, atan(1 / 2.0.squareRoot()), accuracy: 1e-15, "tan² 45° + tan² 45° = 2")
        XCTAssertEqual(PenAngles.fromTilt(xDegrees: 90, yDegrees: 10).altitude, 0, "flat pen")
    }

    func testWintabAnglesKnownAnswers() {
        XCTAssertEqual(PenAngles.fromWintabAltitude(tenthsOfDegree: 900), .pi / 2)
        XCTAssertEqual(PenAngles.fromWintabAzimuth(tenthsOfDegree: 900), 0, "east is +x")
        XCTAssertEqual(PenAngles.fromWintabAzimuth(tenthsOfDegree: 1800), .pi / 2, accuracy: 1e-15, "south is +y (down)")
        XCTAssertEqual(PenAngles.fromWintabAzimuth(tenthsOfDegree: 0), 3 * .pi / 2, accuracy: 1e-15, "north")
        XCTAssertEqual(PenAngles.fromWintabAzimuth(tenthsOfDegree: 3600), 3 * .pi / 2, accuracy: 1e-15)
    }

    func testProjectedTiltKnownAnswers() {
        XCTAssertEqual(PenAngles.fromProjectedTilt(x: 0, y: 0).altitude, .pi / 2)
        let half = PenAngles.fromProjectedTilt(x: 0, y: -0.5)
        XCTAssertEqual(half.altitude, .pi / 3, accuracy: 1e-15, "acos 0.5")
        XCTAssertEqual(half.azimuth, 3 * .pi / 2, accuracy: 1e-15)
        XCTAssertEqual(PenAngles.fromProjectedTilt(x: 0.8, y: 0.8).altitude, 0, "clamped when the projection exceeds 1")
    }

    func testDecimalTextMatchesTheStandardLibraryAndIsStrict() {
        var rng = FuzzHarness.SplitMix64(seed: 42)
        for _ in 0..<20_000 {
            var s = rng.below(2) == 0 ? "-" : ""
            s += String(rng.next() % (rng.below(2) == 0 ? 1000 : 10_000_000_000_000_000_000))
            if rng.below(2) == 0 { s += "." + String(rng.next() % 100_000_000) }
            if rng.below(4) == 0 { s += "e\(rng.below(700) - 350)" }
            XCTAssertEqual(DecimalText.parse(s), Double(s), s)
        }
        for s in ["0.1", "0.007", "354642.408", ".5", "5.", "+3", "1e22", "1e23", "123456789012345678901234", "4.9e-324", "2.2250738585072011e-308"] {
            XCTAssertEqual(DecimalText.parse(s), Double(s), s)
        }
        XCTAssertEqual(DecimalText.parse("1e999"), .infinity)
        for s in ["", "-", ".", "e5", "1e", "nan", "NaN", "inf", "Infinity", "0x1p3", "1_000", " 1", "1 ", "1.2.3", "--1", "1e+"] {
            XCTAssertNil(DecimalText.parse(s), s)
        }
    }

    func testFormatDetectionByExtensionAndContent() throws {
        func detect(_ name: String, _ text: String) throws -> TraceFormat { try TraceImport.detect(file: name, bytes: Array(text.utf8)) }
        XCTAssertEqual(try detect("a.svc", ""), .svc)
        XCTAssertEqual(try detect("a.cyn", ""), .cyn)
        XCTAssertEqual(try detect("a.inkml", ""), .inkml)
        XCTAssertEqual(try detect("a.csv", "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n"), .wacomCSV)
        XCTAssertEqual(try detect("a.csv", "t,x,y\n"), .csv)
        XCTAssertEqual(try detect("a.json", "{\"format\": \"strokelab.trace\", \"version\": 1}"), .native)
        XCTAssertEqual(try detect("a.json", "{\"x\": [1], \"y\": [2], \"time\": [3]}"), .pointerEvents)
        XCTAssertEqual(try detect("a.json", "[{\"x\": 1, \"y\": 2, \"timeStamp\": 3}]"), .pointerEvents)
        XCTAssertEqual(try detect("a.json", "{\"meta_data\": {}, \"data\": {\"pen_status\": []}}"), .bdalabJSON)
        XCTAssertEqual(try detect("a.xml", "<?xml version=\"1.0\"?>\n<ink xmlns=\"http://www.w3.org/2003/InkML\"/>"), .inkml)
        XCTAssertEqual(try detect("noext", "3\n1 2 3 1 0 0 0\n1 2 4 1 0 0 0\n"), .svc)
        XCTAssertEqual(try detect("noext", "#\r\nVersion 0.0\r\n#\r\n\r\nphotoshop 5\r\n1\r\nx\r\n\r\n1\r\nstroke 0\r\n"), .cyn)
        XCTAssertEqual(try detect("noext", "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n"), .wacomCSV)
    }

    func testPointerEventsArrayOfObjectsWithAnglesAndTouch() throws {
        let trace = try PointerEventsReader.decode(Array("""
            [{"x": 1, "y": 2, "timeStamp": 100, "pressure": 0.5, "altitudeAngle": 1.2, "azimuthAngle": 0.4, "pointerType": "touch"},
             {"x": 3, "y": 4, "timeStamp": 116, "pressure": 0.6, "altitudeAngle": 1.1, "azimuthAngle": 0.5, "pointerType": "touch"}]
            """.utf8), file: "e.json").traces[0]
        XCTAssertEqual(trace.strokes[0].kind, .finger)
        XCTAssertEqual(trace.strokes[0].samples.map(\.altitude), [1.2, 1.1])
        XCTAssertEqual(trace.strokes[0].samples.map(\.time), [0, 0.016])
        XCTAssertEqual(trace.channels, [.t, .x, .y, .force, .maxForce, .altitude, .azimuth])
        XCTAssertThrowsError(try PointerEventsReader.decode(Array("[{\"x\": 1, \"y\": 2, \"time\": 1}, {\"x\": 1, \"time\": 2}]".utf8), file: "e.json")) {
            XCTAssertTrue("\($0)".contains("event 1 lacks \"y\""), "\($0)")
        }
    }

    func testNativeImportThroughTheEntryPointAndImportableFilesSkipsOtherFiles() throws {
        let dir = try makeTemporaryDirectory("strokeio-tests")
        let trace = Trace(metadata: TraceMetadata(source: "n"), strokes: [Stroke(id: "a", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 1, y: 2)]))])
        try NativeTraceWriter.write(trace, to: dir + "/sub/n.json")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: dir + "/SOURCE.md"))
        try Data("<svg/>".utf8).write(to: URL(fileURLWithPath: dir + "/picture.xml"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/.hidden.json"))
        XCTAssertEqual(try TraceImport.importableFiles(in: dir), [dir + "/sub/n.json"])
        XCTAssertEqual(try TraceImport.load(path: dir + "/sub/n.json"), [trace])
        XCTAssertEqual(try TraceImport.load(path: dir + "/sub/n.json", options: ImportOptions(device: "Pencil"))[0].metadata.device, "Pencil")
    }
}
