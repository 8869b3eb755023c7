import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing
import Yams

/// An experiment: which traces, which pipelines (and parameter sweeps), which metric
/// options, which seed. Written as YAML or JSON (JSON is read by the same YAML parser).
///
/// ```yaml
/// name: default
/// seed: 42
/// datasets:
///   - name: synthetic
///     paths: [Datasets/synthetic]          # files, directories or globs; relative to the spec
///   - name: wacom-speed
///     paths: ["../shared/datasets/wacom-speed/*/*.csv"]
///     format: wacom-csv                    # optional; detected when unambiguous
///     optional: true                       # skip with a note when the files are absent
/// pipelines:
///   - linear
///   - {name: "midpoint + Kalman", label: "midpoint-bezier|predict:kalman(horizon=16)"}
/// sweeps:
///   - label: "midpoint-bezier|predict:linear"
///     grid: {predict.horizon: [8, 16.7, 33]}   # stage (kind or id) . parameter : values
///     name: "midpoint + linear {predict.horizon} ms"   # optional; {key} is replaced
/// metrics: {resampleStep: 0.5, displayLatencyFrames: 2, predictionHorizonsMs: [8, 16, 25, 33, 50]}
/// bootstrap: 1000
/// bootstrapBy: trace                       # resample traces (default) or strokes for the CIs
/// baseline: linear                         # pipeline the paired differences are taken against
/// minCoverage: 0.99                        # rank only pipelines that draw 99 % of a group's strokes
/// minStrokes: 10                           # no verdict on fewer strokes …
/// minTraces: 2                             # … or traces in a group
/// throughput: false                        # true: also time each pipeline (not deterministic)
/// ```
public struct ExperimentSpec: Sendable, Decodable {
    /// A set of trace files measured together (the `dataset` column of the results).
    public struct Dataset: Sendable, Decodable, Hashable {
        /// Name in the results; defaults to the last directory of the first path.
        public var name: String?
        /// Files, directories or glob patterns.
        public var paths: [String]
        /// Format id (`native`, or an importer's id); detected when left out.
        public var format: String?
        /// When true, missing files skip the dataset with a note instead of failing.
        public var optional: Bool?

        /// Creates a dataset entry.
        public init(name: String? = nil, paths: [String], format: String? = nil, optional: Bool? = nil) {
            self.name = name
            self.paths = paths
            self.format = format
            self.optional = optional
        }
    }

    /// A pipeline as a label, with an optional display name.
    public struct PipelineEntry: Sendable, Decodable, Hashable {
        /// The label (`midpoint-bezier|predict:linear(horizon=16)`).
        public var label: String
        /// The name shown in results instead of the label.
        public var name: String?

        /// Creates an entry.
        public init(label: String, name: String? = nil) {
            self.label = label
            self.name = name
        }

