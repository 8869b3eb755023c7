import StrokeCore

/// A stage's parameters, declared once.
///
/// A conforming type is a plain struct whose stored properties hold the values in label units
/// (times in milliseconds), whose `init()` gives the defaults, and whose ``declarations``
/// name each label parameter once: its name, help, domain and the property it sets. From that
/// one declaration come the label parser (``PipelineDescription``), `strokelab list` and
/// `--help`, the canonical label, the defaults and the domain checks (``validate()``). Checks
/// that involve several parameters go in ``crossCheck()``.
///
/// **Physical units.** A parameter that scales with length (a distance, width, speed,
/// variance) declares its ``LengthDimension`` — `pt` (StrokeLab points, 25.4/132 mm) for the
/// seeds' and StrokeLab's own constants, `px` (CSS pixels, 25.4/96 mm) for a web or desktop
/// peer's constants as the peer states them. Its value is written in that unit, and a pipeline
/// built for a trace (``PipelineDescription/resolved(for:)``) converts it to the trace's units
/// with ``inTraceUnits(millimetresPerUnit:)``. Its declared range is checked where a label is
/// read (in the declared unit); ``validate()`` checks only what conversion keeps (finite, and
/// positive or non-negative as the range's lower bound is), since a converted value is in
/// trace units.
///
/// ```swift
/// struct Parameters: StageParameters {
///     var horizonMs = 16.7
///     static let declarations: [ParameterDeclaration<Self>] = [
///         .number(\.horizonMs, "horizon", in: 0...200, unit: "ms", help: "how far ahead to draw"),
///     ]
///     init() {}
/// }
/// ```
public protocol StageParameters: Hashable, Sendable {
    /// The defaults.
    init()
    /// Every label parameter, in the order labels print them.
    static var declarations: [ParameterDeclaration<Self>] { get }
    /// Checks that involve several parameters (each parameter's own domain is checked by
    /// ``validate()`` from its declaration). The default checks nothing.
    func crossCheck() throws(StageParameterError)
    /// The parameters with every length in the units of a trace of `millimetresPerUnit`: each
    /// declared length multiplied by its ``LengthDimension/factor(millimetresPerUnit:)``
    /// (``lengthsConverted(millimetresPerUnit:)``, the default). A stage whose algorithm has
    /// constants of its own in a physical unit (a peer's 1 px/ms) converts those here too.
    func inTraceUnits(millimetresPerUnit: Double) -> Self
}

extension StageParameters {
    /// Nothing to check across parameters.
    public func crossCheck() throws(StageParameterError) {}

    /// Declared lengths converted, nothing else.
    public func inTraceUnits(millimetresPerUnit: Double) -> Self { lengthsConverted(millimetresPerUnit: millimetresPerUnit) }

    /// Every declared length (``ParameterDeclaration/length``) multiplied by its
    /// ``LengthDimension/factor(millimetresPerUnit:)``; other parameters as they are. A factor
    /// of exactly 1 (the trace's unit is the declared one) leaves every bit as it was.
    public func lengthsConverted(millimetresPerUnit: Double) -> Self {
        var p = self
        for d in Self.declarations {
            guard let dimension = d.length, let scale = d.scale else { continue }
            let f = dimension.factor(millimetresPerUnit: millimetresPerUnit)
            if f != 1 { scale(&p, f) }
        }
        return p
    }

    /// Checks every declared parameter against its domain — a length only for what unit
    /// conversion keeps (finite; positive or non-negative as its declared range's lower bound
    /// is), since a stage may be built with lengths in trace units — then ``crossCheck()``.
    /// - Throws: ``StageParameterError`` naming the first parameter out of its domain.
    public func validate() throws(StageParameterError) {
        for d in Self.declarations {
            if let problem = d.problem(with: self) {
                throw StageParameterError(parameter: d.name, problem: problem)
            }
        }
        try crossCheck()
    }

    /// ``validate()`` with every length also inside its declared range, in its declared unit:
    /// what a label's values must satisfy.
    /// - Throws: ``StageParameterError`` naming the first parameter out of its domain.
    public func validateDeclared() throws(StageParameterError) {
        for d in Self.declarations {
            if let problem = d.declaredProblem(with: self) {
                throw StageParameterError(parameter: d.name, problem: problem)
            }
        }
        try crossCheck()
    }

    /// The parameters as label values, in declaration order.
    public var resolved: ResolvedParameters {
        ResolvedParameters(Self.declarations.map { ($0.name, $0.read(self)) })
    }

