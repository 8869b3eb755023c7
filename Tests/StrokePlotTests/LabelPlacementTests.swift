import Foundation
import StrokeCore
import XCTest
@testable import StrokePlot

/// Direct labels: names beside points that cover no marker and no other name, so a figure of
/// 25 pipelines is read without a legend.
final class LabelPlacementTests: XCTestCase {
    typealias Box = LabelPlacement.Box
    let area = Box(minX: 0, minY: 0, maxX: 800, maxY: 500)

    func testALonePointIsLabelledRightBesideItWithoutALeader() {
        let item = LabelPlacement.Item(x: 100, y: 100, markerRadius: 4, width: 60, height: 14)
        let p = try? XCTUnwrap(LabelPlacement.place([item], within: area)[0])
        XCTAssertEqual(p?.box, Box(minX: 106, minY: 93, maxX: 166, maxY: 107))
        XCTAssertNil(p?.leader)
    }

    func testAPointAtTheRightEdgeIsLabelledOnItsLeft() {
        let item = LabelPlacement.Item(x: 790, y: 250, markerRadius: 4, width: 60, height: 14)
        let p = try? XCTUnwrap(LabelPlacement.place([item], within: area)[0])
        XCTAssertLessThanOrEqual(p?.box.maxX ?? .infinity, 790 - 4)
        XCTAssertTrue(area.contains(p!.box))
    }

    /// 30 points in a tight cluster (as 22 pipelines around 33 ms): every label is placed,
    /// inside the area, and covers no marker and no other label; far ones get a leader.
    func testACrowdedClusterGetsEveryLabelWithoutOverlaps() throws {
        var rng = SeededGenerator(seed: 7)
        let items = (0..<30).map { i in
            LabelPlacement.Item(x: 380 + Double.random(in: -40...40, using: &rng), y: 250 + Double.random(in: -30...30, using: &rng),
                                markerRadius: 5, width: Double.random(in: 40...140, using: &rng), height: 14,
                                priority: i % 3, required: true)
        }
        let placed = LabelPlacement.place(items, within: area)
        XCTAssertEqual(placed.compactMap { $0 }.count, items.count, "every label placed")
        let boxes = placed.compactMap { $0?.box }
        for (i, b) in boxes.enumerated() {
            XCTAssertTrue(area.contains(b))
            for m in items where m.markerBox.overlaps(b) { XCTFail("label \(i) covers the marker at \(m.x), \(m.y)") }
            for (j, c) in boxes.enumerated() where j > i && b.overlaps(c) { XCTFail("labels \(i) and \(j) overlap") }
        }
        for (k, p) in placed.enumerated() {
            guard let p else { continue }
            let gap = max(p.box.minX - items[k].x, items[k].x - p.box.maxX, p.box.minY - items[k].y, items[k].y - p.box.maxY)
            if gap > items[k].markerRadius + 8 { XCTAssertNotNil(p.leader, "label \(k) is \(gap) px away without a leader") }
        }
    }

    func testWhenTheAreaIsFullAnOptionalLabelIsDroppedAndARequiredOneTakesAnyFreePlace() {
        let small = Box(minX: 0, minY: 0, maxX: 120, maxY: 60)
        let a = LabelPlacement.Item(x: 60, y: 30, markerRadius: 4, width: 100, height: 14, required: true)
        let b = LabelPlacement.Item(x: 62, y: 32, markerRadius: 4, width: 100, height: 14, required: false)
        let c = LabelPlacement.Item(x: 58, y: 28, markerRadius: 4, width: 500, height: 14, required: true)
        let placed = LabelPlacement.place([a, b, c], within: small)
        XCTAssertNotNil(placed[0])
        XCTAssertNil(placed[2], "a label wider than the area cannot be placed")
        if let pb = placed[1], let pa = placed[0] { XCTAssertFalse(pa.box.overlaps(pb.box)) }
    }

    func testSegmentsCrossingBoxes() {
        let box = Box(minX: 10, minY: 10, maxX: 20, maxY: 20)
        XCTAssertTrue(LabelPlacement.segmentCrosses(.init(fromX: 0, fromY: 15, toX: 30, toY: 15), box))
        XCTAssertFalse(LabelPlacement.segmentCrosses(.init(fromX: 0, fromY: 0, toX: 30, toY: 5), box))
        XCTAssertFalse(LabelPlacement.segmentCrosses(.init(fromX: 0, fromY: 0, toX: 9, toY: 9), box))
        XCTAssertTrue(LabelPlacement.segmentCrosses(.init(fromX: 15, fromY: 15, toX: 16, toY: 16), box), "inside")
    }

