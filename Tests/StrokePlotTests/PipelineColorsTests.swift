@testable import StrokePlot
import XCTest

/// One colour per pipeline across every figure of a report (issue 11: "a test compares the
/// colour each figure assigns to each pipeline").
final class PipelineColorsTests: XCTestCase {
    private let pipelines = (0..<30).map { "pipeline \($0)" }

    /// The colour each titled series of `figure` is drawn in, by legend title.
    private func colours(_ figure: Figure) -> [String: PlotColor] {
        var out: [String: PlotColor] = [:]
        for s in figure.series { if let t = s.title, let c = s.color { out[t] = c } }
        return out
    }

    func testEveryFigureDrawsAPipelineInTheSameColour() {
        let colors = PipelineColors(pipelines)
        // Each figure sees a different subset, in a different order.
        let shownTradeOff = Array(pipelines.prefix(20).reversed())
        let shownFidelity = Array(pipelines.suffix(12))
        let shownPrediction = [pipelines[3], pipelines[17], pipelines[25]]
        let e = Estimate(1, low: 0.5, high: 1.5)
        // The trade-off and throughput figures name pipelines beside their points and bars, not
        // in a legend: their series are matched to pipelines by position.
        let tradeOff = ReportFigures.tradeOff(shownTradeOff.enumerated().map { i, p in
            TradeOffPoint(pipeline: p, dataset: "d", lagMilliseconds: Estimate(Double(i), low: Double(i) - 0.5, high: Double(i) + 0.5), jaggedness: e)
        }, colors: colors)
        for s in tradeOff.series where !s.points.isEmpty {
            XCTAssertEqual(s.color, colors.color(shownTradeOff[Int(s.points[0].x)]), "trade-off: \(shownTradeOff[Int(s.points[0].x)])")
        }
        XCTAssertEqual(tradeOff.series.filter { !$0.points.isEmpty }.count, 20)
        let throughput = ReportFigures.throughput(shownFidelity.map { ThroughputEntry(pipeline: $0, samplesPerSecond: e) }, colors: colors)
        XCTAssertEqual(throughput.series.map(\.color), shownFidelity.map(colors.color), "throughput bars")
        let figures = [
            ReportFigures.fidelity(shownFidelity.map { FidelityEntry(pipeline: $0, dataset: "d", value: e) }, colors: colors),
            ReportFigures.predictionError(shownPrediction.map { PredictionErrorCurve(predictor: $0, horizonsMilliseconds: [8, 16], error: [e, e]) },
                                          colors: colors),
            ReportFigures.lagOverTime(pipelines.enumerated().map { i, p in LagSeries(pipeline: p, times: [0, 0.1], lagMilliseconds: [Double(i), Double(i)]) },
                                      stroke: "s", colors: colors),
        ]
        var seen = 0
        for f in figures {
            for (title, colour) in colours(f) where title.hasPrefix("pipeline ") {
                XCTAssertEqual(colour, colors.color(title), "\(f.title ?? ""): \(title)")
                seen += 1
            }
        }
        XCTAssertEqual(seen, 12 + 3 + 30)
    }

    func testColoursAreDistinctUntilThePaletteWrapsThenMarkersTellThemApart() {
        let pipelines = (0..<60).map { "pipeline \($0)" }
        let colors = PipelineColors(pipelines)
        let n = PlotColor.palette.count
        XCTAssertGreaterThanOrEqual(n, 24, "at least the default experiment's 23 pipelines")
        XCTAssertEqual(Set(pipelines.prefix(n).map(colors.color)).count, n)
        let pairs = pipelines.map { "\(colors.color($0).hexString) \(colors.marker($0).rawValue)" }
        XCTAssertEqual(Set(pairs).count, pipelines.count)
    }

    func testAPipelineOutsideTheListGetsTheNextColourAndListedOnesKeepTheirs() {
        let colors = PipelineColors(["a", "b"]).including(["c", "a"])
        XCTAssertEqual(colors.pipelines, ["a", "b", "c"])
        XCTAssertEqual(colors.color("c"), PlotColor.palette(2))
        XCTAssertEqual(colors.color("a"), PlotColor.palette(0))
    }

    func testCoincidingLagSeriesShareOneLineNamedForAll() {
        let a = LagSeries(pipeline: "linear", times: [0, 0.1], lagMilliseconds: [33.3, 33.3])
        let b = LagSeries(pipeline: "catmull-rom", times: [0, 0.1], lagMilliseconds: [33.3, 33.305])
        let c = LagSeries(pipeline: "midpoint", times: [0, 0.1], lagMilliseconds: [50, 66])
        let f = ReportFigures.lagOverTime([a, b, c], stroke: "s")
        let titles = f.series.compactMap(\.title)
        XCTAssertEqual(titles, ["linear = catmull-rom", "midpoint"])
    }

    func testSpeedCurvatureShowsCurvatureMagnitudeFromZero() {
        var profile = StrokeProfile(points: [])
        profile.arcLength = Array(stride(from: 0.0, to: 20, by: 1))
        profile.time = profile.arcLength.map { $0 / 100 }
        profile.speed = Array(repeating: 100, count: 20)
        profile.curvature = Array(repeating: -0.05, count: 20)
        let f = ReportFigures.speedAndCurvature(profile, reference: profile, stroke: "s")
        XCTAssertEqual(f.y2?.minimum, 0)
        for s in f.series where s.usesSecondaryYAxis {
            XCTAssertTrue(s.points.allSatisfy { $0.y >= 0 }, "\(s.title ?? "")")
        }
        // The reference is drawn first, wide and pale, under the measured line.
        XCTAssertEqual(f.series.first?.title, "speed (reference)")
        XCTAssertGreaterThan(f.series.first!.lineWidth, f.series.last!.lineWidth)
    }
}
