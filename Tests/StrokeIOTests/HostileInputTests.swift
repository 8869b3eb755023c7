import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

/// Issue 11 items 1, 3 and 4, one test per reproduction: hostile sizes, pathological tokens
/// and attributes, large InkML, and error messages that must stay short, escaped and true.
/// Huge inputs are generated here, never stored.
final class HostileInputTests: XCTestCase {
    /// The same three samples in every reader's format, with `x` as given (the reproduction
    /// of item 1: coordinates of 1e12 and beyond).
    static func files(x: String) -> [(TraceFormat, String, ImportOptions)] {
        [
            (.native, "{\"format\":\"strokelab.trace\",\"version\":1,\"channels\":[\"t\",\"x\",\"y\"],\"strokes\":[{\"id\":\"s\",\"samples\":[[0,0,0],[0.01,\(x),0],[0.02,\(x),5]]}]}", ImportOptions()),
            (.svc, "3\n0 0 1000 1 0 900 100\n\(x) 0 1010 1 0 900 100\n\(x) 5 1020 1 0 900 100\n", ImportOptions()),
            (.wacomCSV, "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n1;1000;0;0;100;900;0;0\n1;1010;\(x);0;100;900;0;0\n1;1020;\(x);5;100;900;0;0\n", ImportOptions()),
            (.inkml, "<ink><traceFormat><channel name=\"X\"/><channel name=\"Y\"/><channel name=\"T\"/></traceFormat><trace>0 0 0, \(x) 0 10, \(x) 5 20</trace></ink>", ImportOptions()),
            (.pointerEvents, "{\"x\":[0,\(x),\(x)],\"y\":[0,0,5],\"time\":[0,10,20]}", ImportOptions()),
            (.bdalabJSON, "{\"data\":{\"x\":[0,\(x),\(x)],\"y\":[0,0,5],\"time\":[0,10,20],\"pen_status\":[1,1,1],\"azimuth\":[0,0,0],\"tilt\":[900,900,900],\"pressure\":[1,1,1]}}", ImportOptions()),
            (.cyn, "1\nstroke 0\n3\n0 0 0 0 0.5 0 0 0\n1 0.007 \(x) 0 0.5 0 0 0\n2 0.014 \(x) 0.1 0.5 0 0 0\n", ImportOptions()),
            (.csv, "t,x,y\n0,0,0\n0.01,\(x),0\n0.02,\(x),5\n", ImportOptions(csvMapping: "t=t,x=x,y=y")),
        ]
    }

    /// Coordinates of 10¹² are representable: every reader accepts them (the metrics bound
    /// their own work); 10³⁰⁰ is not (after each format's unit conversion), and every reader
    /// refuses it with a located one-line error naming the limit.
    func testEveryReaderAcceptsHugeButRefusesUnrepresentableCoordinates() throws {
        for (format, text, options) in Self.files(x: "1e12") {
            XCTAssertNoThrow(try TraceImport.decode(Array(text.utf8), file: "big.\(format.rawValue)", format: format, options: options),
                             format.rawValue)
        }
        for (format, text, options) in Self.files(x: "1e300") {
            let error = TestSupport.expectError(text, format: format, file: "huge.\(format.rawValue)", options: options, line: nil,
                                                contains: ["2^53", "x ="])
            XCTAssertNotNil(error?.line, "\(format.rawValue): the error names the line: \(error?.description ?? "")")
        }
    }

    /// A 10 MB number token took 14 s to convert; now the parser stops at the token's
    /// start with its length, in every reader's number syntax.
    func testATenMegabyteNumberIsRefusedAtItsStart() {
        let digits = String(repeating: "1", count: 10_000_000)
        TestSupport.expectError("{\"format\":\"strokelab.trace\",\"version\":1,\"strokes\":[{\"id\":\"s\",\"samples\":[[0,\(digits),0]]}]}",
                                format: .native, file: "n.json", line: 1, contains: ["a number of 10000000 characters", "at most 512"])
        // The text readers and InkML have their own number syntax (1 MB is enough to show it).
        let mega = String(repeating: "1", count: 1_000_000)
        TestSupport.expectError("3\n0 0 1000 1 0 900 100\n\(mega) 0 1010 1 0 900 100\n", format: .svc, file: "n.svc", line: 3,
                                contains: ["1000000 characters long", "at most 512"])
        TestSupport.expectError("<ink><trace>0 0, \(mega) 1</trace></ink>", format: .inkml, file: "n.inkml", line: 1,
                                contains: ["a number of 1000000 characters"])
    }

