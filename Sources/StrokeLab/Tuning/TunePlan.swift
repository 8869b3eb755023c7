import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics
import StrokeSmoothing

/// A group of settings of one base pipeline that differ only in swept parameters: a spec's
/// `sweeps:` entry or a `tune.searches` entry. The sensitivity figures plot each family's
/// objectives against its parameters.
public struct TuneFamily: Sendable, Hashable {
    /// The base label as written.
    public var label: String
    /// The swept parameters (`stage.parameter`), sorted.
    public var keys: [String]
    /// How the settings were chosen: `grid`, `random` or `latin-hypercube`.
    public var method: String
    /// Each setting: its pipeline name in the results and its values, aligned with `keys`.
    public var members: [Member]

    /// One setting of a family.
    public struct Member: Sendable, Hashable {
        /// The pipeline's name in the results.
        public var pipeline: String
        /// The parameter values as written into the label, aligned with ``TuneFamily/keys``.
        public var values: [String]
    }
}

/// A tune spec made concrete: the searches sampled into settings (as one-point sweeps
/// appended to the spec), the families, the objectives, the preference and the reference
/// pipelines. Deterministic for a given spec and seed.
public struct TunePlan: Sendable {
    /// The spec to run: the original with every search point appended to `sweeps`.
    public var spec: ExperimentSpec
    /// The families (spec sweeps first, then searches), in spec order.
    public var families: [TuneFamily]
    /// The objectives.
    public var objectives: [TuneSettings.Objective]
    /// The preference for the recommendation.
    public var preference: TuneSettings.Preference
    /// Pipelines marked as references (seeds, peers' defaults).
    public var references: [String]
    /// Search points dropped because rounding made them equal to an earlier point.
    public var duplicatesDropped: Int

    /// Samples the searches of `spec` and records its families.
    ///
    /// **Bounded.** How many settings the plan holds — the spec's pipelines, every sweep's
    /// grid and every search's points, all together — is computed from the counts alone
    /// (``settingCount(of:)``) before any point is drawn or any label built, and
    /// must be at most `maximum` (``WorkBudget/pipelines``, `--max-pipelines`): a grid of
    /// 1000 steps over three ranges (10⁹ settings) is refused at once, not after gigabytes.
    /// - Throws: ``ExperimentError`` for a search whose label, keys or values do not resolve,
    ///   an objective or preference that names no objective, a spec without any setting, or
    ///   more settings than `maximum` (naming the largest search and its count).
    public init(_ spec: ExperimentSpec, registry: StageRegistry = .standard,
                maximum: Int = WorkBudget.pipelines) throws(ExperimentError) {
        let settings = spec.tune ?? TuneSettings()
        objectives = settings.objectives ?? TuneSettings.Objective.defaults
        guard !objectives.isEmpty else { throw ExperimentError("tune.objectives: give at least one objective") }
        guard Set(objectives.map(\.metric)).count == objectives.count else {
            throw ExperimentError("tune.objectives: an objective is named twice")
        }
        preference = settings.preference ?? .standard
        let metrics = objectives.map(\.metric)
        guard metrics.contains(preference.then) else {
            throw ExperimentError("tune.preference.then: '\(preference.then)' is not one of the objectives (\(metrics.joined(separator: ", ")))")
        }
        for key in preference.limits.keys.sorted() where !metrics.contains(key) {
            throw ExperimentError("tune.preference.limits: '\(key)' is not one of the objectives (\(metrics.joined(separator: ", ")))")
        }
        let seed = spec.seed ?? ExperimentSpec.Defaults.seed
        try Self.checkBudget(spec, maximum: maximum)
        var families: [TuneFamily] = []
        for sweep in spec.sweeps ?? [] {
            let expanded = try PipelineSet.expand(sweep, registry: registry)
            let keys = sweep.grid.keys.sorted()
            var combinations: [[ExperimentSpec.ScalarValue]] = [[]]
            for key in keys { combinations = combinations.flatMap { prefix in sweep.grid[key]!.map { prefix + [$0] } } }
            families.append(TuneFamily(label: sweep.label, keys: keys, method: "grid",
                                       members: zip(expanded, combinations).map { .init(pipeline: $0.name, values: $1.map(\.description)) }))
        }
        var sweeps = spec.sweeps ?? []
        var dropped = 0
        for (i, search) in (settings.searches ?? []).enumerated() {
            let place = "tune.searches[\(i)] '\(search.label)'"
            let base: PipelineDescription
            do { base = try PipelineDescription(parsing: search.label, registry: registry) } catch {
                throw ExperimentError("\(place): \(error.description)")
            }
            let keys = search.ranges.keys.sorted()
            var dimensions: [ParameterSampling.Dimension] = []
            for key in keys {
                let domain = try Self.domain(of: key, in: base, place: place)
                dimensions.append(.init(range: search.ranges[key]!, integer: { if case .integer = domain { return true }; return false }()))
            }
            let method = search.resolvedMethod, count = search.sampleCount, steps = search.stepCount
            let searchSeed = BootstrapInterval.seed(for: "tune.searches\u{1F}\(i)\u{1F}\(search.label)", base: seed)
            let points = ParameterSampling.points(dimensions, method: method, samples: count, steps: steps, seed: searchSeed)
            var members: [TuneFamily.Member] = []
            var seen: Set<String> = []
            for point in points {
                var grid: [String: [ExperimentSpec.ScalarValue]] = [:]
                for (key, value) in zip(keys, point) { grid[key] = [value] }
                let sweep = ExperimentSpec.Sweep(label: search.label, grid: grid, name: search.name)
                let expanded: [ExperimentPipeline]
                do { expanded = try PipelineSet.expand(sweep, registry: registry) } catch {
                    throw ExperimentError("\(place): \(error.description)")
                }
                guard let pipeline = expanded.first, seen.insert(pipeline.name).inserted else { dropped += 1; continue }
                sweeps.append(sweep)
                members.append(.init(pipeline: pipeline.name, values: point.map(\.description)))
            }
            families.append(TuneFamily(label: search.label, keys: keys, method: method.rawValue, members: members))
        }
        var expanded = spec
        expanded.sweeps = sweeps
        self.spec = expanded
        self.families = families
        self.duplicatesDropped = dropped
        references = settings.references ?? (spec.pipelines ?? []).map { $0.name ?? $0.label }
        guard !(spec.pipelines ?? []).isEmpty || !sweeps.isEmpty else {
            throw ExperimentError("tune: the spec has no pipelines, sweeps or searches")
        }
    }

