import StrokeCore

/// The kinds of pipeline stage, in the order they run.
public enum StageKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Input filters (`filter:`), zero or more.
    case filter
    /// The interpolator (`interp:`), exactly one.
    case interp
    /// The predictor (`predict:`), at most one.
    case predict
    /// Style models (`style:`), zero or more.
    case style

    /// Pipeline order: filter < interp < predict < style.
    public static func < (a: StageKind, b: StageKind) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A parameter's value: a number or one of a fixed set of words.
public enum ParameterValue: Hashable, Sendable, CustomStringConvertible {
    /// A finite number (times in milliseconds).
    case number(Double)
    /// A word from the parameter's choices.
    case choice(String)

    /// Canonical text: integers without a decimal point, other numbers in Swift's shortest
    /// round-trip form, words as they are.
    public var description: String {
        switch self {
        case .choice(let s): return s
        case .number(let v):
            if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
            return String(v)
        }
    }
}

/// The declaration of one stage parameter: its name, domain, default and help.
public struct ParameterSpec: Sendable, Hashable {
    /// What values a parameter takes.
    public enum Domain: Sendable, Hashable {
        /// A number in `range`, with a unit for help text (`ms`, `Hz`, `units`, or empty).
        case number(ClosedRange<Double>, unit: String)
        /// One of these words.
        case choice([String])
    }

    /// The name used in labels.
    public var name: String
    /// One line of help.
    public var help: String
    /// Allowed values.
    public var domain: Domain
    /// The value when the label leaves it out.
    public var defaultValue: ParameterValue

    /// Declares a numeric parameter.
    public static func number(_ name: String, default value: Double, in range: ClosedRange<Double>, unit: String = "",
                              help: String) -> ParameterSpec {
        ParameterSpec(name: name, help: help, domain: .number(range, unit: unit), defaultValue: .number(value))
    }

    /// Declares a parameter taking one of `choices`.
    public static func choice(_ name: String, _ choices: [String], default value: String, help: String) -> ParameterSpec {
        ParameterSpec(name: name, help: help, domain: .choice(choices), defaultValue: .choice(value))
    }

    /// Parses `text` as a value of this parameter.
    /// - Throws: a message (without the label) saying what is allowed.
    public func parse(_ text: String) throws(PipelineError) -> ParameterValue {
        switch domain {
        case .choice(let choices):
            guard choices.contains(text) else {
                throw PipelineError(label: "", problem: "'\(text)' is not a value of '\(name)' (one of: \(choices.joined(separator: ", ")))")
            }
            return .choice(text)
        case .number(let range, let unit):
            guard let v = Double(text), v.isFinite else {
                throw PipelineError(label: "", problem: "'\(text)' is not a number (parameter '\(name)')")
            }
            guard range.contains(v) else {
                throw PipelineError(label: "", problem: "\(name)=\(text) is outside \(ParameterValue.number(range.lowerBound))…\(ParameterValue.number(range.upperBound))\(unit.isEmpty ? "" : " " + unit)")
            }
            return .number(v)
        }
    }

    /// The domain as help text: `0…100 ms` or `published|complete`.
    public var domainText: String {
        switch domain {
        case .choice(let c): return c.joined(separator: "|")
        case .number(let r, let unit):
            return "\(ParameterValue.number(r.lowerBound))…\(ParameterValue.number(r.upperBound))" + (unit.isEmpty ? "" : " \(unit)")
        }
    }
}

/// A stage's parameters with every value resolved (defaults filled in).
public struct ResolvedParameters: Hashable, Sendable {
    /// Name/value pairs in the order the stage declares them.
    public var values: [(name: String, value: ParameterValue)]

    /// Creates resolved parameters.
    public init(_ values: [(name: String, value: ParameterValue)]) { self.values = values }

    /// Equal when every name and value, in order, is equal.
    public static func == (a: ResolvedParameters, b: ResolvedParameters) -> Bool {
        a.values.elementsEqual(b.values, by: { $0 == $1 })
    }

    /// Hashes names and values, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        for (n, v) in values { hasher.combine(n); hasher.combine(v) }
    }

    /// The value of a numeric parameter; 0 if the stage has no such numeric parameter.
    public func number(_ name: String) -> Double {
        for (n, v) in values where n == name { if case .number(let x) = v { return x } }
        return 0
    }

    /// The value of a choice parameter; "" if none.
    public func choice(_ name: String) -> String {
        for (n, v) in values where n == name { if case .choice(let s) = v { return s } }
        return ""
    }

    /// `tail` as a ``TailPolicy`` (published when absent).
    public var tailPolicy: TailPolicy { TailPolicy(rawValue: choice("tail")) ?? .published }
}

