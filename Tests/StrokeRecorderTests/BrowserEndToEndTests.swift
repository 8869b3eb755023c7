import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

/// The recorder in a real browser: `strokelab record` on a loopback port, its page in headless
/// Chromium, synthetic pen and touch input dispatched through the DevTools protocol, Save —
/// and the stored trace holds what was dispatched, and `strokelab run` and `render` accept it.
///
/// Needs `chromium` and `chromedriver` on PATH (Debian: chromium, chromium-driver; `make test`
/// installs them as root); without them the test says it is skipped (a failure under CI).
final class BrowserEndToEndTests: XCTestCase {
    /// A pen sample as dispatched: CSS px, pressure 0…1, whole-degree tilts.
    struct PenPoint { var x: Double, y: Double, pressure: Double, tiltX: Int, tiltY: Int }

    static func browserTools() throws -> (chromium: String, chromedriver: String) {
        try WebDriverSession.requireTools(for: "the recorder's browser end-to-end test")
    }

    func testPenAndTouchDrawnInChromiumAreStoredAsDispatchedAndRunAndRenderAcceptThem() throws {
        let tools = try Self.browserTools()
        let directory = try makeTemporaryDirectory("browser-e2e")
        let out = directory + "/recordings"

        let recorder = try ManagedProcess(TestPaths.strokelab, ["record", "--port", "0", "--out", out])
        defer { recorder.stop() }
        let url = try recorder.waitForLine(startingWith: "listening on ")
        let browser = try WebDriverSession(chromedriver: tools.chromedriver, browser: tools.chromium)
        defer { browser.close() }
        try browser.open(url)
        try browser.waitFor("typeof window.strokeRecorder === 'object' && document.readyState === 'complete'")
        XCTAssertEqual(try browser.evaluate("window.isSecureContext")?.bool, true, "a loopback page is a secure context")
        XCTAssertEqual(try browser.evaluate("typeof PointerEvent.prototype.getCoalescedEvents")?.string, "function")
        // The canvas fills the window from its top-left corner, so client and canvas
        // coordinates agree.
        XCTAssertEqual(try browser.evaluate("JSON.stringify(document.getElementById('ink').getBoundingClientRect().toJSON())")?.string?
            .contains("\"x\":0,\"y\":0"), true)

        try checkTiltConversionInTheBrowser(browser)
        // A visible title, and a one-line instruction on the empty canvas (not only an aria-label).
        XCTAssertEqual(try browser.evaluate("document.getElementById('title').textContent")?.string, "StrokeLab recorder")
        XCTAssertEqual(try browser.evaluate("getComputedStyle(document.getElementById('hint')).display !== 'none'")?.bool, true)
        XCTAssertEqual(try browser.evaluate("document.getElementById('hint').textContent.indexOf('Draw here') === 0")?.bool, true)

        // A pen stroke at 250 Hz with varying pressure and tilt, then a touch stroke.
        let start = Date().timeIntervalSince1970
        let pen = (0..<12).map { k in
            PenPoint(x: 120 + Double(k) * 14, y: 260 + 40 * sin(Double(k) / 2), pressure: 0.2 + 0.05 * Double(k),
                     tiltX: 10 + 3 * k, tiltY: -20 + 2 * k)
        }
        try dispatchPen(pen, in: browser, start: start, interval: 0.004)
        let touch: [(x: Double, y: Double)] = (0..<8).map { (k: Int) -> (x: Double, y: Double) in
            let d = Double(k)
            return (x: 420 + d * 9, y: 380 - d * 6)
        }
        try dispatchTouch(touch, in: browser, start: start + 0.2, interval: 1.0 / 120, radiusX: 7, radiusY: 5, force: 0.45)
        // The instruction is gone once something is drawn; the readout keeps each stroke's
        // facts (the pen's real pressure and tilt are not forgotten after the touch stroke).
        XCTAssertEqual(try browser.evaluate("getComputedStyle(document.getElementById('hint')).display")?.string, "none")
        let perStroke = try XCTUnwrap(try browser.evaluate("window.strokeRecorder.readout()")?.string)
        XCTAssertEqual(perStroke, "strokes #1 pen: pressure yes, tilt yes · #2 touch: pressure yes, tilt no", perStroke)

        try browser.evaluate("document.getElementById('name').value = 'e2e pen'; document.getElementById('note').value = 'dispatched by BrowserEndToEndTests'; true")
        try browser.evaluate("document.getElementById('save').click(); true")
        try browser.waitFor("window.strokeRecorder.status().indexOf('saved ') === 0 || window.strokeRecorder.status().indexOf('not saved') === 0")
        let status = try XCTUnwrap(try browser.evaluate("window.strokeRecorder.status()")?.string)
        XCTAssertTrue(status.hasPrefix("saved e2e-pen-"), status)

        let files = TestPaths.files(out)
        XCTAssertEqual(files.count, 1, "\(files)")
        let path = out + "/" + (try XCTUnwrap(files.first))
        XCTAssertTrue(status.hasPrefix("saved \(files[0]) (2 strokes, "), status)
        XCTAssertTrue(recorder.standardOutput.contains("saved \(files[0]) (2 strokes, "), recorder.standardOutput)
        let trace = try NativeTraceReader.read(path: path)
        try checkTrace(trace, pen: pen, touch: touch, path: path)

        if let screenshot = ProcessInfo.processInfo.environment["STROKELAB_RECORDER_SCREENSHOT"] {
            try drawForTheScreenshot(browser, to: screenshot)
        }
        browser.close()
        recorder.send(SIGINT)
        XCTAssertEqual(recorder.waitForExit(), 0, recorder.standardError)

        // The recording goes through the rest of StrokeLab.
        let run = try ManagedProcess(TestPaths.strokelab, ["run", "--trace", path, "--pipeline", "linear",
                                                                     "--pipeline", "midpoint-bezier|predict:recorded", "--out", directory + "/run"])
        defer { run.stop() }
        XCTAssertEqual(run.waitForExit(timeout: 120), 0, run.standardError)
        let results = try String(contentsOfFile: directory + "/run/results.csv", encoding: .utf8)
        XCTAssertTrue(results.contains(",stroke-0,linear,fidelity.mean,") && results.contains(",stroke-1,linear,"), String(results.prefix(400)))
        let render = try ManagedProcess(TestPaths.strokelab, ["render", "--trace", path, "--out", directory + "/render.png"])
        defer { render.stop() }
        XCTAssertEqual(render.waitForExit(timeout: 120), 0, render.standardError)
        let png = try AtomicFile.read(directory + "/render.png")
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }

