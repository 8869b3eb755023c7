import Foundation
import StrokeCore
import StrokeIO
@testable import StrokeRecorder
import XCTest

/// The page is self-contained, and its model script — run under Node.js here, in Chromium by
/// the end-to-end test — converts angles and builds traces the native reader accepts.
final class RecorderPageTests: XCTestCase {
    func testThePageIsOneDocumentThatLoadsNothing() {
        let html = RecorderPage.html
        XCTAssertTrue(html.hasPrefix("<!doctype html>"))
        for placeholder in ["{{STYLE}}", "{{CORE}}", "{{PAGE}}"] {
            XCTAssertFalse(html.contains(placeholder), placeholder)
        }
        for reference in ["http://", "https://", "src=", "@import", "url(", "<link rel=\"stylesheet\"", "import(", "//cdn"] {
            XCTAssertFalse(html.lowercased().contains(reference), "the page must not load anything: found \(reference)")
        }
        XCTAssertTrue(html.contains(RecorderPage.coreScript) && html.contains(RecorderPage.pageScript) && html.contains(RecorderPage.style))
        XCTAssertTrue(RecorderPage.style.contains("touch-action: none"))
        for id in ["ink", "overlay", "new", "undo", "save", "name", "note", "scale", "status",
                   "r-events", "r-coalesced", "r-predicted", "r-type", "r-pressure", "r-tilt", "r-rate", "r-refresh"] {
            XCTAssertTrue(html.contains("id=\"\(id)\""), "the page lacks #\(id)")
        }
        XCTAssertLessThan(html.utf8.count, 100_000)
    }