    func testAHugeStringIsRefused() {
        let text = "{\"format\":\"strokelab.trace\",\"version\":1,\"metadata\":{\"device\":\"\(String(repeating: "d", count: 2_000_000))\"},\"strokes\":[]}"
        TestSupport.expectError(text, format: .native, file: "s.json", line: 1, contains: ["a string longer than 1048576 bytes"])
    }

    /// 200,000 XML attributes took 12 s in libxml2; the parser stops at the 257th.
    func testTwoHundredThousandAttributesAreRefused() {
        let attributes = (0..<200_000).map { " a\($0)=\"1\"" }.joined()
        TestSupport.expectError("<ink><trace\(attributes)>0 0, 1 1</trace></ink>", format: .inkml, file: "a.inkml", line: 1,
                                contains: ["more than 256 attributes"])
        TestSupport.expectError("<ink><trace a=\"1\" a=\"2\">0 0</trace></ink>", format: .inkml, file: "d.inkml", line: 1,
                                contains: ["given twice"])
        TestSupport.expectError("<ink><trace a=\"\(String(repeating: "v", count: 70_000))\">0 0</trace></ink>", format: .inkml,
                                file: "v.inkml", line: 1, contains: ["longer than 65536 bytes"])
    }

    /// InkML over 10 MB failed with an opaque "libxml2 error (code 1)"; it reads.
    func testInkMLLargerThanTenMegabytesReads() throws {
        // One trace of 10.8 MB of text (X Y, first differences after the first point).
        let points = 1_200_000
        let text = "<ink><trace>100 200" + String(repeating: ", '1 '-1 ", count: points - 1) + "</trace>\n</ink>\n"
        let bytes = Array(text.utf8)
        XCTAssertGreaterThan(bytes.count, 10_000_000)
        let report = try TraceImport.decode(bytes, file: "large.inkml", format: .inkml)
        XCTAssertEqual(report.traces[0].strokes[0].sampleCount, points)
    }

    /// An undefined entity gave "trace has no points"; a DTD entity (the billion laughs) is
    /// refused before anything is expanded.
    func testXMLEntitiesAreNamedOrRefused() {
        TestSupport.expectError("<ink>\n<trace>0 0, &foo; 1</trace></ink>", format: .inkml, file: "e.inkml", line: 2,
                                contains: ["undefined entity '&foo;'"])
        let laughs = "<?xml version=\"1.0\"?><!DOCTYPE ink [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]><ink><trace>&b;</trace></ink>"
        TestSupport.expectError(laughs, format: .inkml, file: "l.inkml", line: 1, contains: ["declares entities"])
        // The predefined entities and character references still work.
        XCTAssertNoThrow(try TraceImport.decode(Array("<ink><trace>0&#32;0, 1&#x20;1</trace><annotation>&lt;&amp;&gt;</annotation></ink>".utf8),
                                                file: "ok.inkml", format: .inkml))
    }

    /// Error messages were unbounded (5–10 MB printed) and echoed control characters: a
    /// 1 MB stroke id and an escape sequence in a field must give one short visible line.
    func testErrorMessagesAreBoundedAndEscaped() throws {
        let id = String(repeating: "i", count: 1_000_000)
        let text = "{\"format\":\"strokelab.trace\",\"version\":1,\"channels\":[\"t\",\"x\",\"y\"],\"strokes\":[{\"id\":\"\(id)\",\"samples\":[[0,0,\"oops\"]]}]}"
        let error = try XCTUnwrap(TestSupport.expectError(text, format: .native, file: "id.json", line: 1, contains: ["must be a number"]))
        XCTAssertLessThanOrEqual(error.description.count, ErrorText.maximumMessageLength)
        let escape = "3\n0 0 1000 1 0 900 100\n1\u{1B}[2J\u{1B}]0;pwned\u{7} 0 1010 1 0 900 100\n"
        let e2 = try XCTUnwrap(TestSupport.expectError(escape, format: .csv, file: "esc.csv",
                                                       options: ImportOptions(csvMapping: "t=$3,x=$1,y=$2", csvSeparator: " "),
                                                       line: nil, contains: []))
        XCTAssertFalse(e2.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, e2.description)
        XCTAssertEqual(ErrorText.visible("a\u{1B}[31mb\u{202E}c"), "a\\u{1B}[31mb\\u{202E}c")
        let long = ErrorText.bounded(String(repeating: "x", count: 10_000))
        XCTAssertLessThanOrEqual(long.count, ErrorText.maximumMessageLength + 40)
        XCTAssertTrue(long.contains("characters omitted"), long)
    }

