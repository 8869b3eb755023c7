import StrokeSmoothing
import XCTest

/// What each stage declares it does (``StageBehaviour``): the facts the report's sentences may
/// state about a pipeline, read from its stages, never from its label.
final class StageBehaviourTests: XCTestCase {
    private func behaviour(_ label: String) throws -> StageBehaviour { try PipelineDescription(parsing: label).behaviour }

    func testThePresetsDeclareWhatTheirStagesDo() throws {
        XCTAssertEqual(try behaviour("linear"), [.passesThroughSamples])
        XCTAssertEqual(try behaviour("coalesced-only"), [.passesThroughSamples])
        XCTAssertEqual(try behaviour("midpoint-bezier"), [.holdsSamplesBack, .continuousTangents])
        XCTAssertEqual(try behaviour("bezier4"), [.holdsSamplesBack])
        XCTAssertEqual(try behaviour("midpoint-bezier(tail=complete)|predict:kalman(horizon=16.7)"),
                       [.holdsSamplesBack, .continuousTangents, .predicts])
        XCTAssertTrue(try behaviour("krita-stabilizer").isSuperset(of: [.smoothsSamples, .canDrawNothing]))
        XCTAssertTrue(try behaviour("lazy-brush").contains(.canDrawNothing))
        XCTAssertTrue(try behaviour("ink").isSuperset(of: [.smoothsSamples, .predicts]))
        XCTAssertTrue(try behaviour("one-euro").contains(.smoothsSamples))
        XCTAssertFalse(try behaviour("one-euro").contains(.predicts))
    }

    /// Facts declared elsewhere are not restated: an outline maker (``StyleStage/makesOutline``)
    /// makes an outline, a curve builder that draws its own ink (``CurveStage/drawsInk``) styles it.
    func testOutlinesAndOwnInkComeFromTheirExistingDeclarations() throws {
        XCTAssertTrue(try behaviour("perfect-freehand").isSuperset(of: [.makesOutline, .stylesInk]))
        XCTAssertTrue(try behaviour("signature-pad").contains(.stylesInk))
        XCTAssertTrue(try behaviour("scribble").contains(.stylesInk))
        XCTAssertFalse(try behaviour("linear|style:constant").contains(.stylesInk))
        for d in StageRegistry.standardStages {
            XCTAssertEqual(d.behaviour.contains(.makesOutline), d.makesOutline, d.id)
            if d.kind == .predict { XCTAssertTrue(d.behaviour.contains(.predicts), d.id) } else {
                XCTAssertFalse(d.behaviour.contains(.predicts), d.id)
            }
        }
    }

    func testEveryFlagHasAName() {
        let all = StageBehaviour.named.reduce(StageBehaviour()) { $0.union($1.flag) }
        XCTAssertEqual(all.names.count, StageBehaviour.named.count)
        XCTAssertEqual(StageBehaviour([.predicts, .passesThroughSamples]).names, ["passes through samples", "predicts"])
    }
}