    func testTheScriptsAreValidJavaScript() throws {
        let node = try JavaScriptRunner.node()
        for (name, script) in [("core", RecorderPage.coreScript), ("page", RecorderPage.pageScript)] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("strokelab-check-\(name)-\(UUID().uuidString).js").path
            try script.write(toFile: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: node)
            process.arguments = ["--check", file]
            let err = Pipe()
            process.standardError = err
            try process.run()
            let message = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "\(name) script: \(String(decoding: message, as: UTF8.self))")
        }
    }

    // MARK: - tilt → altitude/azimuth

    /// Tilts (degrees) whose angles are known exactly.
    static let knownTilts: [(tiltX: Double, tiltY: Double, altitude: Double, azimuth: Double)] = [
        (0, 0, .pi / 2, 0),                       // upright
        (30, 0, .pi / 3, 0),                      // leaning towards +x by 30°
        (-30, 0, .pi / 3, .pi),                   // towards −x
        (0, 45, .pi / 4, .pi / 2),                // towards +y (down the screen)
        (0, -60, .pi / 6, 3 * .pi / 2),           // towards −y
        (45, 45, atan(1 / 2.0.squareRoot()), .pi / 4),        // along a cube's diagonal: 35.26°
        (-45, 45, atan(1 / 2.0.squareRoot()), 3 * .pi / 4),
        (-45, -45, atan(1 / 2.0.squareRoot()), 5 * .pi / 4),
        (45, -45, atan(1 / 2.0.squareRoot()), 7 * .pi / 4),
        (60, 30, atan(1 / (3 + 1.0 / 3).squareRoot()), atan(1.0 / 3)),   // tan 60° = √3, tan 30° = 1/√3
        (90, 0, 0, 0),                            // flat, towards +x
        (0, 90, 0, .pi / 2),                      // flat, towards +y
        (-90, 0, 0, .pi),
        (90, 30, 0, 0),                           // flat: the azimuth is undetermined, 0 by convention
    ]

    /// Altitude and azimuth of the pen direction (tan tiltX, tan tiltY, 1) by plain geometry:
    /// the tilts are the angles of the pen's projections on the x–z and y–z planes.
    static func geometric(_ tx: Double, _ ty: Double) -> (altitude: Double, azimuth: Double) {
        let x = tan(tx * .pi / 180), y = tan(ty * .pi / 180)
        let length = (x * x + y * y + 1).squareRoot()
        var azimuth = atan2(y, x)
        if azimuth < 0 { azimuth += 2 * .pi }
        return (asin(1 / length), azimuth)
    }

    /// `tiltToAngles` of the page's script for `tilts`, run under Node.js.
    func scriptAngles(_ tilts: [(Double, Double)]) throws -> [(altitude: Double, azimuth: Double)] {
        let list = tilts.map { "[\($0.0), \($0.1)]" }.joined(separator: ",")
        let out = try JavaScriptRunner.run([RecorderPage.coreScript, """
            const c = globalThis.StrokeRecorderCore;
            console.log(JSON.stringify([\(list)].map(function (t) { const a = c.tiltToAngles(t[0], t[1]); return [a.altitude, a.azimuth]; })));
            """])
        let rows = try XCTUnwrap(try JSONParser.parse(Array(out.utf8)).array)
        return rows.map { ($0.array![0].number!, $0.array![1].number!) }
    }

    func testTheScriptConvertsTiltToTheKnownAngles() throws {
        let angles = try scriptAngles(Self.knownTilts.map { ($0.tiltX, $0.tiltY) })
        for (known, got) in zip(Self.knownTilts, angles) {
            XCTAssertEqual(got.altitude, known.altitude, accuracy: 1e-12, "altitude for tilt (\(known.tiltX), \(known.tiltY))")
            XCTAssertEqual(got.azimuth, known.azimuth, accuracy: 1e-12, "azimuth for tilt (\(known.tiltX), \(known.tiltY))")
        }
    }

    func testTheScriptAgreesWithGeometryAndWithStrokeIOOnEveryTilt() throws {
        var tilts: [(Double, Double)] = []
        for tx in stride(from: -89.0, through: 89, by: 8) {
            for ty in stride(from: -89.0, through: 89, by: 8) { tilts.append((tx, ty)) }
        }
        let angles = try scriptAngles(tilts)
        for ((tx, ty), got) in zip(tilts, angles) {
            let swift = PenAngles.fromTilt(xDegrees: tx, yDegrees: ty)
            XCTAssertEqual(got.altitude, swift.altitude, accuracy: 1e-12, "(\(tx), \(ty))")
            XCTAssertEqual(got.azimuth, swift.azimuth, accuracy: 1e-12, "(\(tx), \(ty))")
            let g = Self.geometric(tx, ty)
            XCTAssertEqual(got.altitude, g.altitude, accuracy: 1e-12, "(\(tx), \(ty))")
            if tx != 0 || ty != 0 { XCTAssertEqual(got.azimuth, g.azimuth, accuracy: 1e-12, "(\(tx), \(ty))") }
        }
    }

    // MARK: - the recording model

    /// Pointer Events as the browser would deliver them, fed to the page's `Recording`; the
    /// JSON it writes must be what the native reader accepts, with every mapping applied.
    static let syntheticSession = """
        const c = globalThis.StrokeRecorderCore;
        const origin = { left: 0, top: 50 };   // the canvas starts 50 px below the viewport top
        function pe(o) {
          const e = Object.assign({ pointerId: 1, pointerType: "pen", clientX: 0, clientY: 50, pressure: 0.5,
                                    tiltX: 0, tiltY: 0, width: 1, height: 1, timeStamp: 0 }, o);
          if (o.coalesced) e.getCoalescedEvents = function () { return o.coalesced.map(pe); };
          if (o.predicted) e.getPredictedEvents = function () { return o.predicted.map(pe); };
          return e;
        }
        const r = new c.Recording();
        // A pen stroke with real pressure and tilt; the browser gives no altitudeAngle (converted
        // from tilt).
        r.down(pe({ timeStamp: 1000, clientX: 10, clientY: 70, pressure: 0.3, tiltX: 30, tiltY: 0 }), origin, 1002);
        r.move(pe({ timeStamp: 1012, clientX: 16, clientY: 74, pressure: 0.5, tiltX: 30, tiltY: 0,
                    coalesced: [{ timeStamp: 1004, clientX: 12, clientY: 71, pressure: 0.35, tiltX: 30 },
                                { timeStamp: 1008, clientX: 14, clientY: 72, pressure: 0.4, tiltX: 30 },
                                { timeStamp: 1012, clientX: 16, clientY: 74, pressure: 0.5, tiltX: 30 }],
                    predicted: [{ timeStamp: 1020, clientX: 19, clientY: 76, pressure: 0.5, tiltX: 30 },
                                { timeStamp: 1028, clientX: 22, clientY: 78, pressure: 0.5, tiltX: 30 }] }), origin, 1018);
        // A touch starts while the pen is down (another pointer: its own stroke).
        r.down(pe({ pointerId: 2, pointerType: "touch", timeStamp: 1015, clientX: 200, clientY: 250, pressure: 0,
                    width: 20, height: 14 }), origin, 1019);
        // An old browser: no getCoalescedEvents; and a coalesced time that goes backwards.
        r.move(pe({ timeStamp: 1030, clientX: 20, clientY: 77, pressure: 0.55, tiltX: 30 }), origin, 1034);
        r.move(pe({ timeStamp: 1046, clientX: 26, clientY: 80, pressure: 0.6, tiltX: 30,
                    coalesced: [{ timeStamp: 1029, clientX: 23, clientY: 78, pressure: 0.58, tiltX: 30 },
                                { timeStamp: 1038, clientX: 24, clientY: 79, pressure: 0.59, tiltX: 30 }] }), origin, 1050);
        r.move(pe({ pointerId: 2, pointerType: "touch", timeStamp: 1031, clientX: 204, clientY: 251, pressure: 0,
                    width: 22, height: 16 }), origin, 1052);
        r.up(pe({ timeStamp: 1062, clientX: 27, clientY: 81, pressure: 0, tiltX: 30 }), origin, 1066, false);
        r.up(pe({ pointerId: 2, pointerType: "touch", timeStamp: 1070, clientX: 0, clientY: 0 }), origin, 1071, true);
        // A mouse stroke: pressure 0.5 and no tilt are defaults, not measurements.
        r.down(pe({ pointerId: 3, pointerType: "mouse", timeStamp: 2000, clientX: 50, clientY: 60, pressure: 0.5 }), origin, 2001);
        r.move(pe({ pointerId: 3, pointerType: "mouse", timeStamp: 2016, clientX: 55, clientY: 60, pressure: 0.5 }), origin, 2017);
        r.up(pe({ pointerId: 3, pointerType: "mouse", timeStamp: 2030, clientX: 55, clientY: 60, pressure: 0 }), origin, 2031, false);
        process.stdout.write(r.toJSON({ name: "../synthetic session", note: "node", userAgent: "node", devicePixelRatio: 2,
          viewport: { width: 800, height: 600 }, secureContext: true, coalescedAvailable: true, predictedAvailable: true,
          refreshRateHz: 60.02, millimetresPerUnit: 0.25, physicalScale: { barCSSPixels: 200, barMillimetres: 50 },
          eventsPerSecond: 60, coalescedPerEvent: 1.5, predictedPerEvent: 0.4, recordedAt: "2026-11-23T12:00:00.000Z",
          timeOrigin: 1795435000000 }));
        """

    func testTheRecordingModelWritesANativeTraceWithEveryMapping() throws {
        let json = try JavaScriptRunner.run([RecorderPage.coreScript, Self.syntheticSession])
        let trace = try NativeTraceReader.decode(Array(json.utf8), file: "session.json")
        XCTAssertEqual(trace.metadata.units, .px)
        XCTAssertEqual(trace.metadata.pixelsPerUnit, 2)
        XCTAssertEqual(trace.metadata.refreshRateHz, 60.02)
        XCTAssertEqual(trace.metadata.millimetresPerUnit, 0.25)
        XCTAssertEqual(trace.metadata.device, "node")
        XCTAssertEqual(trace.metadata.sampleRateHz, 125, "median of the moved events' positive sample intervals 4, 4, 8, 8, 18 ms")
        let root = try JSONParser.parse(Array(json.utf8))
        XCTAssertEqual(root["metadata"]?["name"]?.string, "../synthetic session", "the name travels as typed; the server makes it safe")
        XCTAssertEqual(root["metadata"]?["recorder"]?["clampedTimestamps"]?.number, 1)
        XCTAssertEqual(root["metadata"]?["recorder"]?["timeOrigin"]?.number, 1_795_435_001_000)
        XCTAssertEqual(root["metadata"]?["recorder"]?["angles"]?.string, "tiltX/tiltY")

        XCTAssertEqual(trace.strokes.map(\.id), ["stroke-0", "stroke-1", "stroke-2"], "in the order they began")
        XCTAssertEqual(trace.strokes.map(\.kind), [.stylus, .finger, .mouse])
        let pen = trace.strokes[0], touch = trace.strokes[1], mouse = trace.strokes[2]
        XCTAssertEqual(pen.channels, [.t, .x, .y, .force, .maxForce, .altitude, .azimuth])
        XCTAssertEqual(touch.channels, [.t, .x, .y, .majorRadius])
        XCTAssertEqual(mouse.channels, [.t, .x, .y])

        XCTAssertEqual(pen.events.map(\.phase), [.began, .moved, .moved, .moved, .ended])
        XCTAssertEqual(pen.events.map(\.samples.count), [1, 3, 1, 3, 1], "coalesced samples; the event's own appended when missing")
        XCTAssertEqual(pen.events[1].predicted.count, 2)
        let s = pen.samples
        XCTAssertEqual(s.map(\.time), [0, 0.004, 0.008, 0.012, 0.030, 0.030, 0.038, 0.046, 0.062], "ms → s from the first sample; 1029 raised to 1030")
        XCTAssertEqual(s.map(\.location.x), [10, 12, 14, 16, 20, 23, 24, 26, 27])
        XCTAssertEqual(s.map(\.location.y), [20, 21, 22, 24, 27, 28, 29, 30, 31], "clientY − the canvas origin")
        XCTAssertEqual(s.map(\.force), [0.3, 0.35, 0.4, 0.5, 0.55, 0.58, 0.59, 0.6, 0.6], "lift-off keeps the last pressure")
        XCTAssertTrue(s.allSatisfy { $0.maximumPossibleForce == 1 })
        for x in s {
            XCTAssertEqual(x.altitude, .pi / 3, accuracy: 1e-6)
            XCTAssertEqual(x.azimuth, 0, accuracy: 1e-6)
        }
        XCTAssertEqual(pen.events.map(\.time), [0.002, 0.018, 0.034, 0.050, 0.066], "delivery: when the handler ran")
        XCTAssertEqual(pen.events[1].predicted.map(\.location.x), [19, 22])
        XCTAssertEqual(pen.events[1].predicted.map(\.time), [0.020, 0.028])

        XCTAssertEqual(touch.events.map(\.phase), [.began, .moved, .cancelled])
        XCTAssertEqual(touch.events[2].samples, touch.events[1].samples, "a cancelled pointer repeats its last sample")
        XCTAssertEqual(touch.samples.map(\.majorRadius), [10, 11, 11])
        XCTAssertEqual(touch.startTime, 0.015)

        XCTAssertEqual(mouse.samples.map(\.location.x), [50, 55, 55])
        XCTAssertEqual(mouse.samples.map(\.time), [1.0, 1.016, 1.030])
    }

    func testUndoAndClearForgetStrokes() throws {
        let out = try JavaScriptRunner.run([RecorderPage.coreScript, """
            const c = globalThis.StrokeRecorderCore;
            const o = { left: 0, top: 0 };
            const e = function (id, t, x) { return { pointerId: id, pointerType: "pen", clientX: x, clientY: 0, pressure: 0.5, timeStamp: t }; };
            const r = new c.Recording();
            r.down(e(1, 0, 0), o, 1); r.up(e(1, 5, 1), o, 6, false);
            r.down(e(1, 10, 0), o, 11);
            const duringStroke = r.undo();          // not while a stroke is being drawn
            r.up(e(1, 15, 1), o, 16, false);
            const counts = [duringStroke, r.strokes.length, r.undo(), r.strokes.length, r.saved];
            r.clear();
            counts.push(r.strokes.length, r.active.size, r.undo());
            console.log(JSON.stringify(counts));
            """])
        XCTAssertEqual(out.trimmingCharacters(in: .whitespacesAndNewlines), "[false,2,true,1,false,0,0,false]")
    }
}
