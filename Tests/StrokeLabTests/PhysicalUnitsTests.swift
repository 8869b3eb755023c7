import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// The same strokes recorded in two units give the same results (issue 21, item 5): one copy
/// as a native trace in pixels with its recorded scale (0.25 mm per px), the other as InkML in
/// centimetres, which the InkML reader converts to StrokeLab points. Every stage parameter
/// that is a length and every metric option is stated in a physical unit and converted per
/// trace, so each measurement agrees after unit conversion (lengths to millimetres) to 1e-9
/// relative, counts exactly, and the fronts are the same pipelines.
final class PhysicalUnitsTests: XCTestCase {
    /// The pixel copy's recorded scale for the InkML comparison: 1 px = 0.25 mm.
    static let millimetresPerPixel = 0.25

    /// Pipelines with length parameters in pt and in px — Krita's dead zone and distance
    /// (px), the lazy brush's string and the fit error (pt), the 1€ filter's beta (1/px),
    /// signature_pad's distances, widths and 1 px/ms (px), perfect-freehand's size and own
    /// constants (px), the Kalman and ink predictors' noises, distances and speeds (pt) — and
    /// the seed `coalesced-only`, whose ratios moved with the resampling step alone.
    static let labels = [
        "coalesced-only", "midpoint-bezier(tail=complete)|predict:kalman(horizon=16.7)", "krita-stabilizer",
        "krita-weighted", "lazy-brush", "fit-curve", "one-euro", "signature-pad", "perfect-freehand", "ink",
        "coalesced|interp:linear|style:scribble",
    ]

    /// The minimal case, exact: short noisy synthetic strokes in StrokeLab points and the same
    /// strokes in pixels of exactly four points (0.7697 mm), both native traces without their
    /// reference (measured by hold-out, as a recording is). Scaling by a power of two is exact
    /// in floating point, so once every length is converted every measurement is the same bit
    /// for bit after conversion (lengths ×4) — ink-stroke-modeler's float32 arithmetic
    /// included — and a length left in trace units anywhere shows as a difference.
    func testSyntheticStrokesInPointsAndInPixelsOfFourPointsMeasureExactlyTheSame() async throws {
        let trace = SyntheticTraceGenerator.generate(SyntheticTraceSpec(name: "s", shapes: [.circleFast, .tap, .twoSample],
                                                                        positionNoise: 0.3))
        let strokes = trace.strokes.map { (id: $0.id, samples: Self.distinctSamples($0)) }
        let points = try Self.nativeCopy(strokes, millimetresPerUnit: LengthUnit.millimetresPerPoint, as: .pt,
                                         millimetresPerUnit: LengthUnit.millimetresPerPoint)
        let pixels = try Self.nativeCopy(strokes, millimetresPerUnit: LengthUnit.millimetresPerPoint, as: .px,
                                         millimetresPerUnit: 4 * LengthUnit.millimetresPerPoint)
        XCTAssertEqual(pixels.strokes[0].samples[5].location.x * 4, points.strokes[0].samples[5].location.x)
        try await assertSameResults(points, pixels, labels: Self.labels, name: "synthetic", exact: true)
    }

    /// Real handwriting, exactly as above: the short strokes of a Wacom recording (dots, hooks)
    /// in points and in pixels of four points.
    func testRecordedStrokesInPointsAndInPixelsOfFourPointsMeasureExactlyTheSame() async throws {
        let tablet = try Self.wacomStrokes()
        let points = try Self.nativeCopy(tablet, millimetresPerUnit: LengthUnit.millimetresPerPoint, as: .pt,
                                         millimetresPerUnit: LengthUnit.millimetresPerPoint)
        let pixels = try Self.nativeCopy(tablet, millimetresPerUnit: LengthUnit.millimetresPerPoint, as: .px,
                                         millimetresPerUnit: 4 * LengthUnit.millimetresPerPoint)
        try await assertSameResults(points, pixels, labels: Self.labels, name: "wacom", exact: true)
    }

