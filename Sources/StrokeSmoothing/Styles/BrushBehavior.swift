import RealModule
import StrokeCore

/// One behaviour of a ``BrushStyle``, as google/ink's brush behaviours: a *source* property of
/// the pen, read at an element's end, mapped from its input range through a response curve to
/// an output range, and applied to a *target* ink property — when the touch matches its
/// condition.
///
/// value = out₀ + (out₁ − out₀) · curve((clamp(x, in₀…in₁) − in₀) / (in₁ − in₀)); then the
/// target becomes `value` (`set`), target × value (`multiply`) or target + value (`add`).
/// Behaviours apply in order, so `set` then `multiply` then `add` builds an affine formula.
/// A behaviour whose source is missing on the touch (pressure without a maximum force) is
/// skipped, as ink's fallback filter does. Width is a length (StrokeLab points in a label,
/// converted to the trace's units when built, ``BrushStyle/Parameters``), opacity 0…1; hue,
/// saturation and brightness are HSB in 0…1 (hue 1 = a full turn).
///
/// Label form (one parameter `bN` of the brush): `source:in0:in1:curve:target:out0:out1[:mode[:when]]`,
/// e.g. `pressure:0:1:linear:width:0:20:set` or `tilt-direction:0:1.5707963267948966:linear:width:0:60:set:stylus+tilted`.
/// Mode defaults to `multiply`, the condition to `any`; conditions combine with `+`.
public struct BrushBehavior: Hashable, Sendable {
    /// What the behaviour reads.
    public enum Source: String, Hashable, Sendable, CaseIterable {
        /// force / maximumPossibleForce (missing when the maximum is unknown).
        case pressure
        /// The raw force (0 when unknown; 1 is an average touch on iOS).
        case force
        /// Pen speed, pt/s in a label (trace units/s when built).
        case speed
        /// Altitude, radians (π/2 upright).
        case altitude
        /// Tilt from upright, π/2 − altitude, radians.
        case tilt
        /// Azimuth, radians.
        case azimuth
        /// Direction of travel, radians in (−π, π].
        case direction
        /// The angle between the element's chord and the azimuth, folded into [0, π/2] as
        /// Scribble's shading does (``ScribbleStyle/foldedAngle(chord:azimuth:)``).
        case tiltDirection = "tilt-direction"
        /// Seconds since the stroke's first sample.
        case time
        /// Contact radius, pt in a label (trace units when built).
        case majorRadius = "major-radius"
        /// Always 0: with equal outputs, a constant.
        case none
    }

    /// What the behaviour changes.
    public enum Target: String, Hashable, Sendable, CaseIterable {
        /// Width, pt in a label (trace units when built).
        case width
        /// Opacity, 0…1.
        case opacity
        /// Hue, 0…1.
        case hue
        /// Saturation, 0…1.
        case saturation
        /// Brightness (HSB value), 0…1.
        case brightness
        /// Erase when the value is ≥ 0.5 (blend mode).
        case erase
    }

