import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

/// `run.json`: how a result set was made — the spec, every pipeline's canonical form, every
/// metric option, the statistics (seed, resamples, bootstrap unit, baseline), the hold-out
/// (stride k and, per dataset, the strokes, samples fed and samples held out), the files
/// measured, the tool version, the git revision, the machine and the date — so a figure can
/// be traced back and reproduced.
public enum RunManifest {
    /// The JSON text of the manifest.
    public static func json(specPath: String?, spec: ExperimentSpec, pipelines: [ExperimentPipeline],
                            traces: [LoadedTrace], outcome: ExperimentRunner.Outcome, options: MetricOptions,
                            statistics: StatisticsSettings, elapsed: Double) -> String {
        let q = JSONText.quoted
        let n = JSONText.number
        var lines: [String] = ["{"]
        lines += provenance(tool: "strokelab")
        lines.append("  \"elapsedSeconds\": \(n((elapsed * 1000).rounded() / 1000)),")
        lines.append("  \"spec\": {\"file\": \(specPath.map(q) ?? "null"), \"name\": \(spec.name.map(q) ?? "null"), \"seed\": \(statistics.seed), \"bootstrapResamples\": \(statistics.resamples)},")
        lines.append("  \"metricOptions\": {" + options.recorded.map { item in
            "\(q(item.key)): " + (item.isList ? "[\(item.value.map(n).joined(separator: ", "))]" : n(item.value[0]))
        }.joined(separator: ", ") + "},")
        lines.append("  \"device\": {\"latencyMs\": \(n(options.device.latencyMs)), \"refreshHz\": \(n(options.device.refreshHz))},")
        lines.append("  \"statistics\": {\"bootstrapResamples\": \(statistics.resamples), \"bootstrapBy\": \(q(statistics.unit.rawValue)), \"level\": 0.95, \"baseline\": \(statistics.baseline.map(q) ?? "null"), \"paired\": \"summary_paired.csv: per dataset × input kind, pipelines compared on the strokes every pipeline reporting a metric measured\", \"minCoverage\": \(JSONText.number(statistics.rules.minCoverage)), \"minStrokes\": \(statistics.rules.minStrokes), \"minTraces\": \(statistics.rules.minTraces)},")
        lines.append("  \"holdOut\": {\"stride\": \(options.holdOutStride), \"datasets\": {" + outcome.holdOut.map { d in
            "\(q(d.dataset)): {\"strokes\": \(d.count.strokes), \"samplesFed\": \(d.count.fed), \"samplesHeldOut\": \(d.count.heldOut)}"
        }.joined(separator: ", ") + "}},")
        lines += pipelinesAndTraces(pipelines, traces)
        lines.append("  \"references\": {")
        lines.append(outcome.references.keys.sorted().map { key in
            "    \(q(key)): [\(outcome.references[key]!.sorted().map(q).joined(separator: ", "))]"
        }.joined(separator: ",\n"))
        lines.append("  },")
        lines.append("  \"notes\": [\(outcome.notes.map(q).joined(separator: ", "))],")
        lines.append("  \"omissions\": [")
        lines.append(outcome.omissions.map { "    " + q($0) }.joined(separator: ",\n"))
        lines.append("  ]")
        lines.append("}")
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    /// The `tool`, `version`, `gitRevision`, `date` and `machine` members, one line each.
    static func provenance(tool: String) -> [String] {
        let q = JSONText.quoted
        return [
            "  \"tool\": \(q(tool)),",
            "  \"version\": \(q(StrokeLabVersion.current)),",
            "  \"gitRevision\": \(gitRevision().map(q) ?? "null"),",
            "  \"date\": \(q(ISO8601DateFormatter().string(from: Date()))),",
            "  \"machine\": \(machine()),",
        ]
    }

    /// The `pipelines` (name, label, canonical form) and `traces` (dataset, name, path,
    /// source, strokes, samples) members.
    static func pipelinesAndTraces(_ pipelines: [ExperimentPipeline], _ traces: [LoadedTrace]) -> [String] {
        let q = JSONText.quoted
        return [
            "  \"pipelines\": [",
            pipelines.map { "    {\"name\": \(q($0.name)), \"label\": \(q($0.label)), \"canonical\": \(q($0.canonical))}" }
                .joined(separator: ",\n"),
            "  ],",
            "  \"traces\": [",
            traces.map {
                "    {\"dataset\": \(q($0.dataset)), \"trace\": \(q($0.name)), \"path\": \(q($0.path)), \"source\": \(q($0.trace.metadata.source)), \"strokes\": \($0.trace.strokes.count), \"samples\": \($0.trace.strokes.reduce(0) { $0 + $1.sampleCount }), \"scale\": \(scale($0.trace.metadata.physicalScale))}"
            }.joined(separator: ",\n"),
            "  ],",
        ]
    }

    /// A trace's physical scale as `run.json` records it: `{"units": "px", "millimetresPerUnit":
    /// 0.26458…, "recorded": false}` (false: the unit's stated length was assumed).
    static func scale(_ s: PhysicalScale) -> String {
        "{\"units\": \(JSONText.quoted(s.unit.rawValue)), \"millimetresPerUnit\": \(JSONText.number(s.millimetresPerUnit)), \"recorded\": \(s.recorded)}"
    }

    /// `git rev-parse HEAD` in the current directory, when git and a repository are there.
    static func gitRevision() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    static func machine() -> String {
        var u = utsname()
        uname(&u)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
        }
        let q = JSONText.quoted
        return "{\"os\": \(q(field(u.sysname))), \"release\": \(q(field(u.release))), \"arch\": \(q(field(u.machine))), \"cores\": \(ProcessInfo.processInfo.activeProcessorCount), \"memoryBytes\": \(ProcessInfo.processInfo.physicalMemory)}"
    }
}