    /// Parameters from label values (each already parsed by its declaration); parameters
    /// not given keep their defaults. Validated, lengths in their declared units
    /// (``validateDeclared()``).
    /// - Throws: ``StageParameterError`` for an unknown name or a value out of its domain.
    public init(values: [(name: String, value: ParameterValue)]) throws(StageParameterError) {
        var p = Self()
        for (name, value) in values {
            guard let d = Self.declarations.first(where: { $0.name == name }) else {
                throw StageParameterError(parameter: name, problem: "is not a parameter")
            }
            try d.write(&p, value)
        }
        try p.validateDeclared()
        self = p
    }
}

/// A parameter value or combination that a stage does not accept. Its description is one
/// line: `horizon must be in 0…200 ms, got 300` (the caller prefixes the stage or label).
public struct StageParameterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The parameter's label name ("" for a problem of the whole set).
    public var parameter: String
    /// What is wrong.
    public var problem: String

    /// Creates an error.
    public init(parameter: String, problem: String) {
        self.parameter = parameter
        self.problem = problem
    }

    /// `name problem`, one line.
    public var description: String { parameter.isEmpty ? problem : "\(parameter) \(problem)" }
}

/// What values a parameter takes, as help text shows them.
public enum ParameterDomain: Hashable, Sendable {
    /// A number in `range`, with a unit for help text (`ms`, `Hz`, a length's
    /// ``LengthDimension/symbol`` such as `pt` or `px/s`, or empty).
    case number(ClosedRange<Double>, unit: String)
    /// A whole number in `range`.
    case integer(ClosedRange<Int>)
    /// One of these words.
    case choice([String])
    /// A colour: a name or six hex digits (`StrokeCore.InkColor.init(parsing:)`).
    case color
    /// Free text in a stated form (e.g. a brush behaviour), checked by the declaration.
    case text(form: String)

    /// The domain as help text: `0…100 ms`, `1…20`, `published|complete`, `colour (name or rrggbb)`.
    public var text: String {
        switch self {
        case .choice(let c): return c.joined(separator: "|")
        case .number(let r, let unit):
            return "\(ParameterValue.number(r.lowerBound))…\(ParameterValue.number(r.upperBound))" + (unit.isEmpty ? "" : " \(unit)")
        case .integer(let r): return "\(r.lowerBound)…\(r.upperBound) (whole)"
        case .color: return "colour (name or rrggbb)"
        case .text(let form): return form
        }
    }
}

/// The single declaration of one parameter of the stage parameters `P`: name, help, domain,
/// and how to read and write the stored property.
public struct ParameterDeclaration<P: StageParameters>: Sendable {
    /// The name used in labels.
    public let name: String
    /// One line of help.
    public let help: String
    /// Allowed values.
    public let domain: ParameterDomain
    /// The property's value as a label value.
    public let read: @Sendable (P) -> ParameterValue
    /// Sets the property from a label value.
    let store: @Sendable (inout P, ParameterValue) throws(StageParameterError) -> Void
    /// Parses label text into a value of this parameter.
    let parseText: @Sendable (String) throws(StageParameterError) -> ParameterValue
    /// Why the property's current value is outside the domain, or `nil` (for a length, only
    /// what unit conversion keeps: finite and its sign).
    let check: @Sendable (P) -> String?
    /// Why the property's value is outside its declared domain in its declared unit, or `nil`
    /// (the same as `check` except for lengths).
    let declaredCheck: @Sendable (P) -> String?
    /// The physical dimension of a parameter that scales with length; `nil` for the rest.
    public let length: LengthDimension?
    /// Multiplies the property by a factor (lengths only).
    let scale: (@Sendable (inout P, Double) -> Void)?

    init(name: String, help: String, domain: ParameterDomain, read: @escaping @Sendable (P) -> ParameterValue,
         store: @escaping @Sendable (inout P, ParameterValue) throws(StageParameterError) -> Void,
         parseText: @escaping @Sendable (String) throws(StageParameterError) -> ParameterValue,
         check: @escaping @Sendable (P) -> String?, declaredCheck: (@Sendable (P) -> String?)? = nil,
         length: LengthDimension? = nil, scale: (@Sendable (inout P, Double) -> Void)? = nil) {
        self.name = name
        self.help = help
        self.domain = domain
        self.read = read
        self.store = store
        self.parseText = parseText
        self.check = check
        self.declaredCheck = declaredCheck ?? check
        self.length = length
        self.scale = scale
    }

    /// Parses `text` as a value of this parameter.
    /// - Throws: ``StageParameterError`` saying what is allowed.
    public func parse(_ text: String) throws(StageParameterError) -> ParameterValue { try parseText(text) }

    /// Sets the parameter in `p`.
    public func write(_ p: inout P, _ value: ParameterValue) throws(StageParameterError) { try store(&p, value) }

    /// Why `p`'s value of this parameter is outside its domain, or `nil` when it is fine (a
    /// length: only finite and its sign, as it may be in trace units).
    public func problem(with p: P) -> String? { check(p) }

