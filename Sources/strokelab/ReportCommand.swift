import ArgumentParser
import Foundation
import StrokeLab

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Run an experiment and write an HTML report with figures, rasters and tables.",
        discussion: """
            With no arguments it runs the bundled default experiment (Experiments/default.yaml: the \
            synthetic set in Datasets/ plus the public recordings in ../shared/datasets when present; the \
            four seed presets and predictor variants) and writes out/report.html with the summary tables, \
            gnuplot figures (PNG and SVG), Cairo comparison rasters and the CSV tables beside it. \
            Datasets that are skipped (optional and absent) are named on the console.

            Needs gnuplot (Debian: gnuplot-nox; or $STROKELAB_GNUPLOT); it is checked before the \
            experiment runs. The report replaces the previous one in DIR as one set (a report killed \
            half-way leaves the previous one), and a second report on the same DIR at the same time is \
            refused. Progress goes to standard error; --quiet silences it.

            \(WorkBudgetTable.helpText(for: "report"))
            """)

    @Option(help: "Experiment spec (YAML or JSON; docs/spec.md).")
    var spec: String = "Experiments/default.yaml"

    @Option(help: "Output directory.")
    var out: String = "out"

    @Option(parsing: .unconditional, help: "Timed repetitions of the render-strategy measurement (1…1000).")
    var renderRepetitions: Int = 3

    @Option(parsing: .unconditional, help: "Timed runs per pipeline of the throughput measurement (1…1000).")
    var throughputRuns: Int = 5

    @Option(name: .customLong("max-pipelines"), parsing: .unconditional,
            help: "Most pipelines the spec may expand to with its sweeps (default \(PipelineSet.defaultMaximumPipelines)).")
    var maxPipelines: Int = PipelineSet.defaultMaximumPipelines

    @Flag(help: "No progress lines.")
    var quiet = false

    @Flag(help: "Also write report-single.html: the report with every figure embedded, one file to mail or attach.")
    var singleFile = false

    func validate() throws {
        guard (1...1000).contains(renderRepetitions) else {
            throw ValidationError("--render-repetitions must be in 1…1000, not \(renderRepetitions)")
        }
        guard (1...1000).contains(throughputRuns) else {
            throw ValidationError("--throughput-runs must be in 1…1000, not \(throughputRuns)")
        }
        guard maxPipelines >= 1 else { throw ValidationError("--max-pipelines must be at least 1, not \(maxPipelines)") }
    }

    func run() async throws {
        guard FileManager.default.fileExists(atPath: spec) else {
            throw CommandFailure("\(spec): no such spec file (run from the repository root, or give --spec)")
        }
        let options = ReportOptions(specPath: spec, outputDirectory: out, renderRepetitions: renderRepetitions,
                                    throughputRuns: throughputRuns, singleFile: singleFile)
        let settings = Experiment.Settings(maximumPipelines: maxPipelines, progress: Progress(quiet: quiet))
        let output: ReportBuilder.Output
        do {
            output = try await ReportBuilder.build(options, settings: settings) { line in
                // Notes always; step lines are progress.
                if line.hasPrefix("note: ") { print(line) } else if !quiet { print(line) }
            }
        } catch { throw CommandFailure(error.description) }
        print("wrote \(output.htmlPath): \(output.figureCount) figures, \(output.rasterCount) rasters, \(output.files.count) files in \(String(format: "%.0f", output.elapsedSeconds)) s")
    }
}
