import StrokeIO
import StrokeSmoothing

/// A pipeline of an experiment: the name results show and its resolved description.
public struct ExperimentPipeline: Sendable {
    /// What the `pipeline` column shows: the label as written, or the spec's display name.
    public var name: String
    /// The resolved pipeline (canonical label, stages, factory).
    public var description: PipelineDescription
    /// For a pipeline a sweep made: each swept `stage.parameter` and its value as written
    /// in the label (`["predict.horizon": "16.7"]`); empty otherwise. Written as columns of
    /// `results.csv` and `summary.csv` (``PipelineSet/parameterColumns(_:)``).
    public var sweptParameters: [String: String] = [:]
    /// For `external:NAME`: the child process that replays strokes (``description`` is then
    /// only a stand-in, `coalesced-only`, and says nothing about it).
    public var external: ExternalPipeline?

    /// Creates a pipeline entry.
    public init(name: String, description: PipelineDescription, sweptParameters: [String: String] = [:]) {
        self.name = name
        self.description = description
        self.sweptParameters = sweptParameters
    }

    /// An external pipeline (``ExternalPipeline``).
    public init(name: String, external: ExternalPipeline) {
        self.name = name
        self.external = external
        do { description = try PipelineDescription(parsing: "coalesced-only") } catch { preconditionFailure("\(error)") }
    }

    /// The full canonical label: every stage and parameter, or an external pipeline's name and command.
    public var canonical: String { external?.declaration.canonical ?? description.canonical }
    /// The label as written.
    public var label: String { external?.declaration.label ?? description.label }
}

/// Resolving an experiment's pipelines: labels, display names and sweep expansion.
public enum PipelineSet {
    /// The four seed presets, the default pipelines of `strokelab run`.
    public static let seedPresets = ["linear", "bezier4", "midpoint-bezier", "coalesced-only"]
    /// The peers' curve builders and outlines as apps use them (issue 13).
    public static let curvePresets = ["catmull-rom", "quad-midpoint", "signature-pad", "fit-curve", "perfect-freehand"]

    /// The most pipelines an experiment may have unless told otherwise (`--max-pipelines`):
    /// ``WorkBudget/pipelines``.
    public static let defaultMaximumPipelines = WorkBudget.pipelines

    /// How many pipelines `sweep` expands to: the product of its grid's value counts,
    /// computed without overflow (as a `Double`).
    public static func expandedCount(_ sweep: ExperimentSpec.Sweep) -> Double {
        sweep.grid.values.reduce(1.0) { $0 * Double($1.count) }
    }

    /// Resolves the spec's pipelines and expands its sweeps, in order.
    /// - Parameter maximum: the most pipelines allowed in all (``defaultMaximumPipelines``);
    ///   checked before any sweep is expanded, so a huge grid costs nothing.
    /// - Throws: ``ExperimentError`` for a label that does not resolve, a sweep key that
    ///   names no stage or parameter, two pipelines with the same name, or more pipelines
    ///   than `maximum` (naming the sweep and its count).
    public static func resolve(_ entries: [ExperimentSpec.PipelineEntry], sweeps: [ExperimentSpec.Sweep] = [],
                               registry: StageRegistry = .standard, maximum: Int = defaultMaximumPipelines,
                               external: [ExternalPipeline] = [])
        throws(ExperimentError) -> [ExperimentPipeline]
    {
        var total = Double(entries.count)
        for (i, sweep) in sweeps.enumerated() {
            let n = expandedCount(sweep)
            total += n
            func count(_ x: Double) -> String { x < 1e15 ? String(Int64(x)) : String(x) }
            if n > Double(maximum) {
                throw ExperimentError("sweeps[\(i)] ('\(ErrorText.excerpt(sweep.label, limit: 80))') expands to \(count(n)) pipelines, more than the limit of \(maximum); use fewer grid values, or raise the limit with --max-pipelines \(count(n))")
            }
            if total > Double(maximum) {
                throw ExperimentError("the experiment has \(count(total)) pipelines with sweeps[\(i)] ('\(ErrorText.excerpt(sweep.label, limit: 80))'), more than the limit of \(maximum); use fewer grid values, or raise the limit with --max-pipelines")
            }
        }
        var result: [ExperimentPipeline] = []
        for entry in entries {
            if entry.label.hasPrefix(ExternalPipeline.labelPrefix) {
                let name = String(entry.label.dropFirst(ExternalPipeline.labelPrefix.count))
                guard let found = external.first(where: { $0.declaration.name == name }) else {
                    let known = external.map(\.declaration.name)
                    throw ExperimentError("pipeline '\(ErrorText.excerpt(entry.label, limit: 80))': no external pipeline '\(ErrorText.excerpt(name, limit: 40))' is declared in the spec's 'external:' list"
                        + (known.isEmpty ? " (it declares none)" : " (it declares: \(known.joined(separator: ", ")))"))
                }
                result.append(ExperimentPipeline(name: entry.name ?? entry.label, external: found))
                continue
            }
            do {
                result.append(ExperimentPipeline(name: entry.name ?? entry.label,
                                                 description: try PipelineDescription(parsing: entry.label, registry: registry)))
            } catch { throw ExperimentError(error.description) }
        }
        for sweep in sweeps {
            for variant in try expand(sweep, registry: registry) { result.append(variant) }
        }
        var seen: Set<String> = []
        for p in result where !seen.insert(p.name).inserted {
            throw ExperimentError("two pipelines are named '\(p.name)'; give one a different name")
        }
        return result
    }

