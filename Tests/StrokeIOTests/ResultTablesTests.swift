import XCTest

@testable import StrokeIO

final class ResultTablesTests: XCTestCase {
    func testPairedSummaryTableRoundTripsWithEmptyIntervals() throws {
        let row = PairedSummaryRow(dataset: "d", kind: "finger", metric: "lag.mean_ms", unit: "ms", pipeline: "b", baseline: "a", n: 3,
                                   traces: 1, mean: 2, ciLow: .nan, ciHigh: .nan, median: 1.5, baselineMean: 1, difference: 1,
                                   differenceLow: .nan, differenceHigh: .nan)
        let text = PairedSummaryTable(rows: [row]).csvText
        XCTAssertTrue(text.hasPrefix(PairedSummaryTable.columns.joined(separator: ",")))
        XCTAssertTrue(text.contains("d,finger,lag.mean_ms,ms,b,a,3,1,2,,,1.5,1,1,,"), text)
        let back = try PairedSummaryTable(parsing: text, file: "p.csv").rows[0]
        XCTAssertEqual(back.n, 3)
        XCTAssertEqual(back.kind, "finger")
        XCTAssertEqual(back.median, 1.5)
        XCTAssertTrue(back.ciLow.isNaN && back.differenceHigh.isNaN)
        XCTAssertFalse(back.differenceExcludesZero)
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
