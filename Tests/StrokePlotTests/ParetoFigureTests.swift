import Foundation
import XCTest
@testable import StrokePlot

/// The Pareto-front and parameter-sensitivity figures: what the gnuplot program draws.
final class ParetoFigureTests: XCTestCase {
    /// A small front: two seeds, a peer preset, a named pipeline and swept settings.
    static func pareto() -> Figure {
        let points = [
            ParetoPoint(pipeline: "linear", x: 35, y: 30, color: 0.1, onFront: true, role: .seed),
            ParetoPoint(pipeline: "midpoint-bezier", x: 68, y: 0.97, color: 0.5, onFront: true, role: .seed),
            ParetoPoint(pipeline: "one-euro", x: 54, y: 11, color: 0.6, onFront: false, role: .preset),
            ParetoPoint(pipeline: "midpoint complete", x: 35, y: 1, color: 0.48, onFront: false, role: .reference),
            ParetoPoint(pipeline: "midpoint + linear 33 ms", x: 3.7, y: 1, color: 0.48, onFront: true, role: .setting, recommended: true),
            ParetoPoint(pipeline: "1€ mc=0.1", x: 220, y: 12, color: 70, onFront: false, role: .setting),
        ]
        return ReportFigures.paretoFront(points, title: "Pareto front: synthetic · stylus")
    }

    /// Two parameters, two input kinds, three objectives.
    static func sensitivity() -> Figure {
        var points: [SensitivityPoint] = []
        for kind in ["stylus", "finger"] {
            for minCutoff in [0.1, 1, 10] {
                for beta in [0, 0.025, 0.05] {
                    let lag = 40 + 100 / (minCutoff + 1) - 100 * beta
                    points.append(SensitivityPoint(group: kind, parameters: [beta, minCutoff], objectives: [
                        Estimate(lag, low: lag - 2, high: lag + 2), Estimate(5 + 100 * beta), Estimate(1 / minCutoff, low: 0.8 / minCutoff, high: 1.2 / minCutoff),
                    ]))
                }
            }
        }
        return ReportFigures.sensitivity(points, parameters: [SensitivityParameter(name: "one-euro.beta"), SensitivityParameter(name: "one-euro.minCutoff")],
                                         objectives: ["lag (ms)", "bending energy ratio", "fidelity (pt)"], ratioObjectives: [1],
                                         title: "Sensitivity: one-euro")
    }

    private func script(_ figure: Figure) throws -> String {
        try GnuplotScript(figure: figure, format: .png, outputPath: "/tmp/x.png") { rows, columns in " record=(\(rows))" }.commandText
    }

    func testParetoFigureNamesTheFrontSeedsPresetsAndNamedPipelinesButNotSweptSettings() throws {
        let text = try script(Self.pareto())
        for name in ["linear", "midpoint-bezier", "one-euro", "midpoint + linear 33 ms", "midpoint complete"] {
            XCTAssertTrue(text.contains("set label '\(name)'"), "\(name) is labelled:\n\(text)")
        }
        XCTAssertFalse(text.contains("set label '1€ mc=0.1'"), "a swept setting off the front stays unlabelled")
        // Seeds: squares; presets: diamonds; named pipelines: triangles; settings: circles — each in the legend.
        let plot = try XCTUnwrap(text.components(separatedBy: "\n").first { $0.hasPrefix("plot ") })
        XCTAssertTrue(plot.contains("pt \(Series.Marker.square.rawValue) ") && plot.contains("lc palette"), plot)
        for (marker, name) in [(Series.Marker.square, "seed preset"), (.diamond, "preset at its defaults"), (.triangle, "other named pipeline"),
                               (.circle, "swept setting")] {
            XCTAssertTrue(text.contains("pt \(marker.rawValue) ps") && text.contains("title '\(name)"), "\(name)")
        }
        XCTAssertTrue(text.contains("title 'on the front"), "front settings are ringed")
        XCTAssertTrue(text.contains("title 'recommended"), "the recommendation is marked")
    }

    /// A setting that leaves strokes blank (helpinghand's krita-stabilizer drew 288 of 1003) has
    /// means over the strokes it drew only: it is a grey cross named "not ranked", outside the
    /// colour scale, never looking like a coloured, comparable setting.
    func testUnrankedSettingsAreGreyCrossesNamedNotRankedAndOutsideTheColourScale() throws {
        let points = [
            ParetoPoint(pipeline: "midpoint-bezier", x: 30, y: 1.2, color: 0.5, onFront: true, role: .seed, recommended: true),
            ParetoPoint(pipeline: "ink", x: 20, y: 3, color: 0.8, onFront: true, role: .preset),
            ParetoPoint(pipeline: "krita-stabilizer", x: 90, y: 0.04, color: 40, onFront: false, role: .preset, ranked: false),
        ]
        let figure = ReportFigures.paretoFront(points, title: "t")
        let text = try script(figure)
        XCTAssertTrue(text.contains("set label 'krita-stabilizer (not ranked)'") && text.contains("tc rgb '#8c8c8c'"), text)
        XCTAssertTrue(text.contains("pt \(Series.Marker.cross.rawValue) ") && text.contains("title 'not ranked: leaves strokes blank"), text)
        // The colour box spans the ranked settings only (0.5…0.8, not 40).
        XCTAssertEqual(figure.colorScale?.maximum, 0.8)
        let presets = try XCTUnwrap(figure.series.first { $0.marker == .diamond && !$0.points.isEmpty })
        XCTAssertEqual(presets.points.map(\.x), [20], "the unranked preset is not drawn as a coloured diamond")
    }

