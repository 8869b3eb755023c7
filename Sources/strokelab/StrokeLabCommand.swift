import ArgumentParser
import StrokeLab

/// The `strokelab` command-line tool.
@main
struct StrokeLabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strokelab",
        abstract: "Replay pen and touch traces through stroke-smoothing pipelines, measure them and draw the comparison.",
        discussion: """
            A pipeline is named by a label: stages separated by '|', e.g. 'midpoint-bezier', \
            'main|interp:bezier4(tail=complete)', 'coalesced|interp:linear'. 'strokelab list' shows them all.
            """,
        version: StrokeLabVersion.current,
        subcommands: [
            SynthCommand.self,
            RunCommand.self,
            TuneCommand.self,
            MergeCommand.self,
            ReportCommand.self,
            ImportCommand.self,
            RecordCommand.self,
            RenderCommand.self,
            ReplayCommand.self,
            PlotCommand.self,
            BenchCommand.self,
            CheckCommand.self,
            ListCommand.self,
        ])
}
