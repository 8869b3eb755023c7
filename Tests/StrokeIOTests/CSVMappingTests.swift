import Foundation
import StrokeCore
import StrokeIO
import XCTest

final class CSVMappingTests: XCTestCase {
    func decode(_ text: String, _ mapping: String, separator: Character? = nil, units: LengthUnit = .pt) throws -> Trace {
        try CSVMappedReader.decode(Array(text.utf8), file: "t.csv",
                                   options: ImportOptions(csvMapping: mapping, csvSeparator: separator, csvUnits: units)).traces[0]
    }

    func testMappingParsesTargetsExpressionsAndPrecedence() throws {
        let m = try CSVColumnMapping(parsing: "t = timestamp_ms*0.001, x=X, y=-Y + 2*3, force=P/1024, altitude=(Alt/10)*deg, stroke=stroke_id, down=EventType==1")
        XCTAssertEqual(m.assignments.map(\.target), [.t, .x, .y, .force, .altitude, .stroke, .down])
        XCTAssertEqual(m.columnReferences, [.name("timestamp_ms"), .name("X"), .name("Y"), .name("P"), .name("Alt"), .name("stroke_id"), .name("EventType")])
        let values: [String: Double] = ["timestamp_ms": 1500, "X": 3, "Y": 4, "P": 512, "Alt": 900, "EventType": 1]
        func eval(_ t: CSVColumnMapping.Target) throws -> Double {
            try CSVColumnMapping.evaluate(m.expression(for: t)!) { (ref: CSVColumnMapping.ColumnReference) throws(TraceFileError) -> Double in
                guard case .name(let n) = ref else { return .nan }
                return values[n]!
            }
        }
        XCTAssertEqual(try eval(.t), 1.5)
        XCTAssertEqual(try eval(.y), 2, "unary minus, then * before +: −4 + 6")
        XCTAssertEqual(try eval(.force), 0.5)
        XCTAssertEqual(try eval(.altitude), .pi / 2, accuracy: 1e-15)
        XCTAssertEqual(try eval(.down), 1)
        XCTAssertEqual(try CSVColumnMapping(parsing: "t=$1, x=\"pen x\", y=$3").columnReferences, [.position(1), .name("pen x"), .position(3)])
    }

    func testMappingSyntaxErrorsGiveThePosition() {
        func error(_ text: String) -> String {
            do { _ = try CSVColumnMapping(parsing: text); return "no error" } catch { return error.description }
        }
        XCTAssertEqual(error("t=a, x=b"), "column mapping, character 9: the mapping must assign y (t, x and y are required)")
        XCTAssertEqual(error("t=a, x=b, y=c, speed=d"), "column mapping, character 16: unknown target \"speed\" (one of: t, x, y, force, maxForce, altitude, azimuth, majorRadius, stroke, down)")
        XCTAssertEqual(error("t=a, x=b, y=c, x=d"), "column mapping, character 16: x is assigned twice")
        XCTAssertEqual(error("t=(a, x=b, y=c"), "column mapping, character 5: expected ')'")
        XCTAssertEqual(error("t=a, x=b, y=c, stroke=id+1"), "column mapping, character 23: stroke must be a bare column, e.g. stroke=stroke_id")
        XCTAssertEqual(error("t=$0, x=b, y=c"), "column mapping, character 3: '$' must be followed by a column number from 1 to 100000")
    }

    func testDownAndStrokeColumnsSegmentRowsAndHoverIsExcluded() throws {
        let trace = try decode("""
            ms;px;py;pressure;state;id
            0;0;0;0;3;a
            5;1;1;10;1;a
            10;2;2;20;1;a
            15;3;3;0;3;a
            20;4;4;30;1;a
            25;5;5;40;1;b
            30;6;6;50;1;a
            """, "t=ms/1000, x=px, y=py, force=pressure/100, down=state==1, stroke=id")
        XCTAssertEqual(trace.strokes.map(\.id), ["stroke-a", "stroke-a-2", "stroke-b", "stroke-a-3"], "a hover row or a new id splits; ids stay unique")
        XCTAssertEqual(trace.strokes.map(\.sampleCount), [2, 1 + 1, 1 + 1, 1 + 1], "one-sample strokes are taps: began and ended carry the sample")
        XCTAssertEqual(trace.strokes[0].samples.map(\.time), [0.005, 0.01], "rebased to the first row, hover included")
        XCTAssertEqual(trace.strokes[0].samples.map(\.force), [0.1, 0.2])
        XCTAssertEqual(trace.channels, [.t, .x, .y, .force])
        XCTAssertEqual(trace.metadata.sampleRateHz, 200)
    }

    func testHeaderlessWhitespaceFileWithPositionsAndQuotedHeaders() throws {
        let headerless = try decode("0 10 20\n1 11 21\n2 12 22\n", "t=$1/100, x=$2, y=$3", units: .mm)
        XCTAssertEqual(headerless.strokes[0].samples.map(\.location.x), [10, 11, 12])
        XCTAssertEqual(headerless.metadata.units, .mm)
        XCTAssertEqual(headerless.metadata.millimetresPerUnit, 1)
        let quoted = try decode("\"time, s\",\"pen x\",\"pen \"\"y\"\"\"\n0,1,2\n0.5,3,4\n", "t=\"time, s\", x=\"pen x\", y=$3")
        XCTAssertEqual(quoted.strokes[0].samples.map(\.location), [Point(x: 1, y: 2), Point(x: 3, y: 4)])
        let tabbed = try decode("T\tX\tY\n0\t1\t2\n1\t3\t4\n", "t=t, x=x, y=y")
        XCTAssertEqual(tabbed.strokes[0].samples.map(\.time), [0, 1], "names match case-insensitively when unambiguous")
    }

    func testPerStrokeClocksMayRestartWhenStrokeIsMapped() throws {
        let trace = try decode("s,t,x,y\n1,0,0,0\n1,10,1,1\n2,0,5,5\n2,10,6,6\n", "t=t/1000, x=x, y=y, stroke=s")
        XCTAssertEqual(trace.strokes.count, 2)
        XCTAssertThrowsError(try decode("t,x,y\n10,0,0\n0,1,1\n", "t=t/1000, x=x, y=y")) { error in
            XCTAssertTrue("\(error)".hasPrefix("t.csv:3: t 0 goes backwards"), "\(error)")
        }
    }
}
