import ArgumentParser
import Foundation
import StrokeLab

struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run an experiment: replay traces through pipelines and measure them.",
        discussion: """
            Writes DIR/results.csv (one row per stroke × pipeline × metric: \
            dataset,trace,stroke,pipeline,metric,value,unit, then one column per swept parameter when \
            the spec has sweeps), DIR/summary.csv (per dataset × pipeline × metric: n, mean, median, p95, \
            min, max and a seeded 95% bootstrap CI of the mean) and DIR/run.json (spec, canonical \
            pipelines, tool version, git revision, machine, date), then prints a summary table. Without \
            --spec and --trace it measures Datasets/synthetic; without --pipeline, the four seed presets.

            --trace files from one folder form one dataset named after the folder (--dataset NAME names \
            the dataset of all --trace files instead); a --trace may be a file, a directory or a quoted \
            glob ('traces/*.json'). The spec format is documented in docs/spec.md.

            Nothing is written if any input is malformed. The three files replace the previous ones in \
            DIR as one set (a run killed half-way leaves the previous set), and a second run on the same \
            DIR at the same time is refused. Progress goes to standard error; --quiet silences it.

            A spec may declare external pipelines (external: [{name, command, cwd, timeoutSeconds, \
            maxLineBytes}]) and name them as pipelines (external:NAME): smoothers in any language, run as \
            child processes speaking the JSON-lines protocol of docs/guides/external.md and measured like \
            any pipeline. They start only with --allow-external; a child that fails (exits, hangs, answers \
            too much or invalid JSON) fails the run with one line naming the stroke and event, and nothing \
            is written.

            \(WorkBudgetTable.helpText(for: "run"))
            """)

    @Option(help: "Experiment spec (YAML or JSON; docs/spec.md). Its dataset paths are relative to the spec's directory.")
    var spec: String?

    @Option(name: .customLong("trace"), help: "A trace file, directory or glob (repeatable); files from one folder form one dataset.")
    var traces: [String] = []

    @Option(name: .customLong("dataset"), help: "Name of the dataset the --trace files form (default: their folder's name).")
    var datasetName: String?

    @Option(help: "Format of the --trace files (native, svc, bdalab-json, wacom-csv, pointer-events, cyn, inkml, csv); detected when left out.")
    var format: String?

    @Option(name: .customLong("pipeline"), help: "A pipeline label (repeatable); replaces the spec's pipelines.")
    var pipelines: [String] = []

    @Option(help: "Output directory.")
    var out: String = "out"

    @Option(name: .customLong("max-pipelines"), parsing: .unconditional,
            help: "Most pipelines the spec may expand to with its sweeps (default \(PipelineSet.defaultMaximumPipelines)).")
    var maxPipelines: Int = PipelineSet.defaultMaximumPipelines

    @Flag(help: "No progress lines and no summary table.")
    var quiet = false

    @Flag(help: "Also time each pipeline over each dataset (throughput.* rows, as 'strokelab bench' measures). Timings differ between runs; everything else is deterministic.")
    var throughput = false

    @Flag(name: .customLong("allow-external"), help: "Start the spec's external pipelines (external: in the spec; each runs the program it names).")
    var allowExternal = false

    @Option(parsing: .unconditional, help: "Measure only shard K of N (K/N) of the stroke × pipeline work; 'strokelab merge' combines the N shard directories.")
    var shard: String?

    func validate() throws {
        guard maxPipelines >= 1 else { throw ValidationError("--max-pipelines must be at least 1, not \(maxPipelines)") }
        if let shard { do { _ = try ShardSelection(parsing: shard) } catch { throw ValidationError(error.description) } }
        if datasetName != nil && traces.isEmpty { throw ValidationError("--dataset names the dataset of the --trace files; give --trace too") }
        if let datasetName, datasetName.isEmpty { throw ValidationError("--dataset needs a name") }
    }

    func run() async throws {
        let invocation = RunInvocation(command: "run", spec: spec, traces: traces, format: format, pipelines: pipelines,
                                       throughput: throughput, dataset: datasetName,
                                       maximumPipelines: maxPipelines == PipelineSet.defaultMaximumPipelines ? nil : maxPipelines)
        var mode = RunMode.all
        if let shard {
            do { mode = .shard(try ShardSelection(parsing: shard), command: CommandLine.arguments) } catch {
                throw CommandFailure(error.description)
            }
        }
        let settings = Experiment.Settings(maximumPipelines: maxPipelines, progress: Progress(quiet: quiet), allowExternal: allowExternal)
        let outcome: RunOutcome
        do {
            outcome = try await ShardRun.execute(invocation, mode: mode, outputDirectory: out, settings: settings)
        } catch { throw CommandFailure(error.description) }
        let report = outcome.report
        for note in report.notes { print("note: \(note)") }
        if !report.omissions.isEmpty {
            print("note: some metrics have no value on some strokes (a tap has no lag, a stroke that drew nothing has no fidelity); run.json lists them under \"omissions\" (\(report.omissions.count) lines)")
        }
        if !quiet { print(SummaryText.table(report.summary)) }
        let strokes = report.traces.reduce(0) { $0 + $1.trace.strokes.count }
        if let units = outcome.shardUnits, let shard {
            print("shard \(shard): \(units) of \(strokes * report.pipelines.count) stroke × pipeline units → \(out)/\(ShardRecord.fileName)")
        }
        print("\(strokes) strokes × \(report.pipelines.count) pipelines, \(report.rows.count) measurements in \(String(format: "%.1f", report.elapsedSeconds)) s → \(out)/results.csv, summary.csv, run.json")
    }
}
