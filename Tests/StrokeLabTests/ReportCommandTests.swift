import Foundation
import StrokeIO
import XCTest

/// `strokelab report` end to end on a small spec: figures, rasters and tables are written and
/// every file the HTML links to exists.
final class ReportCommandTests: XCTestCase {
    func testReportWritesFiguresRastersAndEveryLinkedFile() throws {
        let dir = TestPaths.temporaryDirectory("report")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = """
            name: small
            datasets:
              - {name: synthetic, paths: ["\(TestPaths.packageRoot)/Datasets/synthetic/stylus-240hz-60fps.json", "\(TestPaths.packageRoot)/Datasets/synthetic/stylus-240hz-realistic.json"]}
            pipelines:
              - linear
              - bezier4
              - midpoint-bezier
              - coalesced-only
              - {name: "midpoint complete", label: "midpoint-bezier(tail=complete)"}
              - {name: "midpoint + linear", label: "midpoint-bezier(tail=complete)|predict:linear(horizon=16.7)"}
            bootstrap: 100
            """
        try spec.write(toFile: dir + "/small.yaml", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["report", "--spec", dir + "/small.yaml", "--out", dir + "/out",
                                       "--render-repetitions", "1", "--throughput-runs", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOfFile: dir + "/out/report.html", encoding: .utf8)
        // Every linked file exists (metric columns link to sections of the guide: the file part).
        let links = html.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            .filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "#", maxSplits: 1)[0]) }
        XCTAssertTrue(links.contains { $0.hasSuffix("docs/guides/metrics.md") }, "metric columns link to the guide")
        XCTAssertFalse(links.isEmpty)
        for link in links {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/" + link), link)
        }
        let figures = links.filter { $0.hasPrefix("figures/") && $0.hasSuffix(".png") }
        let rasters = links.filter { $0.hasPrefix("rasters/") && $0.hasSuffix(".png") }
        XCTAssertGreaterThanOrEqual(Set(figures).count, 6, "\(figures)")
        XCTAssertGreaterThanOrEqual(Set(rasters).count, 2, "\(rasters)")
        for table in ["results.csv", "summary.csv", "summary_paired.csv", "run.json", "lag_frames.csv", "throughput.csv", "render_cost.csv"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/out/" + table), table)
        }
        // PNGs are real PNGs.
        for png in figures + rasters {
            let data = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/out/" + png))
            XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], png)
        }
        XCTAssertTrue(html.contains("Smoothness vs latency"))
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
    }

    func testAMissingSpecFailsWithOneLine() throws {
        let result = try runStrokeLab(["report", "--spec", "/nonexistent/spec.yaml", "--out", "/tmp/strokelab-never-report"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("/nonexistent/spec.yaml"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/strokelab-never-report/report.html"))
    }
}
