import Foundation
import StrokeIO
import StrokeTestSupport
import XCTest

/// CI's run over the public recordings in ../shared/datasets with the seed presets (issue 5:
/// real data in the product). Skipped, saying so, where the datasets are not present.
final class RealDataRunTests: XCTestCase {
    func testSeedPresetsRunOverEveryPublicDataset() throws {
        let shared = try SharedData.datasets("this run needs them (they are there in CI)")
        let dir = try makeTemporaryDirectory("real")
        let spec = """
            datasets:
              - {name: wacom-speed, paths: ["\(shared)/wacom-speed/*/*.csv"], format: wacom-csv}
              - {name: bdalab-svc, paths: ["\(shared)/bdalab-sample/svc_data/*.svc"]}
              - {name: bdalab-browser, paths: ["\(shared)/bdalab-sample/html_data/signal.json"]}
              - {name: helpinghand, paths: ["\(shared)/helpinghand/*/*.cyn"], format: cyn}
            pipelines: [linear, bezier4, midpoint-bezier, coalesced-only]
            bootstrap: 0   # the checks read counts and means, not intervals
            """
        try spec.write(toFile: dir + "/real.yaml", atomically: true, encoding: .utf8)
        let result = try runStrokeLab(["run", "--spec", dir + "/real.yaml", "--out", dir + "/out", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("helpinghand' is spatially resampled"), result.stdout)
        let summary = try SummaryTable(path: dir + "/out/summary.csv")
        for pipeline in ["linear", "bezier4", "midpoint-bezier", "coalesced-only"] {
            // Every recorded stroke is measured by every seed preset.
            XCTAssertEqual(summary.row(dataset: "wacom-speed", pipeline: pipeline, metric: "path.length")?.n, 1172, pipeline)
            XCTAssertEqual(summary.row(dataset: "helpinghand", pipeline: pipeline, metric: "path.length")?.n, 1003, pipeline)
            XCTAssertNotNil(summary.row(dataset: "bdalab-svc", pipeline: pipeline, metric: "fidelity.mean"), pipeline)
            XCTAssertEqual(summary.row(dataset: "bdalab-svc", pipeline: pipeline, metric: "fidelity.mean")?.unit, "pt", pipeline)
            XCTAssertEqual(summary.row(dataset: "bdalab-browser", pipeline: pipeline, metric: "path.length")?.unit, "px", pipeline)
            XCTAssertNotNil(summary.row(dataset: "wacom-speed", pipeline: pipeline, metric: "lag.mean_ms"), pipeline)
            // Resampled data has no timing metrics.
            XCTAssertNil(summary.row(dataset: "helpinghand", pipeline: pipeline, metric: "lag.mean_ms"), pipeline)
        }
        // The smoothing-costs-latency result holds on real handwriting too.
        let lag = { (p: String) in summary.row(dataset: "wacom-speed", pipeline: p, metric: "lag.mean_ms")!.mean }
        XCTAssertLessThan(lag("linear"), lag("bezier4"))
        XCTAssertLessThan(lag("bezier4"), lag("midpoint-bezier"))
    }
}
