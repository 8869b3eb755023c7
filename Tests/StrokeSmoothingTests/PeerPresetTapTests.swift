import StrokeCore
import StrokeTestSupport
import XCTest

@testable import StrokeSmoothing

/// A tap — one sample, or a pen that touches down and lifts without moving — is a dot in every
/// peer preset drawn in straight segments, as ink's and perfect-freehand's own renderers draw
/// it and as an app built on the 1€ filter or Chromium's predictor would; the seed presets keep
/// the seeds' blank tap (`interp:linear`'s `tail=published`). Found on wacom-speed, where 61 of
/// 1172 recorded strokes are taps and these presets counted as leaving them blank.
final class PeerPresetTapTests: XCTestCase {
    static let peerPresets = ["ink", "ink-stroke-end", "perfect-freehand", "one-euro", "chromium-lsq"]

    static let taps = [
        KnownAnswerStrokes.oneSamplePerEvent([Point(x: 3, y: 4)]),
        KnownAnswerStrokes.oneSamplePerEvent([Point(x: 3, y: 4), Point(x: 3, y: 4), Point(x: 3, y: 4)]),
    ]

    func testEveryPeerPresetDrawsATapAsADotWhereThePenWas() throws {
        for (i, tap) in Self.taps.enumerated() {
            for label in Self.peerPresets {
                let replay = try TestStrokes.replay(tap, label)
                XCTAssertGreaterThan(replay.ink.path.drawingElementCount, 0, "\(label) on tap \(i)")
                let end = try XCTUnwrap(replay.ink.path.currentPoint, label)
                XCTAssertEqual(end.x, 3, accuracy: 1e-9, label)
                XCTAssertEqual(end.y, 4, accuracy: 1e-9, label)
            }
        }
    }

    func testPerfectFreehandOutlinesATapAsADotOfItsSize() throws {
        let replay = try TestStrokes.replay(Self.taps[0], "perfect-freehand")
        let points = replay.outline.flatMap { $0 }
        XCTAssertGreaterThan(points.count, 2, "a tap has an outline")
        // perfect-freehand's default size is 16 px: the dot's radius is about half of it (in
        // the trace's units, here as written), centred on the tap.
        let radii = points.map { $0.distance(to: Point(x: 3, y: 4)) }
        XCTAssertGreaterThan(try XCTUnwrap(radii.max()), 1)
        XCTAssertLessThan(try XCTUnwrap(radii.max()), 16)
    }

    func testTheSeedPresetsStillLeaveATapBlank() throws {
        for label in ["linear", "bezier4", "midpoint-bezier", "coalesced-only"] {
            XCTAssertEqual(try TestStrokes.replay(Self.taps[0], label).ink.path.drawingElementCount, 0, label)
        }
    }
}
