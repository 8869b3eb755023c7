import StrokeCore
import StrokeTestSupport
import XCTest

@testable import StrokeIO

final class NativeTraceFormatTests: XCTestCase {
    /// A small valid trace in the format DESIGN.md shows: two strokes, one with explicit
    /// events (time key, predicted samples, reference), one with flat samples and its own
    /// channels.
    static let valid = """
        {
          "format": "strokelab.trace",
          "version": 1,
          "metadata": {"source": "test", "units": "pt", "pixelsPerUnit": 2.0, "sampleRateHz": 240, "refreshRateHz": 60},
          "channels": ["t", "x", "y", "force", "altitude", "azimuth"],
          "strokes": [
            {"id": "a", "kind": "stylus",
             "events": [
               {"phase": "began", "samples": [[0.0, 100.0, 50.0, 0.8, 1.2, 0.3]]},
               {"phase": "moved", "time": 0.0167, "samples": [[0.004, 101, 50, 0.8, 1.2, 0.3], [0.008, 102, 50, 0.8, 1.2, 0.3], [0.0125, 103, 50, 0.8, 1.2, 0.3]],
                "predicted": [[0.0167, 104, 50, 0.8, 1.2, 0.3], [0.0208, 105, 50, 0.8, 1.2, 0.3]]},
               {"phase": "ended", "samples": [[0.02, 104, 50, 0.7, 1.2, 0.3]]}
             ],
             "reference": {"channels": ["t", "x", "y"], "samples": [[0.0, 100, 50], [0.01, 102.5, 50], [0.02, 104, 50]]}},
            {"id": "b", "kind": "finger", "channels": ["x", "y", "t"],
             "samples": [[10, 10, 1.0], [11, 10, 1.004], [12, 10, 1.004], [13, 10, 1.02]],
             "unknownKey": "ignored"}
          ]
        }
        """

    private func decode(_ text: String) throws -> Trace {
        try NativeTraceReader.decode(Array(text.utf8), file: "test.json")
    }

    func testReadsEveryPartOfTheFormat() throws {
        let trace = try decode(Self.valid)
        XCTAssertEqual(trace.metadata.source, "test")
        XCTAssertEqual(trace.metadata.pixelsPerUnit, 2)
        XCTAssertEqual(trace.strokes.count, 2)
        let a = trace.strokes[0]
        XCTAssertEqual(a.events.map(\.phase), [.began, .moved, .ended])
        XCTAssertEqual(a.events[1].time, 0.0167)
        XCTAssertEqual(a.events[1].samples.count, 3)
        XCTAssertEqual(a.events[1].predicted.count, 2)
        XCTAssertEqual(a.events[2].time, 0.02)
        XCTAssertEqual(a.events[0].main.force, 0.8)
        XCTAssertEqual(a.events[0].main.altitude, 1.2)
        XCTAssertEqual(a.reference?.points.count, 3)
        let b = trace.strokes[1]
        XCTAssertEqual(b.kind, .finger)
        XCTAssertEqual(b.channels, [.x, .y, .t])
        // Flat samples grouped by 60 Hz frame: began alone, then (1.0, 1.0167] holds 1.004 ×2,
        // then 1.02 in the next frame, which is the ended event.
        XCTAssertEqual(b.events.map(\.phase), [.began, .moved, .ended])
        XCTAssertEqual(b.events.map(\.samples.count), [1, 2, 1])
        XCTAssertEqual(b.events[1].time, 1 + 1.0 / 60, accuracy: 1e-12)
        XCTAssertEqual(b.events[0].main.kind, .finger)
    }

    func testRoundTripIsLosslessAndByteStable() throws {
        let trace = try decode(Self.valid)
        let text = NativeTraceWriter.encode(trace)
        let again = try decode(text)
        XCTAssertEqual(again, trace)
        XCTAssertEqual(NativeTraceWriter.encode(again), text)
    }

    func testRoundTripOfAwkwardLegalValues() throws {
        let s = [TouchSample(time: 0, x: 1e12, y: -1e12), TouchSample(time: 0, x: 1e12 + 0.5, y: -1e12),
                 TouchSample(time: 1e-9, x: Double.leastNonzeroMagnitude, y: 0.1 + 0.2)]
        let trace = Trace(metadata: TraceMetadata(source: "awk\"ward\n"),
                          strokes: [Stroke(id: "ünïcödé \"id\"", events: FrameGrouping.events(from: s))])
        XCTAssertEqual(try decode(NativeTraceWriter.encode(trace)), trace)
    }

