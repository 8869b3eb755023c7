import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

/// Format detection (`TraceImport.load(path:format: nil)`, what `strokelab run --trace` and
/// `strokelab import auto` use) must report what is actually wrong with a file, located:
/// a `.json` file that does not parse gives the JSON syntax error at its line and column —
/// not "cannot tell which JSON format this is" — and every other detection failure names
/// the file and a line.
final class FormatDetectionErrorTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws { directory = try makeTemporaryDirectory("strokeio-tests") }

    /// A small valid native trace, as the writer lays it out (one key or sample per line).
    func nativeText() -> String {
        let samples = (0..<4).map { TouchSample(time: Double($0) / 240, x: 10 + Double($0), y: 20, force: 0.5) }
        let trace = Trace(metadata: TraceMetadata(source: "detection"),
                          strokes: [Stroke(id: "a", events: FrameGrouping.events(from: samples))])
        return NativeTraceWriter.encode(trace)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = directory + "/" + name
        try AtomicFile.write(bytes, to: path)
        return path
    }

    /// Loads `path` with detection and returns the error it must throw.
    func detectionError(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> TraceFileError? {
        do {
            let traces = try TraceImport.load(path: path, format: nil)
            XCTFail("\(path): expected an error, got \(traces.count) traces", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// Checks that `error` names `path` at `expectedLine` (with a column), is one line,
    /// mentions every string of `contains`, and is not the format-guessing message.
    func check(_ error: TraceFileError?, path: String, line expectedLine: Int, column: Bool = true, contains: [String],
               file: StaticString = #filePath, sourceLine: UInt = #line) {
        guard let error else { return }
        let text = error.description
        XCTAssertEqual(error.file, path, text, file: file, line: sourceLine)
        XCTAssertEqual(error.line, expectedLine, text, file: file, line: sourceLine)
        if column { XCTAssertNotNil(error.column, text, file: file, line: sourceLine) }
        XCTAssertTrue(text.hasPrefix("\(path):\(expectedLine):"), "«\(text)» should start with \(path):\(expectedLine):", file: file, line: sourceLine)
        XCTAssertFalse(text.contains("\n"), text, file: file, line: sourceLine)
        XCTAssertFalse(text.contains("cannot tell which JSON format"), "a syntax error must not be reported as an unknown format: \(text)", file: file, line: sourceLine)
        for s in contains {
            XCTAssertTrue(text.contains(s), "«\(text)» should mention «\(s)»", file: file, line: sourceLine)
        }
    }

    func testTruncatedNativeTraceReportsTheSyntaxErrorNotTheFormat() throws {
        let text = nativeText()
        XCTAssertTrue(text.contains("\"format\": \"strokelab.trace\""), "fixture declares its format")
        let cut = Array(text.utf8.prefix(text.utf8.count * 2 / 3))
        let path = try write("truncated.json", cut)
        let lastLine = cut.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let error = detectionError(path)
        check(error, path: path, line: lastLine, contains: ["not valid JSON", "truncated"])
        // Exactly what the native reader says when told the format.
        XCTAssertThrowsError(try NativeTraceReader.read(path: path)) { XCTAssertEqual($0 as? TraceFileError, error) }
    }

    func testOverflowingNumberIsReportedAtItsLine() throws {
        var lines = nativeText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The second sample (x = 11) sits on an event line deep in the file.
        let target = try XCTUnwrap(lines.firstIndex { $0.contains(", 11, ") }, "a sample line")
        XCTAssertGreaterThan(target, 4)
        lines[target] = lines[target].replacingOccurrences(of: ", 11, ", with: ", 1e999, ")
        let path = try write("overflow.json", Array(lines.joined(separator: "\n").utf8))
        let error = detectionError(path)
        check(error, path: path, line: target + 1, contains: ["not valid JSON: 1e999 is too large for a double; every value must be finite"])
        XCTAssertThrowsError(try NativeTraceReader.read(path: path)) { XCTAssertEqual($0 as? TraceFileError, error) }
    }

    func testNaNIsReportedAtItsLineAndColumn() throws {
        let text = "{\n  \"format\": \"strokelab.trace\",\n  \"version\": 1,\n  \"strokes\": [{\"id\": \"a\", \"samples\": [[0, NaN, 2]]}]\n}\n"
        let path = try write("nan.json", Array(text.utf8))
        let error = detectionError(path)
        check(error, path: path, line: 4, contains: ["not valid JSON", "NaN and Infinity are not JSON numbers"])
        let column = Array("  \"strokes\": [{\"id\": \"a\", \"samples\": [[0, ".utf8).count + 1
        XCTAssertEqual(error?.column, column, error?.description ?? "")
    }

    func testEmptyJSONFileIsReportedAsEmpty() throws {
        let path = try write("empty.json", [])
        check(detectionError(path), path: path, line: 1, contains: ["not valid JSON", "the file is empty"])
        let blank = try write("blank.json", Array("\n\n  \n".utf8))
        check(detectionError(blank), path: blank, line: 4, contains: ["the file is empty"])
    }

    func testBinaryGarbageJSONFileIsReportedAsInvalidJSON() throws {
        let path = try write("garbage.json", MalformedInputTests.garbage)
        check(detectionError(path), path: path, line: 1, contains: ["not valid JSON", "expected a value, found byte 0x0"])
        let png = try write("image.json", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])
        check(detectionError(png), path: png, line: 1, contains: ["not valid JSON", "byte 0x89"])
    }

    func testValidJSONOfUnknownShapeIsLocatedAtItsTopLevelValue() throws {
        let path = try write("other.json", Array("\n\n  {\"hello\": [1, 2]}\n".utf8))
        let error = try XCTUnwrap(detectionError(path))
        XCTAssertEqual(error.line, 3, error.description)
        XCTAssertEqual(error.column, 3, error.description)
        XCTAssertTrue(error.description.contains("cannot tell which JSON format this is"), error.description)
    }

    func testJSONContentUnderAnotherExtensionGetsTheSameSyntaxError() throws {
        let path = try write("trace.dat", Array("{\"format\": \"strokelab.trace\",\n \"version\": 1e999}".utf8))
        check(detectionError(path), path: path, line: 2, contains: ["not valid JSON: 1e999 is too large"])
    }

    func testOtherDetectionFailuresAreLocated() throws {
        let svg = try write("drawing.xml", Array("<?xml version=\"1.0\"?>\n<svg width=\"10\"/>\n".utf8))
        check(detectionError(svg), path: svg, line: 2, contains: ["<svg>", "not InkML"])
        let brokenXML = try write("broken.xml", Array("<?xml version=\"1.0\"?>\n<svg>\n<g>\n</svg>\n".utf8))
        check(detectionError(brokenXML), path: brokenXML, line: 4, contains: ["not well-formed XML"])
        let binary = try write("noise.dat", Array("12 3\n".utf8) + MalformedInputTests.garbage)
        check(detectionError(binary), path: binary, line: 2, contains: ["binary data (byte 0x0)"])
        let unknown = try write("notes.dat", Array("\n\nhello world\n".utf8))
        check(detectionError(unknown), path: unknown, line: 3, contains: ["cannot detect the format", "\".dat\"", "\"hello world\""])
        let empty = try write("empty.dat", [])
        check(detectionError(empty), path: empty, line: 1, column: false, contains: ["the file is empty"])
    }

    func testValidFilesStillDetect() throws {
        let native = try write("ok.json", Array(nativeText().utf8))
        XCTAssertEqual(try TraceImport.load(path: native, format: nil).first?.strokes.first?.samples.count, 4)
        XCTAssertEqual(try TraceImport.detect(file: "ok.dat", bytes: Array(nativeText().utf8)), .native)
    }
}
