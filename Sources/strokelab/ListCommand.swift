import ArgumentParser
import Foundation
import StrokeIO
import StrokeLab
import StrokeSmoothing

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every pipeline stage and preset with its parameters and defaults.",
        discussion: """
            Each stage is listed with its source, its guide (docs/guides/<kind>-<id>.md) and every \
            parameter: name=values (default …): meaning. --sync-guides rewrites the parameter table \
            of every guide in DIR (between <!-- parameters --> and <!-- /parameters -->) from the \
            stages' declarations; the test suite checks they agree.
            """)

    @Option(name: .customLong("sync-guides"), help: "Rewrite the parameter tables of the stage guides in this directory.")
    var syncGuides: String?

    @Flag(name: .customLong("work-budget"), help: "Print the work budget of every command (the table of docs/spec.md) instead.")
    var workBudget = false

    func run() throws {
        if workBudget {
            print(WorkBudgetTable.markdown, terminator: "")
            return
        }
        guard let dir = syncGuides else {
            print(PipelineCatalog.text(StageRegistry.standard))
            return
        }
        var written = 0
        for stage in StageRegistry.standard.stages {
            let path = dir + "/" + "\(stage.kind.rawValue)-\(stage.id).md"
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                print("missing guide: \(path)")
                continue
            }
            guard let synced = StageGuide.synced(text, for: stage) else {
                throw CommandFailure("\(path): no \(StageGuide.begin) … \(StageGuide.end) block for the parameter table")
            }
            if synced != text {
                do { try AtomicFile.write(text: synced, to: path) } catch { throw CommandFailure(error.description) }
                written += 1
            }
        }
        print("updated \(written) guide\(written == 1 ? "" : "s") in \(dir)")
    }
}

/// The text of `strokelab list`.
enum PipelineCatalog {
    static func text(_ registry: StageRegistry) -> String {
        var lines: [String] = []
        lines.append("Label grammar: [main|coalesced|PRESET] then '|'-separated stages kind:id(param=value,...).")
        lines.append("Stages run filter -> interp -> predict -> style; the kind may be left out when the id is unambiguous.")
        lines.append("Times in parameters are milliseconds.")
        lines.append("")
        lines.append("Input views:")
        lines.append("  main        one sample per event (the main touch), as the Smooth-Freehand views see")
        lines.append("  coalesced   every coalesced sample, as Scribble sees")
        lines.append("")
        lines.append("Presets:")
        let width = registry.presets.map(\.name.count).max() ?? 0
        for p in registry.presets {
            lines.append("  \(p.name.padding(width))  = \(p.expansion)")
            lines.append("  \(String(repeating: " ", count: width))    \(p.summary)")
        }
        for kind in StageKind.allCases {
            let stages = registry.stages.filter { $0.kind == kind }
            lines.append("")
            lines.append("\(kind.rawValue) stages:" + (stages.isEmpty ? " (none registered)" : ""))
            for s in stages {
                lines.append("  \(kind.rawValue):\(s.id) — \(s.summary)")
                lines.append("      source: \(s.source)")
                if !s.behaviour.isEmpty { lines.append("      does: \(s.behaviour.names.joined(separator: ", "))") }
                lines.append("      guide: \(s.guide)")
                for p in s.parameters {
                    lines.append("      \(p.name)=\(p.domainText) (default \(p.defaultValue)): \(p.help)")
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
