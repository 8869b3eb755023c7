import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

/// Imports every file of ../shared/datasets and checks counts and value ranges against the
/// datasets' SOURCE.md figures (each figure re-counted independently from the raw files).
final class DatasetImportTests: XCTestCase {
    /// StrokeLab's point: an iOS point at an iPad Pro's 132 per inch (written out here, not
    /// taken from LengthUnit, so the tests check the constant too).
    let mmPerPoint = 25.4 / 132

    func testThePointIsTheIOSPointAt132PerInch() {
        XCTAssertEqual(LengthUnit.millimetresPerPoint, mmPerPoint)
        XCTAssertEqual(LengthUnit.millimetresPerPoint, 0.192424, accuracy: 5e-7)
        XCTAssertEqual(PhysicalLength.pointsPerMillimetre * LengthUnit.millimetresPerPoint, 1, accuracy: 1e-15)
        XCTAssertEqual(PhysicalLength.millimetres(perUnitNamed: "pt"), 25.4 / 72, "InkML's pt is typographic")
    }

    func testWacomSpeedImportsAll72FilesWithSourceCountsAndHoverExcluded() throws {
        let root = try SharedData.dataset("wacom-speed")
        let files = try TraceImport.importableFiles(in: root)
        XCTAssertEqual(files.count, 72)
        var samples = 0, strokes = 0, duplicates = 0
        var xs = (Double.infinity, -Double.infinity), ys = (Double.infinity, -Double.infinity)
        var force = (Double.infinity, -Double.infinity), altitude = (Double.infinity, -Double.infinity)
        var azimuth = (Double.infinity, -Double.infinity)
        for file in files {
            let traces = try TraceImport.load(path: file)    // format detected from the header
            XCTAssertEqual(traces.count, 1)
            let trace = traces[0]
            TestSupport.assertWellFormed(trace, file)
            XCTAssertEqual(trace.metadata.units, .pt)
            XCTAssertEqual(trace.metadata.millimetresPerUnit, mmPerPoint)
            XCTAssertEqual(trace.metadata.refreshRateHz, 60)
            XCTAssertFalse(trace.metadata.resampled)
            XCTAssertEqual(trace.metadata.device, "Wacom MobileStudio Pro 13, Inking Pen")
            XCTAssertTrue(trace.metadata.source.hasPrefix("wacom-csv:ID000"), trace.metadata.source)
            // Median in-stroke interval 5 ms (SOURCE: 57 % of intervals) → 200 Hz in every file.
            XCTAssertEqual(trace.metadata.sampleRateHz, 200, file)
            XCTAssertEqual(trace.channels, [.t, .x, .y, .force, .maxForce, .altitude, .azimuth])
            strokes += trace.strokes.count
            for stroke in trace.strokes {
                let s = stroke.samples
                samples += s.count
                duplicates += zip(s, s.dropFirst()).filter { $0.time == $1.time }.count
                for p in s {
                    xs = (min(xs.0, p.location.x), max(xs.1, p.location.x))
                    ys = (min(ys.0, p.location.y), max(ys.1, p.location.y))
                    force = (min(force.0, p.force), max(force.1, p.force))
                    altitude = (min(altitude.0, p.altitude), max(altitude.1, p.altitude))
                    azimuth = (min(azimuth.0, p.azimuth), max(azimuth.1, p.azimuth))
                    XCTAssertEqual(p.maximumPossibleForce, 1)
                }
            }
        }
        XCTAssertEqual(strokes, 1_172, "SOURCE.md: 1,172 pen-down strokes")
        XCTAssertEqual(samples, 70_934, "SOURCE.md: 70,934 pen-down rows; the 54,515 hover rows belong to no stroke")
        XCTAssertGreaterThan(duplicates, 0, "repeated timestamps are kept, not dropped")
        // Pen-down raw ranges (re-counted): X 6658…50487, Y 550…31538 device units at 200/mm,
        // i.e. X 33.29…252.435 mm, Y 2.75…157.69 mm → X 173.003…1311.867 pt, Y 14.291…819.491 pt.
        let unitsPerPoint = 200 * mmPerPoint
        XCTAssertEqual(xs.0, 6658 / unitsPerPoint, accuracy: 1e-9)
        XCTAssertEqual(xs.1, 50487 / unitsPerPoint, accuracy: 1e-9)
        XCTAssertEqual(ys.0, 550 / unitsPerPoint, accuracy: 1e-9)
        XCTAssertEqual(ys.1, 31538 / unitsPerPoint, accuracy: 1e-9)
        XCTAssertEqual(xs.0, 173.00315, accuracy: 1e-5)
        XCTAssertEqual(xs.1, 1311.86693, accuracy: 1e-5)
        XCTAssertEqual(ys.0, 14.29134, accuracy: 1e-5)
        XCTAssertEqual(ys.1, 819.49134, accuracy: 1e-5)
        // P 1…32767 (SOURCE) → 1/32767…1.
        XCTAssertEqual(force.0, 1.0 / 32767, accuracy: 1e-15)
        XCTAssertEqual(force.1, 1, accuracy: 1e-15)
        // Pen-down altitude 510…780 tenths of a degree (51°…78°); azimuth within [0, 2π).
        XCTAssertEqual(altitude.0, 51 * .pi / 180, accuracy: 1e-12)
        XCTAssertEqual(altitude.1, 78 * .pi / 180, accuracy: 1e-12)
        XCTAssertGreaterThanOrEqual(azimuth.0, 0)
        XCTAssertLessThan(azimuth.1, 2 * .pi)
    }

