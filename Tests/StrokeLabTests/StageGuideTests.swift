import Foundation
import StrokeLab
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// Every registered stage is documented: its guide exists, its parameter table is the one the
/// stage declares (regenerate with `strokelab list --sync-guides docs/guides`), and the README's
/// stage table links it.
final class StageGuideTests: XCTestCase {
    private func guideText(_ stage: StageDescriptor) throws -> String {
        let path = TestPaths.packageRoot + "/" + stage.guide
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            XCTFail("\(stage.kind.rawValue):\(stage.id): its guide \(stage.guide) is missing")
            throw CocoaError(.fileNoSuchFile)
        }
        return text
    }

    func testEveryRegisteredStageHasAGuideWithItsCurrentParameterTable() throws {
        for stage in StageRegistry.standard.stages {
            guard let text = try? guideText(stage) else { continue }
            guard let synced = StageGuide.synced(text, for: stage) else {
                XCTFail("\(stage.guide): no \(StageGuide.begin) … \(StageGuide.end) block"); continue
            }
            XCTAssertEqual(synced, text, "\(stage.guide) is out of date: run `strokelab list --sync-guides docs/guides`")
        }
    }

    func testEveryGuideIsTitledWithItsLabelAndSaysWhereItComesFrom() throws {
        for stage in StageRegistry.standard.stages {
            guard let text = try? guideText(stage) else { continue }
            let title = text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            XCTAssertTrue(title.hasPrefix("# ") && title.contains("`\(stage.kind.rawValue):\(stage.id)`"),
                          "\(stage.guide) is not titled with its label: \(title)")
            XCTAssertNotNil(text.range(of: "source", options: .caseInsensitive), "\(stage.guide) does not say where the algorithm comes from")
            XCTAssertFalse(stage.source.isEmpty, "\(stage.kind.rawValue):\(stage.id) declares no source")
        }
    }

    func testReadmeStageTableLinksEveryStageGuide() throws {
        let readme = try String(contentsOfFile: TestPaths.packageRoot + "/README.md", encoding: .utf8)
        for stage in StageRegistry.standard.stages {
            XCTAssertTrue(readme.contains("`\(stage.kind.rawValue):\(stage.id)`"), "README's stage table lacks \(stage.kind.rawValue):\(stage.id)")
            XCTAssertTrue(readme.contains("(\(stage.guide))"), "README does not link \(stage.guide)")
        }
    }

    func testEveryPresetExpandsToRegisteredStages() throws {
        for preset in StageRegistry.standard.presets {
            XCTAssertNoThrow(try PipelineDescription(parsing: preset.name), "preset \(preset.name)")
        }
    }
}
