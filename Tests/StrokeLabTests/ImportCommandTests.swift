import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

/// End-to-end tests of `strokelab import`, running the built binary.
final class ImportCommandTests: XCTestCase {
    var directory = ""

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory("import")
    }

    func binary() throws -> String {
        let path = TestPaths.strokelab
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MissingRequirement.error("the strokelab binary is not built at \(path) (run swift build first); CLI tests skipped")
        }
        return path
    }

    /// Runs the binary; returns exit status, stdout and stderr.
    func run(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let result = try runProcess(try binary(), arguments)
        return (result.status, result.stdout, result.stderr)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func files(under path: String) -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    let goodSVC = "3\n100 200 1000 1 900 450 500\n110 210 1008 1 900 450 600\n120 220 1016 0 900 450 0\n"

    func testABadFileStopsTheBatchWithItsErrorAndNothingIsWritten() throws {
        let good = try write("in/good.svc", goodSVC)
        let bad = try write("in/bad.svc", "2\n100 200 1000 1 900 450 500\n110 210 999 1 900 450 600\n")
        let out = directory + "/out"
        let r = try run(["import", "auto", good, bad, "--out", out])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.err.contains("error: \(bad):3: the timestamp 999 goes backwards"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out), "no output at all, not even for the good file read first")
    }

    func testAutoDetectionOfMalformedJSONReportsTheSyntaxErrorWithItsLine() throws {
        let bad = try write("in/bad.json", "{\n  \"format\": \"strokelab.trace\",\n  \"version\": 1,\n  \"strokes\": [{\"id\": \"a\", \"samples\": [[0, 1e999, 2]]}]\n}\n")
        let r = try run(["import", "auto", bad, "--out", directory + "/out"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.err.contains("error: \(bad):4:48: not valid JSON: 1e999 is too large for a double; every value must be finite"), r.err)
        XCTAssertFalse(r.err.contains("cannot tell which JSON format"), r.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory + "/out"))
    }

    func testImportWritesNativeTracesThatMatchTheLibrary() throws {
        let svc = try write("in/a.svc", goodSVC)
        let csv = try write("in/b.csv", "ms,X,Y\n0,1,2\n5,2,3\n")
        let out = directory + "/out"
        let r = try run(["import", "auto", svc, "--out", out, "--refresh-hz", "120"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.out.contains("a.svc -> "), r.out)
        let written = try NativeTraceReader.read(path: out + "/a.json")
        XCTAssertEqual(written, try TraceImport.load(path: svc, options: ImportOptions(refreshRateHz: 120))[0])
        XCTAssertEqual(written.metadata.refreshRateHz, 120)

        let mapped = try run(["import", "csv", csv, "--out", out, "--map", "t=ms/1000, x=X, y=Y", "--units", "mm"])
        XCTAssertEqual(mapped.status, 0, mapped.err)
        XCTAssertEqual(try NativeTraceReader.read(path: out + "/b.json").metadata.units, .mm)
        let unmapped = try run(["import", "auto", csv, "--out", directory + "/out2"])
        XCTAssertEqual(unmapped.status, 1)
        XCTAssertTrue(unmapped.err.contains("needs a column mapping"), unmapped.err)
    }

    func testTheSummaryCountsATapsSampleOnce() throws {
        // A two-sample stroke, hover, then a one-sample stroke (a tap): 3 input samples.
        let svc = try write("in/tap.svc", "5\n100 200 1000 1 900 450 500\n110 210 1008 1 900 450 600\n120 220 1016 0 900 450 0\n130 230 1024 1 900 450 700\n140 240 1032 0 900 450 0\n")
        let r = try run(["import", "svc", svc, "--out", directory + "/out"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertTrue(r.out.contains("(2 strokes, 3 samples)"), r.out)
        let written = try NativeTraceReader.read(path: directory + "/out/tap.json")
        XCTAssertEqual(written.strokes.map(\.sampleCount), [2, 2], "the tap is still stored as began + ended carrying its sample")
        XCTAssertEqual(written.strokes[1].events.map(\.phase), [.began, .ended])
    }

    func testInkMLOutputReimportsToTheSameNativeTrace() throws {
        let svc = try write("in/a.svc", goodSVC)
        XCTAssertEqual(try run(["import", "svc", svc, "--out", directory + "/ink", "--to", "inkml"]).status, 0)
        XCTAssertEqual(try run(["import", "auto", directory + "/ink/a.inkml", "--out", directory + "/back"]).status, 0)
        XCTAssertEqual(try run(["import", "auto", svc, "--out", directory + "/direct"]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: directory + "/back/a.json")),
                       try Data(contentsOf: URL(fileURLWithPath: directory + "/direct/a.json")))
    }

    func testDirectoriesExpandAndSameNamedInputsGoToTheirParentFolders() throws {
        _ = try write("in/w1/task.svc", goodSVC)
        _ = try write("in/w2/task.svc", goodSVC)
        _ = try write("in/w2/notes.md", "not a trace")
        let r = try run(["import", "auto", directory + "/in", "--out", directory + "/out"])
        XCTAssertEqual(r.status, 0, r.err)
        XCTAssertEqual(files(under: directory + "/out"), ["w1", "w1/task.json", "w2", "w2/task.json"])
    }

    func testAnOutputMayNotReplaceAnInput() throws {
        let native = try write("t.json", NativeTraceWriter.encode(Trace(metadata: TraceMetadata(source: "x"),
            strokes: [Stroke(id: "a", events: FrameGrouping.events(from: [TouchSample(time: 0, x: 0, y: 0)]))])))
        let before = try Data(contentsOf: URL(fileURLWithPath: native))
        let r = try run(["import", "auto", native, "--out", directory])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.err.contains("would replace an input file"), r.err)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: native)), before)
    }

    func testUsageErrorsAndHelp() throws {
        let unknown = try run(["import", "tiff", "x", "--out", directory])
        XCTAssertNotEqual(unknown.status, 0)
        XCTAssertTrue(unknown.err.contains("unknown format 'tiff'"), unknown.err)
        let help = try run(["import", "--help"])
        XCTAssertEqual(help.status, 0)
        for text in ["pointer-events", "--retime-hz", "--map", "TARGET=EXPR", "validated before anything is written",
                     "132 points per inch", "25.4/132", "typographic 1/72 in", "distinct input samples"] {
            XCTAssertTrue(help.out.contains(text), "help lacks \(text)")
        }
    }
}
