import Foundation
import StrokeIO
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// The report's Pareto figures, parameter sensitivity and recommendation, end to end on a
/// small spec with a sweep and a tune search.
final class ReportRecommendationTests: XCTestCase {
    func testReportShowsAParetoFigurePerInputKindASensitivityFigurePerSweptPipelineAndARecommendationToPaste() throws {
        let dir = try makeTemporaryDirectory("report-recommend")
        let root = TestPaths.packageRoot
        let spec = """
            name: recommend
            seed: 5
            bootstrap: 50
            # One trace of 8 strokes per input kind: allow a verdict on it (the defaults ask for
            # 10 strokes from 2 traces).
            minStrokes: 5
            minTraces: 1
            datasets:
              - {name: synthetic, paths: ["\(root)/Datasets/synthetic/stylus-240hz-60fps.json", "\(root)/Datasets/synthetic/finger-120hz-60fps.json"]}
            pipelines:
              - linear
              - midpoint-bezier
              - one-euro
            sweeps:
              - label: "midpoint-bezier(tail=complete)|predict:linear"
                grid: {predict.horizon: [0, 16.7, 33]}
                name: "midpoint + linear {predict.horizon} ms"
            tune:
              searches:
                - label: "lazy-brush"
                  ranges: {pulled-string.length: [2, 20]}
            """
        try spec.write(toFile: dir + "/recommend.yaml", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["report", "--spec", dir + "/recommend.yaml", "--out", dir + "/out",
                                       "--render-repetitions", "1", "--throughput-runs", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let out = dir + "/out/"
        let html = try String(contentsOfFile: out + "report.html", encoding: .utf8)

        // The tune search's settings were measured, so they are on the figures.
        let run = try String(contentsOfFile: out + "results.csv", encoding: .utf8)
        XCTAssertTrue(run.contains("filter:pulled-string(length=2,") && run.contains("filter:pulled-string(length=20,"), "the search's settings are run")

        // A Pareto figure per input kind, in the section saying how the answer was reached.
        let first = try XCTUnwrap(html.range(of: "<h2 id=\"method\">"))
        let second = try XCTUnwrap(html[first.upperBound...].range(of: "<h2 id="))
        let answer = String(html[first.lowerBound..<second.lowerBound])
        for kind in ["stylus", "finger"] {
            let png = "figures/pareto-synthetic-\(kind).png"
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + png), png)
            XCTAssertTrue(answer.contains(png), "\(png) is in the answer section")
            // The seeds are marked and labelled with their names (text in the SVG), the swept settings are not.
            // A seed that leaves strokes blank (tune_points.csv: ranked 0) is named "not ranked".
            let svg = try String(contentsOfFile: out + "figures/pareto-synthetic-\(kind).svg", encoding: .utf8)
            let table = try CSVTable(parsing: String(contentsOfFile: out + "tune_points.csv", encoding: .utf8), file: "tune_points.csv")
            let c = Dictionary(uniqueKeysWithValues: table.header.enumerated().map { ($1, $0) })
            var ranked: [String: Bool] = [:]
            for (_, f) in table.rows where f[c["kind"]!] == kind { ranked[f[c["pipeline"]!]] = f[c["ranked"]!] == "1" }
            for seed in ["linear", "midpoint-bezier"] {
                let isRanked = try XCTUnwrap(ranked[seed], "\(seed) in tune_points.csv")
                XCTAssertTrue(svg.contains(">\(seed)\(isRanked ? "" : " (not ranked)")<"), "\(seed) labelled on \(kind)")
            }
            if ranked.values.contains(false) { XCTAssertTrue(svg.contains(">not ranked: leaves strokes blank"), "the unranked marker is in the key") }
            XCTAssertEqual(svg.contains(">seed preset<"), ["linear", "midpoint-bezier", "bezier4", "coalesced-only"].contains { ranked[$0] == true },
                           "the seeds' marker is in the key when a seed is ranked")
        }
        // The figures come after the answer's tables.
        let lastTable = try XCTUnwrap(answer.range(of: "</table>", options: .backwards))
        let firstFigure = try XCTUnwrap(answer.range(of: "figures/pareto-"))
        XCTAssertLessThan(lastTable.lowerBound, firstFigure.lowerBound)

        // A sensitivity figure per swept pipeline (the sweep and the search).
        for name in ["sensitivity-1-synthetic", "sensitivity-2-synthetic"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: out + "figures/\(name).png"), name)
            XCTAssertTrue(answer.contains("figures/\(name).png"), name)
        }

        // One recommendation line per input kind, after its verdict, with a label that parses.
        let marker = "Label to paste into an app or a spec: "
        let lines = answer.components(separatedBy: "<p>").filter { $0.hasPrefix("Recommendation (") }
        XCTAssertEqual(lines.count, 2, answer)
        for line in lines {
            XCTAssertTrue(line.contains("end-to-end latency ≤ 50 ms (perceived while writing above it: Annett et al., GI 2014), then the smoothest"), line)
            XCTAssertTrue(line.contains("End to end on the stated device (65 ms, 60 Hz): "), "the verdict says what people would see: \(line)")
            let tail = try XCTUnwrap(line.components(separatedBy: marker).last?.components(separatedBy: "</p>").first)
            let label = tail.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            let parsed = try PipelineDescription(parsing: label)
            XCTAssertEqual(parsed.canonical, label, "the label is canonical")
        }
        let stylusVerdict = try XCTUnwrap(answer.range(of: "synthetic · stylus ("))
        let stylusRecommendation = try XCTUnwrap(answer.range(of: "Recommendation ("))
        XCTAssertLessThan(stylusVerdict.lowerBound, stylusRecommendation.lowerBound)
        // The fronts are explained in one sentence.
        XCTAssertTrue(answer.contains("front of the means"))
        // tune_points.csv holds every setting with its front flag.
        let points = try String(contentsOfFile: out + "tune_points.csv", encoding: .utf8)
        XCTAssertTrue(points.hasPrefix("dataset,kind,pipeline,label,rank,front,reference,coverage,ranked,objective"))
        XCTAssertTrue(points.contains("synthetic,finger,"))
    }
}
