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
            pencil with jitter, noise, stalls and recorded predictions, a clean 60 Hz finger) into --out (default \
            Datasets/synthetic). The same command always writes the same bytes.
            With --name, writes one trace configured by the options below to --out (a .json file, \
            or a directory that gets NAME.json).
            Shapes: \(SyntheticShape.allCases.map(\.rawValue).joined(separator: ", ")).
            """)

    @Option(help: "Output directory (standard set) or file / directory (with --name).")
    var out: String?

    @Option(help: "Generate one custom trace with this name instead of the standard set.")
    var name: String?

    @Option(name: .customLong("shape"), help: "A shape to include (repeatable; default: all).")
    var shapes: [String] = []

    @Option(help: "stylus or finger.")
    var kind: String = "stylus"

    @Option(help: "Digitiser sample rate in Hz (240 pencil, 120 finger).")
    var sampleRate: Double = 240

    @Option(help: "Display refresh rate in Hz (60 or 120).")
    var refreshRate: Double = 60

    @Option(help: "Half-width of uniform timestamp jitter, in ms.")
    var jitterMs: Double = 0

    @Option(help: "Standard deviation of position noise, in points.")
    var noise: Double = 0

    @Option(help: "Probability that a moved event is delivered late by a stall.")
    var stallProbability: Double = 0

    @Option(help: "Frames a stall delays delivery by.")
    var stallFrames: Int = 2

    @Option(help: "Force profile: none, constant, bell, ramp.")
    var force: String = "bell"

    @Option(help: "Tilt profile: none, upright, tilted, varying.")
    var tilt: String = "upright"

    @Option(help: "Recorded predicted samples per moved event.")
    var predicted: Int = 0

    @Option(help: "Random seed.")
    var seed: UInt64 = 1

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
        var path = out ?? name + ".json"
        if !path.hasSuffix(".json") { path += "/" + name + ".json" }
        try write(SyntheticTraceGenerator.generate(spec), to: path)
        print("wrote \(path)")
    }

    private func write(_ trace: Trace, to path: String) throws {
        do { try NativeTraceWriter.write(trace, to: path) } catch { throw CommandFailure(error.description) }
    }
}
