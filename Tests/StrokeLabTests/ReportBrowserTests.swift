import Foundation
import StrokeCore
import StrokeIO
import StrokeTestSupport
import XCTest

@testable import StrokeLab

/// The report in a real browser: headless Chromium opens `report.html` and
/// `report-single.html` as a user would (from the output directory), and finds every image
/// loaded, every link resolving (the single file: no link leaving it), nothing clipped
/// sideways on the first 1280 × 900 screen, and the verdict of the first group — recorded data
/// first — on that screen. Two small reports: recorded handwriting (wacom-speed) and synthetic
/// data together, and the recorded data alone. Screenshots of each first screen are kept under the output folder
/// (`screenshots/`); the test's folder is removed only when the test passes.
///
/// `STROKELAB_BROWSER_REPORT=<out>` also checks a report already written there (e.g. `make
/// report`'s `out/`), keeping its screenshots in `<out>/screenshots/`. Needs `chromium` and
/// `chromedriver` on PATH and `../shared/datasets/wacom-speed`; skipped, saying so, without
/// them (a failure under CI).
final class ReportBrowserTests: XCTestCase {
    static let width = 1280, height = 900

    /// The recorded dataset: two traces of fast handwritten digits from wacom-speed
    /// (`../shared/datasets`; the test is skipped without it, and fails under CI) — 26 strokes,
    /// enough for a verdict.
    static func recordedDataset() throws -> String {
        "{name: wacom-speed, paths: [\"\(try SharedData.dataset("wacom-speed"))/ID000[12]-*/szamok-gyors_tempoval-1.csv\"], format: wacom-csv}"
    }

    static let pipelines = """
        pipelines:
          - linear
          - midpoint-bezier
          - {name: "midpoint + linear 16.7 ms", label: "midpoint-bezier(tail=complete)|predict:linear(horizon=16.7)"}
        bootstrap: 50
        """

