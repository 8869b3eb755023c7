import ArgumentParser
import Foundation
import StrokeIO
import StrokeLab

#if canImport(Glibc)
import Glibc
#endif

/// The `strokelab` command-line tool.
struct StrokeLabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strokelab",
        abstract: "Replay pen and touch traces through stroke-smoothing pipelines, measure them and draw the comparison.",
        discussion: """
            A pipeline is named by a label: stages separated by '|', e.g. 'midpoint-bezier', \
            'main|interp:bezier4(tail=complete)', 'coalesced|interp:linear'. 'strokelab list' shows them all.

            Every error is one line on standard error starting with 'error:'; a usage error ends with \
            the --help command that explains the option. Progress of long work goes to standard error \
            too (live on a terminal, whole lines when piped); --quiet silences it.
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

/// The entry point: parses, runs, and reports every failure the same way.
@main
enum StrokeLabMain {
    static func main() async {
        // A full disk or file-size limit is an error, not a signal. (Standard output is
        // written unbuffered, a line at a time: see `print` below.)
        signal(SIGXFSZ, SIG_IGN)
        do {
            var command = try StrokeLabCommand.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(CommandLineErrors.report(error, arguments: Array(CommandLine.arguments.dropFirst())))
        }
    }
}

/// How the tool reports a failure: one line, `error: …`, on standard error, with the exit
/// status; `--help` and `--version` print their text and exit 0.
enum CommandLineErrors {
    /// Prints `error` and returns the exit status.
    static func report(_ error: any Error, arguments: [String]) -> Int32 {
        if let failure = error as? CommandFailure {
            printError(line(failure.message))
            return failure.exitCode
        }
        if let code = error as? ExitCode { return code.rawValue }
        let code = StrokeLabCommand.exitCode(for: error)
        if code == .success {
            print(StrokeLabCommand.fullMessage(for: error))
            return 0
        }
        let message = StrokeLabCommand.message(for: error)
        if code == .validationFailure {
            printError(usageLine(message, arguments: arguments))
        } else {
            printError(line(message))
        }
        return code.rawValue
    }

    /// A usage error as one line with the help hint: `error: Missing value for '--out <out>'
    /// (see 'strokelab run --help')`.
    static func usageLine(_ message: String, arguments: [String]) -> String {
        let names = StrokeLabCommand.configuration.subcommands.map { $0._commandName }
        let sub = arguments.first { names.contains($0) }
        let help = "strokelab" + (sub.map { " " + $0 } ?? "") + " --help"
        return line(message) + " (see '\(help)')"
    }

    /// `message` as one bounded line: its lines joined with "; ", a leading "Error: " of
    /// the argument parser removed.
    static func line(_ message: String) -> String {
        let parts = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var text = parts.joined(separator: "; ")
        for prefix in ["Error: ", "error: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        return ErrorText.bounded(text)
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data("error: \(text)\n".utf8))
    }
}

/// The tool's `print`: each call is one `write(2)` of a whole line to standard output, so
/// notes and results reach a pipe or a log file as they happen (the C library would hold
/// them in a buffer until the end of a long run when output is not a terminal).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    let text = items.map { "\($0)" }.joined(separator: separator) + terminator
    FileHandle.standardOutput.write(Data(text.utf8))
}