    /// Over plain http from another address the page is not a secure context: the browser
    /// withholds coalesced events, and the page records each event's own sample (and says so).
    func testOverPlainHTTPFromTheNetworkThePageRecordsOneSamplePerEventAndSaysWhy() throws {
        let tools = try Self.browserTools()
        guard let address = NetworkAddress.nonLoopbackIPv4() else {
            throw XCTSkip("SKIPPED: this machine has no non-loopback IPv4 address to open the page from")
        }
        let directory = try makeTemporaryDirectory("browser-insecure")
        let recorder = try ManagedProcess(TestPaths.strokelab, ["record", "--host", "0.0.0.0", "--port", "0", "--out", directory])
        defer { recorder.stop() }
        _ = try recorder.waitForLine(startingWith: "listening on ")
        // The address printed for other devices, with its key.
        let page = "http://\(address):" + (try recorder.waitForLine(startingWith: "on the tablet, open http://\(address):"))
        let browser = try WebDriverSession(chromedriver: tools.chromedriver, browser: tools.chromium)
        defer { browser.close() }
        try browser.open(page)
        try browser.waitFor("typeof window.strokeRecorder === 'object' && document.readyState === 'complete'")
        XCTAssertEqual(try browser.evaluate("window.isSecureContext")?.bool, false)
        XCTAssertEqual(try browser.evaluate("typeof PointerEvent.prototype.getCoalescedEvents")?.string, "undefined")
        XCTAssertEqual(try browser.evaluate("typeof PointerEvent.prototype.getPredictedEvents")?.string, "function",
                       "prediction is not a secure-context feature")

        let pen = (0..<6).map { k in PenPoint(x: 100 + Double(k) * 20, y: 300, pressure: 0.4, tiltX: 0, tiltY: 15) }
        try dispatchPen(pen, in: browser, start: Date().timeIntervalSince1970, interval: 0.008)
        try browser.waitFor("document.getElementById('r-coalesced').textContent === 'unavailable (not a secure context)'", timeout: 5)
        try browser.evaluate("document.getElementById('save').click(); true")
        try browser.waitFor("window.strokeRecorder.status().indexOf('saved ') === 0 || window.strokeRecorder.status().indexOf('not saved') === 0")
        let status = try XCTUnwrap(try browser.evaluate("window.strokeRecorder.status()")?.string)
        XCTAssertTrue(status.hasPrefix("saved recording-"), status)
        let files = TestPaths.files(directory)
        XCTAssertEqual(files.count, 1)
        let path = directory + "/" + (files.first ?? "")
        let trace = try NativeTraceReader.read(path: path)
        let samples = try XCTUnwrap(trace.strokes.first).samples
        XCTAssertEqual(samples.map(\.location.x), pen.map(\.x) + [pen[pen.count - 1].x], "each event's own sample")
        let root = try JSONParser.parse(try AtomicFile.read(path))
        XCTAssertEqual(root["metadata"]?["recorder"]?["secureContext"]?.bool, false)
        XCTAssertEqual(root["metadata"]?["recorder"]?["coalescedAvailable"]?.bool, false)
        XCTAssertTrue(recorder.standardOutput.contains("saved \(files[0]) (1 strokes, 7 samples) from \(address)"), recorder.standardOutput)
    }