    /// `/dev/zero` and FIFOs said "(permissions?)"; a FIFO would block the reader forever.
    /// Each now says what the path is, at once.
    func testDevicesAndPipesAreNamedForWhatTheyAre() throws {
        let dir = try makeTemporaryDirectory("strokeio-tests")
        XCTAssertThrowsError(try TraceImport.load(path: "/dev/zero")) { error in
            XCTAssertTrue("\(error)".contains("/dev/zero: is a character device, not a regular file"), "\(error)")
        }
        let fifo = dir + "/pipe.json"
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        XCTAssertThrowsError(try TraceImport.load(path: fifo)) { error in
            XCTAssertTrue("\(error)".contains("is a named pipe (FIFO), not a regular file"), "\(error)")
        }
        XCTAssertThrowsError(try TraceImport.load(path: dir)) { error in
            XCTAssertTrue("\(error)".contains("is a directory"), "\(error)")
        }
        XCTAssertThrowsError(try TraceImport.load(path: dir + "/absent.json")) { error in
            XCTAssertTrue("\(error)".contains("no such file"), "\(error)")
        }
        XCTAssertThrowsError(try AtomicFile.read(dir + "/pipe.json", limit: 10))
        let big = dir + "/big.json"
        try Data(count: 2048).write(to: URL(fileURLWithPath: big))
        XCTAssertThrowsError(try AtomicFile.read(big, limit: 1024)) { error in
            XCTAssertTrue("\(error)".contains("reads files of at most 1 KiB"), "\(error)")
        }
    }

    /// Found by the fuzzer: intervals of more than half an hour (a timestamp of 2⁵³ ms) made
    /// the measured sample rate round to 0 Hz, which the native reader rightly refuses, so
    /// the imported trace could not be written and read back.
    func testAMeasuredSampleRateIsNeverZero() throws {
        let text = "[{\"x\": 1, \"y\": 2, \"timeStamp\": 10}, {\"x\": 3, \"y\": 4, \"timeStamp\": 9007199254740990}]"
        let trace = try TraceImport.decode(Array(text.utf8), file: "slow.json", format: .pointerEvents).traces[0]
        let rate = try XCTUnwrap(trace.metadata.sampleRateHz)
        XCTAssertGreaterThan(rate, 0)
        XCTAssertEqual(try NativeTraceReader.decode(Array(NativeTraceWriter.encode(trace).utf8), file: "slow.json"), trace)
    }

    /// "A 10 MB bdalab stroke over 20 s": the reader is linear — a long single-stroke
    /// BDALab file (3.4 MB here, to keep the debug-build suite quick; 10 MB reads in about
    /// 2 s in a release build) reads into one stroke of every sample. (What `run` then costs
    /// on such a stroke is the metrics' work, bounded by the geometry budgets.)
    func testALongBDALabStrokeReadsInOnePass() throws {
        let n = 100_000
        // Built from repeated blocks (cheap even in a debug build); raw integer units.
        let xBlock = (0..<1000).map { String(4000 + $0 * 3) }.joined(separator: ","), yBlock = (0..<1000).map { String(9000 - $0 * 2) }.joined(separator: ",")
        var columns = [String](repeating: "", count: 7)
        columns[0] = Array(repeating: xBlock, count: n / 1000).joined(separator: ",")
        columns[1] = Array(repeating: yBlock, count: n / 1000).joined(separator: ",")
        columns[2] = (0..<n).map { String(354642400 + $0 * 7) }.joined(separator: ",")
        columns[3] = String(repeating: "1,", count: n - 1) + "1"
        columns[4] = String(repeating: "510,", count: n - 1) + "510"
        columns[5] = String(repeating: "520,", count: n - 1) + "520"
        columns[6] = String(repeating: "700,", count: n - 1) + "700"
        let keys = ["x", "y", "time", "pen_status", "azimuth", "tilt", "pressure"]
        let text = "{\"data\": {" + zip(keys, columns).map { "\"\($0)\": [\($1)]" }.joined(separator: ", ") + "}}"
        let bytes = Array(text.utf8)
        XCTAssertGreaterThan(bytes.count, 3_000_000)
        let trace = try TraceImport.decode(bytes, file: "long.json", format: .bdalabJSON).traces[0]
        XCTAssertEqual(trace.strokes.count, 1)
        XCTAssertEqual(trace.strokes[0].sampleCount, n)
    }
}
