import Foundation
import StrokeSmoothing

/// The parameter tables of the stage guides (`docs/guides/<kind>-<id>.md`), generated from the
/// stages' own declarations so a guide cannot drift from the code: each guide holds its table
/// between `<!-- parameters -->` and `<!-- /parameters -->`, written by
/// `strokelab list --sync-guides` and checked by the test suite.
public enum StageGuide {
    /// The markers around a guide's generated table.
    public static let begin = "<!-- parameters -->", end = "<!-- /parameters -->"

    /// The Markdown table of `stage`'s parameters: name, values, default, meaning.
    public static func parameterTable(_ stage: StageDescriptor) -> String {
        guard !stage.parameters.isEmpty else { return "`\(stage.kind.rawValue):\(stage.id)` takes no parameters.\n" }
        var lines = ["| parameter | values | default | meaning |", "|---|---|---|---|"]
        for p in stage.parameters {
            func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
            lines.append("| `\(p.name)` | \(cell(p.domainText)) | `\(cell(p.defaultValue.description))` | \(cell(p.help)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` with its generated block replaced by `stage`'s current table; `nil` when the
    /// markers are missing.
    public static func synced(_ text: String, for stage: StageDescriptor) -> String? {
        guard let a = text.range(of: begin), let b = text.range(of: end), a.upperBound <= b.lowerBound else { return nil }
        return String(text[..<a.upperBound]) + "\n" + parameterTable(stage) + String(text[b.lowerBound...])
    }
}
