import StrokeCore
import StrokeMetrics

/// The `tune:` section of a spec: what `strokelab tune` searches and how it judges.
///
/// ```yaml
/// tune:
///   objectives: [lag.mean_ms, jaggedness.bending_energy_log_ratio, fidelity.mean, lag.overshoot_rate,
///                prediction.drawn_error_mean, latency.end_to_end_ms, perceived.jitter_rate]   # the default
///   #  or {metric: lag.overshoot_rate, direction: min}; direction min | max | zero | one
///   searches:
///     - label: "coalesced|filter:one-euro|interp:linear"
///       method: latin-hypercube          # grid | random | latin-hypercube (default: grid up to 2 parameters)
///       samples: 12                      # random / latin-hypercube points
///       steps: 5                         # grid points per numeric range
///       ranges:
///         one-euro.minCutoff: {min: 0.1, max: 10, scale: log}
///         one-euro.beta: {min: 0, max: 0.1}
///         one-euro.dCutoff: [0.5, 1, 2]  # a list: these values only
///       name: "1€ {one-euro.minCutoff}/{one-euro.beta}/{one-euro.dCutoff}"   # optional
///   preference: {limits: {lag.mean_ms: 20}, then: jaggedness.bending_energy_log_ratio}
///   references: [linear, one-euro]       # pipelines marked as references on the figures (default: the spec's `pipelines`)
/// ```
///
/// Unknown keys are errors naming the place. Searches are expanded by ``TunePlan``;
/// `sweeps:` of the spec (grids of explicit values) are swept as well and count as searches.
public struct TuneSettings: Sendable, Decodable, Hashable {
    /// The objectives, in order (the first is the x axis of the Pareto figure, the second its
    /// y axis, the third its colour). Default ``Objective/defaults``.
    public var objectives: [Objective]?
    /// Parameter ranges to sample.
    public var searches: [Search]?
    /// How one setting is picked from each front.
    public var preference: Preference?
    /// Pipelines (names in the results) marked on the figures as references (the seeds, the
    /// peers' defaults); default: every pipeline listed under `pipelines:`.
    public var references: [String]?

    /// Creates settings.
    public init(objectives: [Objective]? = nil, searches: [Search]? = nil, preference: Preference? = nil,
                references: [String]? = nil) {
        self.objectives = objectives
        self.searches = searches
        self.preference = preference
        self.references = references
    }