    /// How many settings `spec` expands to — its pipelines, every sweep's grid (the product
    /// of its value counts) and every search's points (a grid: the product of `steps` per
    /// interval and of each list's length; random and Latin hypercube: `samples`) — as a
    /// `Double` (it may exceed any integer), from the counts alone. O(searches · ranges).
    /// Searches are checked first (method, `samples` and `steps` within their ranges, at
    /// least one range).
    /// - Throws: ``ExperimentError`` naming a search whose counts are out of range.
    public static func settingCount(of spec: ExperimentSpec) throws(ExperimentError) -> (total: Double, parts: [(place: String, count: Double, formula: String)]) {
        var parts: [(place: String, count: Double, formula: String)] = []
        for (i, sweep) in (spec.sweeps ?? []).enumerated() {
            let counts = sweep.grid.keys.sorted().map { Double(sweep.grid[$0]!.count) }
            parts.append(("sweeps[\(i)] '\(ErrorText.excerpt(sweep.label, limit: 60))'", PipelineSet.expandedCount(sweep),
                          "a grid of " + counts.map(WorkBudget.count).joined(separator: " × ")))
        }
        for (i, search) in (spec.tune?.searches ?? []).enumerated() {
            let place = "tune.searches[\(i)] '\(ErrorText.excerpt(search.label, limit: 60))'"
            guard !search.ranges.isEmpty else { throw ExperimentError("\(place): ranges is empty") }
            let samples = search.sampleCount, steps = search.stepCount
            guard WorkBudget.searchSamples.contains(samples) else {
                throw ExperimentError("\(place): samples must be in \(WorkBudget.range(WorkBudget.searchSamples)), not \(samples)")
            }
            guard WorkBudget.gridSteps.contains(steps) else {
                throw ExperimentError("\(place): steps must be in \(WorkBudget.range(WorkBudget.gridSteps)), not \(steps)")
            }
            switch search.resolvedMethod {
            case .grid:
                let counts = search.ranges.keys.sorted().map { key -> Double in
                    if case .values(let list) = search.ranges[key]! { return Double(list.count) }
                    return Double(steps)
                }
                parts.append((place, counts.reduce(1, *), "a grid of " + counts.map(WorkBudget.count).joined(separator: " × ")))
            case .random, .latinHypercube:
                parts.append((place, Double(samples), "\(samples) \(search.resolvedMethod.rawValue) samples"))
            }
        }
        let total = Double((spec.pipelines ?? []).count) + parts.reduce(0) { $0 + $1.count }
        return (total, parts)
    }

    /// Refuses a spec of more than `maximum` settings (``settingCount(of:)``), naming the
    /// largest search or sweep, before anything is expanded.
    static func checkBudget(_ spec: ExperimentSpec, maximum: Int) throws(ExperimentError) {
        let (total, parts) = try settingCount(of: spec)
        guard total > Double(maximum) else { return }
        let largest = parts.max { $0.count < $1.count }
        let culprit = largest.map { " — \($0.place) is \($0.formula) = \(WorkBudget.count($0.count))" } ?? ""
        throw ExperimentError("the tune has \(WorkBudget.count(total)) settings in all\(culprit) — more than the limit of \(maximum); "
            + "use fewer steps, samples or values, or raise the limit with --max-pipelines \(WorkBudget.count(total))")
    }