        /// Decodes a bare label string or a `{label, name}` object.
        public init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                label = text
                name = nil
                return
            }
            let c = try decoder.container(keyedBy: Keys.self)
            label = try c.decode(String.self, forKey: .label)
            name = try c.decodeIfPresent(String.self, forKey: .name)
        }

        private enum Keys: String, CodingKey { case label, name }
    }

    /// A grid over stage parameters of one base pipeline.
    public struct Sweep: Sendable, Decodable, Hashable {
        /// The base label.
        public var label: String
        /// `stage.parameter` → values; `stage` is a kind (`predict`) or an id (`kalman`).
        public var grid: [String: [ScalarValue]]
        /// Display-name template; `{stage.parameter}` is replaced by the value.
        public var name: String?
    }

    /// A number or a word in a sweep grid.
    public enum ScalarValue: Sendable, Decodable, Hashable, CustomStringConvertible {
        case number(Double)
        case word(String)

        /// Decodes a number, or else a word.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) { self = .number(d) } else { self = .word(try c.decode(String.self)) }
        }

        /// The value as it goes into a label: integers without a decimal point.
        public var description: String {
            switch self {
            case .number(let d): return ParameterValue.number(d).description
            case .word(let w): return w
            }
        }
    }

    /// Experiment name (recorded in run.json).
    public var name: String?
    /// The datasets.
    public var datasets: [Dataset]
    /// The pipelines.
    public var pipelines: [PipelineEntry]?
    /// Parameter sweeps, expanded into more pipelines.
    public var sweeps: [Sweep]?
    /// Metric options as written (DESIGN.md defaults for what is left out).
    public var metrics: MetricSettings?
    /// Seed for everything random (bootstrap). Default 1.
    public var seed: UInt64?
    /// Bootstrap resamples for confidence intervals. Default 1000.
    public var bootstrap: Int?
    /// What the bootstrap resamples: `trace` (default: the strokes of a trace are one
    /// cluster, ``ClusterBootstrap``) or `stroke` (every stroke independent).
    public var bootstrapBy: String?
    /// The pipeline (its name in the results) every other is compared with in
    /// `summary_paired.csv` first; default the first pipeline.
    public var baseline: String?
    /// Also time every pipeline over every dataset (`throughput.samples_per_s` and
    /// `throughput.ns_per_sample` rows, as `strokelab bench` measures them). Off by default:
    /// timings are the only results that differ between runs.
    public var throughput: Bool?
    /// What `strokelab tune` searches and how it judges (``TuneSettings``); `run` ignores it.
    public var tune: TuneSettings?
    /// The least fraction of a group's strokes a pipeline must draw to be ranked
    /// (``VerdictRules/minCoverage``; default 0.99).
    public var minCoverage: Double?
    /// The least number of strokes a group needs for a verdict (``VerdictRules/minStrokes``; default 10).
    public var minStrokes: Int?
    /// The least number of traces a group needs for a verdict (``VerdictRules/minTraces``; default 2).
    public var minTraces: Int?
    /// The device the app runs on: its own touch-to-display latency and refresh rate
    /// (``StrokeMetrics/DeviceLatency``, defaults from published measurements), for
    /// `latency.end_to_end_ms`.
    public var device: DeviceLatency?
    /// External pipelines: smoothers run as child processes, named `external:NAME` in
    /// `pipelines` (``ExternalPipeline``). Started only with `--allow-external`.
    public var external: [ExternalEntry]?

    /// One external pipeline as the spec declares it (``ExternalPipeline/Declaration``).
    public struct ExternalEntry: Sendable, Decodable, Hashable {
        /// The name `external:NAME` refers to.
        public var name: String
        /// Program and arguments (the program is looked up on `PATH`).
        public var command: [String]
        /// Working directory, relative to the spec's directory (default: the spec's directory).
        public var cwd: String?
        /// Longest wait for one answer, in seconds (default 10).
        public var timeoutSeconds: Double?
        /// Longest answer line, in bytes (default 16 MiB).
        public var maxLineBytes: Int?
    }

    /// The defaults of the top-level keys (and of a dataset's `optional`), declared once: the
    /// code reads them from here, and `docs/spec.md`'s tables are tested against them value
    /// by value (`SpecDocumentationTests`). The metric options' defaults are
    /// ``StrokeMetrics/MetricOptions``'s initialiser's.
    public enum Defaults {
        /// `seed`: 1.
        public static let seed: UInt64 = 1
        /// `bootstrap`: 1000 resamples.
        public static let bootstrap = 1000
        /// `bootstrapBy`: `trace`.
        public static let bootstrapBy = "trace"
        /// `throughput`: false.
        public static let throughput = false
        /// A dataset's `optional`: false.
        public static let optional = false
    }

    /// Creates a spec in code.
    public init(name: String? = nil, datasets: [Dataset], pipelines: [PipelineEntry], sweeps: [Sweep] = [],
                metrics: MetricSettings? = nil, seed: UInt64 = Defaults.seed, bootstrap: Int = Defaults.bootstrap) {
        self.name = name
        self.datasets = datasets
        self.pipelines = pipelines
        self.sweeps = sweeps
        self.metrics = metrics
        self.seed = seed
        self.bootstrap = bootstrap
    }

    /// The metric options, defaults filled in, with the spec's ``device``.
    public var metricOptions: MetricOptions {
        var o = metrics?.options ?? MetricOptions()
        if let device { o.device = device }
        return o
    }

    /// The largest spec file read: 4 MiB (specs are a few hundred bytes).
    public static let maximumSpecBytes = 4 << 20

    /// The most YAML nodes a spec may expand to, aliases expanded: 100,000. A real spec has
    /// a few hundred; a "billion laughs" alias bomb (1 KB of nested `*a` aliases) would
    /// otherwise expand to gigabytes before it could be decoded.
    public static let maximumExpandedNodes = 100_000

    /// Reads a spec file (YAML or JSON).
    ///
    /// Safe on any path: a file that is not a regular file (`/dev/zero`, a FIFO), is larger
    /// than ``maximumSpecBytes``, is not UTF-8 text, is not valid YAML, or is valid YAML that
    /// is not a spec (no top-level spec key) is refused with a message that quotes none of
    /// its content, since the path may name any file (`--spec /etc/shadow`). YAML aliases
    /// are expanded only up to ``maximumExpandedNodes``. Errors inside a spec name the line
    /// and column and quote at most a short, escaped excerpt.
    /// - Throws: ``ExperimentError`` naming the file, the place and the problem.
    public static func load(path: String) throws(ExperimentError) -> ExperimentSpec {
        let bytes: [UInt8]
        do { bytes = try AtomicFile.read(path, limit: maximumSpecBytes) } catch {
            throw ExperimentError("\(path): cannot read the spec: \(error.problem)")
        }
        return try parse(bytes, file: path)
    }

    /// Parses the bytes of a spec; `file` names it in errors (see ``load(path:)``).
    public static func parse(_ bytes: [UInt8], file: String) throws(ExperimentError) -> ExperimentSpec {
        func fail(_ problem: String, _ mark: Mark? = nil) -> ExperimentError {
            ExperimentError(file + (mark.map { ":\($0.line):\($0.column)" } ?? "") + ": " + problem)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw fail("not an experiment spec: the file is not UTF-8 text")
        }
        if let bad = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            throw fail("not an experiment spec: binary data (byte 0x\(String(bytes[bad], radix: 16, uppercase: true)) at offset \(bad))")
        }
        let root: Node?
        do { root = try Parser(yaml: text).singleRoot() } catch let error as YamlError {
            throw fail(yamlProblem(error).problem, yamlProblem(error).mark)
        } catch {
            throw fail("not valid YAML or JSON")
        }
        guard let root else { throw fail("the spec is empty") }
        guard case .mapping(let top) = root else {
            throw fail("not an experiment spec: the top level must be a mapping of spec keys (\(knownKeys[""]!.joined(separator: ", "))), not \(kind(of: root))", root.mark)
        }
        let topKeys = top.keys.compactMap(\.string)
        guard topKeys.contains(where: { knownKeys[""]!.contains($0) }) else {
            throw fail("not an experiment spec: none of its top-level keys is a spec key (\(knownKeys[""]!.joined(separator: ", ")))", root.mark)
        }
        var count = 0
        guard countNodes(root, &count, limit: maximumExpandedNodes) else {
            // Say where they are: under `sweeps`, that many values would also make far more
            // pipelines than a run may have.
            var largest = (key: "", count: 0)
            for (key, value) in top {
                var n = 0
                _ = countNodes(value, &n, limit: maximumExpandedNodes)
                if n > largest.count { largest = (ErrorText.excerpt(key.string ?? "?", limit: 40), n) }
            }
            throw fail("the spec has more than \(maximumExpandedNodes) YAML nodes (keys, values and list entries, aliases expanded), "
                + "most of them under '\(largest.key)'; a spec needs a few hundred"
                + (largest.key == "sweeps" || largest.key == "tune"
                    ? " — grids of that many values would also expand far past the limit of \(WorkBudget.pipelines) pipelines (--max-pipelines)" : ""))
        }
        // Unknown keys are errors, not silently ignored: a misspelled `resampelStep` would
        // otherwise run with the default and say nothing.
        if let (problem, mark) = unknownKeys(in: root) { throw fail(problem, mark) }
        do {
            return try YAMLDecoder().decode(ExperimentSpec.self, from: root)
        } catch let error as DecodingError {
            throw fail(describe(error))
        } catch let error as YamlError {
            throw fail(yamlProblem(error).problem, yamlProblem(error).mark)
        } catch {
            throw fail("not a valid spec")
        }
    }

    /// The problem and place of a Yams error, without the excerpt of the file Yams adds.
    static func yamlProblem(_ error: YamlError) -> (problem: String, mark: Mark?) {
        func text(_ context: YamlError.Context?, _ problem: String) -> String {
            "not valid YAML or JSON: " + ErrorText.excerpt(problem, limit: 80)
                + (context.map { " (" + ErrorText.excerpt($0.text, limit: 60) + ")" } ?? "")
        }
        switch error {
        case .scanner(let c, let p, let m, _), .parser(let c, let p, let m, _), .composer(let c, let p, let m, _):
            return (text(c, p), m)
        case .reader(let p, _, _, _): return ("not valid YAML or JSON text: " + ErrorText.excerpt(p, limit: 80), nil)
        case .duplicatedKeysInMapping(_, let c): return ("a key is given twice in one mapping", c.mark)
        default: return ("not valid YAML or JSON", nil)
        }
    }

    /// "a list", "text", … for a node's kind.
    static func kind(of node: Node) -> String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar: return "a single value"
        case .alias: return "an alias"
        }
    }

    /// Counts `node` and its descendants, aliases expanded, into `count`; false as soon as
    /// the count passes `limit`, so an alias bomb costs at most `limit` steps.
    static func countNodes(_ node: Node, _ count: inout Int, limit: Int) -> Bool {
        count += 1
        guard count <= limit else { return false }
        switch node {
        case .mapping(let m):
            for (k, v) in m {
                guard countNodes(k, &count, limit: limit), countNodes(v, &count, limit: limit) else { return false }
            }
        case .sequence(let s):
            for v in s { guard countNodes(v, &count, limit: limit) else { return false } }
        case .scalar, .alias: break
        }
        return true
    }

    /// The keys each part of a spec may have.
    static let knownKeys: [String: [String]] = [
        "": ["name", "datasets", "pipelines", "sweeps", "metrics", "seed", "bootstrap", "bootstrapBy", "baseline", "throughput", "tune",
             "minCoverage", "minStrokes", "minTraces", "device", "external"],
        "external": ["name", "command", "cwd", "timeoutSeconds", "maxLineBytes"],
        "datasets": ["name", "paths", "format", "optional"],
        "pipelines": ["label", "name"],
        "sweeps": ["label", "grid", "name"],
        "metrics": MetricOptions.CodingKeys.allCases.map(\.rawValue),
        "sideEffects": SideEffectOptions.CodingKeys.allCases.map(\.rawValue),
        "device": DeviceLatency.CodingKeys.allCases.map(\.rawValue),
    ]

    /// The first unknown key of a parsed spec, as a message with the place and the known
    /// keys (and the nearest one, when it looks like a typo), and where it is; `nil` when all
    /// are known. The key is quoted as a short escaped excerpt.
    static func unknownKeys(in root: Node) -> (String, Mark?)? {
        func check(_ node: Node?, _ part: String, _ place: String) -> (String, Mark?)? {
            guard case .mapping(let map)? = node else { return nil }
            let known = knownKeys[part] ?? []
            for (keyNode, _) in map {
                let key = keyNode.string ?? ""
                guard !known.contains(key) else { continue }
                let hint = ClosestName.hint(for: key, among: known)
                return ("unknown key '\(ErrorText.excerpt(key, limit: 40))' \(place)\(hint); known: \(known.joined(separator: ", "))", keyNode.mark)
            }
            return nil
        }
        if let problem = check(root, "", "at the top level") { return problem }
        guard case .mapping(let map) = root else { return nil }
        if let problem = check(map["metrics"], "metrics", "in metrics") { return problem }
        if case .mapping(let metrics)? = map["metrics"],
           let problem = check(metrics["sideEffects"], "sideEffects", "in metrics.sideEffects") { return problem }
        if let problem = check(map["device"], "device", "in device") { return problem }
        for part in ["datasets", "pipelines", "sweeps", "external"] {
            guard case .sequence(let items)? = map[part] else { continue }
            for (i, item) in items.enumerated() {
                if let problem = check(item, part, "in \(part)[\(i)]") { return problem }
            }
        }
        return nil
    }

    /// A word for a decoded type, for error messages.
    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: return "a number"
        // Also what a decimal or a number beyond 64 bits (`samples: 1e300`) gets; each field's
        // own check states its range.
        case is Int.Type, is UInt64.Type: return "a whole number"
        case is String.Type: return "text"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            return name.hasPrefix("Array") ? "a list" : name.hasPrefix("Dictionary") ? "a mapping" : "a \(name)"
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.isEmpty ? "top level" : keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let ctx): return "\(path(ctx.codingPath)): missing key '\(key.stringValue)'"
        case .typeMismatch(let type, let ctx): return "\(path(ctx.codingPath)): expected \(typeName(type))"
        case .valueNotFound(_, let ctx): return "\(path(ctx.codingPath)): missing value"
        case .dataCorrupted(let ctx): return "\(path(ctx.codingPath)): \(ErrorText.excerpt(ctx.debugDescription, limit: 120))"
        @unknown default: return "not a valid spec"
        }
    }
}