    /// Decodes the section, refusing unknown keys.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyKey.self)
        try AnyKey.refuseUnknown(c, known: ["objectives", "searches", "preference", "references"], place: "tune")
        objectives = try c.decodeIfPresent([Objective].self, forKey: AnyKey("objectives"))
        searches = try c.decodeIfPresent([Search].self, forKey: AnyKey("searches"))
        preference = try c.decodeIfPresent(Preference.self, forKey: AnyKey("preference"))
        references = try c.decodeIfPresent([String].self, forKey: AnyKey("references"))
    }

    /// One objective: a metric id and which way is better.
    public struct Objective: Sendable, Decodable, Hashable, CustomStringConvertible {
        /// The metric id (`lag.mean_ms`, `prediction.error_mean@16ms`, …).
        public var metric: String
        /// Which way is better.
        public var direction: Direction

        /// The default objectives: mean lag (closer to 0: lag is signed, negative when a
        /// prediction runs ahead), the bending-energy ratio on a log scale (lower; its mean is the
        /// log of the geometric mean), mean fidelity (lower), and what prediction costs —
        /// overshoot rate and the drawn prediction's error (lower; both 0 for a pipeline that
        /// draws nothing ahead) — so that a longer horizon is not free — and the end-to-end
        /// latency on the spec's device (closer to 0; `latency.end_to_end_ms`: the device's own
        /// plus what the pipeline adds), which the default preference limits — and how often the
        /// ink's end is seen to tremble (lower; `perceived.jitter_rate`, Nancel et al.'s jitter
        /// side effect, StrokeLab's definition): the one perceived side effect no other objective
        /// follows (lateness follows lag, over-anticipation the overshoot rate, wrong distance,
        /// orientation and jumps the drawn prediction's error), and without it a stage whose
        /// purpose is steadier ink (`filter:refresh-resample`) was beaten by construction.
        /// Measured on the default experiment (`docs/guides/perception.md`), adding it changed no
        /// recommendation. The report's answer and `strokelab tune` use these unless a spec's
        /// `tune.objectives` says otherwise.
        public static let defaults: [Objective] = [
            Objective(metric: "lag.mean_ms", direction: .zero),
            Objective(metric: "jaggedness.bending_energy_log_ratio", direction: .min),
            Objective(metric: "fidelity.mean", direction: .min),
            Objective(metric: "lag.overshoot_rate", direction: .min),
            Objective(metric: "prediction.drawn_error_mean", direction: .min),
            Objective(metric: "latency.end_to_end_ms", direction: .zero),
            Objective(metric: "perceived.jitter_rate", direction: .min),
        ]

        /// Creates an objective.
        public init(metric: String, direction: Direction) {
            self.metric = metric
            self.direction = direction
        }

        /// An objective with the catalog's direction for `metric`.
        /// - Throws: ``ExperimentError`` when the metric is not in the catalog or is informational.
        public init(metric: String) throws(ExperimentError) {
            guard let definition = MetricCatalog.definition(of: metric) else {
                throw ExperimentError("tune.objectives: '\(metric)' is not a metric id\(Self.hint(metric)) (docs/guides/metrics.md lists them)")
            }
            guard let direction = Direction(definition.direction) else {
                throw ExperimentError("tune.objectives: '\(metric)' is informational (no better or worse); give a direction: {metric: \(metric), direction: min}")
            }
            self.init(metric: metric, direction: direction)
        }

        /// Decodes `id` (catalog direction) or `{metric: id, direction: min|max|zero}`.
        public init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                do { try self.init(metric: text) } catch { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description)) }
                return
            }
            let c = try decoder.container(keyedBy: AnyKey.self)
            try AnyKey.refuseUnknown(c, known: ["metric", "direction"], place: "tune.objectives")
            let metric = try c.decode(String.self, forKey: AnyKey("metric"))
            if let text = try c.decodeIfPresent(String.self, forKey: AnyKey("direction")) {
                guard let d = Direction(rawValue: text) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                            debugDescription: "direction must be min, max, zero or one, not '\(text)'"))
                }
                guard MetricCatalog.definition(of: metric) != nil else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                            debugDescription: "'\(metric)' is not a metric id\(Self.hint(metric)) (docs/guides/metrics.md lists them)"))
                }
                self.init(metric: metric, direction: d)
            } else {
                do { try self.init(metric: metric) } catch { throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description)) }
            }
        }

        /// `lag.mean_ms (zero)`.
        public var description: String { "\(metric) (\(direction.rawValue))" }

        /// ` (did you mean 'lag.mean_ms'?)` for a misspelt metric id (a family's members at
        /// 16 ms stand for it), or "".
        static func hint(_ metric: String) -> String {
            ClosestName.hint(for: metric, among: MetricCatalog.expanded.map { $0.id(horizonMs: 16) })
        }

        /// How bad `value` is: smaller is better (`value`, `−value` or `|value|`).
        public func badness(_ value: Double) -> Double { direction.badness(value) }
    }

    /// Which way an objective is better.
    public enum Direction: String, Sendable, Decodable, Hashable, CaseIterable {
        /// Lower is better.
        case min
        /// Higher is better.
        case max
        /// Closer to zero is better (signed metrics such as lag).
        case zero
        /// Closer to one is better (a ratio of lengths such as `coverage.path_ratio`).
        case one

        /// The direction of a catalog metric; `nil` for informational ones.
        public init?(_ direction: MetricDirection) {
            switch direction {
            case .lowerIsBetter: self = .min
            case .higherIsBetter: self = .max
            case .closerToZeroIsBetter: self = .zero
            case .closerToOneIsBetter: self = .one
            case .informational: return nil
            }
        }

        /// The value turned so that smaller is better: v, −v, |v| or |v − 1|.
        public func badness(_ value: Double) -> Double {
            switch self {
            case .min: return value
            case .max: return -value
            case .zero: return abs(value)
            case .one: return abs(value - 1)
            }
        }

        /// "lower is better" etc.
        public var phrase: String {
            switch self {
            case .min: return "lower is better"
            case .max: return "higher is better"
            case .zero: return "closer to 0 is better"
            case .one: return "closer to 1 is better"
            }
        }
    }

    /// Parameter ranges over one base pipeline.
    public struct Search: Sendable, Decodable, Hashable {
        /// The base label; every parameter not in `ranges` keeps the label's value.
        public var label: String
        /// `stage.parameter` → a range or a list of values.
        public var ranges: [String: Range]
        /// `grid`, `random` or `latin-hypercube`; default grid for up to two parameters,
        /// latin-hypercube beyond.
        public var method: Method?
        /// Points drawn by `random` and `latin-hypercube` (default ``defaultSamples``).
        public var samples: Int?
        /// Grid points per numeric range (default ``defaultSteps``).
        public var steps: Int?
        /// The default `samples`: 16.
        public static let defaultSamples = 16
        /// The default `steps`: 5.
        public static let defaultSteps = 5
        /// Display-name template (`{stage.parameter}` replaced); default the label.
        public var name: String?

        /// The method in force: ``method``, or grid for up to two ranges and Latin hypercube
        /// beyond.
        public var resolvedMethod: Method { method ?? (ranges.count <= 2 ? .grid : .latinHypercube) }
        /// The points a random or Latin-hypercube search draws: ``samples`` or ``defaultSamples``.
        public var sampleCount: Int { samples ?? Self.defaultSamples }
        /// The grid points per interval: ``steps`` or ``defaultSteps``.
        public var stepCount: Int { steps ?? Self.defaultSteps }

        /// Creates a search.
        public init(label: String, ranges: [String: Range], method: Method? = nil, samples: Int? = nil, steps: Int? = nil,
                    name: String? = nil) {
            self.label = label
            self.ranges = ranges
            self.method = method
            self.samples = samples
            self.steps = steps
            self.name = name
        }

        /// Decodes a search, refusing unknown keys.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            try AnyKey.refuseUnknown(c, known: ["label", "ranges", "method", "samples", "steps", "name"], place: "tune.searches")
            label = try c.decode(String.self, forKey: AnyKey("label"))
            ranges = try c.decode([String: Range].self, forKey: AnyKey("ranges"))
            method = try c.decodeIfPresent(Method.self, forKey: AnyKey("method"))
            samples = try c.decodeIfPresent(Int.self, forKey: AnyKey("samples"))
            steps = try c.decodeIfPresent(Int.self, forKey: AnyKey("steps"))
            name = try c.decodeIfPresent(String.self, forKey: AnyKey("name"))
        }
    }

    /// How a search picks its points.
    public enum Method: String, Sendable, Decodable, Hashable, CaseIterable {
        /// Every combination of `steps` points per range (lists: every value).
        case grid
        /// `samples` independent uniform points (seeded).
        case random
        /// `samples` points, each range cut into `samples` equal strata and every stratum
        /// used once per range (McKay, Beckman & Conover 1979; seeded).
        case latinHypercube = "latin-hypercube"
    }

    /// The values one parameter may take in a search.
    public enum Range: Sendable, Decodable, Hashable {
        /// `min…max`, sampled on a linear or logarithmic scale.
        case interval(min: Double, max: Double, logarithmic: Bool)
        /// These values only.
        case values([ExperimentSpec.ScalarValue])

        /// Decodes `{min, max, scale: linear|log}` or a list of values.
        public init(from decoder: any Decoder) throws {
            if let list = try? decoder.singleValueContainer().decode([ExperimentSpec.ScalarValue].self) {
                guard !list.isEmpty else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "the list of values is empty"))
                }
                self = .values(list)
                return
            }
            let c = try decoder.container(keyedBy: AnyKey.self)
            try AnyKey.refuseUnknown(c, known: ["min", "max", "scale"], place: "tune.searches.ranges")
            let lo = try c.decode(Double.self, forKey: AnyKey("min")), hi = try c.decode(Double.self, forKey: AnyKey("max"))
            let scale = try c.decodeIfPresent(String.self, forKey: AnyKey("scale")) ?? "linear"
            guard lo.isFinite, hi.isFinite, lo <= hi else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "min must be finite and at most max"))
            }
            guard scale == "linear" || scale == "log" else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "scale must be linear or log, not '\(scale)'"))
            }
            guard scale == "linear" || lo > 0 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a log scale needs min > 0"))
            }
            self = .interval(min: lo, max: hi, logarithmic: scale == "log")
        }
    }

    /// How one setting is picked from a front: among the front's settings within every
    /// limit, the best by `then` (ties: the other objectives in order); when none is within
    /// the limits, the one that exceeds them least (sum of relative excesses).
    public struct Preference: Sendable, Decodable, Hashable, CustomStringConvertible {
        /// Objective metric → the worst acceptable value (for `zero` objectives a bound on
        /// |value|, for `max` objectives a floor).
        public var limits: [String: Double]
        /// The objective minimised (in its direction) among the settings within the limits.
        public var then: String

        /// The default: end-to-end latency on the stated device within the latency at which
        /// people perceive it while writing and sketching — ~50 ms, Annett, Ng, Dietz, Bischof,
        /// Gupta, "How Low Should We Go?", GI 2014 (``StrokeMetrics/LatencyPerceptionThreshold/writing``)
        /// — then the smoothest (bending-energy ratio, on a log scale). It was a bare 20 ms of
        /// StrokeLab's modelled lag before.
        public static let standard = Preference(limits: ["latency.end_to_end_ms": LatencyPerceptionThreshold.writing.latencyMs],
                                                then: "jaggedness.bending_energy_log_ratio")

        /// Creates a preference.
        public init(limits: [String: Double], then: String) {
            self.limits = limits
            self.then = then
        }

        /// Decodes `{limits: {metric: value}, then: metric}`, refusing unknown keys.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: AnyKey.self)
            try AnyKey.refuseUnknown(c, known: ["limits", "then"], place: "tune.preference")
            limits = try c.decodeIfPresent([String: Double].self, forKey: AnyKey("limits")) ?? [:]
            then = try c.decode(String.self, forKey: AnyKey("then"))
        }

        /// `lag.mean_ms ≤ 20, then the best jaggedness.bending_energy_ratio`.
        public var description: String {
            let limitText = limits.keys.sorted().map { "\($0) ≤ \(JSONNumber.text(limits[$0]!))" }
            return (limitText.isEmpty ? "" : limitText.joined(separator: ", ") + ", then ") + "the best \(then)"
        }
    }
}

/// A coding key for any string: lets a decoder see every key and refuse unknown ones.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ text: String) { stringValue = text }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }

    /// Throws when `container` has a key not in `known`.
    static func refuseUnknown(_ container: KeyedDecodingContainer<AnyKey>, known: [String], place: String) throws {
        for key in container.allKeys.map(\.stringValue).sorted() where !known.contains(key) {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath,
                                                    debugDescription: "unknown key '\(key)' in \(place); known: \(known.joined(separator: ", "))"))
        }
    }
}

/// Numbers as text without Foundation: integers without a decimal point.
enum JSONNumber {
    static func text(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}
