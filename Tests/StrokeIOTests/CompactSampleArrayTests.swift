import Foundation
import StrokeCore
import StrokeTestSupport
@testable import StrokeIO
import XCTest

/// The native reader holds sample arrays compactly (``JSONMatrix``) instead of a JSON node per
/// number: it must give the very values (bit for bit) and the very errors (line, column,
/// stroke, sample, problem) of decoding a plain parse, which is what the reader did before.
final class CompactSampleArrayTests: XCTestCase {
    /// A small trace with every kind of sample array: flat samples, events' samples and
    /// predictions, a reference; rows split over lines, tabs and CRLF.
    private let text = """
        {"format": "strokelab.trace", "version": 1,
         "metadata": {"refreshRateHz": 60},
         "channels": ["t", "x", "y", "force"],
         "strokes": [
          {"id": "a", "samples": [
            [0, 1, 2, 0.5],
        \t[0.004,  1.5, 2.5, 0.6],\r
            [0.008, -0, 2.5e1, 0.7]
          ]},
          {"id": "b", "events": [
            {"phase": "began", "samples": [[0, 1, 2, 0.5]], "predicted": [[0.01, 3, 4, 0.5]]},
            {"phase": "ended", "time": 0.02, "samples": [[0.008, 1, 2, 0.5], [0.012, 2, 3, 0.4]]}
          ], "reference": {"samples": [[0, 1, 2], [0.01, 3, 4]]}}
         ]
        }
        """

