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

    /// A field is quoted by its bytes: "\r\n" is one Character (neither "\r" nor "\n") and a
    /// quote with a combining mark is one Character that is not a quote — both were written
    /// bare or with the quote undoubled, so the file read back differently.
    func testLineBreaksAndQuotesInsideGraphemesAreQuotedAndReadBack() throws {
        XCTAssertEqual(CSVTable.field("t\r\nu"), "\"t\r\nu\"")
        XCTAssertEqual(CSVTable.field("a\"\u{301}b"), "\"a\"\"\u{301}b\"")
        XCTAssertEqual(CSVTable.field("plain é"), "plain é")
        let rows = [ResultRow(dataset: "d", trace: "t\r\nu", stroke: "a\"\u{301}", pipeline: "p", metric: "m", value: 1, unit: "u")]
        XCTAssertEqual(try ResultsTable(parsing: ResultsTable(rows: rows).csvText, file: "r.csv").rows, rows)
    }

    /// The results table is written row by row without building the rows' fields: its text is
    /// the generic table's, quoting, non-finite values and swept parameter cells included.
    func testResultsTextIsTheGenericTablesText() {
        let rows = [
            ResultRow(dataset: "d", trace: "t", stroke: "a \"b\"", pipeline: "x(a=1,b=2)", metric: "m", value: 0.1, unit: "u"),
            ResultRow(dataset: "d", trace: "t\r\nu", stroke: "s", pipeline: "p", metric: "m", value: .infinity, unit: ""),
            ResultRow(dataset: "d,e", trace: "t", stroke: "s", pipeline: "x(a=1,b=2)", metric: "m", value: .nan, unit: "ms"),
            ResultRow(dataset: "d", trace: "t", stroke: "s", pipeline: "q", metric: "m", value: -3, unit: "é"),
        ]
        let parameters = ParameterColumns(names: ["interp.a", "interp.b"], values: ["x(a=1,b=2)": ["interp.a": "1", "interp.b": "2,5"]])
        for p in [ParameterColumns(), parameters] {
            let generic = CSVTable.text(header: ResultsTable.columns + p.names, rows: rows.map {
                [$0.dataset, $0.trace, $0.stroke, $0.pipeline, $0.metric, CSVTable.number($0.value), $0.unit] + p.cells($0.pipeline)
            })
            XCTAssertEqual(ResultsTable(rows: rows, parameters: p).csvText, generic)
        }
    }
}