    /// Why `p`'s value of this parameter is outside its declared domain, in its declared unit.
    public func declaredProblem(with p: P) -> String? { declaredCheck(p) }

    /// The default (the value in `P()`).
    public var defaultValue: ParameterValue { read(P()) }

    /// A number in `range` (finite), stored as is.
    public static func number(_ property: WritableKeyPath<P, Double> & Sendable, _ name: String,
                              in range: ClosedRange<Double>, unit: String = "", help: String) -> Self {
        let rangeText = ParameterDomain.number(range, unit: unit).text
        return Self(
            name: name, help: help, domain: .number(range, unit: unit),
            read: { .number($0[keyPath: property]) },
            store: { (p: inout P, v: ParameterValue) throws(StageParameterError) in
                guard case .number(let x) = v else { throw StageParameterError(parameter: name, problem: "takes a number") }
                p[keyPath: property] = x
            },
            parseText: { (text: String) throws(StageParameterError) in
                guard let v = Double(text), v.isFinite else {
                    throw StageParameterError(parameter: name, problem: "takes a number in \(rangeText), got '\(text)'")
                }
                guard range.contains(v) else {
                    throw StageParameterError(parameter: name, problem: "must be in \(rangeText), got \(text)")
                }
                return .number(v)
            },
            check: { p in
                let v = p[keyPath: property]
                return v.isFinite && range.contains(v) ? nil : "must be in \(rangeText), got \(ParameterValue.number(v))"
            })
    }

    /// A length in `range`, stated in `length`'s unit (its symbol is the domain's unit): a
    /// pipeline built for a trace converts it (``StageParameters/inTraceUnits(millimetresPerUnit:)``).
    /// The range is checked when a label is read; a built stage checks only that the value is
    /// finite and, when the range starts above 0, positive (else non-negative).
    public static func number(_ property: WritableKeyPath<P, Double> & Sendable, _ name: String,
                              in range: ClosedRange<Double>, length: LengthDimension, help: String) -> Self {
        let plain = number(property, name, in: range, unit: length.symbol, help: help)
        let strict = range.lowerBound > 0
        return Self(
            name: plain.name, help: plain.help, domain: plain.domain, read: plain.read, store: plain.store,
            parseText: plain.parseText,
            check: { p in
                let v = p[keyPath: property]
                guard v.isFinite else { return "must be a finite number, got \(ParameterValue.number(v))" }
                if strict ? v > 0 : v >= 0 { return nil }
                return "must be \(strict ? "positive" : "≥ 0"), got \(ParameterValue.number(v))"
            },
            declaredCheck: plain.check,
            length: length,
            scale: { p, f in p[keyPath: property] *= f })
    }

    /// A whole number in `range`.
    public static func integer(_ property: WritableKeyPath<P, Int> & Sendable, _ name: String,
                               in range: ClosedRange<Int>, help: String) -> Self {
        let rangeText = ParameterDomain.integer(range).text
        return Self(
            name: name, help: help, domain: .integer(range),
            read: { .number(Double($0[keyPath: property])) },
            store: { (p: inout P, v: ParameterValue) throws(StageParameterError) in
                guard case .number(let x) = v, x == x.rounded(), x >= Double(range.lowerBound), x <= Double(range.upperBound) else {
                    throw StageParameterError(parameter: name, problem: "must be a whole number in \(rangeText)")
                }
                p[keyPath: property] = Int(x)
            },
            parseText: { (text: String) throws(StageParameterError) in
                guard let v = Int(text) else {
                    throw StageParameterError(parameter: name, problem: "takes a whole number in \(rangeText), got '\(text)'")
                }
                guard range.contains(v) else {
                    throw StageParameterError(parameter: name, problem: "must be in \(rangeText), got \(text)")
                }
                return .number(Double(v))
            },
            check: { p in range.contains(p[keyPath: property]) ? nil : "must be in \(rangeText), got \(p[keyPath: property])" })
    }

