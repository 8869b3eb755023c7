import StrokeCore

/// The general style: a base width, opacity and colour and up to 12 behaviours, each mapping
/// a property of the pen through a response curve to an ink property — the shape of
/// google/ink's brushes (a tip plus `BrushBehavior`s: source → response → target).
///
/// For each element, starting from the base ink, the behaviours whose condition holds apply
/// in order (``BrushBehavior``), reading the sample at the element's end (and the element's
/// chord for `tilt-direction`, the stroke's start time for `time`). Hue, saturation and
/// brightness start from the base colour's HSB values; the colour is rebuilt from them only
/// when a behaviour changed one. An `erase` value ≥ 0.5 makes the ink an eraser (colour
/// white, as Scribble paints the background).
///
/// Presets (`preset=`, the first parameter, so later parameters refine it) express the seeds'
/// dedicated styles as behaviours and agree with them to rounding (tested to 1e-12):
/// - `scribble` (``ScribbleStyle``): width 6; `force` × 4 when upright with force; shading
///   `tilt-direction` 0…π/2 → 0…60, × `altitude` 0.25…π/6 → 1…0, + 5, opacity `force` 0…5 →
///   0…1 when tilted; finger width `major-radius`/2 (20 without radius) and erase;
/// - `forcesketch` (``ForceSketchStyle``): width 10 grey; with a maximum force, `pressure`
///   0…1 → width 0…20 and hue 0…1, saturation and brightness 1.
/// O(behaviours) per element, no allocation.
public struct BrushStyle: StyleStage {
    /// `style:brush`.
    public static let kind = StageKind.style
    /// `brush`.
    public static let id = "brush"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.stylesInk]
    /// The brush starts from its own base ink, not the ink it is given.
    public static let replacesInk = true
    /// One line.
    public static let summary = "base width/opacity/colour and behaviours: pressure, speed, tilt, direction, time → width, opacity, hue, saturation, brightness (google/ink brushes)"
    /// google/ink.
    public static let source = "google/ink brush behaviors (Android Jetpack Ink, Apache-2.0); seed presets from seeds 000–004"

    /// The brush presets.
    public enum Preset: String, Hashable, Sendable, CaseIterable {
        /// No preset: the parameters as given.
        case none
        /// Scribble's pencil, shading and eraser.
        case scribble
        /// ForceSketch's force-to-width-and-hue.
        case forcesketch
    }

    /// The most behaviours a brush takes.
    public static let maximumBehaviors = 12

    /// Parameters of ``BrushStyle``.
    public struct Parameters: StageParameters {
        /// The preset these parameters started from.
        public var preset = Preset.none
        /// Base width, pt (default 2).
        public var width = 2.0
        /// Base opacity (default 1).
        public var opacity = 1.0
        /// Base colour (default black).
        public var color = InkColor.black
        /// Altitude below which a touch counts as `tilted`, radians (default π/6, Scribble's).
        public var tiltThreshold = Double.pi / 6
        /// Behaviours `b1`…`b12`; `nil` slots are skipped.
        public var behaviors: [BrushBehavior?] = Array(repeating: nil, count: BrushStyle.maximumBehaviors)

        /// A plain brush: 2 pt, black, no behaviours.
        public init() {}

        /// The parameters of `preset`.
        public init(preset: Preset) {
            self.init()
            self.preset = preset
            let pi = Double.pi
            switch preset {
            case .none: break
            case .scribble:
                width = 6
                color = .graphite
                let list: [BrushBehavior] = [
                    BrushBehavior(.force, (0, 1000), .linear, .width, (0, 4000), mode: .set, when: [.stylus, .upright, .hasForce]),
                    BrushBehavior(.tiltDirection, (0, pi / 2), .linear, .width, (0, 60), mode: .set, when: [.stylus, .tilted]),
                    BrushBehavior(.altitude, (0.25, pi / 6), .linear, .width, (1, 0), mode: .multiply, when: [.stylus, .tilted]),
                    BrushBehavior(.none, (0, 1), .linear, .width, (5, 5), mode: .add, when: [.stylus, .tilted]),
                    BrushBehavior(.force, (0, 5), .linear, .opacity, (0, 1), mode: .set, when: [.stylus, .tilted]),
                    BrushBehavior(.none, (0, 1), .linear, .width, (20, 20), mode: .set, when: [.notStylus]),
                    BrushBehavior(.majorRadius, (0, 1000), .linear, .width, (0, 500), mode: .set, when: [.notStylus, .hasRadius]),
                    BrushBehavior(.none, (0, 1), .linear, .erase, (1, 1), mode: .set, when: [.notStylus]),
                ]
                for (i, b) in list.enumerated() { behaviors[i] = b }
            case .forcesketch:
                width = 10
                color = .grey
                let list: [BrushBehavior] = [
                    BrushBehavior(.pressure, (0, 1), .linear, .width, (0, 20), mode: .set, when: [.hasMaxForce]),
                    BrushBehavior(.pressure, (0, 1), .linear, .hue, (0, 1), mode: .set, when: [.hasMaxForce]),
                    BrushBehavior(.none, (0, 1), .linear, .saturation, (1, 1), mode: .set, when: [.hasMaxForce]),
                    BrushBehavior(.none, (0, 1), .linear, .brightness, (1, 1), mode: .set, when: [.hasMaxForce]),
                ]
                for (i, b) in list.enumerated() { behaviors[i] = b }
            }
        }

        /// `preset`, base ink, tilt threshold, `b1`…`b12`.
        public static let declarations: [ParameterDeclaration<Parameters>] = {
            var list: [ParameterDeclaration<Parameters>] = [
                .custom("preset", domain: .choice(Preset.allCases.map(\.rawValue)),
                        help: "start from a seed style expressed as behaviours; later parameters refine it",
                        read: { .choice($0.preset.rawValue) },
                        parse: { (text: String) throws(StageParameterError) in
                            guard Preset(rawValue: text) != nil else {
                                throw StageParameterError(parameter: "preset", problem: "must be one of \(Preset.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'")
                            }
                            return .choice(text)
                        },
                        store: { (p: inout Parameters, v: ParameterValue) throws(StageParameterError) in
                            guard case .choice(let s) = v, let preset = Preset(rawValue: s) else {
                                throw StageParameterError(parameter: "preset", problem: "must be a preset name")
                            }
                            p = Parameters(preset: preset)
                        }),
                .number(\.width, "width", in: 0...10_000, length: .pt, help: "base width"),
                .number(\.opacity, "opacity", in: 0...1, help: "base opacity"),
                .color(\.color, "color", help: "base colour"),
                .number(\.tiltThreshold, "tiltThreshold", in: 0...(Double.pi / 2), unit: "rad",
                        help: "altitude below which a touch is 'tilted'"),
            ]
            for i in 0..<BrushStyle.maximumBehaviors {
                let name = "b\(i + 1)"
                list.append(.custom(
                    name, domain: .text(form: "none or " + BrushBehavior.form),
                    help: i == 0 ? "behaviour \(i + 1): source (\(BrushBehavior.Source.allCases.map(\.rawValue).joined(separator: "|"))), input range, curve (\(ResponseCurve.allCases.map(\.rawValue).joined(separator: "|"))), target (\(BrushBehavior.Target.allCases.map(\.rawValue).joined(separator: "|"))), output range, mode (set|multiply|add), when (any or conditions joined by +)" : "behaviour \(i + 1)",
                    read: { .choice($0.behaviors[i]?.text ?? "none") },
                    parse: { (text: String) throws(StageParameterError) in
                        text == "none" ? .choice("none") : .choice(try BrushBehavior(parsing: text, parameter: name).text)
                    },
                    store: { (p: inout Parameters, v: ParameterValue) throws(StageParameterError) in
                        guard case .choice(let s) = v else { throw StageParameterError(parameter: name, problem: "takes a behaviour") }
                        p.behaviors[i] = s == "none" ? nil : try BrushBehavior(parsing: s, parameter: name)
                    }))
            }
            return list
        }()

        /// Lengths are StrokeLab points (``LengthDimension/pt``, the seeds' unit): the base
        /// width, and in each behaviour the input range of a length source (`speed` in pt/s,
        /// `major-radius` in pt) and the output range of a `width` it sets or adds to (a
        /// `multiply` factor has no unit); all are converted to the trace's units.
        public func inTraceUnits(millimetresPerUnit: Double) -> Parameters {
            var p = lengthsConverted(millimetresPerUnit: millimetresPerUnit)
            let f = LengthDimension.pt.factor(millimetresPerUnit: millimetresPerUnit)
            guard f != 1 else { return p }
            for i in p.behaviors.indices {
                guard var b = p.behaviors[i] else { continue }
                if b.source == .speed || b.source == .majorRadius { b.input = (b.input.0 * f, b.input.1 * f) }
                if b.target == .width && b.mode != .multiply { b.output = (b.output.0 * f, b.output.1 * f) }
                p.behaviors[i] = b
            }
            return p
        }

        /// There are exactly ``BrushStyle/maximumBehaviors`` slots.
        public func crossCheck() throws(StageParameterError) {
            guard behaviors.count == BrushStyle.maximumBehaviors else {
                throw StageParameterError(parameter: "", problem: "a brush has \(BrushStyle.maximumBehaviors) behaviour slots, got \(behaviors.count)")
            }
        }
    }

    /// The validated parameters.
    public let parameters: Parameters
    private let active: [BrushBehavior]
    private let baseHSB: (hue: Double, saturation: Double, brightness: Double)
    private var startTime = 0.0

    /// Creates the brush.
    /// - Throws: ``StageParameterError`` when a value is out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        active = parameters.behaviors.compactMap { $0 }
        baseHSB = parameters.color.hsb
    }

    /// The base ink when the brush has no behaviours (then every element gets it), else `nil`.
    public func uniformInk(after ink: InkAttributes) -> InkAttributes? {
        active.isEmpty ? InkAttributes(width: parameters.width, opacity: parameters.opacity, color: parameters.color) : nil
    }

    /// Remembers the stroke's start time (the `time` source).
    public mutating func begin(_ first: AttributedSample) { startTime = first.time }

    /// The base ink with every applicable behaviour applied in order.
    public func style(_ ink: inout InkAttributes, element: PathElement, from start: Point, sample: AttributedSample,
                      previous: AttributedSample) {
        let p = parameters
        var width = p.width, opacity = p.opacity
        var (hue, saturation, brightness) = baseHSB
        var colorChanged = false
        var erase = 0.0
        for b in active where holds(b.condition, sample) {
            guard let x = value(of: b.source, sample: sample, element: element, start: start) else { continue }
            let v = b.value(x)
            func apply(_ target: inout Double) {
                switch b.mode {
                case .set: target = v
                case .multiply: target *= v
                case .add: target += v
                }
            }
            switch b.target {
            case .width: apply(&width)
            case .opacity: apply(&opacity)
            case .hue: apply(&hue); colorChanged = true
            case .saturation: apply(&saturation); colorChanged = true
            case .brightness: apply(&brightness); colorChanged = true
            case .erase: apply(&erase)
            }
        }
        if erase >= 0.5 {
            ink = InkAttributes(width: width, opacity: 1, color: .white, blend: .erase)
        } else {
            let color = colorChanged ? InkColor(hue: hue, saturation: saturation, brightness: brightness) : p.color
            ink = InkAttributes(width: width, opacity: opacity, color: color)
        }
    }

    @inline(__always)
    private func holds(_ c: BrushBehavior.Condition, _ s: AttributedSample) -> Bool {
        if c.isEmpty { return true }
        if c.contains(.stylus), s.kind != .stylus { return false }
        if c.contains(.finger), s.kind != .finger { return false }
        if c.contains(.mouse), s.kind != .mouse { return false }
        if c.contains(.notStylus), s.kind == .stylus { return false }
        if c.contains(.tilted), !(s.altitude < parameters.tiltThreshold) { return false }
        if c.contains(.upright), s.altitude < parameters.tiltThreshold { return false }
        if c.contains(.hasForce), !(s.force > 0) { return false }
        if c.contains(.hasMaxForce), !(s.maximumPossibleForce > 0) { return false }
        if c.contains(.noMaxForce), s.maximumPossibleForce > 0 { return false }
        if c.contains(.hasRadius), !(s.majorRadius > 0) { return false }
        if c.contains(.noRadius), s.majorRadius > 0 { return false }
        return true
    }

    @inline(__always)
    private func value(of source: BrushBehavior.Source, sample s: AttributedSample, element: PathElement,
                       start: Point) -> Double? {
        switch source {
        case .pressure: return s.normalizedForce
        case .force: return s.force
        case .speed: return s.speed
        case .altitude: return s.altitude
        case .tilt: return Double.pi / 2 - s.altitude
        case .azimuth: return s.azimuth
        case .direction: return s.direction
        case .tiltDirection: return ScribbleStyle.foldedAngle(chord: element.endPoint - start, azimuth: s.azimuth)
        case .time: return s.time - startTime
        case .majorRadius: return s.majorRadius
        case .none: return 0
        }
    }
}