    /// The declared domain of `key` (`stage.parameter`) in `base`.
    static func domain(of key: String, in base: PipelineDescription, place: String) throws(ExperimentError) -> ParameterDomain {
        let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw ExperimentError("\(place): range key '\(key)' must be stage.parameter, e.g. predict.horizon") }
        guard let stage = base.stages.first(where: { $0.descriptor.kind.rawValue == parts[0] || $0.descriptor.id == parts[0] }) else {
            throw ExperimentError("\(place): range key '\(key)' names no stage of the pipeline (\(base.canonical))")
        }
        guard let parameter = stage.descriptor.parameters.first(where: { $0.name == parts[1] }) else {
            throw ExperimentError("\(place): \(stage.canonical) has no parameter '\(parts[1])'")
        }
        return parameter.domain
    }
}

/// Choosing parameter settings inside ranges: a grid, independent uniform draws, or a Latin
/// hypercube. Every draw comes from a ``StrokeCore/SeededGenerator`` seeded by the caller,
/// so the same spec and seed give the same settings.
///
/// A uniform u ∈ [0, 1) maps to a range [a, b] as a + u(b − a) on a linear scale and
/// a·(b/a)^u on a logarithmic one; a list of n values takes value ⌊u·n⌋. Interval values are
/// rounded to 3 significant digits (so labels stay readable; integer parameters to whole
/// numbers) and kept inside [a, b].
public enum ParameterSampling {
    /// One parameter's range and whether its values are whole numbers.
    public struct Dimension: Sendable, Hashable {
        /// The range.
        public var range: TuneSettings.Range
        /// Whether the parameter is declared as an integer.
        public var integer: Bool
    }

    /// The points of a search, each aligned with `dimensions`.
    ///
    /// - grid: every combination, the first dimension varying slowest; an interval gives
    ///   `steps` evenly spaced values (on its scale) from a to b, a list every value.
    /// - random: `samples` points, every coordinate an independent uniform draw.
    /// - latin-hypercube: `samples` points; each dimension's [0, 1) is cut into `samples`
    ///   strata, a random permutation assigns a stratum to every point, and the coordinate is
    ///   uniform within it: every stratum of every dimension holds exactly one point.
    /// O(points · dimensions).
    public static func points(_ dimensions: [Dimension], method: TuneSettings.Method, samples: Int, steps: Int,
                              seed: UInt64) -> [[ExperimentSpec.ScalarValue]] {
        var rng = SeededGenerator(seed: seed)
        switch method {
        case .grid:
            var out: [[ExperimentSpec.ScalarValue]] = [[]]
            for d in dimensions {
                let values: [ExperimentSpec.ScalarValue]
                switch d.range {
                case .values(let list): values = list
                case .interval:
                    var seen: Set<ExperimentSpec.ScalarValue> = []
                    values = (0..<steps).map { i in value(steps == 1 ? 0 : Double(i) / Double(steps - 1), in: d) }
                        .filter { seen.insert($0).inserted }
                }
                out = out.flatMap { prefix in values.map { prefix + [$0] } }
            }
            return out
        case .random:
            return (0..<samples).map { _ in dimensions.map { value(rng.nextUnit(), in: $0) } }
        case .latinHypercube:
            let strata: [[Int]] = dimensions.map { _ in
                var p = Array(0..<samples)
                if samples > 1 {
                    for i in stride(from: samples - 1, to: 0, by: -1) {
                        let j = Int(rng.next() % UInt64(i + 1))
                        p.swapAt(i, j)
                    }
                }
                return p
            }
            return (0..<samples).map { i in
                dimensions.indices.map { d in value((Double(strata[d][i]) + rng.nextUnit()) / Double(samples), in: dimensions[d]) }
            }
        }
    }

    /// The value at position u ∈ [0, 1] of a dimension.
    static func value(_ u: Double, in d: Dimension) -> ExperimentSpec.ScalarValue {
        switch d.range {
        case .values(let list):
            return list[min(list.count - 1, Int(u * Double(list.count)))]
        case .interval(let a, let b, let log):
            var v = log ? a * Foundation.pow(b / a, u) : a + u * (b - a)
            v = d.integer ? v.rounded() : significant(v, 3)
            return .number(min(b, max(a, v)))
        }
    }

    /// `v` rounded to `digits` significant digits (0 stays 0).
    static func significant(_ v: Double, _ digits: Int) -> Double {
        guard v != 0, v.isFinite else { return v }
        let magnitude = Int(Foundation.log10(abs(v)).rounded(.down))
        let k = digits - 1 - magnitude
        // Scale by an exact power of ten, so 0.123 comes back as the double nearest 0.123.
        if k >= 0 {
            let scale = Foundation.pow(10.0, Double(k))
            return (v * scale).rounded() / scale
        }
        let scale = Foundation.pow(10.0, Double(-k))
        return (v / scale).rounded() * scale
    }
}
