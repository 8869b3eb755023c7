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
        // A guide beside the spec: the report links it relative to where report.html is opened
        // (out/), not to the hidden set folder the file lives in.
        try FileManager.default.createDirectory(atPath: dir + "/docs/guides", withIntermediateDirectories: true)
        try "# Metrics\n".write(toFile: dir + "/docs/guides/metrics.md", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["report", "--spec", dir + "/small.yaml", "--out", out,
                                       "--render-repetitions", "1", "--throughput-runs", "1", "--single-file"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        // Nothing outside --out: every file under the test's directory is an input or in out/.
        let everything = try XCTUnwrap(FileManager.default.subpaths(atPath: dir))
        for path in everything where !path.hasPrefix("a/b/out") && !path.hasPrefix("in") && !path.hasPrefix("docs") && path != "small.yaml" && path != "a" && path != "a/b" {
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
        XCTAssertTrue(links.contains("../../../docs/guides/metrics.md"), "the definitions link to the guide beside the spec: \(Set(links))")
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
        // The answer comes first: a card per dataset and input kind, recorded data first, each
        // naming the pipeline to use and the label to paste; the contents follow it.
        func section(_ id: String) throws -> String {
            let start = try XCTUnwrap(html.range(of: "<h2 id=\"\(id)\">"), id)
            let end = html[start.upperBound...].range(of: "<h2 id=")?.lowerBound ?? html.endIndex
            return String(html[start.lowerBound..<end])
        }
        let cards = try section("answer")
        XCTAssertTrue(cards.contains("The answer: which smoothing to ship"), cards)
        let headings = cards.components(separatedBy: "<article class=\"card\"").dropFirst().compactMap { $0.components(separatedBy: "<h3>").dropFirst().first?.components(separatedBy: "</h3>").first }
        XCTAssertEqual(headings, ["x/../../victim/PWNED · stylus", "bdalab-svc · stylus", "synthetic · stylus", "synthetic · finger"],
                       "recorded data first, synthetic last")
        XCTAssertTrue(cards.contains("<p class=\"verdict\">Use <code>"), cards)
        XCTAssertTrue(cards.contains("<pre class=\"label\"><code>main|"), "the label to paste")
        XCTAssertTrue(Self.text(cards).contains("Not enough data: 3 strokes from 1 trace"), "a card says when there is no verdict")
        XCTAssertLessThan(try XCTUnwrap(html.range(of: "<article class=\"card\"")).lowerBound, try XCTUnwrap(html.range(of: "<nav")).lowerBound,
                          "the verdicts come before the contents")
        // How it was reached: the pipelines ranked per input kind, with the front named and the
        // best cells highlighted.
        let answer = try section("method")
        XCTAssertTrue(answer.contains("synthetic · stylus (19 strokes, 3 traces)"), answer)
        XCTAssertTrue(answer.contains("class=\"num best\""), answer)
        XCTAssertTrue(answer.contains("class=\"sw\""), "pipeline colour swatches")
        // The synthetic style trace's three finger strokes are one trace: no verdict on them,
        // nor on the two hostile strokes.
        XCTAssertTrue(Self.text(answer).contains("synthetic · finger (3 strokes, 1 trace): Not enough data: 3 strokes from 1 trace"), answer)
        XCTAssertTrue(Self.text(answer).contains("Recommendation: none — not enough data: 2 strokes from 1 trace"), answer)
        // A tie is never "≈": the page says who cannot be told apart, with the interval.
        XCTAssertFalse(html.contains("≈"), "a tie is written 'cannot be told apart (interval …)'")
        try Self.checkEveryNumberOfTheAnswerIsARowOfATable(out: out, answer: answer)
        // A value in words carries its unit ("end-to-end latency 49.5 ms", never a bare 49.5).
        let page = Self.text(html)
        let bare = try NSRegularExpression(pattern: "end-to-end latency ×?-?[0-9]+\\.[0-9]+(?![0-9])(?! ms)")
        let unitless = bare.matches(in: page, range: NSRange(page.startIndex..., in: page)).map { String(page[Range($0.range, in: page)!]) }
        XCTAssertTrue(page.contains("end-to-end latency 48.6 ms"), "the synthetic pick's end-to-end latency in words")
        XCTAssertEqual(unitless, [], "values shown without their unit")
        // --single-file: the same report with every figure inlined, no image file needed, a
        // regular file with the metric definitions inside it and no link leaving it.
        let single = try String(contentsOfFile: out + "/report-single.html", encoding: .utf8)
        let sources = single.components(separatedBy: "<img src=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
        XCTAssertEqual(sources.count, Set(figures + rasters).count)
        XCTAssertTrue(sources.allSatisfy { $0.hasPrefix("data:image/png;base64,") }, "every image embedded")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: out + "/report-single.html")[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(try ReportPageChecks.brokenLinks(page: out + "/report-single.html", standalone: true), [])
        XCTAssertTrue(single.contains("<tr id=\"metric-lag-mean-ms\">"), "the definitions are in the file")
        XCTAssertTrue(single.contains("<a href=\"#metric-lag-mean-ms\">"), "metric columns link to them")
        // report.html's links resolve from out/, where the user opens it.
        XCTAssertEqual(try ReportPageChecks.brokenLinks(page: out + "/report.html", standalone: false), [])
        XCTAssertEqual(ReportPageChecks.inconsistentNumbers(html), [], "the same quantity with two values")
    }

    /// The text of an HTML fragment: tags removed, entities decoded, runs of space made one.
    static func text(_ html: String) -> String {
        var t = html.replacingOccurrences(of: "<[^>]+>", with: " ", options: .regularExpression)
        for (entity, char) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            t = t.replacingOccurrences(of: entity, with: char)
        }
        return t.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression)
    }

    /// Issue 21 item 7: every number of the answer is a row of a table. Each row of
    /// `answer.csv` is the row of `summary_paired.csv` with the same dataset, kind, metric,
    /// pipeline and n (exp() of it for a log ratio); every estimate "m [l, h]" on the page is
    /// one of them as the answer formats it; each coverage note names that pipeline's own
    /// counts, which add up to the blank strokes of `results.csv`; each group's heading names
    /// its strokes and traces.
    static func checkEveryNumberOfTheAnswerIsARowOfATable(out: String, answer: String) throws {
        let rows = try CSVTable(parsing: String(contentsOfFile: out + "/answer.csv", encoding: .utf8), file: "answer.csv")
        XCTAssertEqual(rows.header, AnswerTable.columns)
        let paired = try PairedSummaryTable(path: out + "/summary_paired.csv")
        let results = try ResultsTable(path: out + "/results.csv")
        let page = text(answer)
        let c = Dictionary(uniqueKeysWithValues: rows.header.enumerated().map { ($1, $0) })
        var shownEstimates: Set<String> = []
        var blankByDataset: [String: [String: Int]] = [:]   // dataset → pipeline → blank strokes (answer.csv)
        var seenCoverage: Set<String> = []
        XCTAssertFalse(rows.rows.isEmpty)
        for (line, f) in rows.rows {
            let dataset = f[c["dataset"]!], kind = f[c["kind"]!], pipeline = f[c["pipeline"]!], metric = f[c["metric"]!]
            let n = Int(f[c["n"]!])!, exp = f[c["scale"]!] == "exp"
            func value(_ column: String) -> Double { Double(f[c[column]!]) ?? .nan }
            let source = paired.rows.filter { $0.dataset == dataset && $0.kind == kind && $0.metric == metric && $0.pipeline == pipeline && $0.n == n }
            let match = source.first { r in
                func same(_ a: Double, _ b: Double) -> Bool { a.isNaN ? b.isNaN : abs(a - b) <= 1e-12 * max(1, abs(b)) }
                func scale(_ v: Double) -> Double { exp ? Foundation.exp(v) : v }
                return same(value("shown"), scale(r.mean)) && same(value("ci_low"), scale(r.ciLow)) && same(value("ci_high"), scale(r.ciHigh))
                    && same(value("median"), scale(r.median)) && String(r.traces) == f[c["traces"]!]
            }
            XCTAssertNotNil(match, "answer.csv line \(line): \(f) is no row of summary_paired.csv")
            let status = f[c["status"]!]
            if value("shown").isFinite {
                let estimate = ObjectiveWords.of(metric).estimate(shown: value("shown"), low: value("ci_low"), high: value("ci_high"))
                shownEstimates.insert(estimate)
                XCTAssertTrue(page.contains(estimate), "\(pipeline) \(metric) \(estimate) is not on the page")
            }
            let drawn = Int(f[c["drawn"]!])!, strokes = Int(f[c["strokes"]!])!
            if seenCoverage.insert(dataset + kind + pipeline).inserted {
                blankByDataset[dataset, default: [:]][pipeline, default: 0] += strokes - drawn
                if status == "not ranked: coverage" {
                    let note = "\(pipeline) draws nothing on \(AnswerWords.percent(Double(strokes - drawn) / Double(strokes))) of these strokes (\(strokes - drawn) of \(strokes))"
                    XCTAssertTrue(page.contains(note), "coverage note '\(note)' missing")
                }
            }
            let heading = "\(dataset) · \(kind) (\(f[c["group_strokes"]!]) stroke"
            XCTAssertTrue(page.contains(heading), "heading \(heading)")
        }
        // Nothing on the page looks like an estimate without being one of the table's.
        let pattern = try NSRegularExpression(pattern: "×?-?[0-9]+\\.[0-9]+ \\[×?-?[0-9]+\\.[0-9]+, ×?-?[0-9]+\\.[0-9]+\\]")
        for m in pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)) {
            let found = String(page[Range(m.range, in: page)!])
            XCTAssertTrue(shownEstimates.contains(found), "\"\(found)\" on the page is in no row of answer.csv")
        }
        // The coverage counts are results.csv's blank strokes.
        for (dataset, pipelines) in blankByDataset {
            for (pipeline, blank) in pipelines {
                let zeros = results.rows.filter { $0.dataset == dataset && $0.pipeline == pipeline && $0.metric == "coverage.drawn" && $0.value == 0 }.count
                XCTAssertEqual(blank, zeros, "\(dataset) \(pipeline)")
            }
        }
    }

    func testAMissingSpecFailsWithOneLine() throws {
        let result = try runStrokeLab(["report", "--spec", "/nonexistent/spec.yaml", "--out", "/tmp/strokelab-never-report"])
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("/nonexistent/spec.yaml"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/strokelab-never-report/report.html"))
    }
}