    func testWriteIsAtomicAndReadable() throws {
        let dir = try makeTemporaryDirectory("strokeio-tests")
        let path = dir + "/sub/trace.json"
        let trace = try decode(Self.valid)
        try NativeTraceWriter.write(trace, to: path)
        XCTAssertEqual(try NativeTraceReader.read(path: path), trace)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir + "/sub")
        XCTAssertEqual(leftovers, ["trace.json"], "no temporary file left behind")
    }

    func testMissingFileIsALocatedError() {
        XCTAssertThrowsError(try NativeTraceReader.read(path: "/nonexistent/x.json")) { error in
            XCTAssertEqual("\(error)", "/nonexistent/x.json: no such file")
        }
    }

    // MARK: - Every malformed case of DESIGN.md's Errors section

    /// (mutation of the valid text, expected fragments of the one-line message)
    static let malformed: [(String, @Sendable (String) -> String, [String])] = [
        ("truncated", { String($0.prefix(400)) }, ["test.json:", "not valid JSON", "truncated"]),
        ("not JSON at all", { _ in "\u{0}\u{7}binary\u{FF}" }, ["test.json:1:1", "not valid JSON"]),
        ("empty file", { _ in "" }, ["test.json:1:1", "empty"]),
        ("top level array", { _ in "[]" }, ["must be an object"]),
        ("wrong format", { $0.replacingOccurrences(of: "strokelab.trace", with: "other") }, ["\"format\" must be"]),
        ("missing format", { $0.replacingOccurrences(of: "\"format\": \"strokelab.trace\",", with: "") }, ["missing \"format\""]),
        ("future version", { $0.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2") }, ["unsupported version 2"]),
        ("missing required channel", { $0.replacingOccurrences(of: "[\"t\", \"x\", \"y\", \"force\"", with: "[\"t\", \"x\", \"force\"") },
         ["lacks the required channel \"y\""]),
        ("unknown channel", { $0.replacingOccurrences(of: "\"azimuth\"]", with: "\"twist\"]") }, ["unknown channel \"twist\""]),
        ("repeated channel", { $0.replacingOccurrences(of: "\"altitude\", \"azimuth\"]", with: "\"altitude\", \"altitude\"]") }, ["listed twice"]),
        ("NaN value", { $0.replacingOccurrences(of: "[0.008, 102,", with: "[0.008, NaN,") }, ["NaN", "finite"]),
        ("infinite value", { $0.replacingOccurrences(of: "[0.008, 102,", with: "[0.008, 1e999,") }, ["too large", "finite"]),
        ("non-numeric value", { $0.replacingOccurrences(of: "[0.008, 102,", with: "[0.008, \"102\",") },
         ["stroke 0 (id \"a\"), event 1, sample 1", "channel \"x\" must be a number, not a string"]),
        ("wrong column count", { $0.replacingOccurrences(of: "[0.008, 102, 50, 0.8, 1.2, 0.3]", with: "[0.008, 102, 50]") },
         ["stroke 0 (id \"a\"), event 1, sample 1", "has 3 values but the channels are"]),
        ("time goes backwards in events", { $0.replacingOccurrences(of: "[0.0125, 103", with: "[0.001, 103") },
         ["stroke 0 (id \"a\"), event 1, sample 2", "goes backwards"]),
        ("time goes backwards in flat samples", { $0.replacingOccurrences(of: "[13, 10, 1.02]", with: "[13, 10, 0.5]") },
         ["stroke 1 (id \"b\"), sample 3", "goes backwards"]),
        ("delivery before its samples", { $0.replacingOccurrences(of: "\"time\": 0.0167", with: "\"time\": 0.01") },
         ["event 1", "before the event's last sample"]),
        ("stroke without samples", { $0.replacingOccurrences(of: "\"samples\": [[10, 10, 1.0], [11, 10, 1.004], [12, 10, 1.004], [13, 10, 1.02]]", with: "\"samples\": []") },
         ["stroke 1 (id \"b\")", "no samples"]),
        ("stroke with neither events nor samples", { $0.replacingOccurrences(of: "\"samples\": [[10, 10, 1.0], [11, 10, 1.004], [12, 10, 1.004], [13, 10, 1.02]],", with: "") },
         ["stroke 1 (id \"b\")", "no samples"]),
        ("event without samples", { $0.replacingOccurrences(of: "\"samples\": [[0.02, 104, 50, 0.7, 1.2, 0.3]]", with: "\"samples\": []") },
         ["event 2", "at least one sample"]),
        ("first event not began", { $0.replacingOccurrences(of: "\"phase\": \"began\"", with: "\"phase\": \"moved\"") },
         ["event 0", "first event must be \"began\""]),
        ("last event not ended", { $0.replacingOccurrences(of: "\"phase\": \"ended\"", with: "\"phase\": \"moved\"") },
         ["event 2", "last event must be \"ended\" or \"cancelled\""]),
        ("unknown phase", { $0.replacingOccurrences(of: "\"phase\": \"ended\"", with: "\"phase\": \"lifted\"") }, ["\"phase\" must be one of"]),
        ("duplicate stroke id", { $0.replacingOccurrences(of: "\"id\": \"b\"", with: "\"id\": \"a\"") }, ["stroke 1", "used by an earlier stroke"]),
        ("unknown kind", { $0.replacingOccurrences(of: "\"kind\": \"finger\"", with: "\"kind\": \"pencil\"") }, ["unknown kind \"pencil\""]),
        ("unknown units", { $0.replacingOccurrences(of: "\"units\": \"pt\"", with: "\"units\": \"furlong\"") }, ["unknown units"]),
        ("absurd physical scale", { $0.replacingOccurrences(of: "\"pixelsPerUnit\": 2.0,", with: "\"millimetresPerUnit\": 1e-300,") },
         ["metadata \"millimetresPerUnit\" must be in 1e-06…1000000 mm per unit, not 1e-300"]),
        ("non-positive refresh rate", { $0.replacingOccurrences(of: "\"refreshRateHz\": 60", with: "\"refreshRateHz\": 0") }, ["must be positive"]),
        ("reference goes backwards", { $0.replacingOccurrences(of: "[0.01, 102.5, 50]", with: "[-1, 102.5, 50]") },
         ["stroke 0 (id \"a\")", "reference t = -1 goes backwards"]),
        ("predicted with wrong arity", { $0.replacingOccurrences(of: "[0.0208, 105, 50, 0.8, 1.2, 0.3]", with: "[0.0208, 105]") },
         ["event 1, sample 1", "predicted sample has 2 values"]),
        ("no strokes", { _ in "{\"format\": \"strokelab.trace\", \"version\": 1, \"channels\": [\"t\",\"x\",\"y\"], \"strokes\": []}" }, ["no strokes"]),
    ]

    func testEveryMalformedCaseGivesALocatedError() {
        for (name, mutate, fragments) in Self.malformed {
            let text = mutate(Self.valid)
            XCTAssertNotEqual(text, Self.valid, "mutation '\(name)' did not apply")
            do {
                _ = try decode(text)
                XCTFail("\(name): accepted")
            } catch {
                let message = "\(error)"
                XCTAssertTrue(message.hasPrefix("test.json"), "\(name): \(message)")
                XCTAssertFalse(message.contains("\n"), "\(name): one line")
                for f in fragments { XCTAssertTrue(message.contains(f), "\(name): '\(f)' not in: \(message)") }
            }
        }
    }

    func testErrorsCarryTheLineOfTheOffendingValue() {
        let text = Self.valid.replacingOccurrences(of: "[0.008, 102,", with: "[0.008, null,")
        XCTAssertThrowsError(try decode(text)) { error in
            guard let e = error as? TraceFileError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.line, 10)  // the "moved" event's line
            XCTAssertEqual(e.stroke, 0)
            XCTAssertEqual(e.event, 1)
            XCTAssertEqual(e.sample, 1)
        }
    }

    /// The reader keeps a file's scale (issue 21): a browser trace in CSS px at 2 device pixels
    /// each, measured at 0.25 mm per px, reads back with all three, and its physical scale is
    /// the recorded one; without `millimetresPerUnit` it is a CSS pixel's stated length.
    func testTheFilesScaleIsKept() throws {
        let measured = Self.valid.replacingOccurrences(of: "\"units\": \"pt\", \"pixelsPerUnit\": 2.0,",
                                                       with: "\"units\": \"px\", \"pixelsPerUnit\": 2.0, \"millimetresPerUnit\": 0.25,")
        XCTAssertNotEqual(measured, Self.valid)
        let trace = try decode(measured)
        XCTAssertEqual(trace.metadata.units, .px)
        XCTAssertEqual(trace.metadata.pixelsPerUnit, 2)
        XCTAssertEqual(trace.metadata.millimetresPerUnit, 0.25)
        XCTAssertEqual(trace.metadata.physicalScale, PhysicalScale(millimetresPerUnit: 0.25, unit: .px, recorded: true))
        XCTAssertEqual(try decode(NativeTraceWriter.encode(trace)).metadata, trace.metadata)
        let unmeasured = try decode(Self.valid.replacingOccurrences(of: "\"units\": \"pt\"", with: "\"units\": \"px\""))
        XCTAssertEqual(unmeasured.metadata.physicalScale, PhysicalScale(stated: .px))
    }

    func testRepeatedTimestampsAndTapsAreLegal() throws {
        let text = """
            {"format": "strokelab.trace", "version": 1, "channels": ["t", "x", "y"],
             "strokes": [{"id": "tap", "samples": [[5, 1, 1]]},
                         {"id": "dup", "samples": [[6, 1, 1], [6, 2, 1], [6, 3, 1]]}]}
            """
        let trace = try decode(text)
        XCTAssertEqual(trace.strokes[0].events.map(\.phase), [.began, .ended])
        XCTAssertEqual(trace.strokes[1].events.map(\.samples.count), [1, 2])
    }
}