    /// A trade-off figure of 25 pipelines, 8 of them on one spot: one label names the 7 drawn
    /// alike (grey), the emphasised one among them keeps its own label in its colour, every other
    /// pipeline has its own, and no label covers a marker or another label.
    func testTheTradeOffFigureNamesEveryPipelineAndCoincidingOnesTogether() throws {
        var rng = SeededGenerator(seed: 3)
        var points: [TradeOffPoint] = []
        for i in 0..<25 {
            let same = i < 8
            let lag = same ? 33.3 : Double.random(in: 5...70, using: &rng), bend = same ? 2.0 : exp(Double.random(in: 0...4.5, using: &rng))
            points.append(TradeOffPoint(pipeline: "pipeline-\(i)", dataset: "d", lagMilliseconds: Estimate(lag, low: lag - 1, high: lag + 1),
                                        jaggedness: Estimate(bend, low: bend * 0.9, high: bend * 1.1)))
        }
        let figure = ReportFigures.tradeOff(points, emphasised: ["pipeline-0", "pipeline-9", "pipeline-12"])
        let geometry = try XCTUnwrap(FigureGeometry(figure))
        let texts = figure.annotations.map { $0.lines.joined(separator: " ") }
        XCTAssertEqual(figure.annotations.count, 25 - 6, texts.joined(separator: "\n"))
        let together = try XCTUnwrap(texts.first { $0.contains("pipeline-1,") })
        for i in 1..<8 { XCTAssertTrue(together.contains("pipeline-\(i)"), together) }
        XCTAssertTrue(texts.contains("pipeline-0"), "the emphasised pipeline on the shared spot is named alone")
        let markers = points.map { p -> Box in
            let c = geometry.pixel(x: p.lagMilliseconds.value, y: p.jaggedness.value)
            return Box(centerX: c.x, centerY: c.y, rx: 3.5, ry: 3.5)
        }
        for (i, a) in figure.annotations.enumerated() {
            XCTAssertTrue(geometry.plot.contains(a.box))
            for m in markers { XCTAssertFalse(m.overlaps(a.box), "'\(texts[i])' covers a marker") }
            for (j, b) in figure.annotations.enumerated() where j > i { XCTAssertFalse(a.box.overlaps(b.box), "'\(texts[i])' and '\(texts[j])'") }
        }
        // Emphasised pipelines are bold and in their colour; the others grey.
        XCTAssertEqual(figure.annotations.first { $0.lines.joined().contains("pipeline-9") }?.bold, true)
        XCTAssertEqual(figure.annotations.first { $0.lines.joined() == "pipeline-20" }?.bold, false)
    }

    /// A Pareto figure of 25 settings: every front setting is named, and no name covers a
    /// marker (rings and the recommendation's square included) or another name.
    func testEveryParetoFrontPointIsNamedAndNoNameCoversAMarkerOrAName() throws {
        var rng = SeededGenerator(seed: 11)
        let roles: [ParetoPoint.Role] = [.seed, .preset, .reference, .setting]
        let points = (0..<25).map { i in
            ParetoPoint(pipeline: "setting-\(i)", x: Double.random(in: 3...60, using: &rng), y: exp(Double.random(in: 0...5, using: &rng)),
                        color: Double.random(in: 0.05...2, using: &rng), onFront: i % 3 == 0, role: roles[i % 4], recommended: i == 6)
        }
        let figure = ReportFigures.paretoFront(points, title: "t")
        let geometry = try XCTUnwrap(FigureGeometry(figure))
        let named = figure.annotations.flatMap { $0.lines.joined(separator: " ").components(separatedBy: ", ") }
        for p in points where p.onFront || p.recommended { XCTAssertTrue(named.contains(p.pipeline), "\(p.pipeline) on the front is named") }
        for p in points where p.role == .setting && !p.onFront && !p.recommended { XCTAssertFalse(named.contains(p.pipeline)) }
        for p in points {
            let c = geometry.pixel(x: p.x, y: p.y)
            let r = DirectLabel.markerRadiusPerPointSize * (p.recommended ? 3.4 : p.onFront ? 2.6 : p.role == .setting ? 1.3 : 1.7)
            for a in figure.annotations {
                XCTAssertFalse(Box(centerX: c.x, centerY: c.y, rx: r, ry: r).overlaps(a.box), "'\(a.lines.joined())' covers \(p.pipeline)")
            }
        }
        for (i, a) in figure.annotations.enumerated() {
            for b in figure.annotations[(i + 1)...] { XCTAssertFalse(a.box.overlaps(b.box), "'\(a.lines.joined())' and '\(b.lines.joined())'") }
        }
    }

    func testAnnotationsBecomeLabelsAndLeadersAtScreenPositions() throws {
        var figure = Figure(x: Axis(minimum: 0, maximum: 10), y: Axis(minimum: 0, maximum: 10),
                            series: [Series(nil, style: .points, points: [DataPoint(x: 5, y: 5)])], width: 1000, height: 500)
        figure.margins = Figure.Margins(left: 100, right: 100, top: 50, bottom: 50)
        figure.annotations = [Figure.Annotation(lines: ["one", "two"], box: Box(minX: 500, minY: 100, maxX: 560, maxY: 140),
                                                color: PlotColor(hex: 0x123456), fontSize: 9, bold: true,
                                                leader: .init(fromX: 450, fromY: 250, toX: 500, toY: 120))]
        let text = try GnuplotScript(figure: figure, format: .png, outputPath: "/tmp/x.png") { rows, _ in " record=(\(rows))" }.commandText
        XCTAssertTrue(text.contains("set lmargin at screen 0.1\n") && text.contains("set tmargin at screen 0.9\n"), text)
        XCTAssertTrue(text.contains("set label 'one' at screen 0.5, screen 0.78 left font 'DejaVu Sans:Bold,9' tc rgb '#123456' front"), text)
        XCTAssertTrue(text.contains("set label 'two' at screen 0.5, screen 0.74 left"), text)
        XCTAssertTrue(text.contains("set arrow from screen 0.45, screen 0.5 to screen 0.5, screen 0.76 nohead"), text)
        // SVG text is scaled to the PNG's size (gnuplot's SVG draws n-point text n px tall).
        let svg = try GnuplotScript(figure: figure, format: .svg, outputPath: "/tmp/x.svg") { rows, _ in " record=(\(rows))" }.commandText
        XCTAssertTrue(svg.contains("font 'DejaVu Sans:Bold,12' tc rgb"), svg)
        XCTAssertEqual(FigureGeometry(figure)?.pixel(x: 5, y: 5).x, 500)
        XCTAssertEqual(FigureGeometry(figure)?.pixel(x: 5, y: 10).y, 50)
    }
}
