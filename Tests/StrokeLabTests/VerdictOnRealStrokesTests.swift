import Foundation
import StrokeIO
import StrokeTestSupport
import XCTest

/// Issue 21's defects on real strokes, each from its minimal case, through `strokelab tune`
/// (the recommendation `make report` shows is the same rule on the same data): a pipeline that
/// draws nothing on most strokes is never on a front nor recommended, and a one-stroke
/// recording gets no verdict.
final class VerdictOnRealStrokesTests: XCTestCase {
    /// Runs `strokelab tune` on `datasets` (YAML list items) through `pipelines`; returns the
    /// output directory and the console text.
    private func tune(_ tag: String, datasets: String, pipelines: [String]) throws -> (out: String, stdout: String) {
        let dir = try makeTemporaryDirectory(tag)
        let spec = """
            seed: 1
            bootstrap: 100
            datasets:
            \(datasets)
            pipelines: [\(pipelines.map { "\"\($0)\"" }.joined(separator: ", "))]
            """
        try spec.write(toFile: dir + "/spec.yaml", atomically: true, encoding: .utf8)
        let r = try runStrokeLab(["tune", "--spec", dir + "/spec.yaml", "--out", dir + "/out"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return (dir + "/out", r.stdout)
    }

    /// Rows of a tune table as dictionaries by column.
    private func rows(_ file: String) throws -> [[String: String]] {
        let table = try CSVTable(parsing: String(contentsOfFile: file, encoding: .utf8), file: file)
        return table.rows.map { r in Dictionary(uniqueKeysWithValues: zip(table.header, r.fields)) }
    }

    /// One writer's three sentences of wacom-speed (handwriting on a Wacom tablet): Krita's stabilizer
    /// (a 50-unit dead zone) leaves almost every stroke blank and the lazy brush drops the dots;
    /// over the few strokes they do draw their bending is tiny, which put them on the front.
    /// Neither may be on it or be recommended, nor may `linear`, whose published tail leaves the
    /// taps blank; the recommendation draws every stroke.
    func testPipelinesThatLeaveStrokesBlankAreNeverOnTheFrontNorRecommended() throws {
        let shared = try SharedData.dataset("wacom-speed")
        let (out, stdout) = try tune("verdict-blank", datasets: """
              - {name: wacom-speed, paths: ["\(shared)/ID0001-0883_20191126102804/mondat-*.csv"], format: wacom-csv}
            """, pipelines: ["linear", "coalesced-only(tail=complete)", "midpoint-bezier(tail=complete)", "krita-stabilizer", "lazy-brush"])
        let front = Set(try rows(out + "/pareto.csv").map { $0["pipeline"]! })
        XCTAssertFalse(front.contains("krita-stabilizer"), "front: \(front)")
        XCTAssertFalse(front.contains("lazy-brush"), "front: \(front)")
        XCTAssertFalse(front.contains("linear"), "front: \(front)")
        let points = try rows(out + "/tune_points.csv")
        for blank in ["krita-stabilizer", "lazy-brush", "linear"] {
            let coverage = try XCTUnwrap(points.first { $0["pipeline"] == blank }?["coverage"].flatMap(Double.init), blank)
            XCTAssertLessThan(coverage, 0.99, blank)
            XCTAssertTrue(stdout.contains("not ranked: \(blank) draws nothing on"), stdout)
        }
        let recommended = try XCTUnwrap(try rows(out + "/recommendations.csv").first?["pipeline"])
        XCTAssertFalse(["krita-stabilizer", "lazy-brush", "linear"].contains(recommended))
        XCTAssertEqual(points.first { $0["pipeline"] == recommended }?["coverage"], "1", "the recommendation draws every stroke")
    }

    /// BDALab's browser recording is one stroke from one trace: there is nothing to compare a
    /// pipeline's numbers with, and no interval. No recommendation, and the console says why.
    func testAOneStrokeRecordingGetsNotEnoughData() throws {
        let shared = try SharedData.dataset("bdalab-sample")
        let (out, stdout) = try tune("verdict-one", datasets: """
              - {name: bdalab-browser, paths: ["\(shared)/html_data/signal.json"], format: pointer-events}
            """, pipelines: ["linear", "coalesced-only(tail=complete)", "midpoint-bezier(tail=complete)"])
        XCTAssertEqual(try rows(out + "/recommendations.csv").count, 0, "no recommendation from one stroke")
        XCTAssertTrue(stdout.contains("no recommendation: not enough data: 1 stroke from 1 trace"), stdout)
    }
}
