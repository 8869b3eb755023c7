import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// Issue 24 item 6 (its findings' item 8): the messages of the new ways in. Shard errors are
/// in ShardMergeTests; here the rest: a closest-name suggestion for unknown stages, presets,
/// parameters, metrics and spec keys, no list cut mid-word, a huge spec named for what it is,
/// and `render --size` refused where it does nothing.
final class MessageTests: XCTestCase {
    func runLine(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let r = try runStrokeLab(arguments)
        XCTAssertNotEqual(r.status, 0, "\(arguments)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("error: "), r.stderr, file: file, line: line)
        XCTAssertEqual(r.stderr.split(separator: "\n").count, 1, r.stderr, file: file, line: line)
        return r.stderr
    }

    /// An unknown stage listed every stage and preset and was cut mid-word ("… (383
    /// characters omitted)"), suggesting nothing.
    func testAnUnknownStageOrPresetSuggestsTheClosestName() throws {
        let trace = "Datasets/synthetic/finger-60hz-60fps.json"
        for (label, suggestion) in [("midpoint-bezeir", "midpoint-bezier"), ("bezeir4", "bezier4"), ("coalesced|fitcurve", "fit-curve"),
                                    ("interp:catmul-rom", "catmull-rom"), ("linear|predict:kalmann", "kalman"),
                                    ("midpoint-bezier(tial=complete)", "tail"), ("intrp:linear", "interp")] {
            let message = try runLine(["run", "--trace", trace, "--pipeline", label, "--out", "/tmp/never-written"])
            XCTAssertTrue(message.contains("(did you mean '\(suggestion)'?)"), "\(label): \(message)")
            XCTAssertFalse(message.contains("characters omitted"), message)
        }
        let unknown = try runLine(["run", "--trace", trace, "--pipeline", "zzzzzzzz", "--out", "/tmp/never-written"])
        XCTAssertTrue(unknown.contains("unknown stage or preset 'zzzzzzzz'; 'strokelab list' shows every stage and preset"), unknown)
        XCTAssertFalse(unknown.contains("did you mean"), "no suggestion when nothing is close: \(unknown)")
        let preset = try runLine(["run", "--trace", trace, "--pipeline", "linear|ink", "--out", "/tmp/never-written"])
        XCTAssertTrue(preset.contains("'ink' is a preset, which may only be the first stage"), preset)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }

    func testUnknownMetricsAndSpecKeysSuggestTheClosestName() throws {
        let dir = try makeTemporaryDirectory("messages-spec")
        let data = TestPaths.packageRoot + "/Datasets/synthetic/finger-60hz-60fps.json"
        for (body, expected) in [("metrics: {resampelStep: 1}", "(did you mean 'resampleStep'?)"),
                                 ("tune: {objectives: [lag.mean]}", "(did you mean 'lag.mean_ms'?)"),
                                 ("tune: {objectives: [{metric: fidelity.maen, direction: min}]}", "(did you mean 'fidelity.mean'?)"),
                                 ("sweps: []", "(did you mean 'sweeps'?)")] {
            let path = dir + "/spec.yaml"
            try "datasets: [{paths: [\(data)]}]\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
            let message = try runLine(["tune", "--spec", path, "--out", dir + "/out"])
            XCTAssertTrue(message.contains(expected), "\(body): \(message)")
        }
        XCTAssertEqual(ClosestName.suggestion(for: "lag.p95", among: ["lag.mean_ms", "lag.p95_ms"]), "lag.p95_ms")
        XCTAssertNil(ClosestName.suggestion(for: String(repeating: "x", count: 10_000), among: ["linear"]), "long names cost nothing")
        XCTAssertEqual(ClosestName.editDistance("kitten", "sitting"), 3)
    }

    /// A long list is cut between its words, never inside one.
    func testLongMessagesAreCutBetweenWords() throws {
        let names = (0..<200).map { "stage-number-\($0)" }
        let bounded = ErrorText.bounded("known: " + names.joined(separator: ", "))
        XCTAssertLessThanOrEqual(bounded.count, ErrorText.maximumMessageLength)
        XCTAssertTrue(bounded.contains("characters omitted"))
        let head = try XCTUnwrap(bounded.components(separatedBy: " … (").first)
        let tail = try XCTUnwrap(bounded.components(separatedBy: ") … ").last)
        let words = { (text: String) in text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init) }
        for word in words(head).dropFirst() + words(tail) {
            XCTAssertTrue(names.contains(word), "«\(word)» is cut: \(bounded)")
        }
    }

    /// 300 sweeps × 999 values were refused as "more than 100000 YAML nodes (nested
    /// aliases?)": there were no aliases.
    func testAHugeSpecSaysWhereItsNodesAreNotAliases() throws {
        let dir = try makeTemporaryDirectory("messages-huge")
        let values = (1...999).map(String.init).joined(separator: ",")
        var text = "datasets: [{paths: [x]}]\nsweeps:\n"
        for _ in 0..<120 { text += "  - {label: \"linear|predict:linear\", grid: {predict.horizon: [\(values)]}}\n" }
        let path = dir + "/spec.yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let message = try runLine(["run", "--spec", path, "--out", dir + "/out"])
        XCTAssertTrue(message.contains("more than 100000 YAML nodes"), message)
        XCTAssertTrue(message.contains("most of them under 'sweeps'"), message)
        XCTAssertTrue(message.contains("past the limit of 1000 pipelines (--max-pipelines)"), message)
        XCTAssertFalse(message.contains("nested aliases?"), message)
    }

    /// `render --size -1` and `--size 100000` were ignored without --all-strokes or --frames.
    func testRenderSizeIsRefusedWhereItDoesNothingOrIsOutOfRange() throws {
        let dir = try makeTemporaryDirectory("messages-size")
        let trace = TestPaths.packageRoot + "/Datasets/synthetic/finger-60hz-60fps.json"
        for size in ["-1", "100000", "800"] {
            let message = try runLine(["render", "--trace", trace, "--size", size, "--out", dir + "/x.png"])
            XCTAssertTrue(message.contains("--size sets the canvas of --all-strokes and --frames"), message)
            XCTAssertTrue(message.contains("(see 'strokelab render --help')"), message)
        }
        for size in ["-1", "100000"] {
            let message = try runLine(["render", "--trace", trace, "--all-strokes", "--size", size, "--out", dir + "/x.png"])
            XCTAssertTrue(message.contains("--size must be in 64…8192 pixels, not \(size)"), message)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}