    /// The page's tilt conversion, run by Chromium's engine, gives the known angles.
    func checkTiltConversionInTheBrowser(_ browser: WebDriverSession) throws {
        let list = RecorderPageTests.knownTilts.map { "[\($0.tiltX), \($0.tiltY)]" }.joined(separator: ",")
        let text = try XCTUnwrap(try browser.evaluate("JSON.stringify([\(list)].map(function (t) { const a = window.strokeRecorder.core.tiltToAngles(t[0], t[1]); return [a.altitude, a.azimuth]; }))")?.string)
        let rows = try XCTUnwrap(try JSONParser.parse(Array(text.utf8)).array)
        for (known, row) in zip(RecorderPageTests.knownTilts, rows) {
            XCTAssertEqual(row.array?[0].number ?? -1, known.altitude, accuracy: 1e-12, "altitude for (\(known.tiltX), \(known.tiltY))")
            XCTAssertEqual(row.array?[1].number ?? -1, known.azimuth, accuracy: 1e-12, "azimuth for (\(known.tiltX), \(known.tiltY))")
        }
    }

    /// `Input.dispatchMouseEvent` with `pointerType: "pen"`: pressed at the first point, moved
    /// through the others, released at the last; timestamps `interval` apart.
    func dispatchPen(_ points: [PenPoint], in browser: WebDriverSession, start: Double, interval: Double, release: Bool = true) throws {
        for (k, p) in points.enumerated() {
            let type = k == 0 ? "mousePressed" : "mouseMoved"
            try browser.cdp("Input.dispatchMouseEvent", """
                {"type": "\(type)", "x": \(p.x), "y": \(p.y), "button": "left", "buttons": 1, "clickCount": 1, "pointerType": "pen", \
                "force": \(p.pressure), "tiltX": \(p.tiltX), "tiltY": \(p.tiltY), "timestamp": \(start + Double(k) * interval)}
                """)
        }
        guard release, let last = points.last else { return }
        try browser.cdp("Input.dispatchMouseEvent", """
            {"type": "mouseReleased", "x": \(last.x), "y": \(last.y), "button": "left", "buttons": 0, "clickCount": 1, "pointerType": "pen", \
            "force": 0, "tiltX": \(last.tiltX), "tiltY": \(last.tiltY), "timestamp": \(start + Double(points.count) * interval)}
            """)
    }

