import StrokeCore

/// steveruizok/perfect-freehand as an outline maker: the filled polygon of a pressure-
/// sensitive stroke (`getStroke` = `getStrokePoints` + `getStrokeOutlinePoints`, v1.2.2), over
/// every sample the curve builder receives, computed incrementally (``PerfectFreehandStroke``)
/// and equal to the peer's one-shot result bit for bit (``PerfectFreehand``).
///
/// Input points are the samples' positions with pressure force ÷ maximum force where the
/// device reports a maximum force, and no pressure otherwise (the peer's `[x, y]`, which it
/// reads as 0.5). `simulatePressure`: `auto` (default) simulates pressure from the point
/// spacing when the stroke's first sample has no force — the peer's default (true) for such
/// input — and uses the pen's pressure when it has; `on` and `off` force it.
///
/// While drawing, each event's outline is the peer's with `last: false`; at the stroke's end
/// `last` decides (`last=on`: the outline ends at the last sample, as an app passes
/// `last: true` on pointer-up). Only the tail — the last few centre-line points and the caps
/// — is recomputed per event: O(1) amortised per sample, O(tail) per event.
///
/// The centre-line elements' ink gets width `size` (the nominal diameter); the outline is the
/// ink (`strokelab render --render outline`).
public struct PerfectFreehandStyle: StyleStage {
    /// `style:perfect-freehand`.
    public static let kind = StageKind.style
    /// `perfect-freehand`.
    public static let id = "perfect-freehand"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.stylesInk]
    /// One line.
    public static let summary = "steveruizok/perfect-freehand's pressure-sensitive outline (getStroke), computed incrementally"
    /// The peer.
    public static let source = "steveruizok/perfect-freehand 1.2.2 (MIT), getStrokePoints + getStrokeOutlinePoints"
    /// Positions and force only.
    public static let readsKinematics = false
    /// It makes an outline.
    public static let makesOutline = true
    /// Its nominal ink replaces the ink it is given.
    public static let replacesInk = true

    /// When to simulate pressure.
    public enum PressureSource: String, Hashable, Sendable, CaseIterable {
        /// Simulate when the stroke has no force.
        case auto
        /// Always simulate (the peer's default).
        case on
        /// Never simulate: the pen's pressure, or 0.5 without one.
        case off
    }

    /// Parameters of ``PerfectFreehandStyle``: the peer's options, their defaults read from
    /// ``PerfectFreehandOptions`` (the one declaration of the peer's defaults).
    public struct Parameters: StageParameters {
        private static let peer = PerfectFreehandOptions()
        /// Diameter at pressure ½, px.
        public var size = Self.peer.size
        /// Effect of pressure on size.
        public var thinning = Self.peer.thinning
        /// Outline point spacing, fraction of size.
        public var smoothing = Self.peer.smoothing
        /// Streamline.
        public var streamline = Self.peer.streamline
        /// Pressure easing.
        public var easing = Self.peer.easing
        /// Simulated pressure (auto: the peer's `simulatePressure` when the stroke has no force).
        public var simulatePressure = PressureSource.auto
        /// Round start cap.
        public var startCap = Self.peer.start.cap
        /// Start taper.
        public var startTaper = Self.peer.start.taper
        /// Start taper easing.
        public var startEasing = Self.peer.start.easing
        /// Round end cap.
        public var endCap = Self.peer.end.cap
        /// End taper.
        public var endTaper = Self.peer.end.taper
        /// End taper easing.
        public var endEasing = Self.peer.end.easing
        /// `last: true` at the end of the stroke.
        public var last = Self.peer.last
        /// Ink colour (black).
        public var color = InkColor.black
        /// One of the peer's pixels in trace units (1 as written); set by
        /// ``inTraceUnits(millimetresPerUnit:)``, not a label parameter.
        public var pixel = 1.0
        /// The peer's defaults.
        public init() {}

        /// The peer's lengths are CSS pixels (``LengthDimension/px``): `size`, the taper
        /// distances and its own constants (``PerfectFreehandOptions/pixel``) are converted to
        /// the trace's units, so its outline has the same physical shape in any unit.
        public func inTraceUnits(millimetresPerUnit: Double) -> Parameters {
            var p = lengthsConverted(millimetresPerUnit: millimetresPerUnit)
            let f = LengthDimension.px.factor(millimetresPerUnit: millimetresPerUnit)
            if case .distance(let d) = p.startTaper { p.startTaper = .distance(d * f) }
            if case .distance(let d) = p.endTaper { p.endTaper = .distance(d * f) }
            p.pixel = pixel * f
            return p
        }

        /// The peer's options, with `simulate` for `simulatePressure` and `last`.
        public func options(simulate: Bool, last: Bool) -> PerfectFreehandOptions {
            var o = PerfectFreehandOptions()
            o.size = size
            o.thinning = thinning
            o.smoothing = smoothing
            o.streamline = streamline
            o.easing = easing
            o.simulatePressure = simulate
            o.start = PerfectFreehandOptions.End(cap: startCap, taper: startTaper, easing: startEasing)
            o.end = PerfectFreehandOptions.End(cap: endCap, taper: endTaper, easing: endEasing)
            o.last = last
            o.pixel = pixel
            return o
        }

        private static func taper(_ name: String, _ property: WritableKeyPath<Parameters, PerfectFreehandOptions.Taper> & Sendable)
            -> ParameterDeclaration<Parameters>
        {
            .text(property, name, form: "a length in px (0…10000) or full",
                  help: "taper length at the \(name == "startTaper" ? "start" : "end"): 0 none, a distance in px, or full (the whole stroke, the peer's true; makes every outline O(n))",
                  parse: { (text: String) throws(StageParameterError) in
                      if text == "full" || text == "true" { return .full }
                      if text == "false" { return .distance(0) }
                      guard let v = Double(text), v.isFinite, v >= 0, v <= 10_000 else {
                          throw StageParameterError(parameter: name, problem: "takes a length in 0…10000 px or 'full', got '\(text)'")
                      }
                      return .distance(v)
                  },
                  format: { taper in
                      switch taper {
                      case .full: return "full"
                      case .distance(let d): return ParameterValue.number(d).description
                      }
                  })
        }

        /// The peer's options in its order, then the colour.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.size, "size", in: 0...10_000, length: .px, help: "diameter of the stroke at pressure 0.5"),
            .number(\.thinning, "thinning", in: -1...1, help: "effect of pressure on the size (0 none, negative: thinner with pressure)"),
            .number(\.smoothing, "smoothing", in: 0...1, help: "minimum spacing of outline points, as a fraction of the size"),
            .number(\.streamline, "streamline", in: 0...1, help: "how far each centre-line point lags towards the input (0.15 + (1 − streamline)·0.85 of the way)"),
            .choice(\.easing, "easing", help: "easing of pressure"),
            .custom("simulatePressure", domain: .choice(PressureSource.allCases.map(\.rawValue)),
                    help: "auto: simulate pressure from the spacing when the stroke has no force (the peer's true), else the pen's; on/true or off/false force it",
                    read: { .choice($0.simulatePressure.rawValue) },
                    parse: { (text: String) throws(StageParameterError) in
                        switch text {
                        case "auto": return .choice("auto")
                        case "on", "true": return .choice("on")
                        case "off", "false": return .choice("off")
                        default: throw StageParameterError(parameter: "simulatePressure", problem: "must be auto, on or off, got '\(text)'")
                        }
                    },
                    store: { (p: inout Parameters, v: ParameterValue) throws(StageParameterError) in
                        guard case .choice(let s) = v, let source = PressureSource(rawValue: s) else {
                            throw StageParameterError(parameter: "simulatePressure", problem: "must be auto, on or off")
                        }
                        p.simulatePressure = source
                    }),
            .flag(\.startCap, "startCap", help: "round start cap (off: flat); no effect with a start taper"),
            taper("startTaper", \.startTaper),
            .choice(\.startEasing, "startEasing", help: "easing of the start taper"),
            .flag(\.endCap, "endCap", help: "round end cap (off: flat); no effect with an end taper"),
            taper("endTaper", \.endTaper),
            .choice(\.endEasing, "endEasing", help: "easing of the end taper"),
            .flag(\.last, "last", help: "at the stroke's end, end the outline at the last sample (the peer's last: true)"),
            .color(\.color, "color", help: "ink colour"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var stroke: PerfectFreehandStroke      // the stroke being drawn
    private var other: PerfectFreehandStroke       // the same options with the other simulatePressure
    private let ink: InkAttributes
    /// Whether the newest observation ended the stroke with `last` set (the peer's `last`).
    private var tailIsComplete = false

    /// Creates the style.
    /// - Throws: ``StageParameterError`` for a value out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        stroke = PerfectFreehandStroke(options: parameters.options(simulate: true, last: parameters.last))
        other = PerfectFreehandStroke(options: parameters.options(simulate: false, last: parameters.last))
        ink = InkAttributes(width: parameters.size, color: parameters.color)
    }

    /// Starts a stroke; `auto` decides here whether to simulate pressure.
    public mutating func begin(_ first: AttributedSample) {
        let simulating: Bool
        switch parameters.simulatePressure {
        case .on: simulating = true
        case .off: simulating = false
        case .auto: simulating = !(first.maximumPossibleForce > 0 || first.force > 0)
        }
        if stroke.options.simulatePressure != simulating { swap(&stroke, &other) }
        stroke.reset()
        tailIsComplete = false
    }

    /// The nominal width.
    public func style(_ ink: inout InkAttributes, element: PathElement, from start: Point, sample: AttributedSample,
                      previous: AttributedSample) {
        ink = self.ink
    }

    /// Always the nominal width and the colour, whatever the element: a pipeline whose other
    /// styles are uniform too records this ink once per stroke (the stage still makes the
    /// outline).
    public func uniformInk(after ink: InkAttributes) -> InkAttributes? { self.ink }

    /// Feeds the samples and finalises the outline of the points no later sample can change
    /// (O(1) amortised per sample). The tail — the last few points and the caps — is computed
    /// only when an outline is asked for (``appendOutline(to:)``): a replay asks at the end of
    /// the stroke and at the frames it records, not at every event.
    public mutating func observe(_ samples: [AttributedSample], terminal: Bool) {
        for i in samples.indices {
            let s = samples[i]
            let pressure: Double? = s.maximumPossibleForce > 0 ? s.force / s.maximumPossibleForce : nil
            stroke.push(PerfectFreehand.InputPoint(x: s.location.x, y: s.location.y, pressure: pressure))
        }
        stroke.finalizeOutline()
        tailIsComplete = terminal && parameters.last
    }

    /// The outline polygon as it stands: the final outline and the tail computed now, for the
    /// samples so far (`last` at the end of the stroke when set). O(tail).
    public func appendOutline(to polygons: inout [[Point]]) {
        var current = stroke          // the tail is the copy's: this reads the stroke, it does not change it
        current.updateTail(isComplete: tailIsComplete)
        guard !current.isEmpty else { return }
        var polygon: [Point] = []
        current.appendOutline(to: &polygon)
        if !polygon.isEmpty { polygons.append(polygon) }
    }
}
