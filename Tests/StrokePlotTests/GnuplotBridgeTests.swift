import Foundation
import StrokeTestSupport
import XCTest
@testable import StrokePlot

final class GnuplotBridgeTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory("strokeplot-tests")
    }

    private func sineFigure(width: Int = 640, height: Int = 400) -> Figure {
        let x = (0...100).map { Double($0) / 10 }
        return Figure(title: "sine", x: Axis(label: "x"), y: Axis(label: "sin x"),
                      series: [.line("sin", x: x, y: x.map { sin($0) })], width: width, height: height)
    }

    func testRendersKnownFigureToPNGOfRequestedSize() throws {
        let path = directory + "/sine.png"
        try FigureRenderer.render(sineFigure(width: 640, height: 400), to: path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let header = try XCTUnwrap(PNGHeader(bytes), "not a PNG")
        XCTAssertEqual(header.width, 640)
        XCTAssertEqual(header.height, 400)
        XCTAssertGreaterThan(bytes.count, 2_000, "a plot with axes and a curve is more than a blank image")
    }

    func testMissingGnuplotIsAClearError() throws {
        let path = directory + "/never.png"
        XCTAssertThrowsError(try FigureRenderer.render(sineFigure(), to: path, gnuplot: "/nonexistent/bin/gnuplot")) { error in
            let e = error as? PlotError
            XCTAssertEqual(e?.kind, .gnuplotUnavailable)
            XCTAssertTrue(e?.message.contains("gnuplot not found at '/nonexistent/bin/gnuplot'") ?? false, "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testInvalidCommandSurfacesGnuplotsMessage() throws {
        let session = try GnuplotSession()
        try session.send("set terminal pngcairo size 100,100")
        try session.send("set output '/dev/null'")
        try session.send("plot sin(x) with nosuchstyle")
        XCTAssertThrowsError(try session.close()) { error in
            let message = (error as? PlotError)?.message ?? ""
            XCTAssertTrue(message.contains("unrecognized plot type"), message)
            XCTAssertTrue(message.contains("plot sin(x) with nosuchstyle"), message)
        }
        XCTAssertEqual(session.exitStatus, 1)
    }

    func testBinaryDataReachesGnuplot() throws {
        // gnuplot's `stats` reads the binary block and prints its mean: the data arrived intact.
        let session = try GnuplotSession()
        let values: [Double] = [1, 10, 2, 20, 3, 30, 4, 40]
        let format = session.binaryFormat(rows: 4, columns: 2)
        XCTAssertTrue(format.contains("record=(4)"), format)
        try session.send("stats '-' binary\(format) using 2 name 'S' nooutput")
        try session.sendBinary(values, columns: 2)
        try session.send("print sprintf('mean=%.3f n=%d', S_mean, S_records)")
        try session.close()
        XCTAssertTrue(session.standardError.contains("mean=25.000 n=4"), session.standardError)
    }
}