/// The `metrics:` section of a spec: every field optional, DESIGN.md defaults otherwise.
public struct MetricSettings: Sendable, Decodable, Hashable {
    /// ``MetricOptions/resampleStep`` (pt).
    public var resampleStep: Double?
    /// ``MetricOptions/flatteningTolerance`` (pt).
    public var flatteningTolerance: Double?
    /// ``MetricOptions/predictionHorizonsMs`` (ms).
    public var predictionHorizonsMs: [Double]?
    /// ``MetricOptions/displayLatencyFrames`` (frames).
    public var displayLatencyFrames: Double?
    /// ``MetricOptions/kinkThresholdDegrees`` (degrees).
    public var kinkThresholdDegrees: Double?
    /// ``MetricOptions/kinkWindow`` (pt).
    public var kinkWindow: Double?
    /// ``MetricOptions/holdOutStride`` (samples).
    public var holdOutStride: Int?
    /// ``MetricOptions/lagSearchBackMs`` (ms).
    public var lagSearchBackMs: Double?
    /// ``MetricOptions/lagSearchAheadMs`` (ms).
    public var lagSearchAheadMs: Double?
    /// ``MetricOptions/lagMatchTolerance`` (pt).
    public var lagMatchTolerance: Double?
    /// ``MetricOptions/referenceGapMs`` (ms).
    public var referenceGapMs: Double?
    /// ``MetricOptions/maximumResampledPoints`` (points).
    public var maximumResampledPoints: Int?
    /// ``MetricOptions/inkResolution`` (pixels per pt).
    public var inkResolution: Double?
    /// ``MetricOptions/sideEffects`` (millimetres; keys left out take their defaults).
    public var sideEffects: SideEffectOptions?

