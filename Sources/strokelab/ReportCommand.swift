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
            Needs gnuplot (Debian: gnuplot-nox; or $STROKELAB_GNUPLOT).
            """)

    @Option(help: "Experiment spec (YAML or JSON).")
    var spec: String = "Experiments/default.yaml"

    @Option(help: "Output directory.")
    var out: String = "out"

    @Option(help: "Timed repetitions of the render-strategy measurement.")
    var renderRepetitions: Int = 3

    @Option(help: "Timed runs per pipeline of the throughput measurement.")
    var throughputRuns: Int = 5

    func run() async throws {
        guard FileManager.default.fileExists(atPath: spec) else {
            throw CommandFailure("\(spec): no such spec file (run from the repository root, or give --spec)")
        }
        let options = ReportOptions(specPath: spec, outputDirectory: out, renderRepetitions: max(1, renderRepetitions),
                                    throughputRuns: max(1, throughputRuns))
        let output: ReportBuilder.Output
        do {
            output = try await ReportBuilder.build(options) { line in print(line) }
        } catch { throw CommandFailure(error.description) }
        print("wrote \(output.htmlPath): \(output.figureCount) figures, \(output.rasterCount) rasters, \(output.files.count) files in \(String(format: "%.0f", output.elapsedSeconds)) s")
    }
}
