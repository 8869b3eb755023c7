import ArgumentParser
import Foundation
import StrokeCore
import StrokeIO
import StrokeLab

struct SynthCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synth",
        abstract: "Generate synthetic traces with analytic ground truth.",
        discussion: """
            Without --name, writes the standard set the default experiment uses (one file per \
            configuration: clean 240 Hz pencil at 60 and 120 Hz, a noisy 120 Hz finger, a realistic \
            pencil with jitter, noise, stalls and recorded predictions, a clean 60 Hz finger, and the style \
            models' known answers: force ramps, tilted-pencil shading, a finger eraser, 3D Touch) into --out (default \
            Datasets/synthetic). The same command always writes the same bytes.
            With --name, writes one trace configured by the options below to --out (a .json file, \
            or a directory that gets NAME.json).
            Shapes: \(SyntheticShape.allCases.map(\.rawValue).joined(separator: ", ")).

            \(WorkBudgetTable.helpText(for: "synth"))
            """)

    @Option(help: "Output directory (standard set) or file / directory (with --name).")
    var out: String?

    @Option(help: "Generate one custom trace with this name instead of the standard set.")
    var name: String?

    @Option(name: .customLong("shape"), help: "A shape to include (repeatable; default: all).")
    var shapes: [String] = []

    @Option(help: "stylus or finger.")
    var kind: String = "stylus"

    @Option(parsing: .unconditional, help: "Digitiser sample rate in Hz, in 1…10000 (240 pencil, 120 finger).")
    var sampleRate: Double = 240

    @Option(parsing: .unconditional, help: "Display refresh rate in Hz, in 1…1000 (60 or 120).")
    var refreshRate: Double = 60

    @Option(parsing: .unconditional, help: "Half-width of uniform timestamp jitter, in ms (at most 45% of a sample period).")
    var jitterMs: Double = 0

    @Option(parsing: .unconditional, help: "Standard deviation of position noise, in points (0…1e12).")
    var noise: Double = 0

    @Option(parsing: .unconditional, help: "Probability that a moved event is delivered late by a stall, in [0, 1].")
    var stallProbability: Double = 0

    @Option(parsing: .unconditional, help: "Frames a stall delays delivery by (1…60).")
    var stallFrames: Int = 2

    @Option(help: "Force profile: none, constant, bell, ramp.")
    var force: String = "bell"

    @Option(help: "Tilt profile: none, upright, tilted, varying.")
    var tilt: String = "upright"

    @Option(parsing: .unconditional, help: "Recorded predicted samples per moved event (0…32).")
    var predicted: Int = 0

    @Option(parsing: .unconditional, help: "Random seed (0…2^64-1).")
    var seed: UInt64 = 1

    func validate() throws {
        // Each numeric option by name, with its range and the value given (a negative value
        // is read as the value, not as another option: `--sample-rate -5` is out of range).
        func check(_ ok: Bool, _ option: String, _ range: String, _ value: Any) throws {
            if !ok { throw ValidationError("\(option) must be \(range), not \(value)") }
        }
        let rates = WorkBudget.synthSampleRate, refreshes = WorkBudget.synthRefreshRate
        try check(rates.contains(sampleRate), "--sample-rate",
                  "in \(WorkBudget.count(rates.lowerBound))…\(WorkBudget.count(rates.upperBound)) Hz (the work budget, docs/spec.md)", sampleRate)
        try check(refreshes.contains(refreshRate), "--refresh-rate",
                  "in \(WorkBudget.count(refreshes.lowerBound))…\(WorkBudget.count(refreshes.upperBound)) Hz (the work budget, docs/spec.md)", refreshRate)
        if rates.contains(sampleRate) {
            try check(jitterMs >= 0 && jitterMs <= 450 / sampleRate, "--jitter-ms", "in [0, \(450 / sampleRate)] ms (45% of a sample period at \(sampleRate) Hz)", jitterMs)
        }
        try check(noise >= 0 && noise <= WorkBudget.synthNoise, "--noise",
                  "in 0…\(WorkBudget.count(WorkBudget.synthNoise)) pt (every coordinate stays within ±2^53, the native format's limit; docs/spec.md)", noise)
        try check(stallProbability >= 0 && stallProbability <= 1, "--stall-probability", "in [0, 1]", stallProbability)
        try check((1...60).contains(stallFrames), "--stall-frames", "in 1…60", stallFrames)
        try check((0...32).contains(predicted), "--predicted", "in 0…32", predicted)
        if let name { try check(!name.isEmpty, "--name", "a non-empty name", "''") }
    }

    func run() throws {
        guard let name else {
            let directory = out ?? "Datasets/synthetic"
            for spec in SyntheticDataset.standard {
                let path = directory + "/" + spec.name + ".json"
                try write(SyntheticTraceGenerator.generate(spec), to: path)
                print("wrote \(path)")
            }
            return
        }
        guard let kind = TouchKind(rawValue: kind) else { throw ValidationError("--kind must be stylus or finger") }
        guard let force = ForceProfile(rawValue: force) else {
            throw ValidationError("--force must be one of \(ForceProfile.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let tilt = TiltProfile(rawValue: tilt) else {
            throw ValidationError("--tilt must be one of \(TiltProfile.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var chosen: [SyntheticShape] = []
        for s in shapes {
            guard let shape = SyntheticShape(rawValue: s) else {
                throw ValidationError("unknown shape '\(s)' (known: \(SyntheticShape.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            chosen.append(shape)
        }
        let spec = SyntheticTraceSpec(
            name: name, shapes: chosen.isEmpty ? SyntheticShape.allCases : chosen, kind: kind, sampleRateHz: sampleRate,
            refreshRateHz: refreshRate, timestampJitterMs: jitterMs, positionNoise: noise, stallProbability: stallProbability,
            stallFrames: stallFrames, force: kind == .finger ? .none : force, tilt: kind == .finger ? .none : tilt,
            predictedCount: predicted, seed: seed)
        if let problem = spec.problems.first { throw ValidationError(problem) }
        // The name is the trace's (metadata.source); the file name is its safe form, so a name
        // such as "../x" cannot place the file outside the output directory.
        let fileName = SafeFileName.make(name) + ".json"
        var path = out ?? fileName
        if !path.hasSuffix(".json") { path += "/" + fileName }
        try write(SyntheticTraceGenerator.generate(spec), to: path)
        print("wrote \(path)")
    }

    private func write(_ trace: Trace, to path: String) throws {
        do { try NativeTraceWriter.write(trace, to: path) } catch { throw CommandFailure(error.description) }
    }
}