    /// Creates settings (all defaults).
    public init() {}

    /// The options with defaults filled in.
    public var options: MetricOptions {
        var o = MetricOptions()
        if let v = resampleStep { o.resampleStep = v }
        if let v = flatteningTolerance { o.flatteningTolerance = v }
        if let v = predictionHorizonsMs { o.predictionHorizonsMs = v }
        if let v = displayLatencyFrames { o.displayLatencyFrames = v }
        if let v = kinkThresholdDegrees { o.kinkThresholdDegrees = v }
        if let v = kinkWindow { o.kinkWindow = v }
        if let v = holdOutStride { o.holdOutStride = v }
        if let v = lagSearchBackMs { o.lagSearchBackMs = v }
        if let v = lagSearchAheadMs { o.lagSearchAheadMs = v }
        if let v = lagMatchTolerance { o.lagMatchTolerance = v }
        if let v = referenceGapMs { o.referenceGapMs = v }
        if let v = maximumResampledPoints { o.maximumResampledPoints = v }
        if let v = inkResolution { o.inkResolution = v }
        if let v = sideEffects { o.sideEffects = v }
        return o
    }

    /// Problems with the values, one line each (``MetricOptions/problems``).
    public var problems: [String] { options.problems.map { "metrics." + $0 } }
}

/// A problem with an experiment: one line naming the file or item and what is wrong.
public struct ExperimentError: Error, Sendable, CustomStringConvertible {
    /// The message: one line of bounded length (``StrokeIO/ErrorText/bounded(_:limit:)``).
    public var description: String
    /// Creates an error; the message is made one bounded line.
    public init(_ message: String) { description = ErrorText.bounded(message) }
}