    /// The pipelines of one sweep: the cartesian product of its grid, keys in sorted order
    /// (so the expansion is deterministic), each variant's label the base label with the
    /// parameters set.
    static func expand(_ sweep: ExperimentSpec.Sweep, registry: StageRegistry) throws(ExperimentError) -> [ExperimentPipeline] {
        let base: PipelineDescription
        do { base = try PipelineDescription(parsing: sweep.label, registry: registry) } catch {
            throw ExperimentError("sweep: \(error.description)")
        }
        let keys = sweep.grid.keys.sorted()
        guard !keys.isEmpty else { throw ExperimentError("sweep '\(sweep.label)': the grid is empty") }
        var targets: [(stage: Int, parameter: String)] = []
        for key in keys {
            let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw ExperimentError("sweep '\(sweep.label)': grid key '\(key)' must be stage.parameter, e.g. predict.horizon")
            }
            guard let index = base.stages.firstIndex(where: { $0.descriptor.kind.rawValue == parts[0] || $0.descriptor.id == parts[0] }) else {
                throw ExperimentError("sweep '\(sweep.label)': grid key '\(key)' names no stage of the pipeline (\(base.canonical))")
            }
            guard base.stages[index].descriptor.parameters.contains(where: { $0.name == parts[1] }) else {
                throw ExperimentError("sweep '\(sweep.label)': \(base.stages[index].canonical) has no parameter '\(parts[1])'")
            }
            guard let values = sweep.grid[key], !values.isEmpty else {
                throw ExperimentError("sweep '\(sweep.label)': grid key '\(key)' has no values")
            }
            targets.append((index, parts[1]))
        }
        var combinations: [[ExperimentSpec.ScalarValue]] = [[]]
        for key in keys {
            combinations = combinations.flatMap { prefix in sweep.grid[key]!.map { prefix + [$0] } }
        }
        var out: [ExperimentPipeline] = []
        for combination in combinations {
            var stageTexts = base.stages.map { stage in
                (kind: stage.descriptor.kind.rawValue, id: stage.descriptor.id,
                 parameters: stage.parameters.values.map { ($0.name, $0.value.description) })
            }
            for ((stage, parameter), value) in zip(targets, combination) {
                if let i = stageTexts[stage].parameters.firstIndex(where: { $0.0 == parameter }) {
                    stageTexts[stage].parameters[i].1 = value.description
                }
            }
            let label = ([base.input.rawValue] + stageTexts.map { s in
                "\(s.kind):\(s.id)" + (s.parameters.isEmpty ? "" : "(" + s.parameters.map { "\($0.0)=\($0.1)" }.joined(separator: ",") + ")")
            }).joined(separator: "|")
            let description: PipelineDescription
            do { description = try PipelineDescription(parsing: label, registry: registry) } catch {
                throw ExperimentError("sweep: \(error.description)")
            }
            var name = sweep.name ?? label
            if sweep.name != nil {
                for (key, value) in zip(keys, combination) { name = name.replacingAll("{\(key)}", with: value.description) }
            }
            var swept: [String: String] = [:]
            for (key, value) in zip(keys, combination) { swept[key] = value.description }
            out.append(ExperimentPipeline(name: name, description: description, sweptParameters: swept))
        }
        return out
    }

    /// The swept parameters of `pipelines` as extra columns of the result tables: every
    /// key any sweep varies, sorted, with each swept pipeline's values (others are blank).
    public static func parameterColumns(_ pipelines: [ExperimentPipeline]) -> ParameterColumns {
        var names: Set<String> = []
        var values: [String: [String: String]] = [:]
        for p in pipelines where !p.sweptParameters.isEmpty {
            names.formUnion(p.sweptParameters.keys)
            values[p.name] = p.sweptParameters
        }
        return ParameterColumns(names: names.sorted(), values: values)
    }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation needed).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