    /// One of the cases of a string enumeration.
    public static func choice<E: RawRepresentable & CaseIterable & Sendable>(
        _ property: WritableKeyPath<P, E> & Sendable, _ name: String, help: String
    ) -> Self where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        return Self(
            name: name, help: help, domain: .choice(names),
            read: { .choice($0[keyPath: property].rawValue) },
            store: { (p: inout P, v: ParameterValue) throws(StageParameterError) in
                guard case .choice(let s) = v, let e = E(rawValue: s) else {
                    throw StageParameterError(parameter: name, problem: "must be one of: \(names.joined(separator: ", "))")
                }
                p[keyPath: property] = e
            },
            parseText: { (text: String) throws(StageParameterError) in
                guard E(rawValue: text) != nil else {
                    throw StageParameterError(parameter: name, problem: "must be one of \(names.joined(separator: ", ")), got '\(text)'")
                }
                return .choice(text)
            },
            check: { _ in nil })
    }

    /// On or off, written `on`/`off` (also accepts `true`/`false`).
    public static func flag(_ property: WritableKeyPath<P, Bool> & Sendable, _ name: String, help: String) -> Self {
        Self(
            name: name, help: help, domain: .choice(["on", "off"]),
            read: { .choice($0[keyPath: property] ? "on" : "off") },
            store: { (p: inout P, v: ParameterValue) throws(StageParameterError) in
                guard case .choice(let s) = v, s == "on" || s == "off" else {
                    throw StageParameterError(parameter: name, problem: "must be on or off")
                }
                p[keyPath: property] = s == "on"
            },
            parseText: { (text: String) throws(StageParameterError) in
                switch text {
                case "on", "true": return .choice("on")
                case "off", "false": return .choice("off")
                default: throw StageParameterError(parameter: name, problem: "must be on or off, got '\(text)'")
                }
            },
            check: { _ in nil })
    }

    /// A colour: a name or `rrggbb`; printed canonically as its name when it is one of the
    /// named colours (so `grey` stays 0.5, not 128/255), else as six hex digits.
    public static func color(_ property: WritableKeyPath<P, InkColor> & Sendable, _ name: String, help: String) -> Self {
        Self(
            name: name, help: help, domain: .color,
            read: { .choice($0[keyPath: property].label) },
            store: { (p: inout P, v: ParameterValue) throws(StageParameterError) in
                guard case .choice(let s) = v, let c = InkColor(parsing: s) else {
                    throw StageParameterError(parameter: name, problem: "takes a colour name or rrggbb")
                }
                p[keyPath: property] = c
            },
            parseText: { (text: String) throws(StageParameterError) in
                guard let c = InkColor(parsing: text) else {
                    throw StageParameterError(parameter: name, problem: "takes a colour (\(InkColor.names.joined(separator: ", ")) or rrggbb), got '\(text)'")
                }
                return .choice(c.label)
            },
            check: { _ in nil })
    }

    /// A value of a custom text form: `parse` turns label text into the stored value (or
    /// throws a one-line problem), `format` prints it canonically.
    public static func text<V: Sendable>(_ property: WritableKeyPath<P, V> & Sendable, _ name: String, form: String,
                                         help: String, parse: @escaping @Sendable (String) throws(StageParameterError) -> V,
                                         format: @escaping @Sendable (V) -> String) -> Self {
        Self(
            name: name, help: help, domain: .text(form: form),
            read: { .choice(format($0[keyPath: property])) },
            store: { (p: inout P, v: ParameterValue) throws(StageParameterError) in
                guard case .choice(let s) = v else { throw StageParameterError(parameter: name, problem: "takes text of the form \(form)") }
                p[keyPath: property] = try parse(s)
            },
            parseText: { (text: String) throws(StageParameterError) in .choice(format(try parse(text))) },
            check: { _ in nil })
    }
}

extension ParameterDeclaration {
    /// A parameter with its own storage rule: `store` may change several properties (a preset
    /// that sets a whole parameter set, which later parameters then refine).
    public static func custom(_ name: String, domain: ParameterDomain, help: String,
                              read: @escaping @Sendable (P) -> ParameterValue,
                              parse: @escaping @Sendable (String) throws(StageParameterError) -> ParameterValue,
                              store: @escaping @Sendable (inout P, ParameterValue) throws(StageParameterError) -> Void) -> Self {
        Self(name: name, help: help, domain: domain, read: read, store: store, parseText: parse, check: { _ in nil })
    }
}

/// A stage's parameters with every value resolved (defaults filled in), in declaration
/// order: what canonical labels print.
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

    /// The value of `name`, if the stage has it.
    public subscript(name: String) -> ParameterValue? { values.first { $0.name == name }?.value }
}

/// One parameter as `strokelab list`, help text and sweeps see it: the type-erased view of a
/// ``ParameterDeclaration``.
public struct ParameterSpec: Sendable {
    /// The name used in labels.
    public var name: String
    /// One line of help.
    public var help: String
    /// Allowed values.
    public var domain: ParameterDomain
    /// The value when the label leaves it out.
    public var defaultValue: ParameterValue
    /// The physical dimension of a length parameter (its value is in that unit and converted
    /// per trace); `nil` for the rest.
    public var length: LengthDimension?
    /// Parses label text into a value.
    public let parse: @Sendable (String) throws(StageParameterError) -> ParameterValue

    /// The erased view of `declaration`.
    public init<P>(_ declaration: ParameterDeclaration<P>) {
        name = declaration.name
        help = declaration.help
        domain = declaration.domain
        defaultValue = declaration.defaultValue
        length = declaration.length
        parse = declaration.parseText
    }

    /// The domain as help text.
    public var domainText: String { domain.text }
}
