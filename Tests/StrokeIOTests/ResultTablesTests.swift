import StrokeMetrics
import XCTest

@testable import StrokeIO

final class ResultTablesTests: XCTestCase {
    func testBootstrapIntervalIsSeededAndBracketsTheMean() {
        let values = (0..<50).map { Double($0 % 7) }
        let a = BootstrapInterval.ofMean(values, resamples: 2000, seed: 3)
        XCTAssertEqual(a.0, BootstrapInterval.ofMean(values, resamples: 2000, seed: 3).0)
        let mean = values.reduce(0, +) / 50
        XCTAssertLessThan(a.0, mean)
        XCTAssertGreaterThan(a.1, mean)
        // Standard error ≈ σ/√n = 2/√50 ≈ 0.28: the interval is about ±1.96·0.28.
        XCTAssertEqual(a.1 - a.0, 2 * 1.96 * 2 / 50.0.squareRoot(), accuracy: 0.15)
    }

    func testSummaryGroupsByDatasetPipelineMetric() {
        let rows = [1.0, 2, 3].map { ResultRow(dataset: "d", trace: "t", stroke: "s\($0)", pipeline: "p", metric: "m", value: $0, unit: "u") }
            + [ResultRow(dataset: "d", trace: "t", stroke: "s", pipeline: "q", metric: "m", value: 5, unit: "u")]
        let s = SummaryTable(summarizing: rows, seed: 1, resamples: 100).rows
        XCTAssertEqual(s.count, 2)
        XCTAssertEqual(s[0].n, 3)
        XCTAssertEqual(s[0].mean, 2)
        XCTAssertEqual(s[0].median, 2)
        XCTAssertEqual(s[1].ciLow, 5)
    }

    func testCSVQuotesLabelsWithCommasAndParsesBack() throws {
        let row = ResultRow(dataset: "d", trace: "t", stroke: "a \"b\"", pipeline: "x(a=1,b=2)", metric: "m", value: 0.1, unit: "u")
        let text = ResultsTable(rows: [row]).csvText
        XCTAssertTrue(text.contains("\"x(a=1,b=2)\""))
        XCTAssertEqual(try ResultsTable(parsing: text, file: "r.csv").rows, [row])
        XCTAssertThrowsError(try CSVTable(parsing: "a,\"b\nc", file: "x.csv")) {
            XCTAssertEqual("\($0)", "x.csv:1: a quoted field is never closed")
        }
    }
}