/// What a stage descriptor builds.
public enum StageImplementation: Sendable {
    /// An input filter.
    case filter(any SampleFilter)
    /// An interpolator.
    case interpolator(any StreamingInterpolator)
    /// A predictor.
    case predictor(any StrokePredictor)
}

/// One registered stage: its kind, id, help, parameters and factory.
public struct StageDescriptor: Sendable {
    /// filter, interp, predict or style.
    public var kind: StageKind
    /// The id used in labels.
    public var id: String
    /// One line saying what it does.
    public var summary: String
    /// Where the algorithm comes from.
    public var source: String
    /// Declared parameters.
    public var parameters: [ParameterSpec]
    /// Builds the stage from resolved parameters.
    public var make: @Sendable (ResolvedParameters) -> StageImplementation

    /// Declares a stage.
    public init(kind: StageKind, id: String, summary: String, source: String, parameters: [ParameterSpec],
                make: @escaping @Sendable (ResolvedParameters) -> StageImplementation) {
        self.kind = kind
        self.id = id
        self.summary = summary
        self.source = source
        self.parameters = parameters
        self.make = make
    }
}

/// A named shorthand for a pipeline (`linear` for `main|interp:linear`).
public struct PipelinePreset: Sendable, Hashable {
    /// The name used in labels.
    public var name: String
    /// What it expands to.
    public var expansion: String
    /// One line of help.
    public var summary: String

    /// Declares a preset.
    public init(name: String, expansion: String, summary: String) {
        self.name = name
        self.expansion = expansion
        self.summary = summary
    }
}

/// The stages and presets a label can name.
public struct StageRegistry: Sendable {
    /// Registered stages.
    public var stages: [StageDescriptor]
    /// Registered presets.
    public var presets: [PipelinePreset]

    /// Creates a registry.
    public init(stages: [StageDescriptor], presets: [PipelinePreset]) {
        self.stages = stages
        self.presets = presets
    }

    /// The stages with `id`, of any kind.
    public func stages(withID id: String) -> [StageDescriptor] { stages.filter { $0.id == id } }

    /// The preset named `name`.
    public func preset(named name: String) -> PipelinePreset? { presets.first { $0.name == name } }

    /// Every built-in stage and preset.
    public static let standard = StageRegistry(
        stages: SeedStages.all + PredictorStages.all,
        presets: SeedStages.presets)
}

/// The four seed interpolators as registered stages.
enum SeedStages {
    static let tail = ParameterSpec.choice(
        "tail", TailPolicy.allCases.map(\.rawValue), default: TailPolicy.published.rawValue,
        help: "published: the seed's behaviour (leftover samples dropped, a tap draws nothing); complete: always reach the last sample, a tap is a dot")

    static let all: [StageDescriptor] = [
        StageDescriptor(
            kind: .interp, id: "linear", summary: "straight segments between samples (LinearInterpView)",
            source: "seed 001, Smooth Freehand Drawing on iOS", parameters: [tail],
            make: { .interpolator(LinearInterpolator(tail: $0.tailPolicy, liftoff: .drawn)) }),
        StageDescriptor(
            kind: .interp, id: "bezier4", summary: "naive four-point cubic Bézier, inner samples as controls (BezierInterpView)",
            source: "seed 001, Smooth Freehand Drawing on iOS", parameters: [tail],
            make: { .interpolator(FourPointBezierInterpolator(tail: $0.tailPolicy)) }),
        StageDescriptor(
            kind: .interp, id: "midpoint-bezier", summary: "midpoint-smoothed cubic Bézier, G1 joins (SmoothedBIView)",
            source: "seed 001, Smooth Freehand Drawing on iOS", parameters: [tail],
            make: { .interpolator(MidpointBezierInterpolator(tail: $0.tailPolicy)) }),
        StageDescriptor(
            kind: .interp, id: "coalesced-only",
            summary: "straight segments through every sample, lift-off samples not drawn (Scribble's drawStroke)",
            source: "seeds 000/002/004, Apple Pencil Tutorial (Scribble)", parameters: [tail],
            make: { .interpolator(LinearInterpolator(tail: $0.tailPolicy, liftoff: .ignored)) }),
    ]

    static let presets: [PipelinePreset] = [
        PipelinePreset(name: "linear", expansion: "main|interp:linear", summary: "LinearInterpView: lines through main samples"),
        PipelinePreset(name: "bezier4", expansion: "main|interp:bezier4", summary: "BezierInterpView: naive four-point Bézier over main samples"),
        PipelinePreset(name: "midpoint-bezier", expansion: "main|interp:midpoint-bezier",
                       summary: "SmoothedBIView: midpoint-smoothed Bézier over main samples"),
        PipelinePreset(name: "coalesced-only", expansion: "coalesced|interp:coalesced-only",
                       summary: "Scribble: lines through every coalesced sample"),
    ]
}