    /// Writes a report of `datasets` into `dir/name/out`; its output directory.
    func report(_ name: String, datasets: [String], in dir: String) throws -> String {
        let spec = "name: \(name)\ndatasets:\n" + datasets.map { "  - \($0)\n" }.joined() + Self.pipelines
        try spec.write(toFile: "\(dir)/\(name).yaml", atomically: true, encoding: .utf8)
        let out = "\(dir)/\(name)/out"
        let result = try runStrokeLab(["report", "--spec", "\(dir)/\(name).yaml", "--out", out, "--render-repetitions", "1",
                                       "--throughput-runs", "1", "--single-file"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return out
    }

    func testBothPagesOpenWithEveryLinkAndImageAndTheFirstVerdictOnTheFirstScreen() throws {
        let tools = try WebDriverSession.requireTools(for: "the report's browser test")
        let dir = try TemporaryDirectory.make("report-browser")
        var passed = false
        defer {
            if passed { try? FileManager.default.removeItem(atPath: dir) } else { print("note: the report browser test left \(dir)") }
        }
        let recorded = try Self.recordedDataset()
        let synthetic = "{name: synthetic, paths: [\"\(TestPaths.packageRoot)/Datasets/synthetic/stylus-240hz-60fps.json\"]}"
        var outs = [(try report("mixed", datasets: [synthetic, recorded], in: dir), "wacom-speed"),
                    (try report("recorded", datasets: [recorded], in: dir), "wacom-speed")]
        if let given = ProcessInfo.processInfo.environment["STROKELAB_BROWSER_REPORT"], !given.isEmpty {
            outs.append((given, ""))
        }
        let browser = try WebDriverSession(chromedriver: tools.chromedriver, browser: tools.chromium,
                                           width: Self.width, height: Self.height)
        defer { browser.close() }
        try browser.setViewport(width: Self.width, height: Self.height)
        let failuresBefore = testRun?.failureCount ?? 0
        for (out, firstDataset) in outs {
            for page in ["report.html", "report-single.html"] {
                try check(page, in: out, firstDataset: firstDataset, browser: browser)
            }
        }
        passed = (testRun?.failureCount ?? 0) == failuresBefore
    }

    /// Opens `out/page` and checks it; keeps a screenshot of its first screen.
    func check(_ page: String, in out: String, firstDataset: String, browser: WebDriverSession) throws {
        let path = ((out.hasPrefix("/") ? out : FileManager.default.currentDirectoryPath + "/" + out) as NSString).standardizingPath + "/" + page
        let standalone = page == "report-single.html"
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), path)
        if standalone {
            let kind = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            XCTAssertEqual(kind, .typeRegular, "\(path) is a regular file, not a link into the hidden set folder")
        }
        XCTAssertEqual(try ReportPageChecks.brokenLinks(page: path, standalone: standalone), [], path)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(ReportPageChecks.inconsistentNumbers(html), [], "\(path): the same quantity with two values")

        try browser.open("file://" + path)
        try browser.waitFor("document.readyState === 'complete' && Array.from(document.images).every(i => i.complete)", timeout: 60)
        let script = """
            (() => {
              const vw = window.innerWidth, vh = window.innerHeight;
              const brokenImages = Array.from(document.images).filter(i => i.naturalWidth === 0).map(i => (i.getAttribute('src') || '').slice(0, 120));
              const missingAnchors = Array.from(document.querySelectorAll('a[href^="#"]'))
                .filter(a => !document.getElementById(decodeURIComponent(a.getAttribute('href').slice(1)))).map(a => a.getAttribute('href'));
              const clipped = [];
              for (const el of document.body.querySelectorAll('*')) {
                const r = el.getBoundingClientRect();
                if (r.top >= vh || r.bottom <= 0 || r.width === 0) continue;
                const name = el.tagName.toLowerCase() + (el.className ? '.' + el.className : '');
                if (r.right > vw + 0.5 || r.left < -0.5) clipped.push(name + ' spans ' + Math.round(r.left) + '…' + Math.round(r.right));
                const ox = getComputedStyle(el).overflowX;
                if (ox !== 'visible' && el.scrollWidth > el.clientWidth + 1) clipped.push(name + ' hides ' + (el.scrollWidth - el.clientWidth) + ' px');
              }
              const card = document.querySelector('article.card');
              const box = (q) => { const e = card && card.querySelector(q); if (!e) return null; const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
              return JSON.stringify({brokenImages, missingAnchors, clipped, pageWidth: document.documentElement.scrollWidth, vw, vh,
                heading: card ? card.querySelector('h3').textContent : null, verdict: card ? card.querySelector('.verdict').textContent : null,
                verdictBox: box('.verdict'), labelBox: box('pre.label'), textBox: box('.card-text'), picture: box('figure.card-picture')});
            })()
            """
        let text = try XCTUnwrap(try browser.evaluate(script)?.string)
        let result = try XCTUnwrap(try JSONParser.parse(Array(text.utf8)))
        func strings(_ key: String) -> [String] { result[key]?.array?.compactMap(\.string) ?? [] }
        XCTAssertEqual(result["vw"]?.number, Double(Self.width), "\(path): viewport")
        XCTAssertEqual(strings("brokenImages"), [], "\(path): images that did not load")
        XCTAssertEqual(strings("missingAnchors"), [], "\(path): links to no element of the page")
        XCTAssertEqual(strings("clipped"), [], "\(path): clipped sideways on the first screen")
        XCTAssertLessThanOrEqual(result["pageWidth"]?.number ?? .infinity, Double(Self.width), "\(path): wider than the window")
        // The first screen holds the first verdict: which group, what to use, the label to
        // paste and what it buys (the card's text); its picture starts there too.
        let heading = result["heading"]?.string ?? ""
        if !firstDataset.isEmpty { XCTAssertTrue(heading.hasPrefix(firstDataset + " · "), "\(path): first card is \(heading)") }
        XCTAssertTrue((result["verdict"]?.string ?? "").hasPrefix("Use "), "\(path): \(result["verdict"]?.string ?? "no verdict")")
        for key in ["verdictBox", "labelBox", "textBox"] {
            XCTAssertLessThanOrEqual(result[key]?["bottom"]?.number ?? .infinity, Double(Self.height), "\(path): \(key) below the first screen")
        }
        XCTAssertLessThan(result["picture"]?["top"]?.number ?? .infinity, Double(Self.height), "\(path): the picture starts on the first screen")

        let shots = (path as NSString).deletingLastPathComponent + "/screenshots"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        let name = (page as NSString).deletingPathExtension + "-first-screen-\(Self.width)x\(Self.height).png"
        try AtomicFile.write(try browser.screenshot(), to: shots + "/" + name)
    }
}