    /// The issue's case: real strokes as native traces in pixels with their recorded scale
    /// (0.25 mm per px) and as InkML in centimetres, read as StrokeLab points — two Wacom
    /// recordings (21 short strokes: dots, hooks) through `strokelab run`'s experiment, and the
    /// BDALab browser stroke. The factor is not a power of two, so the coordinates of the two
    /// differ by rounding, and a decision made on exact equality or a near tie can go the other
    /// way: a weighted mean of equal points that is or is not exactly that point (a zero-length
    /// segment), a raster pixel centre on an ink edge. So at least 99 % of the measurements
    /// agree to 1e-9 relative and none differs by more than 1 % (a count by more than 1, a
    /// raster area by more than 5 %: a pixel or two of a small stroke's hundred), the
    /// fronts are the same pipelines, and so is the report's answer (front and recommendation
    /// per group). `ink` is left out of the value comparison: ink-stroke-modeler computes in
    /// float32, so its two imports agree to float32 precision only (the power-of-two tests above
    /// are exact for every pipeline, `ink` included).
    func testRecordedStrokesAsNativePixelsAndAsInkMLCentimetresMeasureTheSame() async throws {
        let folder = try SharedData.dataset("wacom-speed") + "/ID0001-0883_20191126102804/"
        var answers: [Answer] = []
        var rows: [[ResultRow]] = []
        for copy in ["px", "cm"] {
            let dir = try makeTemporaryDirectory("units-\(copy)")
            for file in ["szo_alairas-normal_betukkel-gyors_tempoval-1", "szo_alairas-normal_betukkel-gyors_tempoval-2"] {
                let tablet = try XCTUnwrap(TraceImport.load(path: folder + file + ".csv").first)
                let strokes = tablet.strokes.map { (id: $0.id, samples: Self.distinctSamples($0)) }
                let mm = try XCTUnwrap(tablet.metadata.millimetresPerUnit)
                let text = copy == "px"
                    ? NativeTraceWriter.encode(try Self.nativeCopy(strokes, millimetresPerUnit: mm, as: .px,
                                                                   millimetresPerUnit: Self.millimetresPerPixel))
                    : Self.centimetreInkML(strokes, millimetresPerUnit: mm)
                try FileManager.default.createDirectory(atPath: dir + "/traces", withIntermediateDirectories: true)
                try text.write(toFile: dir + "/traces/" + file + (copy == "px" ? ".json" : ".inkml"), atomically: true, encoding: .utf8)
            }
            let labels = Self.labels.map { "\"\($0)\"" }.joined(separator: ", ")
            try #"{"datasets": [{"name": "wacom", "paths": ["traces"]}], "bootstrap": 200, "pipelines": [\#(labels)]}"#
                .write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
            let spec = try ExperimentSpec.load(path: dir + "/spec.json")
            let report = try await Experiment.run(spec, specPath: dir + "/spec.json", baseDirectory: dir, outputDirectory: dir + "/out")
            XCTAssertEqual(Set(report.traces.map { $0.trace.metadata.units }), [copy == "px" ? .px : .pt])
            answers.append(Answer(report: report, plan: try TunePlan(spec)))
            rows.append(report.rows)
        }
        assertSameRows(rows[0], rows[1], millimetresPerUnit: (Self.millimetresPerPixel, LengthUnit.millimetresPerPoint),
                       skipping: "ink", name: "wacom", exact: false, strokes: 21)
        let groups = answers.map { $0.groups.map { "\($0.dataset) · \($0.kind): front \($0.front), recommended \($0.recommendation?.pipeline ?? "none")" } }
        XCTAssertFalse(groups[0].isEmpty)
        XCTAssertTrue(answers[0].groups.allSatisfy { $0.recommendation != nil }, "\(groups[0])")
        XCTAssertEqual(groups[0], groups[1], "the same answer")

        let browser = try XCTUnwrap(TraceImport.load(path: try SharedData.dataset("bdalab-sample") + "/html_data/signal.json").first)
        let strokes = browser.strokes.map { (id: $0.id, samples: Self.distinctSamples($0)) }
        let pixels = try Self.nativeCopy(strokes, millimetresPerUnit: Self.millimetresPerPixel, as: .px,
                                         millimetresPerUnit: Self.millimetresPerPixel)
        XCTAssertEqual(pixels.metadata.physicalScale,
                       PhysicalScale(millimetresPerUnit: Self.millimetresPerPixel, unit: .px, recorded: true))
        let ink = try XCTUnwrap(InkMLReader.decode(Array(Self.centimetreInkML(strokes, millimetresPerUnit: Self.millimetresPerPixel).utf8),
                                                   file: "browser.inkml").traces.first)
        XCTAssertEqual(ink.metadata.units, .pt, "InkML cm is read as StrokeLab points")
        try await assertSameResults(pixels, ink, labels: Self.labels.filter { $0 != "ink" }, name: "browser", exact: false)
    }

