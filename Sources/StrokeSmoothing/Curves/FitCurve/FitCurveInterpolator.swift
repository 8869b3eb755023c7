import StrokeCore

/// Schneider's curve fitting (``CurveFitter``, as Paper.js's `PathFitter`) made streaming: the
/// committed part is fitted once and never revised; the newest samples are refitted at every
/// sample and shown as the provisional tail.
///
/// The samples not yet committed form a window, starting at the end of the committed curve
/// (with the tangent the committed curve ends with, so the curve stays G1 across commits
/// except at corners). At each new sample the window is fitted within `error`: when the fit
/// needs several cubics, all but the last are committed — they fit their samples, and no later
/// sample changes them — and the window restarts at the last one's end. A window longer than
/// `window` samples is cut: its first half is fitted on its own (the cut's tangent from its
/// neighbours) and committed. At the end of the stroke the window's fit is committed. So every
/// sample lies within `error` of the committed curve (at the parameter the fit gave it), and a
/// stroke that one cubic fits within `error` — e.g. samples of a cubic Bézier — comes out as
/// one segment when it has at most `window` samples.
///
/// Corners: where a fit splits and the pen turns by more than `corner` degrees (measured
/// between points at least `error` away on each side), the two sides get one-sided tangents
/// and the turn stays sharp; `corner=180` never.
///
/// Paper.js's tolerance is a squared distance compared with squared errors, and its Newton
/// reparameterisation only runs while the error is below max(tolerance, tolerance²) — never
/// for tolerances up to 1. Here the tolerance is `error`² and the iteration limit
/// max(`error`², `error`⁴, (4·`error`)²), so errors up to four times `error` are first
/// improved by reparameterisation before a split.
///
/// Work per sample is one fit of at most `window` + 1 points (O(window·log window) typical);
/// no allocation once the buffers have grown to the window. Elements are styled from the
/// sample at their end; its ``origin`` is the first sample of the window still being fitted,
/// however long before its cubics are committed; consecutive
/// samples at the same place are merged; a stroke at one place is a dot.
public struct FitCurveInterpolator: CurveStage {
    /// `interp:fit-curve`.
    public static let kind = StageKind.interp
    /// `fit-curve`.
    public static let id = "fit-curve"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.holdsSamplesBack, .continuousTangents]
    /// One line.
    public static let summary = "Schneider's curve fitting (Paper.js PathFitter), streaming: committed cubics fitted once, the newest samples refitted"
    /// Schneider, Paper.js.
    public static let source = "Schneider, An algorithm for automatically fitting digitized curves (Graphics Gems, 1990); Paper.js PathFitter (MIT)"
    /// Positions only.
    public static let readsKinematics = false

    /// Parameters of ``FitCurveInterpolator``.
    public struct Parameters: StageParameters {
        /// Largest distance of a sample from the curve, pt (1).
        public var error = 1.0
        /// Turn above which a split is a corner, degrees (90; 180: no corners).
        public var corner = 90.0
        /// Most samples refitted per sample (32).
        public var window = 32
        /// One point (the unit `error` is declared in) in trace units: 1 as written;
        /// ``inTraceUnits(millimetresPerUnit:)`` sets it. Paper.js's iteration limit
        /// max(tolerance, tolerance²) mixes a squared distance with its square, so it is
        /// evaluated in points. Not a label parameter.
        public var unitLength = 1.0
        /// The defaults.
        public init() {}

        /// `error` converted to the trace's units, and ``unitLength`` with it.
        public func inTraceUnits(millimetresPerUnit: Double) -> Parameters {
            var p = lengthsConverted(millimetresPerUnit: millimetresPerUnit)
            p.unitLength = unitLength * LengthDimension.pt.factor(millimetresPerUnit: millimetresPerUnit)
            return p
        }
        /// `error`, `corner`, `window`.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.error, "error", in: 0.001...1000, length: .pt, help: "largest distance of a sample from the fitted curve"),
            .number(\.corner, "corner", in: 0...180, unit: "degrees", help: "a turn sharper than this where the fit splits stays a corner (180: never)"),
            .integer(\.window, "window", in: 4...4096, help: "most uncommitted samples refitted at each sample (bounds the work per sample)"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var fitter: CurveFitter
    private var points: [Point] = []
    private var samples: [AttributedSample] = []
    private var times: [Double] = []
    private var tangent: Vector? = nil          // the window's start tangent, once something is committed
    private var fitted: [CurveFitter.Cubic] = []
    private var scratch: [CurveFitter.Cubic] = []
    private var drewSomething = false

    /// Creates the builder.
    /// - Throws: ``StageParameterError`` for a value out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        let e = parameters.error
        let tolerance = e * e
        // tolerance² in points² (tolerance/u² is in points²), back in units²: tolerance²/u².
        let squared = tolerance * tolerance / (parameters.unitLength * parameters.unitLength)
        fitter = CurveFitter(tolerance: tolerance, iterationLimit: max(tolerance, squared, 16 * tolerance),
                             cornerAngle: parameters.corner >= 180 ? .pi : parameters.corner * .pi / 180, cornerRadius: e)
        fitter.attempts = 10
        points.reserveCapacity(parameters.window + 2)
        times.reserveCapacity(parameters.window + 2)
        samples.reserveCapacity(parameters.window + 2)
        fitted.reserveCapacity(parameters.window + 2)
        scratch.reserveCapacity(parameters.window + 2)
    }

    /// Starts the window at the first sample.
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        points.removeAll(keepingCapacity: true)
        samples.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
        fitted.removeAll(keepingCapacity: true)
        tangent = nil
        drewSomething = false
        points.append(sample.location)
        samples.append(sample)
        times.append(sample.time)
    }

    /// Adds the sample, refits the window and commits what the fit settled.
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        guard sample.location != points[points.count - 1] else { return }
        points.append(sample.location)
        samples.append(sample)
        times.append(sample.time)
        if points.count > parameters.window + 1 { cut(into: &line) }
        refit()
        if fitted.count >= 2 {
            let keep = fitted.count - 1
            for k in 0..<keep { commit(fitted[k], into: &line) }
            restart(at: fitted[keep - 1].endIndex, tangent: fitted[keep - 1].nextTangent)
            let last = fitted[keep]
            fitted.removeAll(keepingCapacity: true)
            fitted.append(shifted(last, by: last.startIndex))
        }
    }

    /// A lift-off sample: fed like a move.
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) { move(sample, into: &line) }

    /// Commits the window's fit (a dot when the stroke never left its first place).
    public mutating func finish(into line: inout Centerline) {
        if points.count >= 2 {
            for c in fitted { commit(c, into: &line) }
        } else if !drewSomething, let s = samples.first {
            line.addDot(at: s.location, s)
        }
        fitted.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
        samples.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
    }

    /// The window's current fit.
    public func appendProvisionalTail(to tail: inout Centerline) {
        if points.count < 2 {
            if !drewSomething, let s = samples.first { tail.addDot(at: s.location, s) }
            return
        }
        for c in fitted {
            tail.moveIfNeeded(to: c.start, samples[c.startIndex])
            tail.addCurve(to: c.end, control1: c.control1, control2: c.control2, samples[c.endIndex])
        }
    }

    /// Fits the whole window into `fitted`.
    private mutating func refit() {
        fitted.removeAll(keepingCapacity: true)
        let n = points.count
        guard n >= 2 else { return }
        fitter.fit(points, times: times, first: 0, last: n - 1, tan1: tangent, tan2: nil, into: &fitted)
    }

    /// Commits the first half of an over-long window.
    private mutating func cut(into line: inout Centerline) {
        let m = points.count / 2
        var split = points[m - 1] - points[m + 1]
        var next = -split
        let e = parameters.error
        if parameters.corner < 180 {
            var a = m - 1
            while a > 0, points[a].distance(to: points[m]) < e { a -= 1 }
            var b = m + 1
            while b < points.count - 1, points[b].distance(to: points[m]) < e { b += 1 }
            let incoming = points[m] - points[a], outgoing = points[b] - points[m]
            if abs(incoming.turningAngle(to: outgoing)) > parameters.corner * .pi / 180 {
                split = points[a] - points[m]
                next = outgoing
            }
        }
        scratch.removeAll(keepingCapacity: true)
        fitter.fit(points, times: times, first: 0, last: m, tan1: tangent, tan2: split, into: &scratch)
        for c in scratch { commit(c, into: &line) }
        restart(at: m, tangent: next)
    }

    private mutating func commit(_ c: CurveFitter.Cubic, into line: inout Centerline) {
        line.moveIfNeeded(to: c.start, samples[c.startIndex])
        line.addCurve(to: c.end, control1: c.control1, control2: c.control2, samples[c.endIndex])
        drewSomething = true
    }

    /// Drops the window's points before `index` and fixes its start tangent.
    private mutating func restart(at index: Int, tangent: Vector) {
        points.removeFirst(index)
        samples.removeFirst(index)
        times.removeFirst(index)
        self.tangent = tangent
    }

    private func shifted(_ c: CurveFitter.Cubic, by k: Int) -> CurveFitter.Cubic {
        var c = c
        c.startIndex -= k
        c.endIndex -= k
        return c
    }

    /// Shows the fit of the newest samples.
    public var hasProvisionalTail: Bool { true }

    /// Provenance: the next cubic starts at the window's first sample.
    public var origin: Double? { times.first }
}