    /// How the value combines with the target.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// Replace.
        case set
        /// Multiply.
        case multiply
        /// Add.
        case add
    }

    /// When the behaviour applies: all listed conditions must hold.
    public struct Condition: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: UInt16
        /// Creates a condition set.
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        /// A stylus touch.
        public static let stylus = Condition(rawValue: 1 << 0)
        /// A finger touch.
        public static let finger = Condition(rawValue: 1 << 1)
        /// A mouse.
        public static let mouse = Condition(rawValue: 1 << 2)
        /// Anything but a stylus.
        public static let notStylus = Condition(rawValue: 1 << 3)
        /// Altitude below the brush's tilt threshold.
        public static let tilted = Condition(rawValue: 1 << 4)
        /// Altitude at or above the threshold.
        public static let upright = Condition(rawValue: 1 << 5)
        /// Force > 0.
        public static let hasForce = Condition(rawValue: 1 << 6)
        /// Maximum possible force known (> 0).
        public static let hasMaxForce = Condition(rawValue: 1 << 7)
        /// Contact radius known (> 0).
        public static let hasRadius = Condition(rawValue: 1 << 8)
        /// Contact radius unknown (0).
        public static let noRadius = Condition(rawValue: 1 << 9)
        /// No maximum force known.
        public static let noMaxForce = Condition(rawValue: 1 << 10)

        /// Label names, in bit order.
        public static let names: [(String, Condition)] = [
            ("stylus", .stylus), ("finger", .finger), ("mouse", .mouse), ("not-stylus", .notStylus),
            ("tilted", .tilted), ("upright", .upright), ("has-force", .hasForce), ("has-max-force", .hasMaxForce),
            ("has-radius", .hasRadius), ("no-radius", .noRadius), ("no-max-force", .noMaxForce),
        ]
    }

    /// The source.
    public var source: Source
    /// Input range (in₀ may exceed in₁ for a decreasing map; they must differ).
    public var input: (Double, Double)
    /// Response curve.
    public var curve: ResponseCurve
    /// The target.
    public var target: Target
    /// Output range.
    public var output: (Double, Double)
    /// How the value combines with the target.
    public var mode: Mode
    /// When it applies (empty: always).
    public var condition: Condition

    /// Creates a behaviour.
    public init(_ source: Source, _ input: (Double, Double), _ curve: ResponseCurve = .linear, _ target: Target,
                _ output: (Double, Double), mode: Mode = .multiply, when condition: Condition = []) {
        self.source = source
        self.input = input
        self.curve = curve
        self.target = target
        self.output = output
        self.mode = mode
        self.condition = condition
    }

    /// Equal when every field is equal.
    public static func == (a: BrushBehavior, b: BrushBehavior) -> Bool {
        a.source == b.source && a.input == b.input && a.curve == b.curve && a.target == b.target
            && a.output == b.output && a.mode == b.mode && a.condition == b.condition
    }

    /// Hashes every field.
    public func hash(into h: inout Hasher) {
        h.combine(source); h.combine(input.0); h.combine(input.1); h.combine(curve); h.combine(target)
        h.combine(output.0); h.combine(output.1); h.combine(mode); h.combine(condition)
    }

    /// The mapped value for source value `x`: the output range through the curve.
    @inlinable
    public func value(_ x: Double) -> Double {
        let lo = Swift.min(input.0, input.1), hi = Swift.max(input.0, input.1)
        let clamped = Swift.min(Swift.max(x, lo), hi)
        let t = (clamped - input.0) / (input.1 - input.0)
        return output.0 + (output.1 - output.0) * curve(t)
    }

    /// Parses the label form `source:in0:in1:curve:target:out0:out1[:mode[:when]]`.
    /// - Throws: ``StageParameterError`` (for `parameter`) naming the bad field.
    public init(parsing text: String, parameter: String) throws(StageParameterError) {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        func fail(_ problem: String) -> StageParameterError {
            StageParameterError(parameter: parameter, problem: problem + " (form: \(BrushBehavior.form))")
        }
        guard (7...9).contains(fields.count) else { throw fail("has \(fields.count) fields, expected 7 to 9") }
        guard let source = Source(rawValue: fields[0]) else {
            throw fail("unknown source '\(fields[0])' (one of \(Source.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        func number(_ i: Int, _ what: String) throws(StageParameterError) -> Double {
            guard let v = Double(fields[i]), v.isFinite, abs(v) <= 1e12 else { throw fail("\(what) '\(fields[i])' is not a finite number") }
            return v
        }
        let in0 = try number(1, "in0"), in1 = try number(2, "in1")
        guard in0 != in1 else { throw fail("the input range \(fields[1])…\(fields[2]) is empty") }
        guard let curve = ResponseCurve(rawValue: fields[3]) else {
            throw fail("unknown curve '\(fields[3])' (one of \(ResponseCurve.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let target = Target(rawValue: fields[4]) else {
            throw fail("unknown target '\(fields[4])' (one of \(Target.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let out0 = try number(5, "out0"), out1 = try number(6, "out1")
        var mode = Mode.multiply
        if fields.count > 7 {
            guard let m = Mode(rawValue: fields[7]) else {
                throw fail("unknown mode '\(fields[7])' (one of \(Mode.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            mode = m
        }
        var condition: Condition = []
        if fields.count > 8, fields[8] != "any" {
            for word in fields[8].split(separator: "+") {
                guard let c = Condition.names.first(where: { $0.0 == word }) else {
                    throw fail("unknown condition '\(word)' (any, or \(Condition.names.map(\.0).joined(separator: ", ")) joined by +)")
                }
                condition.insert(c.1)
            }
        }
        self.init(source, (in0, in1), curve, target, (out0, out1), mode: mode, when: condition)
    }

    /// The label form of the behaviour (numbers in shortest round-trip form).
    public var text: String {
        var parts = [source.rawValue, ParameterValue.number(input.0).description, ParameterValue.number(input.1).description,
                     curve.rawValue, target.rawValue, ParameterValue.number(output.0).description,
                     ParameterValue.number(output.1).description, mode.rawValue]
        let words = Condition.names.filter { condition.contains($0.1) }.map(\.0)
        parts.append(words.isEmpty ? "any" : words.joined(separator: "+"))
        return parts.joined(separator: ":")
    }

    /// The label form, for help text.
    public static let form = "source:in0:in1:curve:target:out0:out1[:mode[:when]]"
}