    /// `Input.dispatchTouchEvent`: one finger down at the first point, moved, lifted.
    func dispatchTouch(_ points: [(x: Double, y: Double)], in browser: WebDriverSession, start: Double, interval: Double,
                       radiusX: Double, radiusY: Double, force: Double) throws {
        for (k, p) in points.enumerated() {
            try browser.cdp("Input.dispatchTouchEvent", """
                {"type": "\(k == 0 ? "touchStart" : "touchMove")", "timestamp": \(start + Double(k) * interval), \
                "touchPoints": [{"x": \(p.x), "y": \(p.y), "radiusX": \(radiusX), "radiusY": \(radiusY), "force": \(force), "id": 1}]}
                """)
        }
        try browser.cdp("Input.dispatchTouchEvent", "{\"type\": \"touchEnd\", \"timestamp\": \(start + Double(points.count) * interval), \"touchPoints\": []}")
    }

    func checkTrace(_ trace: Trace, pen: [PenPoint], touch: [(x: Double, y: Double)], path: String) throws {
        XCTAssertEqual(trace.metadata.units, .px)
        XCTAssertEqual(trace.metadata.source, "strokelab record")
        XCTAssertTrue(trace.metadata.device?.contains("Chrome") == true, trace.metadata.device ?? "no device")
        XCTAssertEqual(trace.metadata.pixelsPerUnit, 1)
        // Chromium coarsens event timestamps to 0.1 ms, so the median of intervals dispatched
        // 4 ms apart is 3.9, 4.0 or 4.1 ms: 244–256 Hz.
        XCTAssertEqual(try XCTUnwrap(trace.metadata.sampleRateHz), 250, accuracy: 7, "from the 4 ms between the pen's coalesced timestamps")
        XCTAssertGreaterThan(trace.metadata.refreshRateHz, 10, "measured with requestAnimationFrame")
        let root = try JSONParser.parse(try AtomicFile.read(path))
        XCTAssertEqual(root["metadata"]?["name"]?.string, "e2e pen")
        XCTAssertEqual(root["metadata"]?["note"]?.string, "dispatched by BrowserEndToEndTests")
        XCTAssertEqual(root["metadata"]?["recorder"]?["secureContext"]?.bool, true)
        XCTAssertEqual(root["metadata"]?["recorder"]?["pointerTypes"]?.array?.compactMap(\.string), ["pen", "touch"])

        XCTAssertEqual(trace.strokes.count, 2)
        XCTAssertEqual(trace.strokes.map(\.kind), [.stylus, .finger])
        let stylus = trace.strokes[0], finger = trace.strokes[1]

        // The pen: every dispatched point in order, then the lift-off at the last one.
        XCTAssertEqual(stylus.channels, [.t, .x, .y, .force, .maxForce, .altitude, .azimuth])
        XCTAssertEqual(stylus.events.first?.phase, .began)
        XCTAssertEqual(stylus.events.last?.phase, .ended)
        XCTAssertTrue(stylus.events.dropFirst().dropLast().allSatisfy { $0.phase == .moved })
        let samples = stylus.samples
        let expected = pen + [pen[pen.count - 1]]
        XCTAssertEqual(samples.count, expected.count, "one sample per dispatched pen input")
        for (k, (s, p)) in zip(samples, expected).enumerated() {
            XCTAssertEqual(s.location.x, p.x, accuracy: 1e-3, "x of pen sample \(k)")
            XCTAssertEqual(s.location.y, p.y, accuracy: 1e-3, "y of pen sample \(k)")
            XCTAssertEqual(s.force, p.pressure, accuracy: 1e-5, "pressure of pen sample \(k)")
            XCTAssertEqual(s.maximumPossibleForce, 1)
            let angles = PenAngles.fromTilt(xDegrees: Double(p.tiltX), yDegrees: Double(p.tiltY))
            XCTAssertEqual(s.altitude, angles.altitude, accuracy: 1e-5, "altitude of pen sample \(k) (tilt \(p.tiltX), \(p.tiltY))")
            XCTAssertEqual(s.azimuth, angles.azimuth, accuracy: 1e-5, "azimuth of pen sample \(k) (tilt \(p.tiltX), \(p.tiltY))")
        }
        let times = samples.map(\.time)
        XCTAssertEqual(times.first, 0)
        for k in 1..<times.count {
            XCTAssertEqual(times[k] - times[k - 1], 0.004, accuracy: 2.5e-4, "pen sample \(k): dispatched 4 ms after the previous one (±0.1 ms of coarsening)")
        }
        for event in stylus.events {
            XCTAssertGreaterThanOrEqual(event.time, event.main.time, "delivered after its own sample")
        }

        // The touch: positions, contact radius and force as dispatched, after the pen.
        XCTAssertEqual(finger.channels, [.t, .x, .y, .force, .maxForce, .majorRadius])
        let fingerSamples = finger.samples
        let expectedTouch = touch + [touch[touch.count - 1]]
        XCTAssertEqual(fingerSamples.count, expectedTouch.count)
        for (k, (s, p)) in zip(fingerSamples, expectedTouch).enumerated() {
            XCTAssertEqual(s.location.x, p.x, accuracy: 1e-3, "x of touch sample \(k)")
            XCTAssertEqual(s.location.y, p.y, accuracy: 1e-3, "y of touch sample \(k)")
            XCTAssertEqual(s.force, 0.45, accuracy: 1e-5, "force of touch sample \(k)")
            XCTAssertEqual(s.majorRadius, 7, accuracy: 1e-3, "majorRadius of touch sample \(k) = max(width, height) / 2")
        }
        let touchTimes = fingerSamples.map(\.time)
        XCTAssertTrue(zip(touchTimes, touchTimes.dropFirst()).allSatisfy { $0 < $1 }, "\(touchTimes)")
        XCTAssertGreaterThan(touchTimes[0], times[times.count - 1], "the touch came after the pen")
    }

