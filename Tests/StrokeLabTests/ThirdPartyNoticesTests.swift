import Foundation
import StrokeSmoothing
import StrokeTestSupport
import XCTest

/// Issue 28 item 1: the repository has a licence, and THIRD_PARTY.md lists every project whose
/// algorithm, test suite or oracle StrokeLab ports or reimplements.
final class ThirdPartyNoticesTests: XCTestCase {
    /// A row of THIRD_PARTY.md's main table.
    struct Row {
        var project: String
        var licence: String
        var stages: [String]
        var files: [String]
    }

    static func rows() throws -> [Row] {
        let text = try String(contentsOfFile: TestPaths.packageRoot + "/THIRD_PARTY.md", encoding: .utf8)
        var rows: [Row] = []
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| project | version | licence |") { inTable = true; continue }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { if !rows.isEmpty { break } else { continue } }
            if line.hasPrefix("|---") { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 8 else { continue }
            rows.append(Row(project: cells[1], licence: cells[3], stages: Self.codeSpans(cells[5]), files: Self.codeSpans(cells[6])))
        }
        return rows
    }

    /// The `code` spans of a cell.
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Whether a stage's `source` names a third-party project: a licence, a GitHub
    /// `owner/name`, a seed document, or a project THIRD_PARTY.md itself names.
    static func namesAProject(_ source: String, projects: [String]) -> Bool {
        let licences = ["Apache", "MIT", "BSD", "GPL"]
        if licences.contains(where: { source.contains($0) }) || source.contains("seed") { return true }
        if source.range(of: #"\b[A-Za-z0-9_-]+/[A-Za-z0-9_.-]+\b"#, options: .regularExpression) != nil { return true }
        return projects.contains { source.contains($0) }
    }

    func testTheRepositoryHasALicenceAndTheNotices() throws {
        let licence = try String(contentsOfFile: TestPaths.packageRoot + "/LICENSE", encoding: .utf8)
        XCTAssertTrue(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"))
        let readme = try String(contentsOfFile: TestPaths.packageRoot + "/README.md", encoding: .utf8)
        XCTAssertTrue(readme.contains("Apache License 2.0") && readme.contains("THIRD_PARTY.md"), "the README names the licence and the notices")
    }

    /// Every stage whose source names a third-party project is in the row of a project its
    /// source names; GPL projects are marked as reimplemented from the algorithm.
    func testEveryStageWhoseSourceNamesAThirdPartyProjectIsListed() throws {
        let rows = try Self.rows()
        XCTAssertGreaterThanOrEqual(rows.count, 10)
        let projects = rows.map(\.project)
        var listed = 0
        for stage in StageRegistry.standardStages {
            let source = stage.source
            guard Self.namesAProject(source, projects: projects) else { continue }
            let label = "\(stage.kind.rawValue):\(stage.id)"
            let rowsOfStage = rows.filter { $0.stages.contains(label) }
            XCTAssertFalse(rowsOfStage.isEmpty, "THIRD_PARTY.md lists no project for \(label) (source: \(source))")
            XCTAssertTrue(rowsOfStage.contains { source.contains($0.project) },
                          "\(label)'s source \"\(source)\" names none of the projects it is listed under: \(rowsOfStage.map(\.project))")
            listed += 1
        }
        XCTAssertGreaterThanOrEqual(listed, 20, "most stages come from somewhere")
        for row in rows where row.licence.contains("GPL") {
            let line = try String(contentsOfFile: TestPaths.packageRoot + "/THIRD_PARTY.md", encoding: .utf8)
                .split(separator: "\n").first { $0.hasPrefix("| \(row.project) |") } ?? ""
            XCTAssertTrue(line.contains("reimplemented from the algorithm; no") , "\(row.project) is GPL: say it is reimplemented from the algorithm")
        }
    }

    /// Every file or folder the notices name exists, so the list cannot silently rot.
    func testEveryFileTheNoticesNameExists() throws {
        var named = 0
        for row in try Self.rows() {
            for file in row.files where file.contains("/") && !file.hasPrefix("../") {
                XCTAssertTrue(FileManager.default.fileExists(atPath: TestPaths.packageRoot + "/" + file), "\(row.project): \(file)")
                named += 1
            }
        }
        XCTAssertGreaterThan(named, 40)
    }
}