    func testWacomSpeedFirstSampleConvertsUnitsAsDocumented() throws {
        let root = try SharedData.dataset("wacom-speed")
        let file = root + "/ID0001-0883_20191126102804/szamok-normal_tempoval-1.csv"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: ";").map { Double($0)! } }
        let t0 = rows[0][1]
        let firstDown = rows.first { $0[0] == 1 }!
        let trace = try TraceImport.load(path: file, format: .wacomCSV)[0]
        let s = trace.strokes[0].events[0].samples[0]
        XCTAssertEqual(s.time, (firstDown[1] - t0) / 1000)
        XCTAssertEqual(s.location.x, firstDown[2] / (200 * mmPerPoint), accuracy: 1e-12)
        XCTAssertEqual(s.location.y, firstDown[3] / (200 * mmPerPoint), accuracy: 1e-12)
        XCTAssertEqual(s.force, firstDown[4] / 32767, accuracy: 1e-15)
        XCTAssertEqual(s.altitude, firstDown[5] / 10 * .pi / 180, accuracy: 1e-12)
        // Wintab azimuth is clockwise from north; StrokeLab's from +x: θ = a − 90°.
        var expected = (firstDown[6] / 10 - 90) * .pi / 180
        if expected < 0 { expected += 2 * .pi }
        XCTAssertEqual(s.azimuth, expected, accuracy: 1e-12)
    }

    func testWacomSpeedRetimingSpreadsStrokeStartBurstsAtTheNominalPeriod() throws {
        let root = try SharedData.dataset("wacom-speed")
        let file = root + "/ID0001-0883_20191126102804/szamok-normal_tempoval-1.csv"
        let raw = try TraceImport.load(path: file, format: .wacomCSV)[0]
        let retimed = try TraceImport.load(path: file, format: .wacomCSV, options: ImportOptions(retimeHz: 200))[0]
        func shortIntervals(_ t: Trace) -> Int {
            t.strokes.reduce(0) { n, s in n + zip(s.samples, s.samples.dropFirst()).filter { $1.time - $0.time < 0.004 }.count }
        }
        // The raw file starts strokes with ~10 samples 0–1 ms apart (SOURCE: bursts).
        XCTAssertGreaterThan(shortIntervals(raw), 20)
        XCTAssertEqual(shortIntervals(retimed), 0, "every interval is at least the nominal 5 ms after re-timing")
        XCTAssertEqual(raw.strokes.map(\.sampleCount), retimed.strokes.map(\.sampleCount), "re-timing moves samples, never drops them")
        for (a, b) in zip(raw.strokes, retimed.strokes) {
            XCTAssertEqual(a.endTime, b.endTime, "each stroke's last sample keeps its time")
            XCTAssertEqual(a.samples.map(\.location), b.samples.map(\.location))
        }
    }

    func testHelpingHandImportsAll8FilesMarkedResampledWithSourceCounts() throws {
        let root = try SharedData.dataset("helpinghand")
        let files = try TraceImport.importableFiles(in: root)
        XCTAssertEqual(files.count, 8)
        let expected: [String: (strokes: Int, samples: Int)] = [
            "ChikaEnglish1": (130, 3129), "LinjieChinese1": (223, 6302), "NeerajEnglish1": (129, 5974),
            "SteveEnglish1": (138, 2999), "BrendaFlower": (39, 2941), "JimMcCannCar": (104, 5402),
            "MiklosBergouFace": (199, 4640), "PushkarFlower": (41, 4144),
        ]
        var strokes = 0, samples = 0
        var xs = (Double.infinity, -Double.infinity), ys = (Double.infinity, -Double.infinity)
        var force = (Double.infinity, -Double.infinity)
        for file in files {
            let trace = try TraceImport.load(path: file)[0]
            TestSupport.assertWellFormed(trace, file)
            let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
            XCTAssertEqual(trace.strokes.count, expected[name]?.strokes, name)
            XCTAssertEqual(trace.strokes.reduce(0) { $0 + $1.sampleCount }, expected[name]?.samples, name)
            XCTAssertTrue(trace.metadata.resampled, "cyn is arc-length resampled: timing metrics must skip it")
            XCTAssertEqual(trace.metadata.units, .pt)
            XCTAssertNil(trace.metadata.millimetresPerUnit, "the physical size of the normalised canvas is unknown")
            // A synthetic 7 ms step (PushkarFlower's median is 7.014 ms: its steps reach 7.45 ms).
            XCTAssertEqual(trace.metadata.sampleRateHz!, name == "PushkarFlower" ? 1 / 0.007014 : 1 / 0.007, accuracy: 0.001, name)
            strokes += trace.strokes.count
            var previousEnd = -Double.infinity
            for stroke in trace.strokes {
                XCTAssertGreaterThan(stroke.startTime, previousEnd, "strokes are laid end to end, not overlapping")
                previousEnd = stroke.endTime
                for p in stroke.samples {
                    samples += 1
                    xs = (min(xs.0, p.location.x), max(xs.1, p.location.x))
                    ys = (min(ys.0, p.location.y), max(ys.1, p.location.y))
                    force = (min(force.0, p.force), max(force.1, p.force))
                    XCTAssertTrue(p.altitude > 0 && p.altitude <= .pi / 2)
                }
            }
        }
        XCTAssertEqual(strokes, 1_003, "SOURCE.md: 1,003 strokes")
        XCTAssertEqual(samples, 35_531, "SOURCE.md: 35,531 samples")
        // SOURCE.md ranges (x 0.014…0.995, y −0.003…0.968, pressure 0…1) × 1000 units.
        XCTAssertEqual(xs.0, 13.9762, accuracy: 1e-9)
        XCTAssertEqual(xs.1, 995.153, accuracy: 1e-9)
        XCTAssertEqual(ys.0, -3.30663, accuracy: 1e-9)
        XCTAssertEqual(ys.1, 968.379, accuracy: 1e-9)
        XCTAssertEqual(force.0, 0)
        XCTAssertEqual(force.1, 1)
    }

    func testJackSVCToleratesTheOffByOneHeaderAndFindsThreePenDownRuns() throws {
        let root = try SharedData.dataset("bdalab-sample")
        let file = root + "/svc_data/jack_18-07-2014_M_0006_Doe_12-10-2020.svc"
        let report = try TraceImport.loadReport(path: file)
        XCTAssertEqual(report.notes.count, 1)
        XCTAssertTrue(report.notes[0].contains("606") && report.notes[0].contains("607") && report.notes[0].hasPrefix(file + ":1:"), report.notes[0])
        let trace = report.traces[0]
        TestSupport.assertWellFormed(trace)
        XCTAssertEqual(trace.strokes.map(\.sampleCount), [220, 43, 238], "3 pen-down runs, 501 of the 607 rows")
        XCTAssertEqual(trace.metadata.units, .pt)
        XCTAssertEqual(trace.metadata.millimetresPerUnit, mmPerPoint)
        XCTAssertEqual(trace.metadata.sampleRateHz, 125, "median interval 8 ms")
        let s = TestSupport.allSamples(trace)
        let unitsPerPoint = 200 * mmPerPoint
        XCTAssertEqual(s.map(\.location.x).min()!, 4034 / unitsPerPoint, accuracy: 1e-9)
        XCTAssertEqual(s.map(\.location.x).max()!, 31221 / unitsPerPoint, accuracy: 1e-9)
        XCTAssertEqual(s.map(\.location.x).min()!, 104.82047, accuracy: 1e-5, "20.17 mm at 132 pt/in")
        XCTAssertEqual(s.map(\.location.x).max()!, 811.25433, accuracy: 1e-5, "156.105 mm at 132 pt/in")
        XCTAssertEqual(s.map(\.force).max()!, 1, "raw pressure normalised by the file's maximum, 22634")
        XCTAssertEqual(s.map(\.force).min()!, 7955.0 / 22634, accuracy: 1e-15)
        XCTAssertEqual(s[0].time, 0, "the file's first row is t = 0")
        XCTAssertEqual(s[0].altitude, 72 * .pi / 180, accuracy: 1e-12, "altitude 720 tenths of a degree")
        XCTAssertEqual(trace.strokes[2].endTime, 9.04, accuracy: 1e-9, "354651440 − 354642400 ms")
        // An explicit full scale replaces the file maximum.
        let scaled = try TraceImport.load(path: file, options: ImportOptions(pressureMax: 32767))[0]
        XCTAssertEqual(TestSupport.allSamples(scaled).map(\.force).max()!, 22634.0 / 32767, accuracy: 1e-15)
    }

    func testSignalSVCIsRecognisedAsConvertedUnits() throws {
        let root = try SharedData.dataset("bdalab-sample")
        let file = root + "/svc_data/signal.svc"
        let report = try TraceImport.loadReport(path: file)
        XCTAssertTrue(report.notes.contains { $0.contains("converted") })
        let trace = report.traces[0]
        TestSupport.assertWellFormed(trace)
        XCTAssertEqual(trace.strokes.map(\.sampleCount), [226, 133, 90, 203, 167], "5 pen-down runs, 819 of the 1378 rows")
        let s = TestSupport.allSamples(trace)
        XCTAssertEqual(s.map(\.location.x).min()!, 52.81 / mmPerPoint, accuracy: 1e-9, "mm → pt")
        XCTAssertEqual(s.map(\.location.x).max()!, 78.595 / mmPerPoint, accuracy: 1e-9)
        XCTAssertEqual(s.map(\.location.x).min()!, 274.44567, accuracy: 1e-5, "52.81 mm at 132 pt/in")
        XCTAssertEqual(trace.metadata.millimetresPerUnit, mmPerPoint)
        XCTAssertEqual(s.map(\.force).max()!, 0.929619, "already normalised: kept as is")
        XCTAssertEqual(s[0].time, 0)
        XCTAssertEqual(s[1].time, 0.007, "seconds, not milliseconds")
        XCTAssertEqual(trace.metadata.sampleRateHz, 125)
    }

    func testBDALabJSONMatchesTheFirst100SamplesOfSignalSVC() throws {
        let root = try SharedData.dataset("bdalab-sample")
        let json = try TraceImport.load(path: root + "/json_data/signal.json")[0]
        XCTAssertTrue(json.metadata.source.hasPrefix("bdalab-json:"))
        let svc = try TraceImport.load(path: root + "/svc_data/signal.svc")[0]
        XCTAssertEqual(json.strokes.count, 1)
        let fromJSON = json.strokes[0].samples, fromSVC = Array(svc.strokes[0].samples.prefix(100))
        XCTAssertEqual(fromJSON.count, 100)
        // SOURCE.md: json_data holds the first 100 samples of signal.svc, and both readers
        // convert them identically — except y: BDALab's example file repeats x in its "y"
        // array (checked against the raw file: y == x in all 100 samples).
        XCTAssertEqual(fromJSON.map(\.time), fromSVC.map(\.time))
        XCTAssertEqual(fromJSON.map(\.location.x), fromSVC.map(\.location.x))
        XCTAssertEqual(fromJSON.map(\.force), fromSVC.map(\.force))
        XCTAssertEqual(fromJSON.map(\.altitude), fromSVC.map(\.altitude))
        XCTAssertEqual(fromJSON.map(\.azimuth), fromSVC.map(\.azimuth))
        XCTAssertEqual(fromJSON.map(\.location.y), fromJSON.map(\.location.x), "the file's y array is a copy of x")
        XCTAssertNotEqual(fromSVC.map(\.location.y), fromSVC.map(\.location.x))
    }

    func testPointerEventsRecordingGivesOnePenStrokeInCSSPixels() throws {
        let root = try SharedData.dataset("bdalab-sample")
        let file = root + "/html_data/signal.json"
        let trace = try TraceImport.load(path: file)[0]
        TestSupport.assertWellFormed(trace)
        XCTAssertTrue(trace.metadata.source.hasPrefix("pointer-events:"))
        XCTAssertEqual(trace.metadata.units, .px)
        XCTAssertNil(trace.metadata.millimetresPerUnit)
        XCTAssertEqual(trace.strokes.count, 1)
        XCTAssertEqual(trace.strokes[0].sampleCount, 148, "148 of the 233 events have buttons = 1; hover excluded")
        XCTAssertEqual(trace.strokes[0].kind, .stylus)
        let s = trace.strokes[0].samples
        XCTAssertEqual(s.map(\.location.x).min()!, 744.59375)
        XCTAssertEqual(s.map(\.location.x).max()!, 1268.875)
        XCTAssertEqual(s.map(\.force).min()!, 0.0013427939265966415)
        XCTAssertEqual(s.map(\.force).max()!, 0.60782790184021)
        XCTAssertEqual(s[0].time, (17375.800000000745 - 3982.0999999996275) / 1000, "ms → s from the first event")
        XCTAssertEqual(trace.metadata.sampleRateHz!, 1000 / 16.1, accuracy: 0.01, "about 60 Hz, median 16.1 ms")
        XCTAssertTrue(s.allSatisfy { $0.altitude > 0 && $0.altitude <= .pi / 2 && $0.azimuth >= 0 && $0.azimuth < 2 * .pi })
    }

    func testEveryDatasetFileRoundTripsThroughNativeJSONAndInkMLIdentically() throws {
        var files: [String] = []
        for name in ["bdalab-sample", "helpinghand", "wacom-speed"] {
            files += try TraceImport.importableFiles(in: try SharedData.dataset(name))
        }
        XCTAssertEqual(files.count, 4 + 8 + 72)
        for file in files {
            let trace = try TraceImport.load(path: file)[0]
            let native = try NativeTraceReader.decode(Array(NativeTraceWriter.encode(trace).utf8), file: "native")
            XCTAssertEqual(native, trace, "native round trip of \(file)")
            let inkml = try InkMLReader.decode(Array(InkMLWriter.encode(trace).utf8), file: "inkml").traces[0]
            XCTAssertEqual(inkml, trace, "InkML round trip of \(file)")
        }
    }
}
