import Foundation
import StrokeIO
import StrokeLab
import StrokeMetrics
import StrokeRaster
import StrokeRecorder

/// The work budget of every command as one table (issue 24 item 1): each limit from the
/// constant that enforces it (``StrokeLab/WorkBudget`` and the modules' own), the commands it
/// applies to and the option that changes it. `strokelab list --work-budget` prints
/// ``markdown``, which `docs/spec.md` ("Work budget") holds verbatim, and each command's
/// `--help` ends with ``helpText(for:)`` (both checked by the tests).
enum WorkBudgetTable {
    /// One limit.
    struct Limit {
        /// What is limited.
        var what: String
        /// The limit, as text.
        var limit: String
        /// The commands it applies to.
        var commands: [String]
        /// How to change it.
        var change: String
    }

    /// Commands that read trace files.
    static let readers = ["run", "report", "tune", "render", "replay", "import", "bench"]

    /// Every limit, in the table's order.
    static let limits: [Limit] = {
        let side = Int(Double(WorkBudget.frameCanvasPixels).squareRoot())
        let count = WorkBudget.count
        return [
            Limit(what: "Pipelines (settings) of one experiment: its `pipelines`, every sweep's grid and every tune search's points together, counted before anything is expanded",
                  limit: count(Double(WorkBudget.pipelines)), commands: ["run", "report", "tune", "merge"], change: "`--max-pipelines N`"),
            Limit(what: "Grid points per numeric range of a tune search (`steps`)", limit: WorkBudget.range(WorkBudget.gridSteps),
                  commands: ["tune", "report"], change: "the spec"),
            Limit(what: "Points of a random or Latin-hypercube tune search (`samples`)", limit: WorkBudget.range(WorkBudget.searchSamples),
                  commands: ["tune", "report"], change: "the spec"),
            Limit(what: "Frames of `render --frames`, counted from the trace's events before any is drawn: frames written, and fade frames blurred but skipped by `--every`, each of a \(side) × \(side) canvas (a larger `--size` counts in proportion)",
                  limit: count(Double(WorkBudget.frames)), commands: ["render"], change: "`--max-frames N`, `--every N`, `--size`"),
            Limit(what: "Bytes written by `render --frames`", limit: "\(WorkBudget.frameBytes >> 20) MiB per frame of the budget",
                  commands: ["render"], change: "`--max-frames N`"),
            Limit(what: "Canvas of `render --all-strokes` and `--frames`", limit: "64…\(DrawingRenderer.maximumSide) px a side",
                  commands: ["render"], change: "`--size`"),
            Limit(what: "Sample rate of a custom synthetic trace",
                  limit: "\(count(WorkBudget.synthSampleRate.lowerBound))…\(count(WorkBudget.synthSampleRate.upperBound)) Hz",
                  commands: ["synth"], change: "`--sample-rate`"),
            Limit(what: "Display refresh rate of a custom synthetic trace",
                  limit: "\(count(WorkBudget.synthRefreshRate.lowerBound))…\(count(WorkBudget.synthRefreshRate.upperBound)) Hz",
                  commands: ["synth"], change: "`--refresh-rate`"),
            Limit(what: "Position noise of a custom synthetic trace (standard deviation), so that every coordinate stays within ±2⁵³, the native format's limit",
                  limit: "0…\(count(WorkBudget.synthNoise)) pt", commands: ["synth"], change: "`--noise`"),
            Limit(what: "Points a stroke's reference and each pipeline's ink are resampled into for fidelity and jaggedness (a coarser step beyond, `jaggedness.step`)",
                  limit: "\(InkGeometry.pointsPerSample) per sample of the stroke, at least \(InkGeometry.minimumPointBudget), at most `metrics.maximumResampledPoints` (\(count(Double(MetricOptions.defaultMaximumResampledPoints))))",
                  commands: ["run", "report", "tune"], change: "`metrics.maximumResampledPoints` (the cap)"),
            Limit(what: "Display refreshes a stroke is measured at (lag, smoothness)",
                  limit: "\(DisplayTimeline.ticksPerFrame) per event, at least \(DisplayTimeline.minimumTicks), at most \(DisplayTimeline.maximumTicks)",
                  commands: ["run", "report", "tune"], change: "none"),
            Limit(what: "A trace file", limit: "\(AtomicFile.maximumReadBytes >> 20) MiB", commands: readers, change: "none"),
            Limit(what: "A spec file", limit: "\(ExperimentSpec.maximumSpecBytes >> 20) MiB, \(count(Double(ExperimentSpec.maximumExpandedNodes))) YAML nodes",
                  commands: ["run", "report", "tune"], change: "none"),
            Limit(what: "One upload to the recorder: its size, the time to receive it, and the longest pause within it",
                  limit: "\(count(RecordCommand.defaultMaximumUploadMB)) MiB, \(count(RecorderServer.uploadTimeLimit)) s, \(count(RecorderServer.stallTimeLimit)) s",
                  commands: ["record"], change: "`--max-upload-mb`"),
        ]
    }()

    /// The table as Markdown, as `docs/spec.md` holds it.
    static var markdown: String {
        var out = "| what | limit | commands | to change it |\n|---|---|---|---|\n"
        for l in limits { out += "| \(l.what) | \(l.limit) | \(l.commands == readers ? "every command that reads traces" : l.commands.joined(separator: ", ")) | \(l.change) |\n" }
        return out
    }

    /// The limits that apply to `command`, as one paragraph for its `--help`.
    static func helpText(for command: String) -> String {
        let mine = limits.filter { $0.commands.contains(command) }
        guard !mine.isEmpty else { return "" }
        func plain(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "") }
        return "Work budget (docs/spec.md, 'strokelab list --work-budget'): "
            + mine.map { "\(plain($0.what)): \(plain($0.limit)) (\(plain($0.change)))" }.joined(separator: "; ") + "."
    }
}
