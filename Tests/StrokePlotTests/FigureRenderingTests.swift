import Foundation
import StrokeCore
import StrokeIO
import StrokeRaster
import StrokeTestSupport
import XCTest
@testable import StrokePlot

final class FigureRenderingTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = try makeTemporaryDirectory("strokeplot-figures")
    }

    /// Every report figure, built from small data; each must render (gnuplot accepts every
    /// style it uses).
    static func reportFigures() -> [String: Figure] {
        let pipelines = ["linear", "midpoint-bezier", "coalesced|filter:one-euro(minCutoff=1,beta=0.007)|interp:catmull-rom"]
        let datasets = ["synthetic", "wacom"]
        var trade: [TradeOffPoint] = [], fidelity: [FidelityEntry] = []
        for (i, p) in pipelines.enumerated() {
            for (j, d) in datasets.enumerated() {
                let lag = 30 + Double(10 * i + j)
                trade.append(TradeOffPoint(pipeline: p, dataset: d, lagMilliseconds: Estimate(lag, low: lag - 2, high: lag + 2),
                                           jaggedness: Estimate(Double(30 - 10 * i), low: Double(28 - 10 * i), high: Double(33 - 10 * i))))
                fidelity.append(FidelityEntry(pipeline: p, dataset: d, value: Estimate(1 + Double(i), low: 0.8 + Double(i), high: 1.3 + Double(i))))
            }
        }
        let horizons: [Double] = [8, 16, 25, 33, 50]
        let circle = (0...200).map { i -> TimedPoint in
            let t = Double(i) / 200, a = 2 * Double.pi * t
            return TimedPoint(time: t, location: Point(x: 50 * cos(a), y: 50 * sin(a)))
        }
        return [
            "trade-off": ReportFigures.tradeOff(trade),
            "fidelity": ReportFigures.fidelity(fidelity, unit: "pt"),
            "prediction-error": ReportFigures.predictionError(pipelines.enumerated().map { i, p in
                PredictionErrorCurve(predictor: p, horizonsMilliseconds: horizons,
                                     error: horizons.map { Estimate($0 * Double(i + 1) / 10, low: $0 * Double(i + 1) / 12, high: $0 * Double(i + 1) / 8) })
            }, unit: "pt"),
            "lag-over-time": ReportFigures.lagOverTime(pipelines.enumerated().map { i, p in
                LagSeries(pipeline: p, times: (0..<30).map { Double($0) / 60 }, lagMilliseconds: (0..<30).map { 30 + Double(i * 10 + $0 % 3) })
            }, stroke: "circle-fast"),
            "throughput": ReportFigures.throughput(pipelines.enumerated().map { i, p in
                ThroughputEntry(pipeline: p, samplesPerSecond: Estimate(Double(i + 1) * 5e7, low: Double(i + 1) * 4.5e7, high: Double(i + 1) * 5.5e7))
            }),
            "render-cost": ReportFigures.renderCost(["full", "incremental"].enumerated().map { i, s in
                let x = (1...50).map(Double.init)
                return RenderCostCurve(strategy: s, strokeLength: x, medianMilliseconds: x.map { i == 0 ? $0 * 0.01 : 0.05 },
                                       lowerMilliseconds: x.map { i == 0 ? $0 * 0.009 : 0.04 }, upperMilliseconds: x.map { i == 0 ? $0 * 0.011 : 0.06 })
            }),
            "speed-curvature": ReportFigures.speedAndCurvature(StrokeProfile(points: circle), stroke: "circle"),
            "pareto": ParetoFigureTests.pareto(),
            "sensitivity": ParetoFigureTests.sensitivity(),
        ]
    }

    func testEveryReportFigureRendersToAPNGOfItsSize() throws {
        for (name, figure) in Self.reportFigures().sorted(by: { $0.key < $1.key }) {
            let bytes = try FigureRenderer.renderData(figure, format: .png)
            let header = try XCTUnwrap(PNGHeader(bytes), name)
            XCTAssertEqual(header.width, figure.width, name)
            XCTAssertEqual(header.height, figure.height, name)
        }
    }

    /// A report of one pipeline (or of settings that all measure the same fidelity) has a colour
    /// range of one value, which gnuplot refuses ("Can't plot with an empty cb range"): the
    /// figure widens it around the value and renders.
    func testAParetoFigureOfOneSettingRenders() throws {
        for fidelity in [0.25, 0] {
            let one = [ParetoPoint(pipeline: "linear", x: 31, y: 1.7, color: fidelity, onFront: true, role: .seed, recommended: true)]
            let figure = ReportFigures.paretoFront(one, title: "Pareto front: one setting")
            let bytes = try FigureRenderer.renderData(figure, format: .png)
            XCTAssertEqual(try XCTUnwrap(PNGHeader(bytes)).width, figure.width)
            let range = try XCTUnwrap(figure.colorScale).range
            XCTAssertLessThan(try XCTUnwrap(range.minimum), fidelity)
            XCTAssertGreaterThan(try XCTUnwrap(range.maximum), fidelity)
        }
        XCTAssertEqual(ColorScale(label: "f", minimum: 0.2, maximum: 0.2, logScale: true).range.maximum, 0.4)
        XCTAssertEqual(ColorScale(label: "f", minimum: 0.1, maximum: 70).range.maximum, 70, "a real range is kept")
    }

    func testSVGAndPDFAreByteIdenticalAcrossRuns() throws {
        let figure = try XCTUnwrap(Self.reportFigures()["trade-off"])
        let svg1 = try FigureRenderer.renderData(figure, format: .svg), svg2 = try FigureRenderer.renderData(figure, format: .svg)
        XCTAssertEqual(svg1, svg2)
        XCTAssertTrue(String(decoding: svg1, as: UTF8.self).contains("<svg"))
        let pdf1 = try FigureRenderer.renderData(figure, format: .pdf), pdf2 = try FigureRenderer.renderData(figure, format: .pdf)
        XCTAssertEqual(pdf1, pdf2)
        XCTAssertTrue(String(decoding: pdf1.prefix(5), as: UTF8.self) == "%PDF-")
        XCTAssertTrue(String(decoding: pdf1, as: UTF8.self).contains("/CreationDate (D:20000101000000"), "creation date is fixed")
    }

    func testFailedRenderLeavesTheExistingFileUntouched() throws {
        // A stand-in gnuplot that reads its input, complains like gnuplot and exits 1.
        let fake = directory + "/fake-gnuplot"
        try "#!/bin/sh\ncat > /dev/null\necho 'gnuplot> plot boom' >&2\necho '         line 0: invalid expression' >&2\nexit 1\n"
            .write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
        let out = directory + "/figure.png"
        try "previous figure".write(toFile: out, atomically: true, encoding: .utf8)
        let figure = try XCTUnwrap(Self.reportFigures()["throughput"])
        XCTAssertThrowsError(try FigureRenderer.render(figure, to: out, gnuplot: fake)) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("invalid expression (in: plot boom)"), message)
            XCTAssertTrue(message.contains("Throughput per pipeline"), "names the figure: \(message)")
        }
        XCTAssertEqual(try String(contentsOfFile: out, encoding: .utf8), "previous figure")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["fake-gnuplot", "figure.png"],
                       "no temporary file is left behind")
    }

    func testGnuplotPathComesFromTheEnvironmentVariable() throws {
        setenv("STROKELAB_GNUPLOT", "/nonexistent/gnuplot-from-env", 1)
        defer { unsetenv("STROKELAB_GNUPLOT") }
        XCTAssertThrowsError(try GnuplotSession()) { error in
            XCTAssertTrue("\(error)".contains("/nonexistent/gnuplot-from-env"), "\(error)")
        }
    }

    func testFigureWithoutDataIsRejectedBeforeGnuplotRuns() {
        let figure = Figure(title: "empty", series: [Series("nothing", style: .lines, points: [])])
        XCTAssertThrowsError(try FigureRenderer.renderData(figure, format: .png, gnuplot: "/nonexistent/gnuplot")) { error in
            // The missing executable is found first; with a real gnuplot the empty figure is.
            XCTAssertNotNil(error as? PlotError)
        }
        XCTAssertThrowsError(try GnuplotScript(figure: figure, format: .png, outputPath: "/tmp/x.png") { _, _ in "" }) { error in
            XCTAssertEqual("\(error)", "figure 'empty' has no data to plot")
        }
    }

    func testPDFDateDigitsAreReplacedInPlace() {
        let pdf = Array("<< /CreationDate (D:20261121223000+01'00) /ModDate(D:20261121223001Z) >>".utf8)
        let fixed = String(decoding: DeterministicVectorOutput.fixingPDFDates(pdf), as: UTF8.self)
        XCTAssertEqual(fixed, "<< /CreationDate (D:20000101000000+00'00) /ModDate(D:20000101000000Z) >>")
    }

    func testScriptQuotesTextAndSendsDataAsBinaryRecords() throws {
        let figure = Figure(title: "it's a \"test\"\nsecond line", x: Axis(label: "x_label"),
                            series: [Series.line("predict:kalman(horizon=16)", x: [1, 2, 3], y: [4, 5, .infinity])])
        let script = try GnuplotScript(figure: figure, format: .svg, outputPath: "/tmp/o'ut.svg") { rows, cols in
            " format='\(String(repeating: "%double", count: cols))' record=(\(rows)) "
        }
        let text = script.commandText
        XCTAssertTrue(text.contains("set title 'it''s a \"test\" second line'"), text)
        XCTAssertTrue(text.contains("set output '/tmp/o''ut.svg'"), text)
        XCTAssertTrue(text.contains("noenhanced"), "labels with _ and : must print literally")
        XCTAssertTrue(text.contains("'-' binary format='%double%double' record=(3)"), text)
        XCTAssertTrue(text.contains("title 'predict:kalman(horizon=16)'"), text)
        let data = script.steps.compactMap { step -> [Double]? in
            if case .data(let v, 2) = step { return v } else { return nil }
        }
        XCTAssertEqual(data.count, 1)
        XCTAssertEqual(Array(data[0].prefix(5)), [1, 4, 2, 5, 3])
        XCTAssertTrue(data[0][5].isNaN, "infinite values are sent as NaN, which gnuplot skips")
    }

    func testStrokeProfileOfACircleHasConstantSpeedAndCurvature() {
        // Radius 50 at one revolution per second: speed 2π·50 units/s, curvature 1/50.
        let points = (0...400).map { i -> TimedPoint in
            let t = Double(i) / 400, a = 2 * Double.pi * t
            return TimedPoint(time: t, location: Point(x: 50 * cos(a), y: 50 * sin(a)))
        }
        let profile = StrokeProfile(points: points)
        // Central differences measure the chord: relative error (Δθ)²/6 = 4e-5 for Δθ = 2π/400.
        XCTAssertEqual(profile.speed[200], 2 * Double.pi * 50, accuracy: 0.02)
        XCTAssertEqual(profile.curvature[200], 1.0 / 50, accuracy: 1e-5)
        XCTAssertTrue(profile.curvature[0].isNaN)
        XCTAssertEqual(profile.arcLength.last!, 2 * Double.pi * 50, accuracy: 0.01)
    }

    func testRepeatedTimestampsGiveNoInfiniteSpeed() {
        let points = [TimedPoint(time: 0, x: 0, y: 0), TimedPoint(time: 0, x: 1, y: 0), TimedPoint(time: 0, x: 2, y: 0)]
        let profile = StrokeProfile(points: points)
        XCTAssertTrue(profile.speed.allSatisfy { $0.isNaN })
    }
}
