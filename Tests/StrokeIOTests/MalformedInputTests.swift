import Foundation
import StrokeCore
import StrokeIO
import XCTest

/// Every reader against the same kinds of bad input — truncated file, wrong column count,
/// non-numeric field, NaN, ∞, backwards time, empty file, binary garbage — each must give a
/// one-line ``TraceFileError`` naming the file and line and saying what is wrong.
final class MalformedInputTests: XCTestCase {
    struct Case {
        var name: String
        var bytes: [UInt8]
        var line: Int?
        var contains: [String]
        init(_ name: String, _ text: String, line: Int?, _ contains: [String]) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.line = line
            self.contains = contains
        }
        init(_ name: String, bytes: [UInt8], line: Int?, _ contains: [String]) {
            self.name = name
            self.bytes = bytes
            self.line = line
            self.contains = contains
        }
    }

    /// Bytes no text format can hold: NUL, a lone UTF-8 continuation byte, controls.
    static let garbage: [UInt8] = [0x00, 0xFF, 0x13, 0x9C, 0x00, 0x42, 0x07, 0xFE, 0x80, 0x01]

    func run(_ format: TraceFormat, _ cases: [Case], options: ImportOptions = ImportOptions(), valid: String,
             file: StaticString = #filePath, line: UInt = #line) throws {
        // The unmodified fixture must be valid, so each case fails for its own reason.
        let ok = try TraceImport.decode(Array(valid.utf8), file: "good", format: format, options: options)
        TestSupport.assertWellFormed(ok.traces[0], "valid \(format.rawValue) fixture", file: file, line: line)
        for c in cases {
            let name = "bad-\(c.name).\(format.rawValue)"
            TestSupport.expectError(c.bytes, format: format, file: name, options: options, line: c.line, contains: c.contains,
                                    sourceFile: file, sourceLine: line)
        }
    }

    func testSVCMalformedInput() throws {
        let valid = "3\n100 200 1000 1 900 450 500\n110 210 1008 1 900 450 600\n120 220 1016 0 900 450 0\n"
        try run(.svc, [
            Case("truncated-rows", "3\n100 200 1000 1 900 450 500\n110 210 1008 1 900 450 600\n", line: 3, ["declares 3 samples", "truncated"]),
            Case("truncated-line", "3\n100 200 1000 1 900 450 500\n110 210 10", line: 3, ["3 fields", "7"]),
            Case("columns", "2\n100 200 1000 1 900 450 500\n110 210 1008 1 900 450\n", line: 3, ["6 fields", "this file's samples have 7"]),
            Case("non-numeric", "2\n100 200 1000 1 900 450 500\n110 abc 1008 1 900 450 600\n", line: 3, ["field 2 (y)", "\"abc\"", "not a number"]),
            Case("nan", "2\n100 200 1000 1 900 450 500\n110 210 1008 1 NaN 450 600\n", line: 3, ["azimuth", "NaN and infinite values are not allowed"]),
            Case("infinity", "2\n100 200 1000 1 900 450 500\n110 210 1008 1 900 450 1e999\n", line: 3, ["pressure", "too large to be finite"]),
            Case("inf-word", "2\n-inf 200 1000 1 900 450 500\n110 210 1008 1 900 450 1\n", line: 2, ["field 1 (x)", "NaN and infinite"]),
            Case("backwards", "2\n100 200 1000 1 900 450 500\n110 210 999 1 900 450 600\n", line: 3, ["999 goes backwards", "line 2 has 1000"]),
            Case("pen-status", "1\n100 200 1000 2 900 450 500\n", line: 2, ["pen-status", "expected 1"]),
            Case("empty", "", line: nil, ["the file is empty"]),
            Case("garbage", bytes: Self.garbage, line: 1, ["binary data", "not a text file"]),
            Case("hover-only", "1\n100 200 1000 0 900 450 0\n", line: nil, ["no pen-down samples"]),
        ], valid: valid)
    }

    func testWacomCSVMalformedInput() throws {
        let header = "EventType;T;X;Y;P;Altitude;Azimuth;Distance\n"
        let valid = header + "3;1000;100;100;0;600;900;100\n1;1005;100;100;1000;600;900;0\n1;1010;110;100;2000;600;900;0\n3;1015;120;100;0;600;900;50\n"
        try run(.wacomCSV, [
            Case("truncated", header + "1;1005;100;100;1000;600;900;0\n1;1010;11", line: 3, ["3 fields", "header names 8"]),
            Case("columns", header + "1;1005;100;100;1000;600;900;0;7\n", line: 2, ["9 fields"]),
            Case("non-numeric", header + "1;1005;100;1OO;1000;600;900;0\n", line: 2, ["field Y", "\"1OO\"", "not a number"]),
            Case("nan", header + "1;1005;100;100;nan;600;900;0\n", line: 2, ["field P", "NaN"]),
            Case("infinity", header + "1;1005;100;100;1000;600;Infinity;0\n", line: 2, ["field Azimuth", "infinite"]),
            Case("backwards", header + "1;1005;100;100;1000;600;900;0\n1;1004;110;100;2000;600;900;0\n", line: 3, ["T 1004 goes backwards", "line 2"]),
            Case("event-type", header + "7;1005;100;100;1000;600;900;0\n", line: 2, ["EventType", "expected 1"]),
            Case("header", "Type;T;X;Y\n1;2;3;4\n", line: 1, ["lacks the column EventType"]),
            Case("empty", "", line: nil, ["the file is empty"]),
            Case("header-only", header, line: nil, ["the file has no samples"]),
            Case("garbage", bytes: Array(header.utf8) + Self.garbage, line: 2, ["binary data"]),
        ], valid: valid)
    }

    func testPointerEventsMalformedInput() throws {
        let valid = """
            {"x": [1, 2, 3], "y": [4, 5, 6], "time": [10, 26, 42], "pressure": [0, 0.5, 0.6],
             "buttons": [0, 1, 1], "tiltX": [0, 10, 20], "tiltY": [0, -5, 5], "pointerType": "pen"}
            """
        try run(.pointerEvents, [
            Case("truncated", "{\"x\": [1, 2, 3],\n \"y\": [4, 5", line: 2, ["not valid JSON", "truncated"]),
            Case("columns", "{\"x\": [1, 2, 3],\n \"y\": [4, 5],\n \"time\": [1, 2, 3]}", line: 2, ["\"y\" has 2 values", "\"x\" has 3"]),
            Case("non-numeric", "{\"x\": [1, 2],\n \"y\": [4, \"five\"],\n \"time\": [1, 2]}", line: 2, ["\"y\"[1] must be a number", "a string"]),
            Case("nan", "{\"x\": [1, 2],\n \"y\": [4, NaN],\n \"time\": [1, 2]}", line: 2, ["NaN and Infinity are not JSON numbers"]),
            Case("infinity", "{\"x\": [1, 2],\n \"y\": [4, 5],\n \"time\": [1, 1e999]}", line: 3, ["1e999", "finite"]),
            Case("backwards", "{\"x\": [1, 2],\n \"y\": [4, 5],\n \"time\": [10,\n 9]}", line: 4, ["\"time\"[1] 9 goes backwards"]),
            Case("tilt", "{\"x\": [1],\n \"y\": [4],\n \"time\": [1],\n \"tiltX\": [120], \"tiltY\": [0]}", line: 4, ["outside"]),
            Case("empty", "", line: 1, ["the file is empty"]),
            Case("garbage", bytes: Self.garbage, line: 1, ["not valid JSON"]),
            Case("hover-only", "{\"x\": [1],\n \"y\": [4],\n \"time\": [1], \"buttons\": [0]}", line: nil, ["no pen-down samples"]),
        ], valid: valid)
    }

    func testBDALabJSONMalformedInput() throws {
        func file(_ x: String = "[1, 2]", time: String = "[0, 0.01]", pen: String = "[1, 1]") -> String {
            "{\"meta_data\": {},\n \"data\": {\"x\": \(x),\n \"y\": [3, 4],\n \"time\": \(time),\n \"pen_status\": \(pen),\n \"azimuth\": [0, 0], \"tilt\": [900, 900], \"pressure\": [0.5, 0.6]}}"
        }
        try run(.bdalabJSON, [
            Case("truncated", String(file().prefix(60)), line: 4, ["not valid JSON", "truncated"]),
            Case("columns", file("[1, 2, 3]"), line: 3, ["\"y\" has 2 values but \"x\" has 3"]),
            Case("non-numeric", file("[1, true]"), line: 2, ["\"x\"[1] must be a number", "a boolean"]),
            Case("nan", file("[1, NaN]"), line: 2, ["NaN and Infinity"]),
            Case("infinity", file("[1, -1e400]"), line: 2, ["finite"]),
            Case("backwards", file(time: "[0.5, 0.25]"), line: 4, ["\"time\"[1] 0.25 goes backwards"]),
            Case("pen-status", file(pen: "[1, 3]"), line: 5, ["pen_status", "expected 1"]),
            Case("empty", "", line: 1, ["the file is empty"]),
            Case("garbage", bytes: Self.garbage, line: 1, ["not valid JSON"]),
        ], valid: file())
    }

    func testCynMalformedInput() throws {
        let head = "#\r\nVersion 0.0\r\n#\r\n\r\nphotoshop 5\r\n1\r\npath.txt\r\n\r\n"
        let s0 = "stroke 0\r\n2\r\n0 0 0.1 0.2 0.5 10 0.1 0.1\r\n1 0.007 0.11 0.21 0.5 10 0.1 0.1\r\n"
        let s1 = "stroke 1\r\n1\r\n0 0 0.3 0.3 0.4 10 0 0\r\n"
        let valid = head + "2\r\n" + s0 + s1
        try run(.cyn, [
            Case("truncated", head + "2\r\n" + s0, line: 13, ["declares 2 strokes", "truncated"]),
            Case("truncated-rows", head + "2\r\nstroke 0\r\n3\r\n0 0 0.1 0.2 0.5 10 0.1 0.1\r\n", line: 12, ["declares 3 samples", "truncated"]),
            Case("columns", head + "1\r\nstroke 0\r\n1\r\n0 0 0.1 0.2 0.5 10 0.1\r\n", line: 12, ["7 fields", "expected 8"]),
            Case("non-numeric", head + "1\r\nstroke 0\r\n1\r\n0 0 0.1 0.2 half 10 0.1 0.1\r\n", line: 12, ["pressure", "\"half\""]),
            Case("nan", head + "1\r\nstroke 0\r\n1\r\n0 0 nan 0.2 0.5 10 0.1 0.1\r\n", line: 12, ["(x)", "NaN"]),
            Case("infinity", head + "1\r\nstroke 0\r\n1\r\n0 0 0.1 0.2 0.5 inf 0.1 0.1\r\n", line: 12, ["rotation", "infinite"]),
            Case("backwards", head + "1\r\nstroke 0\r\n2\r\n0 0.5 0.1 0.2 0.5 10 0.1 0.1\r\n1 0.4 0.1 0.2 0.5 10 0.1 0.1\r\n", line: 13, ["goes backwards within stroke 0"]),
            Case("sequence", head + "1\r\nstroke 1\r\n1\r\n0 0 0.1 0.2 0.5 10 0.1 0.1\r\n", line: 10, ["expected \"stroke 0\""]),
            Case("empty", "", line: nil, ["the file is empty"]),
            Case("garbage", bytes: Self.garbage, line: 1, ["binary data"]),
        ], valid: valid)
    }

    func testInkMLMalformedInput() throws {
        let head = "<ink xmlns=\"http://www.w3.org/2003/InkML\">\n<traceFormat><channel name=\"X\"/><channel name=\"Y\"/><channel name=\"T\" units=\"ms\"/></traceFormat>\n"
        let valid = head + "<trace>\n0 0 0,\n1 1 10\n</trace>\n</ink>\n"
        try run(.inkml, [
            Case("truncated", head + "<trace>\n0 0 0,\n1 1", line: 5, ["not well-formed XML"]),
            Case("columns", head + "<trace>\n0 0 0,\n1 1 10 5\n</trace>\n</ink>", line: 5, ["sample 1", "more than 3 values"]),
            Case("too-few", head + "<trace>\n0 0 0,\n1 1\n</trace>\n</ink>", line: 5, ["sample 1", "2 values", "3 regular channels"]),
            Case("non-numeric", head + "<trace>\n0 0 0,\n1 one 10\n</trace>\n</ink>", line: 5, ["\"one\" is not a value"]),
            Case("nan", head + "<trace>\n0 0 0,\nNaN 1 10\n</trace>\n</ink>", line: 5, ["\"NaN\" is not a value"]),
            Case("infinity", head + "<trace>\n0 0 0,\n1e999 1 10\n</trace>\n</ink>", line: 5, ["too large to be finite"]),
            Case("backwards", head + "<trace>\n0 0 10,\n1 1 5\n</trace>\n</ink>", line: 5, ["goes backwards"]),
            Case("not-ink", "<svg>\n<path/>\n</svg>", line: 1, ["not <ink>"]),
            Case("empty", "", line: nil, ["the file is empty"]),
            Case("garbage", bytes: Self.garbage, line: 1, ["binary data", "not XML text"]),
            // Found by the fuzz test: FoundationXML traps on invalid UTF-8 in an element name,
            // so the reader must refuse it first.
            Case("invalid-utf8", bytes: [0x3C, 0x69, 0x6E, 0x6B, 0x3E, 0x0A, 0x3C, 0xDD, 0x24, 0x35, 0x3E], line: 2, ["invalid UTF-8", "byte 0xDD"]),
            Case("no-traces", head + "</ink>", line: 1, ["no <trace>"]),
        ], valid: valid)
    }

    func testMappedCSVMalformedInput() throws {
        let options = ImportOptions(csvMapping: "t=time_ms/1000, x=X, y=Y, force=P/1024, stroke=id")
        let header = "time_ms,X,Y,P,id\n"
        let valid = header + "0,1,2,100,a\n5,2,3,200,a\n10,3,4,0,b\n"
        try run(.csv, [
            Case("truncated", header + "0,1,2,100,a\n5,2", line: 3, ["2 fields", "header has 5"]),
            Case("columns", header + "0,1,2,100,a,extra\n", line: 2, ["6 fields"]),
            Case("non-numeric", header + "0,1,two,100,a\n", line: 2, ["\"Y\" ($3)", "\"two\"", "not a number"]),
            Case("nan", header + "0,NaN,2,100,a\n", line: 2, ["\"X\" ($2)", "NaN"]),
            Case("infinity", header + "0,1,2,inf,a\n", line: 2, ["\"P\" ($4)", "infinite"]),
            Case("backwards", header + "5,1,2,100,a\n0,2,3,200,a\n", line: 3, ["t 0 goes backwards"]),
            Case("unknown-column", "time,X,Y,P,id\n0,1,2,3,a\n", line: 1, ["\"time_ms\"", "no such column"]),
            Case("empty", "", line: nil, ["the file is empty"]),
            Case("garbage", bytes: Self.garbage, line: 1, ["binary data"]),
        ], options: options, valid: valid)
        TestSupport.expectError(valid, format: .csv, file: "nomap.csv", line: nil, contains: ["needs a column mapping"])
        TestSupport.expectError(valid, format: .csv, file: "badmap.csv", options: ImportOptions(csvMapping: "t=time_ms/, x=X, y=Y"),
                                line: nil, contains: ["column mapping, character 11"])
    }

    func testNativeMalformedInput() throws {
        func file(_ samples: String) -> String {
            "{\"format\": \"strokelab.trace\", \"version\": 1,\n \"channels\": [\"t\", \"x\", \"y\"],\n \"strokes\": [{\"id\": \"a\",\n \"samples\": \(samples)}]}"
        }
        let valid = file("[[0, 1, 2],\n [0.01, 2, 3]]")
        try run(.native, [
            Case("truncated", String(valid.prefix(90)), line: 3, ["not valid JSON", "truncated"]),
            Case("columns", file("[[0, 1, 2],\n [0.01, 2]]"), line: 5, ["has 2 values", "(3)"]),
            Case("non-numeric", file("[[0, 1, 2],\n [0.01, \"2\", 3]]"), line: 5, ["channel \"x\" must be a number"]),
            Case("nan", file("[[0, 1, 2],\n [0.01, NaN, 3]]"), line: 5, ["NaN and Infinity"]),
            Case("infinity", file("[[0, 1, 2],\n [0.01, 2e400, 3]]"), line: 5, ["too large"]),
            Case("backwards", file("[[0.5, 1, 2],\n [0.25, 2, 3]]"), line: 5, ["goes backwards"]),
            Case("empty", "", line: 1, ["the file is empty"]),
            Case("garbage", bytes: Self.garbage, line: 1, ["not valid JSON"]),
        ], valid: valid)
    }

    func testMissingFileAndDirectoryAreErrorsNamingThePath() {
        XCTAssertThrowsError(try TraceImport.load(path: "/nonexistent/trace.svc")) { error in
            XCTAssertEqual("\(error)", "/nonexistent/trace.svc: no such file")
        }
        XCTAssertThrowsError(try TraceImport.load(path: NSTemporaryDirectory())) { error in
            XCTAssertTrue("\(error)".contains("is a directory"))
        }
    }

    func testAmbiguousOrUnknownContentIsAClearDetectionError() {
        TestSupport.expectError("{\"hello\": 1}", format: .native, file: "x.json", line: 1, contains: ["missing \"format\""])
        XCTAssertThrowsError(try TraceImport.detect(file: "x.json", bytes: Array("{\"hello\": 1}".utf8))) { error in
            XCTAssertTrue("\(error)".contains("cannot tell which JSON format"), "\(error)")
        }
        XCTAssertThrowsError(try TraceImport.detect(file: "x.dat", bytes: Array("hello world".utf8))) { error in
            XCTAssertTrue("\(error)".hasPrefix("x.dat:1:1: cannot detect the format"), "\(error)")
        }
        XCTAssertThrowsError(try TraceImport.detect(file: "x.xml", bytes: Array("<svg/>".utf8))) { error in
            XCTAssertTrue("\(error)".contains("not InkML"), "\(error)")
        }
    }
}

final class TraceFileErrorTests: XCTestCase {
    func testDescriptionIsOneLineEvenWhenItQuotesControlCharacters() {
        let e = TraceFileError(file: "a.json", line: 3, stroke: 1, strokeID: "two\nlines", problem: "value \"x\ty\r\u{1B}\" is bad")
        XCTAssertEqual(e.description, "a.json:3: stroke 1 (id \"two\\nlines\"): value \"x\\ty\\r\\u{1B}\" is bad")
    }
}