    /// The recommendation on top of two front settings: the red label names it alone; the
    /// others share a black one.
    func testARecommendationSharingItsSpotIsNamedAloneInRed() throws {
        let points = [
            ParetoPoint(pipeline: "a", x: 10, y: 2, color: 0.5, onFront: true, role: .preset),
            ParetoPoint(pipeline: "b", x: 10, y: 2, color: 0.5, onFront: true, role: .preset),
            ParetoPoint(pipeline: "pick", x: 10, y: 2, color: 0.5, onFront: true, role: .preset, recommended: true),
            ParetoPoint(pipeline: "far", x: 40, y: 8, color: 0.9, onFront: true, role: .seed),
        ]
        let figure = ReportFigures.paretoFront(points, title: "t")
        let red = figure.annotations.filter { $0.color == PlotColor(hex: 0xB3151A) }
        XCTAssertEqual(red.map { $0.lines.joined(separator: " ") }, ["pick"])
        XCTAssertTrue(figure.annotations.contains { $0.lines.joined(separator: " ") == "a, b" },
                      figure.annotations.map { $0.lines.joined(separator: " ") }.description)
    }

    func testParetoFigureColoursFidelityOnALogScaleWithAColourBoxWhenItSpansDecades() throws {
        let figure = Self.pareto()
        let text = try script(figure)
        XCTAssertTrue(text.contains("set palette defined (0 '#440154'"), text)
        XCTAssertTrue(text.contains("set cbrange [0.1:70]"), text)
        XCTAssertTrue(text.contains("set logscale cb 10"), text)
        XCTAssertTrue(text.contains("set colorbox"), text)
        XCTAssertTrue(text.contains("set cblabel 'fidelity: mean distance to reference (log scale)'"), text)
        // Bending 0.97…30 spans more than 20×: log y, range just around the data.
        XCTAssertTrue(figure.y.logScale)
        XCTAssertEqual(try XCTUnwrap(figure.y.minimum), 0.97 / 1.4, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(figure.y.maximum), 30 * 1.4, accuracy: 1e-12)
        // Narrow fidelity values: a linear colour scale.
        let narrow = [ParetoPoint(pipeline: "a", x: 1, y: 1, color: 1.5, onFront: true, role: .seed),
                      ParetoPoint(pipeline: "b", x: 2, y: 2, color: 2, onFront: true, role: .seed)]
        XCTAssertFalse(try script(ReportFigures.paretoFront(narrow, title: "t")).contains("set logscale cb"))
    }

    func testSensitivityFigureDrawsAPanelPerObjectiveAndParameter() throws {
        let figure = Self.sensitivity()
        XCTAssertEqual(figure.panels.count, 6)
        XCTAssertEqual(figure.panelColumns, 2)
        let text = try script(figure)
        XCTAssertTrue(text.contains("set multiplot layout 3,2 title 'Sensitivity: one-euro'"), text)
        XCTAssertEqual(text.components(separatedBy: "\nplot ").count - 1, 6, "one plot per panel")
        XCTAssertTrue(text.hasSuffix("unset multiplot\nunset output"))
        // minCutoff 0.1…10 spans decades: log x in its column; beta starts at 0: linear.
        XCTAssertTrue(figure.panels[1].x.logScale)
        XCTAssertFalse(figure.panels[0].x.logScale)
        // The key once, naming the input kinds.
        XCTAssertEqual(figure.panels.filter { $0.legend.position != .hidden }.count, 1)
        XCTAssertTrue(text.contains("title 'stylus'") && text.contains("title 'finger'"))
    }

    func testSensitivityOfATextParameterUsesNamedTics() throws {
        let points = ["none", "complete"].enumerated().map { i, _ in
            SensitivityPoint(group: "stylus", parameters: [Double(i)], objectives: [Estimate(10 + Double(i))])
        }
        let figure = ReportFigures.sensitivity(points, parameters: [SensitivityParameter(name: "interp.tail", categories: ["none", "complete"])],
                                               objectives: ["lag (ms)"], title: "t")
        XCTAssertEqual(figure.panels[0].x.tics?.map(\.label), ["none", "complete"])
        XCTAssertTrue(try script(figure).contains("set xtics ('none' 0, 'complete' 1)"))
    }

    func testAFigureWithPanelsButNoDataIsRefused() {
        var figure = Figure(title: "empty")
        figure.panels = [Figure(series: [Series("a", style: .points, points: [])])]
        XCTAssertThrowsError(try script(figure))
    }
}
