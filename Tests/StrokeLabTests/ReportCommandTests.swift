import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// `strokelab report` end to end on a small spec: figures, rasters and tables are written and
/// every file the HTML links to exists. One dataset's name and stroke ids are hostile paths
/// (issue 11 item 6): they are mapped to safe file names, and nothing is written outside
/// `--out`.
final class ReportCommandTests: XCTestCase {
    static let hostile = "x/../../victim/PWNED"
    /// The report with BDALab's handwriting as the styles section's page: the test needs
    /// `../shared/datasets/bdalab-sample` (it skips without it, and fails under CI; it once
    /// checked a weaker page silently instead).
    func testReportWritesFiguresRastersAndEveryLinkedFile() throws {
        let bdalab = try SharedData.dataset("bdalab-sample") + "/svc_data"
        let dir = try makeTemporaryDirectory("report")
        // A recorded-looking trace whose stroke ids are paths out of the directory.
        var hostileTrace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "h", shapes: [.cursive, .line], seed: 5))
        hostileTrace.metadata.source = "recorded:hostile"
        hostileTrace.strokes[0].id = Self.hostile
        hostileTrace.strokes[1].id = "../../../\u{1B}[2Jevil"
        for k in hostileTrace.strokes.indices { hostileTrace.strokes[k].reference = nil }
        try NativeTraceWriter.write(hostileTrace, to: dir + "/in/hostile.json")
        let out = dir + "/a/b/out"
        let spec = """
            name: small
            datasets:
              - {name: "\(Self.hostile)", paths: ["\(dir)/in/hostile.json"]}
              - {name: synthetic, paths: ["\(TestPaths.packageRoot)/Datasets/synthetic/stylus-240hz-60fps.json", "\(TestPaths.packageRoot)/Datasets/synthetic/stylus-240hz-realistic.json", "\(TestPaths.packageRoot)/Datasets/synthetic/styles-240hz-60fps.json"]}
              - {name: bdalab-svc, paths: ["\(bdalab)/signal.svc"], format: svc}
            pipelines:
              - linear
              - bezier4
              - midpoint-bezier
              - coalesced-only
              - {name: "midpoint complete", label: "midpoint-bezier(tail=complete)"}
              - {name: "midpoint + linear", label: "midpoint-bezier(tail=complete)|predict:linear(horizon=16.7)"}
              - forcesketch
            bootstrap: 100
            """
        try spec.write(toFile: dir + "/small.yaml", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["report", "--spec", dir + "/small.yaml", "--out", out,
                                       "--render-repetitions", "1", "--throughput-runs", "1", "--single-file"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        // Nothing outside --out: every file under the test's directory is an input or in out/.
        let everything = try XCTUnwrap(FileManager.default.subpaths(atPath: dir))
        for path in everything where !path.hasPrefix("a/b/out") && !path.hasPrefix("in") && path != "small.yaml" && path != "a" && path != "a/b" {
            XCTFail("written outside --out: \(path)")
        }
        for path in everything {
            let parts = path.split(separator: "/")
            XCTAssertFalse(parts.contains("victim") || parts.contains("..") || parts.contains("PWNED"), path)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/victim"))
        // The original names stay in the captions (escaped); the files have safe names.
        XCTAssertTrue(html.contains("x/../../victim/PWNED"), "the dataset keeps its name in the report")
        let hostileFiles = try FileManager.default.subpathsOfDirectory(atPath: out + "/").filter { $0.contains("PWNED") }
        XCTAssertFalse(hostileFiles.isEmpty, "the hostile dataset has figures or rasters")
        for f in hostileFiles {
            // out/<set>/figures/<name>: the name is one component, inside the set.
            XCTAssertEqual(f.split(separator: "/").last.map { $0.contains("..") && !$0.contains("_.._") }, false, f)
            XCTAssertTrue(f.hasPrefix(".strokelab-set-"), f)
        }
        // Every linked file exists (metric columns link to sections of the guide: the file part).
        let links = html.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            .filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "#", maxSplits: 1)[0]) }
        XCTAssertTrue(links.contains { $0.hasSuffix("docs/guides/metrics.md") }, "metric columns link to the guide")
        XCTAssertFalse(links.isEmpty)
        for link in links {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/" + link), link)
        }
        let figures = links.filter { $0.hasPrefix("figures/") && $0.hasSuffix(".png") }
        let rasters = links.filter { $0.hasPrefix("rasters/") && $0.hasSuffix(".png") }
        XCTAssertGreaterThanOrEqual(Set(figures).count, 6, "\(figures)")
        XCTAssertGreaterThanOrEqual(Set(rasters).count, 2, "\(rasters)")
        for table in ["results.csv", "summary.csv", "summary_paired.csv", "run.json", "lag_frames.csv", "throughput.csv", "render_cost.csv"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/" + table), table)
        }
        // PNGs are real PNGs.
        for png in figures + rasters {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: out + "/" + png))
            XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], png)
        }
        XCTAssertTrue(html.contains("Smoothness vs latency"))
        // Styles compared: the synthetic style trace and a page of handwriting drawn whole per
        // style, and the styled pipeline's ink metrics. The page is BDALab's signal.svc.
        XCTAssertTrue(html.contains("<h2 id=\"s") && html.contains("Styles compared</h2>"), "the section exists")
        for role in ["synthetic", "page"] {
            for style in ["constant", "scribble", "forcesketch", "perfect-freehand"] {
                XCTAssertTrue(rasters.contains("rasters/style-\(role)-\(style).png"), "\(role) drawn with \(style): \(rasters)")
            }
        }
        XCTAssertTrue(html.contains("styles-240hz-60fps"), "the style trace is named")
        XCTAssertTrue(html.contains("largest width jump, styles-240hz-60fps"), "the ink-metric table")
        XCTAssertTrue(html.contains("bdalab-svc · signal"), "the page is BDALab's handwriting")
        XCTAssertTrue(html.contains("midpoint + linear"))
        // The answer comes first: the first section ranks the pipelines per input kind, with
        // the front named and the best cells highlighted.
        let first = try XCTUnwrap(html.range(of: "<h2 id=\"s1\">"))
        let second = try XCTUnwrap(html.range(of: "<h2 id=\"s2\">"))
        let answer = String(html[first.lowerBound..<second.lowerBound])
        XCTAssertTrue(answer.contains("Answer: which smoothing to use"), answer)
        XCTAssertTrue(answer.contains("synthetic · stylus"), answer)
        XCTAssertTrue(answer.contains("on the front"), answer)
        XCTAssertTrue(answer.contains("class=\"num best\""), answer)
        XCTAssertTrue(answer.contains("class=\"sw\""), "pipeline colour swatches")
        // --single-file: the same report with every figure inlined, no image file needed.
        let single = try String(contentsOfFile: out + "/report-single.html", encoding: .utf8)
        let sources = single.components(separatedBy: "<img src=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
        XCTAssertEqual(sources.count, Set(figures + rasters).count)
        XCTAssertTrue(sources.allSatisfy { $0.hasPrefix("data:image/png;base64,") }, "every image embedded")
    }

    func testAMissingSpecFailsWithOneLine() throws {
        let result = try runStrokeLab(["report", "--spec", "/nonexistent/spec.yaml", "--out", "/tmp/strokelab-never-report"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("/nonexistent/spec.yaml"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/strokelab-never-report/report.html"))
    }
}
