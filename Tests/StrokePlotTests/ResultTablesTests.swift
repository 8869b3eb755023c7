import XCTest
import StrokeIO
@testable import StrokePlot

final class ResultTablesTests: XCTestCase {
    static let summaryCSV = """
        dataset,pipeline,metric,unit,n,mean,median,p95,min,max,ci_low,ci_high
        synth,linear,lag.mean_ms,ms,10,40,39,50,30,55,38,42
        synth,linear,jaggedness.bending_energy_ratio,1,10,12.5,12,20,5,22,11,14
        synth,"coalesced|filter:one-euro(minCutoff=1,beta=0.007)",lag.mean_ms,ms,10,35,35,40,30,41,34,36
        synth,"coalesced|filter:one-euro(minCutoff=1,beta=0.007)",jaggedness.bending_energy_ratio,1,10,1.5,1.4,2,1,2.5,1.2,1.8
        synth,linear,prediction.error_mean@16ms,pt,10,4,4,5,3,6,3.5,4.5
        synth,linear,prediction.error_mean@8ms,pt,10,1,1,2,0.5,2,0.8,1.2
        synth,linear,prediction.error_p95@8ms,pt,10,9,9,9,9,9,9,9
        synth,linear,fidelity.mean,pt,10,0.7,0.7,0.9,0.5,1,,
        """

    func testSummaryParsesQuotedLabelsWithCommas() throws {
        let table = try SummaryTable(parsing: Self.summaryCSV, file: "summary.csv")
        XCTAssertEqual(table.rows.count, 8)
        XCTAssertEqual(table.pipelines, ["linear", "coalesced|filter:one-euro(minCutoff=1,beta=0.007)"])
        let row = try XCTUnwrap(table.row(dataset: "synth", pipeline: table.pipelines[1], metric: "lag.mean_ms"))
        XCTAssertEqual(row.estimate, Estimate(35, low: 34, high: 36))
        XCTAssertTrue(table.rows[7].ciLow.isNaN, "an empty field reads as missing")
    }

    func testTradeOffPointsPairLagWithJaggedness() throws {
        let points = try SummaryTable(parsing: Self.summaryCSV, file: "s.csv").tradeOffPoints()
        XCTAssertEqual(points.map(\.pipeline), ["linear", "coalesced|filter:one-euro(minCutoff=1,beta=0.007)"])
        XCTAssertEqual(points[0].lagMilliseconds.value, 40)
        XCTAssertEqual(points[0].jaggedness, Estimate(12.5, low: 11, high: 14))
    }

    func testPredictionCurvesSortHorizonsAndIgnoreOtherStatistics() throws {
        let curves = try SummaryTable(parsing: Self.summaryCSV, file: "s.csv").predictionErrorCurves()
        XCTAssertEqual(curves.count, 1)
        XCTAssertEqual(curves[0].horizonsMilliseconds, [8, 16])
        XCTAssertEqual(curves[0].error.map(\.value), [1, 4])
        XCTAssertEqual(SummaryTable.horizon(metric: "prediction.error_mean@16.7ms", prefix: "prediction.error_mean"), 16.7)
        XCTAssertNil(SummaryTable.horizon(metric: "prediction.error_p95@16ms", prefix: "prediction.error_mean"))
    }

    func testWrongHeaderNamesFileAndExpectedColumns() {
        XCTAssertThrowsError(try SummaryTable(parsing: "dataset,pipeline,metric\nx,y,z\n", file: "out/summary.csv")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("out/summary.csv:1: "), message)
            XCTAssertTrue(message.contains("dataset,pipeline,metric,unit,n,mean"), message)
        }
    }

    func testBadNumberNamesLineAndColumn() {
        let csv = "dataset,trace,stroke,pipeline,metric,value,unit\nd,t,s,linear,lag.mean_ms,12,ms\nd,t,s,linear,lag.mean_ms,fast,ms\n"
        XCTAssertThrowsError(try ResultsTable(parsing: csv, file: "results.csv")) { error in
            XCTAssertEqual("\(error)", "results.csv:3: column value: 'fast' is not a number")
        }
    }

    func testRowWithMissingFieldIsRejected() {
        let csv = "dataset,trace,stroke,pipeline,metric,value,unit\nd,t,s,linear,12,ms\n"
        XCTAssertThrowsError(try ResultsTable(parsing: csv, file: "r.csv")) { error in
            XCTAssertEqual("\(error)", "r.csv:2: 6 fields, the header has 7")
        }
    }

    func testUnclosedQuoteIsReported() {
        XCTAssertThrowsError(try CSVTable(parsing: "a,b\n\"x,1\n", file: "f.csv")) { error in
            XCTAssertEqual("\(error)", "f.csv:2: a quoted field is never closed")
        }
    }

    func testRenderCostTableRoundTrips() throws {
        let curve = RenderCostCurve(strategy: "full redraw, naive", strokeLength: [1, 2], medianMilliseconds: [0.5, 0.75],
                                    lowerMilliseconds: [0.4, 0.7], upperMilliseconds: [0.6, 0.8])
        let table = RenderCostTable(curves: [curve], strokeIndices: [[0, 1]])
        let parsed = try RenderCostTable(parsing: table.csvText, file: "render_cost.csv")
        XCTAssertEqual(parsed, table)
        XCTAssertTrue(table.csvText.contains("\"full redraw, naive\",1,1,2,0.75,0.7,0.8"), table.csvText)
    }

    func testRenderCostTableKeepsTheFrameNumbersOfAStridedMeasurement() throws {
        let curve = RenderCostCurve(strategy: "full redraw", strokeLength: [1, 9, 20], medianMilliseconds: [0.5, 0.75, 1],
                                    lowerMilliseconds: [0.4, 0.7, 0.9], upperMilliseconds: [0.6, 0.8, 1.1])
        let table = RenderCostTable(curves: [curve], strokeIndices: [[0, 0, 1]], frameIndices: [[0, 4, 8]])
        XCTAssertTrue(table.csvText.contains("full redraw,4,0,9,0.75,0.7,0.8"), table.csvText)
        XCTAssertTrue(table.csvText.contains("full redraw,8,1,20,1,0.9,1.1"), table.csvText)
        let parsed = try RenderCostTable(parsing: table.csvText, file: "render_cost.csv")
        XCTAssertEqual(parsed, table)
        XCTAssertEqual(parsed.frameIndices, [[0, 4, 8]])
    }

    func testLagFramesGroupBySeriesPerPipeline() throws {
        let csv = "dataset,trace,stroke,pipeline,time_s,lag_ms\nd,t,s1,linear,0,40\nd,t,s1,linear,0.016,41\nd,t,s1,bezier4,0,50\nd,t,s2,linear,0,1\n"
        let series = try LagFramesTable(parsing: csv, file: "lag.csv").series(stroke: "s1")
        XCTAssertEqual(series.map(\.pipeline), ["linear", "bezier4"])
        XCTAssertEqual(series[0].lagMilliseconds, [40, 41])
    }
}
