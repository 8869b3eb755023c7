import ArgumentParser
import Foundation
import StrokeLab

struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the output directories of 'run --shard K/N' (or 'tune --shard') into one result set.",
        discussion: """
            Reads DIR/shard.json of every shard, checks they are the N shards of one run (the same \
            invocation, spec file unchanged, each shard once), rebuilds the experiment from the \
            recorded spec and traces (paths as the shards saw them, from the recorded working \
            directory) and writes results.csv, summary.csv, summary_paired.csv and run.json — \
            byte-identical to a run without --shard, but for run.json's date and elapsed time — and, \
            for a tune, its fronts. Measures nothing. Nothing is written when a shard is missing, \
            failed or does not match.

            \(WorkBudgetTable.helpText(for: "merge"))
            """)

    @Argument(help: "The shard output directories.")
    var directories: [String] = []

    @Option(help: "Output directory.")
    var out: String = "out"

    @Flag(help: "Print only the last line.")
    var quiet = false

    func run() async throws {
        let cwd = FileManager.default.currentDirectoryPath
        func absolute(_ p: String) -> String { p.hasPrefix("/") ? p : cwd + "/" + p }
        guard !directories.isEmpty else { throw CommandFailure("merge: give the shard directories (strokelab merge DIR… --out DIR)") }
        var records: [ShardRecord] = []
        do {
            for d in directories { records.append(try ShardRecord.read(directory: absolute(d))) }
        } catch { throw CommandFailure(error.description) }
        let invocation = records[0].invocation
        let output = absolute(out)
        // The shards' paths are relative to the directory they ran in.
        guard FileManager.default.changeCurrentDirectoryPath(invocation.workingDirectory) else {
            throw CommandFailure("merge: cannot enter \(invocation.workingDirectory), where the shards ran")
        }
        let outcome: RunOutcome
        do {
            outcome = try await ShardRun.execute(invocation, mode: .merge(records), outputDirectory: output,
                                                 settings: Experiment.Settings(progress: Progress(quiet: quiet)))
        } catch {
            throw CommandFailure(error.description)
        }
        if invocation.command == "tune" {
            TuneCommand.printOutcome(outcome, out: out, quiet: quiet)
        } else {
            let report = outcome.report
            if !quiet { print(SummaryText.table(report.summary)) }
            let strokes = report.traces.reduce(0) { $0 + $1.trace.strokes.count }
            print("merged \(records.count) shards: \(strokes) strokes × \(report.pipelines.count) pipelines, \(report.rows.count) measurements → \(out)/results.csv, summary.csv, run.json")
        }
    }
}