    /// A dataset whose traces record no physical scale is read at its unit's stated length,
    /// and the run says so: a note naming the dataset, and each trace's scale in `run.json`.
    func testARunSaysWhichDatasetsItReadAtAnAssumedScale() async throws {
        let strokes = [(id: "s", samples: (0..<30).map { TouchSample(time: Double($0) / 120, x: Double($0) * 3, y: 10) })]
        var browser = try Self.nativeCopy(strokes, millimetresPerUnit: 1, as: .px, millimetresPerUnit: 0.25)
        browser.metadata.millimetresPerUnit = nil
        let tablet = try Self.nativeCopy(strokes, millimetresPerUnit: 1, as: .pt, millimetresPerUnit: LengthUnit.millimetresPerPoint)
        let traces = [LoadedTrace(dataset: "browser", path: "-", name: "b", trace: browser),
                      LoadedTrace(dataset: "tablet", path: "-", name: "t", trace: tablet)]
        let outcome = await ExperimentRunner.run(traces: traces, pipelines: try PipelineSet.resolve([.init(label: "linear")]),
                                                 options: MetricOptions())
        let notes = outcome.notes.filter { $0.contains("physical scale") }
        XCTAssertEqual(notes, ["dataset 'browser': 1 trace in px records no physical scale; its px are taken as CSS px "
                               + "(1/96 in = 0.26458 mm; 1 px = 1.375 pt), to convert lengths stated in pt and px "
                               + "(metric options, stage parameters)"])
        let manifest = RunManifest.pipelinesAndTraces(try PipelineSet.resolve([.init(label: "linear")]), traces).joined(separator: "\n")
        XCTAssertTrue(manifest.contains(#""scale": {"units": "px", "millimetresPerUnit": 0.26458333333333334, "recorded": false}"#), manifest)
        XCTAssertTrue(manifest.contains(#""scale": {"units": "pt", "millimetresPerUnit": 0.19242424242424241, "recorded": true}"#), manifest)
        // The step each was measured at: 0.5 pt in the trace's units.
        let steps = outcome.rows.filter { $0.metric == "jaggedness.step" }.map { "\($0.dataset) \($0.value) \($0.unit)" }
        XCTAssertEqual(steps, ["browser 0.3636363636363636 px", "tablet 0.5 pt"])
    }

    /// Both traces (the same strokes in two units) through `labels`: the same measurements,
    /// each equal after conversion to millimetres — exactly, or (not `exact`) 99 % of them to
    /// 1e-9 relative and all to 1 % (counts to 1) — and the same layer for every pipeline on
    /// lag, bending ratio and fidelity.
    func assertSameResults(_ first: Trace, _ second: Trace, labels: [String], name: String, exact: Bool,
                           file: StaticString = #filePath, line: UInt = #line) async throws {
        XCTAssertEqual(first.strokes.map { $0.events.count }, second.strokes.map { $0.events.count }, file: file, line: line)
        let pipelines = try PipelineSet.resolve(labels.map { .init(label: $0) })
        func run(_ trace: Trace) async -> [ResultRow] {
            // The same dataset and trace names, so the bootstrap draws the same resamples.
            await ExperimentRunner.run(traces: [LoadedTrace(dataset: name, path: "-", name: name, trace: trace)],
                                       pipelines: pipelines, options: MetricOptions()).rows
        }
        let a = await run(first), b = await run(second)
        assertSameRows(a, b, millimetresPerUnit: (first.metadata.physicalScale.millimetresPerUnit,
                                                  second.metadata.physicalScale.millimetresPerUnit),
                       name: name, exact: exact, strokes: first.strokes.count, file: file, line: line)

        let names = pipelines.map(\.name)
        func layers(_ rows: [ResultRow]) -> [String: Int] {
            let paired = ResultStatistics.paired(rows, pipelines: names, settings: StatisticsSettings(resamples: 200))
            let ranking = TradeOffRanking(paired: paired, dataset: name, kind: "", pipelines: names)
            return Dictionary(uniqueKeysWithValues: ranking.entries.map { ($0.pipeline, $0.layer) })
        }
        let la = layers(a)
        XCTAssertFalse(la.isEmpty, file: file, line: line)
        XCTAssertEqual(la, layers(b), "\(name): fronts", file: file, line: line)
    }

    /// The same measurements in `a` and `b` (rows of the two copies, traces of
    /// `millimetresPerUnit`), each equal after conversion to millimetres — exactly, or (not
    /// `exact`) 99 % of them to 1e-9 relative and all to 1 % (counts to 1, raster areas to 5 %); the pipeline
    /// `skipping` is left out.
    func assertSameRows(_ a: [ResultRow], _ b: [ResultRow], millimetresPerUnit m: (Double, Double), skipping: String? = nil,
                        name: String, exact: Bool, strokes: Int, file: StaticString = #filePath, line: UInt = #line) {
        func key(_ r: ResultRow) -> String { "\(r.trace) · \(r.stroke) · \(r.pipeline) · \(r.metric)" }
        XCTAssertEqual(a.map(key), b.map(key), "\(name): the same measurements in both units", file: file, line: line)
        var compared = 0
        var apart: [String] = []
        for (x, y) in zip(a, b) where key(x) == key(y) && x.pipeline != skipping {
            let u = Self.millimetres(x.value, unit: x.unit, millimetresPerUnit: m.0)
            let v = Self.millimetres(y.value, unit: y.unit, millimetresPerUnit: m.1)
            let what = "\(name): \(key(x)): \(x.value) \(x.unit) vs \(y.value) \(y.unit)"
            compared += 1
            if exact {
                XCTAssertEqual(u, v, what, file: file, line: line)
            } else if abs(u - v) > 1e-9 * max(abs(u), abs(v)) + 1e-12 {
                apart.append(what)
                // A count by one; an area counted in raster pixels (ink.*) by a few pixels of a
                // small stroke's hundred; anything else by 1 %.
                let allowed = x.unit == "count" ? 1 : (x.metric.hasPrefix("ink.") ? 0.05 : 0.01) * max(abs(u), abs(v))
                XCTAssertLessThanOrEqual(abs(u - v), allowed, what, file: file, line: line)
            }
        }
        XCTAssertGreaterThan(compared, 50 * strokes, file: file, line: line)
        XCTAssertLessThanOrEqual(apart.count, compared / 100, "\(name): more than 1 % apart: \(apart.joined(separator: "; "))",
                                 file: file, line: line)
    }

    /// The short strokes of one Wacom recording (StrokeLab points at their stated scale).
    static func wacomStrokes() throws -> [(id: String, samples: [TouchSample])] {
        let path = try SharedData.dataset("wacom-speed") + "/ID0001-0883_20191126102804/szo_alairas-normal_betukkel-gyors_tempoval-1.csv"
        let trace = try XCTUnwrap(TraceImport.load(path: path).first)
        XCTAssertEqual(trace.metadata.millimetresPerUnit, LengthUnit.millimetresPerPoint)
        return trace.strokes.map { (id: $0.id, samples: distinctSamples($0)) }
    }

    /// A value of a trace of `millimetresPerUnit` in millimetres when its unit is a trace
    /// length (`px`, `1/px`, `px²`, `px/px` resolutions, `_mm` rows as they are), else as it is.
    static func millimetres(_ value: Double, unit: String, millimetresPerUnit m: Double) -> Double {
        let lengths: Set<String> = ["px", "pt"]
        if lengths.contains(unit) { return value * m }
        if unit.hasPrefix("1/"), lengths.contains(String(unit.dropFirst(2))) { return value / m }
        if unit.hasSuffix("²"), lengths.contains(String(unit.dropLast())) { return value * m * m }
        if unit.hasPrefix("px/"), lengths.contains(String(unit.dropFirst(3))) { return value / m }
        return value
    }

    /// `strokes` (samples in a unit of `from` mm) as a native trace in `unit` with the
    /// recorded scale `millimetresPerUnit`, written and read back: locations × from/to, events
    /// grouped by display frame as every reader groups flat samples.
    static func nativeCopy(_ strokes: [(id: String, samples: [TouchSample])], millimetresPerUnit from: Double, as unit: LengthUnit,
                           millimetresPerUnit to: Double) throws -> Trace {
        let f = from / to
        let list = strokes.map { s -> Stroke in
            let samples = s.samples.map { x -> TouchSample in
                var x = x
                x.location = Point(x: x.location.x * f, y: x.location.y * f)
                return x
            }
            return Stroke(id: s.id, events: FrameGrouping.events(from: samples), channels: [.t, .x, .y, .force, .maxForce])
        }
        let trace = Trace(metadata: TraceMetadata(source: "two-units", units: unit, millimetresPerUnit: to),
                          channels: [.t, .x, .y, .force, .maxForce], strokes: list)
        return try NativeTraceReader.decode(Array(NativeTraceWriter.encode(trace).utf8), file: "two-units-\(unit).json")
    }

    /// The centimetre copy, as another program writes InkML: X and Y in `cm`, T in seconds,
    /// F normalised 0…1.
    static func centimetreInkML(_ strokes: [(id: String, samples: [TouchSample])], millimetresPerUnit: Double) -> String {
        let f = millimetresPerUnit / 10
        var out = #"<ink xmlns="http://www.w3.org/2003/InkML"><traceFormat>"#
            + #"<channel name="X" type="decimal" units="cm"/><channel name="Y" type="decimal" units="cm"/>"#
            + #"<channel name="T" type="decimal" units="s"/><channel name="F" type="decimal" min="0" max="1"/></traceFormat>"#
        for s in strokes {
            let points = s.samples.map { x in
                [x.location.x * f, x.location.y * f, x.time, x.force].map(JSONText.number).joined(separator: " ")
            }
            out += "\n<trace xml:id=\"\(s.id)\">" + points.joined(separator: ", ") + "</trace>"
        }
        return out + "\n</ink>\n"
    }

    /// A stroke's samples, one re-delivered by the next event counted once, with force as a
    /// fraction of the maximum (InkML's normalised F) and maximum force 1.
    static func distinctSamples(_ stroke: Stroke) -> [TouchSample] {
        var out: [TouchSample] = []
        for e in stroke.events {
            for s in e.samples where out.last != s {
                out.append(TouchSample(time: s.time, location: s.location,
                                       force: s.maximumPossibleForce > 0 ? s.force / s.maximumPossibleForce : 0,
                                       maximumPossibleForce: 1))
            }
        }
        return out
    }
}
