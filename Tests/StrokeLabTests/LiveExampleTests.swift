import Foundation
import StrokeTestSupport
import XCTest

/// The live stroke guide's snippets: the code blocks of `docs/guides/live.md` are the files the
/// `live-example` target compiles, and that example, run on a recorded trace, prints one line
/// per event and draws what the replay recorded.
final class LiveExampleTests: XCTestCase {
    func testTheGuidesSnippetsAreTheExampleFilesVerbatim() throws {
        let guide = try String(contentsOfFile: TestPaths.packageRoot + "/docs/guides/live.md", encoding: .utf8)
        var found = 0
        for file in ["Examples/LiveStrokeExample/DrawingView.swift", "Examples/LiveStrokeExample/InkCanvas.swift"] {
            let source = try String(contentsOfFile: TestPaths.packageRoot + "/" + file, encoding: .utf8)
            let block = "<!-- snippet: \(file) -->\n```swift\n" + source.trimmingCharacters(in: .newlines) + "\n```\n<!-- /snippet -->"
            XCTAssertTrue(guide.contains(block), "docs/guides/live.md does not show \(file) as it is")
            found += 1
        }
        XCTAssertEqual(found, 2)
    }

    func testTheExampleFeedsARecordedTraceEventByEventAndDrawsWhatTheReplayRecorded() throws {
        let example = TestPaths.productsDirectory.appendingPathComponent("live-example").path
        guard FileManager.default.isExecutableFile(atPath: example) else {
            return XCTFail("live-example is not built at \(example) (swift build --build-tests builds it)")
        }
        let trace = TestPaths.packageRoot + "/Datasets/synthetic/styles-240hz-60fps.json"
        let r = try runProcess(example, [trace])
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n")
        let events = lines.filter { $0.hasPrefix("  event ") }
        XCTAssertEqual(events.count, 371, "one line per event of the trace")
        XCTAssertTrue(events.contains { $0.contains(" moved: +") && $0.contains("tail ") && !$0.hasSuffix("predicted 0") },
                      "moved events commit, show a tail and predict")
        let verdicts = lines.filter { $0.contains("the replay recorded") }
        XCTAssertEqual(verdicts.count, 6)
        XCTAssertTrue(verdicts.allSatisfy { $0.hasSuffix(": equal") }, verdicts.joined(separator: "\n"))
        let drawn = try XCTUnwrap(lines.last, r.stdout)
        XCTAssertTrue(drawn.hasPrefix("snippets: the UIKit view and the SwiftUI canvas stroked "), String(drawn))
        XCTAssertFalse(drawn.contains("stroked 0 "), String(drawn))
    }
}
