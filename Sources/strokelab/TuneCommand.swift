import ArgumentParser
import Foundation
import StrokeLab

struct TuneCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tune",
        abstract: "Search pipelines' parameters: Pareto fronts and a recommendation per dataset and input kind.",
        discussion: """
            Runs the spec's pipelines, its sweeps (grids) and the searches of its 'tune:' section \
            (grid, seeded random or Latin-hypercube samples of parameter ranges), then keeps, per \
            dataset × input kind (stylus, finger, mouse), the Pareto-optimal settings over the \
            objectives (default lag.mean_ms closer to 0, jaggedness.bending_energy_ratio and \
            fidelity.mean lower) and picks one by the preference (default: lag ≤ 20 ms, then the \
            smoothest). Writes DIR/results.csv, summary.csv, run.json as 'run' does, and \
            pareto.csv (the fronts: one row per setting × objective with 95% CIs), tune_points.csv \
            (every setting), recommendations.csv and tune.json. Deterministic given the seed. \
            See docs/guides/tuning.md and Experiments/tune.yaml.

            \(WorkBudgetTable.helpText(for: "tune"))
            """)

    @Option(help: "Tune spec (YAML or JSON): an experiment spec with a 'tune:' section.")
    var spec: String = "Experiments/tune.yaml"

    @Option(help: "Output directory.")
    var out: String = "out/tune"

    @Option(parsing: .unconditional, help: "Measure only shard K of N (K/N); 'strokelab merge' combines the shard directories and computes the fronts.")
    var shard: String?

    @Option(name: .customLong("max-pipelines"), parsing: .unconditional,
            help: "Most settings the spec may expand to — its pipelines, sweeps and every search's points together (default \(WorkBudget.pipelines)).")
    var maxPipelines: Int = WorkBudget.pipelines

    @Flag(help: "Print only the last line (no fronts, no progress).")
    var quiet = false

    func validate() throws {
        guard maxPipelines >= 1 else { throw ValidationError("--max-pipelines must be at least 1, not \(maxPipelines)") }
        if let shard { do { _ = try ShardSelection(parsing: shard) } catch { throw ValidationError(error.description) } }
    }

    func run() async throws {
        guard FileManager.default.fileExists(atPath: spec) else {
            throw CommandFailure("\(spec): no such spec file (run from the repository root, or give --spec)")
        }
        let invocation = RunInvocation(command: "tune", spec: spec,
                                       maximumPipelines: maxPipelines == WorkBudget.pipelines ? nil : maxPipelines)
        var mode = RunMode.all
        if let shard {
            do { mode = .shard(try ShardSelection(parsing: shard), command: CommandLine.arguments) } catch {
                throw CommandFailure(error.description)
            }
        }
        let outcome: RunOutcome
        let settings = Experiment.Settings(maximumPipelines: maxPipelines, progress: Progress(quiet: quiet))
        do { outcome = try await ShardRun.execute(invocation, mode: mode, outputDirectory: out, settings: settings) } catch {
            throw CommandFailure(error.description)
        }
        TuneCommand.printOutcome(outcome, out: out, quiet: quiet)
    }

    /// The console report of a tune (or of a merged tune).
    static func printOutcome(_ outcome: RunOutcome, out: String, quiet: Bool) {
        let report = outcome.report
        for note in report.notes { print("note: \(note)") }
        let strokes = report.traces.reduce(0) { $0 + $1.trace.strokes.count }
        if let tune = outcome.tune {
            if !quiet { print(TuneRunner.text(tune)) }
            let fronts = tune.recommendations.count
            print("\(strokes) strokes × \(report.pipelines.count) settings, \(fronts) fronts in \(String(format: "%.1f", report.elapsedSeconds)) s → \(out)/pareto.csv, tune_points.csv, recommendations.csv, tune.json, results.csv, summary.csv, run.json")
        } else if let units = outcome.shardUnits {
            print("shard: \(units) of \(strokes * report.pipelines.count) stroke × setting units in \(String(format: "%.1f", report.elapsedSeconds)) s → \(out)/\(ShardRecord.fileName); merge the shards with 'strokelab merge'")
        }
    }
}
