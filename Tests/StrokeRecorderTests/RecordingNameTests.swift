import StrokeRecorder
import XCTest

/// A recording's name, whatever a client sends, becomes one safe path component.
final class RecordingNameTests: XCTestCase {
    func testPathLikeNamesLoseTheirSeparatorsAndLeadingDots() {
        XCTAssertEqual(RecordingName("../x").stem, "x")
        XCTAssertEqual(RecordingName("../../etc/passwd").stem, "etc-passwd")
        XCTAssertEqual(RecordingName("/abs/path").stem, "abs-path")
        XCTAssertEqual(RecordingName("..\\windows\\x").stem, "windows-x")
        XCTAssertEqual(RecordingName(".hidden").stem, "hidden")
        XCTAssertEqual(RecordingName("..").stem, RecordingName.fallback)
        XCTAssertEqual(RecordingName(".").stem, RecordingName.fallback)
    }
}
