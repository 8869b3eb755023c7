import Foundation
import StrokeIO

/// What `strokelab run` or `strokelab tune` was asked to do, as data: enough to build the
/// same experiment again. A shard records it (``ShardRecord``) so that `strokelab merge`
/// rebuilds the very experiment the shards measured (the same pipelines in the same order,
/// the same traces, the same `run.json`), and checks that every shard ran the same one.
public struct RunInvocation: Sendable, Hashable {
    /// `run` or `tune`.
    public var command: String
    /// The spec file as given (relative to ``workingDirectory``), if any.
    public var spec: String?
    /// `--trace` paths as given.
    public var traces: [String]
    /// `--format`.
    public var format: String?
    /// `--pipeline` labels (replace the spec's pipelines and sweeps).
    public var pipelines: [String]
    /// `--throughput`.
    public var throughput: Bool
    /// `--dataset`: the name of the dataset the `--trace` files form (default: their folders').
    public var dataset: String?
    /// `--max-pipelines`, when given.
    public var maximumPipelines: Int?
    /// The directory the command ran in (relative paths are taken from it).
    public var workingDirectory: String

    /// Creates an invocation.
    public init(command: String, spec: String?, traces: [String] = [], format: String? = nil, pipelines: [String] = [],
                throughput: Bool = false, dataset: String? = nil, maximumPipelines: Int? = nil,
                workingDirectory: String = FileManager.default.currentDirectoryPath) {
        self.command = command
        self.spec = spec
        self.traces = traces
        self.format = format
        self.pipelines = pipelines
        self.throughput = throughput
        self.dataset = dataset
        self.maximumPipelines = maximumPipelines
        self.workingDirectory = workingDirectory
    }

    /// The experiment: the spec (or the default one), `--trace` datasets added, `--pipeline`
    /// labels replacing its pipelines; and the directory its dataset paths are relative to.
    /// Paths are taken from the current directory (the CLI runs in ``workingDirectory``).
    /// - Throws: ``ExperimentError`` for an unreadable spec or no traces.
    public func experiment() throws(ExperimentError) -> (spec: ExperimentSpec, base: String) {
        var experiment: ExperimentSpec
        var base = "."
        if let spec {
            experiment = try ExperimentSpec.load(path: spec)
            base = (spec as NSString).deletingLastPathComponent
            if base.isEmpty { base = "." }
        } else {
            experiment = ExperimentSpec(datasets: [], pipelines: PipelineSet.seedPresets.map { .init(label: $0) })
        }
        if !traces.isEmpty {
            // Command-line paths are relative to the working directory, so make them absolute.
            // Files from one folder form one dataset named after it, or all of them `dataset`.
            experiment.datasets += DatasetLoader.datasets(forTracePaths: traces.map { $0.hasPrefix("/") ? $0 : workingDirectory + "/" + $0 },
                                                          name: dataset, format: format)
        }
        if experiment.datasets.isEmpty {
            guard FileManager.default.fileExists(atPath: "Datasets/synthetic") else {
                throw ExperimentError("no traces: give --trace PATH or --spec FILE (Datasets/synthetic is not in the current directory)")
            }
            experiment.datasets = [ExperimentSpec.Dataset(name: "synthetic", paths: ["Datasets/synthetic"], format: nil, optional: nil)]
        }
        if throughput { experiment.throughput = true }
        if !pipelines.isEmpty {
            experiment.pipelines = pipelines.map { ExperimentSpec.PipelineEntry(label: $0) }
            experiment.sweeps = []
        }
        return (experiment, base)
    }

    /// The invocation as one JSON object (keys in a fixed order).
    public var json: String {
        let q = JSONText.quoted
        return "{\"command\": \(q(command)), \"spec\": \(spec.map(q) ?? "null"), \"traces\": [\(traces.map(q).joined(separator: ", "))], "
            + "\"format\": \(format.map(q) ?? "null"), \"pipelines\": [\(pipelines.map(q).joined(separator: ", "))], "
            + "\"throughput\": \(throughput), \"dataset\": \(dataset.map(q) ?? "null"), "
            + "\"maximumPipelines\": \(maximumPipelines.map(String.init) ?? "null"), \"workingDirectory\": \(q(workingDirectory))}"
    }

    /// Reads ``json``'s form back.
    /// - Throws: a message naming the member that is missing or of the wrong type.
    public init(json node: JSONNode) throws(ExperimentError) {
        func string(_ key: String) throws(ExperimentError) -> String {
            guard let s = node[key]?.string else { throw ExperimentError("invocation.\(key): missing or not a string") }
            return s
        }
        func strings(_ key: String) throws(ExperimentError) -> [String] {
            guard let a = node[key]?.array else { throw ExperimentError("invocation.\(key): missing or not an array") }
            var out: [String] = []
            for e in a {
                guard let s = e.string else { throw ExperimentError("invocation.\(key): not a list of strings") }
                out.append(s)
            }
            return out
        }
        command = try string("command")
        spec = node["spec"]?.string
        traces = try strings("traces")
        format = node["format"]?.string
        pipelines = try strings("pipelines")
        if case .bool(let b)? = node["throughput"]?.value { throughput = b } else { throughput = false }
        dataset = node["dataset"]?.string
        if let n = node["maximumPipelines"]?.number, let i = Int(exactly: n) { maximumPipelines = i } else { maximumPipelines = nil }
        workingDirectory = try string("workingDirectory")
    }
}