    /// Draws a figure for the README's screenshot (docs/images/recorder.png): a cursive stroke
    /// and a spiral still being drawn, so the predicted tail shows, then captures the window.
    func drawForTheScreenshot(_ browser: WebDriverSession, to file: String) throws {
        try browser.evaluate("document.getElementById('new').click(); document.getElementById('new').click(); true")
        try browser.evaluate("document.getElementById('name').value = 'cursive-and-spiral'; document.getElementById('note').value = 'Apple Pencil, right hand, matte protector'; true")
        let start = Date().timeIntervalSince1970
        let cursive = (0..<160).map { k -> PenPoint in
            let t = Double(k) / 159
            let theta = t * 10 * .pi   // a prolate trochoid: five loops, like a cursive "lllll"
            let x = 80 + 400 * t - 32 * sin(theta)
            let y = 250 - 70 * cos(theta) * (0.6 + 0.4 * sin(.pi * t))
            return PenPoint(x: x, y: y, pressure: 0.25 + 0.55 * sin(.pi * t), tiltX: 25, tiltY: -10)
        }
        try dispatchPen(cursive, in: browser, start: start, interval: 1.0 / 240)
        let spiral = (0..<120).map { k -> PenPoint in
            let a = Double(k) / 119 * 5 * .pi
            let r = 8 + 9 * a
            return PenPoint(x: 700 + r * cos(a), y: 290 + r * sin(a), pressure: 0.3 + 0.3 * Double(k) / 119, tiltX: 30, tiltY: 5)
        }
        try dispatchPen(spiral, in: browser, start: start + 1, interval: 1.0 / 240, release: false)
        usleep(400_000)
        let shot = try browser.cdp("Page.captureScreenshot", "{\"format\": \"png\"}")
        let data = try XCTUnwrap(Data(base64Encoded: try XCTUnwrap(shot["data"]?.string)))
        try data.write(to: URL(fileURLWithPath: file))
        if let last = spiral.last {
            try browser.cdp("Input.dispatchMouseEvent", """
                {"type": "mouseReleased", "x": \(last.x), "y": \(last.y), "button": "left", "buttons": 0, "clickCount": 1, "pointerType": "pen"}
                """)
        }
    }
}