    /// The reader's result or error text, from the compact parse (detected and told) and from
    /// a plain parse; fails when they differ.
    private func assertSameAsPlainParse(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let plain: Result<Trace, TraceFileError> = Result { () throws(TraceFileError) -> Trace in
            try NativeTraceReader.decode(root: TraceImport.parseJSON(bytes, file: "t.json"), file: "t.json")
        }
        let told: Result<Trace, TraceFileError> = Result { () throws(TraceFileError) -> Trace in
            try NativeTraceReader.decode(bytes, file: "t.json")
        }
        // Detection as before: a plain parse, its format, and the native reader when native.
        let plainFormat = Result { () throws(TraceFileError) -> TraceFormat in
            try TraceImport.format(ofJSON: TraceImport.parseJSON(bytes, file: "t.json"), file: "t.json")
        }
        let detected: Result<Trace, TraceFileError> = Result { () throws(TraceFileError) -> Trace in
            try TraceImport.decode(bytes, file: "t.json").traces[0]
        }
        var results = [("told", told)]
        switch plainFormat {
        case .success(.native): results.append(("detected", detected))
        case .success: break
        case .failure(let e):
            if case .failure(let d) = detected {
                XCTAssertEqual(e.description, d.description, "\(label) (detection)", file: file, line: line)
            } else {
                XCTFail("\(label): detection should fail with \(e)", file: file, line: line)
            }
        }
        for (name, result) in results {
            switch (plain, result) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(Self.bits(a), Self.bits(b), "\(label) (\(name)): values differ", file: file, line: line)
                XCTAssertEqual(a, b, "\(label) (\(name))", file: file, line: line)
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a.description, b.description, "\(label) (\(name))", file: file, line: line)
            default:
                XCTFail("\(label) (\(name)): plain parse gave \(plain), compact \(result)", file: file, line: line)
            }
        }
    }

    /// Every number of a trace as its bit pattern (so -0 and 0 differ).
    private static func bits(_ trace: Trace) -> [UInt64] {
        var out: [UInt64] = []
        for stroke in trace.strokes {
            for event in stroke.events {
                out.append(event.time.bitPattern)
                for s in event.samples + event.predicted {
                    for c in Channel.allCases { out.append(c.value(of: s).bitPattern) }
                }
            }
            for p in stroke.reference?.points ?? [] {
                out += [p.time.bitPattern, p.location.x.bitPattern, p.location.y.bitPattern]
            }
        }
        return out
    }

    func testTheSmallTraceReadsAsFromAPlainParseWithMinusZeroKept() throws {
        let bytes = Array(text.utf8)
        assertSameAsPlainParse(bytes, "small trace")
        let trace = try NativeTraceReader.decode(bytes, file: "t.json")
        XCTAssertEqual(trace.strokes[0].samples[2].location.x.sign, .minus)
        XCTAssertEqual(trace.strokes[0].samples[2].location.y, 25)
        XCTAssertTrue(try JSONParser.parse(bytes, compactingMatrices: true).compacted)
    }

    func testCompactNodesHaveThePlainParsesValuesAndPositions() throws {
        let bytes = Array(text.utf8)
        let plain = try JSONParser.parse(bytes)
        let compact = try JSONParser.parse(bytes, compactingMatrices: true).node
        func flatten(_ n: JSONNode) -> [String] {
            var out = ["\(n.line):\(n.column) \(n.typeName) \(n.number.map { String($0.bitPattern) } ?? n.string ?? "")"]
            if let a = n.array { for e in a { out += flatten(e) } }
            if let o = n.object { for (k, v) in o { out.append(k); out += flatten(v) } }
            return out
        }
        XCTAssertEqual(flatten(plain), flatten(compact))
        let samples = try XCTUnwrap(compact["strokes"]?.array?[0]["samples"])
        XCTAssertNotNil(samples.matrix)
        XCTAssertEqual(samples.matrix.map { [$0.position(row: 1).line, $0.position(row: 1).column] }, [7, 2])
        XCTAssertEqual(samples.matrix.map { [$0.position(row: 1, value: 2).line, $0.position(row: 1, value: 2).column] }, [7, 16])
    }

    func testEachMalformedSampleArrayGivesThePlainParsesError() {
        let cases: [(String, String)] = [
            ("[0.004,  1.5, 2.5, 0.6]", "[0.004,  1.5, 2.5]"),          // too few values
            ("[0.004,  1.5, 2.5, 0.6]", "[-0.004,  1.5, 2.5, 0.6]"),    // time goes backwards
            ("[0.004,  1.5, 2.5, 0.6]", "[0.004,  1.5, 1e300, 0.6]"),   // beyond 2^53
            ("[0.004,  1.5, 2.5, 0.6]", "[0.004,  1.5, 2.5, 1e999]"),   // overflows a double
            ("[0.004,  1.5, 2.5, 0.6]", "[0.004,  1.5, 2.5, 06]"),      // leading zero
            ("[0.004,  1.5, 2.5, 0.6]", "[0.004,  1.5, 2.5, \"x\"]"),   // not a number
            ("[0.004,  1.5, 2.5, 0.6]", "[0.004,  1.5, 2.5, NaN]"),
            ("[0.004,  1.5, 2.5, 0.6]", "[0.004,  1.5, 2.5, [0.6]]"),
            ("[0.004,  1.5, 2.5, 0.6]", "{\"t\": 0.004}"),
            ("[0.004,  1.5, 2.5, 0.6]", "[]"),
            ("[0.004,  1.5, 2.5, 0.6],", "[0.004,  1.5, 2.5, 0.6],,"),
            ("[0.004,  1.5, 2.5, 0.6],", "[0.004,  1.5, 2.5, 0.6,],"),
            ("[0.004,  1.5, 2.5, 0.6],", "[0.004  1.5, 2.5, 0.6],"),
            ("\"predicted\": [[0.01, 3, 4, 0.5]]", "\"predicted\": [[0.01, 3, 4]]"),
            ("\"predicted\": [[0.01, 3, 4, 0.5]]", "\"predicted\": [[0.01, 3, 4, 1e20]]"),
            ("[[0.008, 1, 2, 0.5], [0.012, 2, 3, 0.4]]", "[[0.008, 1, 2, 0.5], [0.002, 2, 3, 0.4]]"),
            ("[[0, 1, 2], [0.01, 3, 4]]", "[[0, 1, 2], [-0.01, 3, 4]]"),
            ("[[0, 1, 2], [0.01, 3, 4]]", "[[0, 1, 2], [0.01, 3, 4, 5]]"),
            ("[[0, 1, 2], [0.01, 3, 4]]", "[[]]"),
            ("\"channels\": [\"t\", \"x\", \"y\", \"force\"]", "\"channels\": [[1, 2]]"),
            ("\"strokes\": [", "\"strokes\": [[1, 2]], \"x\": ["),
            ("\"version\": 1", "\"version\": [[1]]"),
            ("{\"refreshRateHz\": 60}", "[[60]]"),
        ]
        for (from, to) in cases {
            XCTAssertTrue(text.contains(from), from)
            assertSameAsPlainParse(Array(text.replacingOccurrences(of: from, with: to).utf8), to)
        }
    }

    func testEveryTruncationAndEveryDeletedByteGivesThePlainParsesError() {
        let bytes = Array(text.utf8)
        for n in 0..<bytes.count {
            assertSameAsPlainParse(Array(bytes[..<n]), "truncated to \(n) bytes")
            var deleted = bytes
            deleted.remove(at: n)
            assertSameAsPlainParse(deleted, "byte \(n) deleted")
        }
    }

    func testHostileNestingAndLongAlmostMatricesGiveThePlainParsesError() {
        let prefix = "{\"format\": \"strokelab.trace\", \"version\": 1, \"channels\": [\"t\", \"x\", \"y\"], \"strokes\": [{\"samples\": "
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        assertSameAsPlainParse(Array((prefix + deep + "}]}").utf8), "600 levels")
        let almost = "[" + String(repeating: "[1, 2, 3],", count: 20_000) + "[1, 2, \"x\"]]"
        assertSameAsPlainParse(Array((prefix + almost + "}]}").utf8), "a matrix spoilt by its last value")
        let rows = "[" + String(repeating: "[0, 1, 2],", count: 20_000) + "[0, 1, 2]]"
        assertSameAsPlainParse(Array((prefix + rows + "}]}").utf8), "20,001 equal rows")
    }

    func testRepositoryTracesReadAsFromAPlainParse() throws {
        let directory = TestPaths.packageRoot + "/Datasets/synthetic/"
        let files = TestPaths.files(directory).filter { $0.hasSuffix(".json") }.map { directory + $0 }
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for file in files {
            assertSameAsPlainParse(try XCTUnwrap(FileManager.default.contents(atPath: file)).map { $0 }, file)
        }
    }

    func testRealDatasetTracesWrittenAsNativeReadAsFromAPlainParse() throws {
        // Every BDALab and HelpingHand file and every 12th Wacom one (all 84 take 7 s).
        var files: [String] = []
        for name in ["bdalab-sample", "helpinghand"] {
            files += try TraceImport.importableFiles(in: try SharedData.dataset(name))
        }
        let wacom = try TraceImport.importableFiles(in: try SharedData.dataset("wacom-speed"))
        files += stride(from: 0, to: wacom.count, by: 12).map { wacom[$0] }
        XCTAssertEqual(files.count, 4 + 8 + 6)
        for file in files {
            let trace = try TraceImport.load(path: file)[0]
            assertSameAsPlainParse(Array(NativeTraceWriter.encode(trace).utf8), file)
        }
    }
}
