import StrokeCore
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// The live stroke an app calls from its touch handlers: strokes start and end by phase, two
/// instances are independent, a cancelled stroke ends where it was cancelled, and what a live
/// stroke draws equals the replay of the same events.
final class LiveStrokeTests: XCTestCase {
    private let circle = KnownAnswerStrokes.circle(radius: 80, revolutionsPerSecond: 1.5, revolutions: 1, force: 0.5)
    private let line = KnownAnswerStrokes.line(speed: 300, duration: 0.6)

    private func replayed(_ label: String, _ stroke: Stroke) throws -> StrokeReplay {
        var replayer = try PipelineDescription(parsing: label).makeReplayer()
        return replayer.replay(stroke)
    }

    /// Feeds `event` through the phase method an app would call.
    private func feed(_ live: inout LiveStroke, _ event: TouchEvent) {
        switch event.phase {
        case .began: live.began(event.samples, predicted: event.predicted, time: event.time)
        case .moved: live.moved(event.samples, predicted: event.predicted, time: event.time)
        case .ended: live.ended(event.samples, predicted: event.predicted, time: event.time)
        case .cancelled: live.cancelled(event.samples, predicted: event.predicted, time: event.time)
        }
    }

    func testTwoInterleavedStrokesOnTwoInstancesEachDrawTheirOwnReplayAndACancelledOneEndsWhereItWasCancelled() throws {
        let label = "midpoint-bezier(tail=complete)|predict:linear|style:scribble"
        var a = try LiveStroke(label: label)
        var b = try LiveStroke(label: label)
        let cancelAt = line.events.count / 2
        // The cancelled stroke as a recording would hold it: its events up to the cancel,
        // the last of them delivered as `touchesCancelled`.
        var truncated = line
        truncated.events = Array(line.events[...cancelAt])
        truncated.events[cancelAt].phase = .cancelled
        let wantA = try replayed(label, circle)
        let wantB = try replayed(label, truncated)
        XCTAssertGreaterThan(wantB.ink.count, 4)
        var drawnA = InkPath()
        var drawnB = InkPath()
        for k in 0..<max(circle.events.count, cancelAt + 1) {
            if k < circle.events.count {
                feed(&a, circle.events[k])
                drawnA.append(contentsOf: a.committed, range: a.newlyCommitted)
                let f = wantA.frames[k]
                XCTAssertEqual(a.provisional, wantA.provisional[f.provisional], "stroke A, event \(k)")
                XCTAssertEqual(a.predicted, wantA.predictedInk[f.predictedInk], "stroke A, event \(k)")
            }
            if k <= cancelAt {
                feed(&b, truncated.events[k])
                drawnB.append(contentsOf: b.committed, range: b.newlyCommitted)
                XCTAssertEqual(b.isDrawing, k < cancelAt, "stroke B is drawing until it is cancelled (event \(k))")
            }
        }
        XCTAssertEqual(drawnA, wantA.ink, "what A's newly committed ranges added up to")
        XCTAssertEqual(drawnB, wantB.ink, "what B's newly committed ranges added up to")
        XCTAssertTrue(b.provisional.isEmpty && b.predicted.isEmpty, "a cancelled stroke shows nothing provisional")
        // B's next stroke starts from nothing.
        for e in circle.events { feed(&b, e) }
        XCTAssertEqual(b.committed, wantA.ink)
    }

    func testBeganDuringAStrokeAndResetStartANewStrokeFromAFreshState() throws {
        let label = "coalesced|filter:one-euro|interp:catmull-rom(tail=complete)|predict:kalman"
        let want = try replayed(label, circle)
        var live = try LiveStroke(label: label)
        for e in line.events.prefix(10) { feed(&live, e) }
        XCTAssertTrue(live.isDrawing)
        for e in circle.events { feed(&live, e) }    // its `began` drops the line
        XCTAssertEqual(live.committed, want.ink)
        for e in line.events.prefix(10) { feed(&live, e) }
        live.reset()
        XCTAssertFalse(live.isDrawing)
        XCTAssertTrue(live.committed.isEmpty && live.provisional.isEmpty && live.predicted.isEmpty)
        XCTAssertEqual(live.newlyCommitted, 0..<0)
        var moved = circle
        moved.events[0].phase = .moved      // after a reset, any phase starts the stroke
        for e in moved.events { feed(&live, e) }
        XCTAssertEqual(live.committed, want.ink)
    }

    func testEachCallReportsOnlyTheElementsItCommittedAndTheTerminalEventCommitsTheTail() throws {
        var live = try LiveStroke(label: "bezier4(tail=complete)")
        var total = 0
        for (k, e) in circle.events.enumerated() {
            feed(&live, e)
            XCTAssertEqual(live.newlyCommitted.lowerBound, total, "event \(k)")
            total = live.newlyCommitted.upperBound
            XCTAssertEqual(live.committed.count, total)
        }
        XCTAssertEqual(live.committed.elements.last?.endPoint, circle.events.last!.main.location,
                       "the complete tail reaches the last sample")
        XCTAssertEqual(live.samplesFed, circle.events.count, "main view: one sample per event")
    }

    func testAnOutlineMakerReportsItsOutlineChangingAsSamplesArrive() throws {
        var live = try LiveStroke(label: "perfect-freehand")
        var sizes: [Int] = []
        for e in circle.events {
            feed(&live, e)
            XCTAssertTrue(live.outlineChanged)
            var outline: [[Point]] = []
            live.appendOutline(to: &outline)
            sizes.append(outline.first?.count ?? 0)
        }
        XCTAssertEqual(live.ink.outline, try replayed("perfect-freehand", circle).outline)
        XCTAssertLessThan(sizes[2], sizes[sizes.count - 2], "the outline grows with the stroke")
        var plain = try LiveStroke(label: "linear")
        feed(&plain, circle.events[0])
        XCTAssertFalse(plain.outlineChanged, "no outline maker, no outline")
    }

    func testAnUnknownLabelIsAnErrorNamingIt() {
        XCTAssertThrowsError(try LiveStroke(label: "interp:nope")) { error in
            XCTAssertTrue("\(error)".contains("nope"), "\(error)")
        }
    }
}
