import StrokeCore
import XCTest

@testable import StrokeSmoothing

final class PipelineLabelTests: XCTestCase {
    func testPresetsExpandToCanonicalLabels() throws {
        XCTAssertEqual(try PipelineDescription(parsing: "linear").canonical, "main|interp:linear(tail=published)")
        XCTAssertEqual(try PipelineDescription(parsing: "coalesced-only").canonical,
                       "coalesced|interp:coalesced-only(tail=published)")
        XCTAssertEqual(try PipelineDescription(parsing: "bezier4(tail=complete)").canonical,
                       "main|interp:bezier4(tail=complete)")
    }

    func testExplicitFormsAndBlanks() throws {
        let a = try PipelineDescription(parsing: " main | interp:midpoint-bezier( tail = complete ) ")
        XCTAssertEqual(a.canonical, "main|interp:midpoint-bezier(tail=complete)")
        XCTAssertEqual(a.label, " main | interp:midpoint-bezier( tail = complete ) ")
        XCTAssertEqual(try PipelineDescription(parsing: "coalesced|midpoint-bezier").canonical,
                       "coalesced|interp:midpoint-bezier(tail=published)")
        XCTAssertEqual(try PipelineDescription(parsing: "interp:bezier4").input, .main)
    }

    func testErrorsNameTheLabelAndTheProblem() {
        func problem(_ label: String) -> String {
            do {
                _ = try PipelineDescription(parsing: label)
                return "no error"
            } catch {
                XCTAssertTrue(error.description.hasPrefix("pipeline '\(label)': "), error.description)
                return error.problem
            }
        }
        XCTAssertTrue(problem("").contains("empty"))
        XCTAssertTrue(problem("nonsense").contains("unknown stage or preset 'nonsense'"))
        XCTAssertTrue(problem("interp:spline").contains("unknown interp 'spline'"))
        XCTAssertTrue(problem("linear(tail=sometimes)").contains("tail must be one of published, complete, got 'sometimes'"))
        XCTAssertTrue(problem("linear(width=3)").contains("has no parameter 'width'"))
        XCTAssertTrue(problem("linear(tail)").contains("not name=value"))
        XCTAssertTrue(problem("linear(tail=complete").contains("never closed"))
        XCTAssertTrue(problem("linear)").contains("without a matching"))
        XCTAssertTrue(problem("linear||bezier4").contains("empty"))
        XCTAssertTrue(problem("linear|interp:bezier4").contains("2 interpolators"))
        XCTAssertTrue(problem("main").contains("no stages"))
        XCTAssertTrue(problem("linear|main").contains("must be the first stage"))
        XCTAssertTrue(problem("wobble:linear").contains("unknown stage kind 'wobble'"))
        XCTAssertTrue(problem("linear(tail=complete,tail=published)").contains("given twice"))
        // `linear` names both an interpolator and a predictor: after the first stage it is ambiguous.
        XCTAssertTrue(problem("main|linear").contains("ambiguous"), problem("main|linear"))
    }

    func testLabelStagesParseParametersInOrder() throws {
        let l = try PipelineLabel(parsing: "coalesced|filter:one-euro(minCutoff=1,beta=0.007)|interp:catmull-rom")
        XCTAssertEqual(l.stages.count, 3)
        XCTAssertEqual(l.stages[1].kind, "filter")
        XCTAssertEqual(l.stages[1].id, "one-euro")
        XCTAssertEqual(l.stages[1].parameters.map(\.name), ["minCutoff", "beta"])
        XCTAssertEqual(l.stages[1].parameters.map(\.value), ["1", "0.007"])
    }
}

final class ReplayTests: XCTestCase {
    private func stroke240() -> Stroke {
        let s = (0..<121).map { TouchSample(time: Double($0) / 240, x: Double($0), y: 0) }
        return Stroke(id: "line", events: FrameGrouping.events(from: s))
    }

    func testOneFramePerEventWithGrowingCommittedPath() throws {
        let stroke = stroke240()
        let r = try TestStrokes.replay(stroke, "linear")
        XCTAssertEqual(r.frames.count, stroke.events.count)
        XCTAssertEqual(r.samplesFed, stroke.events.count)
        for (a, b) in zip(r.frames, r.frames.dropFirst()) {
            XCTAssertLessThanOrEqual(a.committedCount, b.committedCount)
            XCTAssertLessThanOrEqual(a.time, b.time)
        }
        XCTAssertEqual(r.frames.last?.committedCount, r.path.elements.count)
        for f in r.frames { XCTAssertEqual(f.tip, stroke.events[f.eventIndex].main.location) }
    }

    func testCoalescedViewFeedsEverySample() throws {
        let stroke = stroke240()
        let r = try TestStrokes.replay(stroke, "coalesced|interp:linear")
        XCTAssertEqual(r.samplesFed, 121)
        XCTAssertEqual(r.path.drawingElementCount, 120)
    }

    func testDisplayedPathAddsProvisionalTail() throws {
        let stroke = stroke240()
        let r = try TestStrokes.replay(stroke, "midpoint-bezier(tail=complete)")
        for f in r.frames {
            let shown = r.displayedPath(at: f)
            XCTAssertEqual(shown.currentPoint, f.tip)
        }
    }

    func testReplayersAreIndependentAndReusable() throws {
        let stroke = stroke240()
        var replayer = try PipelineDescription(parsing: "bezier4").makeReplayer()
        let first = replayer.replay(stroke, options: ReplayOptions())
        let second = replayer.replay(stroke, options: ReplayOptions())
        XCTAssertEqual(first, second)
    }
}
