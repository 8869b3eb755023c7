import StrokeCore

/// szimek/signature_pad's velocity-weighted Bézier (v5.1.3) as a curve builder that draws its
/// own ink: the curves the library draws, with their widths (``SignaturePadCurveBuilder``:
/// minimum-distance filter, throttle, velocity filter, widths from velocity, the curve
/// control points with the library's handle swap).
///
/// Samples are the library's pointer events: position as is, time `t × 1000` ms (the library
/// stamps `new Date().getTime()` when it handles the event; StrokeLab uses the sample's own
/// time). The first sample is `_strokeBegin`, moves go through the throttle, each sample of the
/// terminal event is handled as `_strokeEnd` does. The library's lengths are CSS pixels: built
/// for a trace (``PipelineDescription/resolved(for:)``) they are converted to its units, its
/// 1 px/ms too (``Parameters/inTraceUnits(millimetresPerUnit:)``); built as written they are
/// read as trace units, which is how the oracle tests run it.
///
/// Ink: the library stamps filled circles of radius `min(w₀ + t³(w₁ − w₀), maxWidth)` at
/// t = i/N, i < N, N = 2⌈length⌉, along each curve — a width that varies as t³. StrokeLab's
/// ink stores one width per element (the full width at its end, twice the library's radius)
/// and renderers interpolate linearly from the previous element's, so each curve is emitted as
/// k consecutive pieces (its exact de Casteljau sub-curves on [j/k, (j+1)/k]), each ending
/// with the library's width there: the linear interpolation of t³ on pieces of length 1/k is
/// within 0.75·|Δw|/k² of it, so k = ⌈√(1.5·|w₁ − w₀| / widthTolerance)⌉ (1…64) keeps the
/// drawn full width within `widthTolerance` of the library's. The geometry is the library's
/// curve exactly (the pieces' ends are points of it, the last the library's end point). What
/// the library paints is the union of the dots, which differs from a stroke swept with the
/// same radius by the scallops between dots (at most r − √(r² − s²/4) for dot spacing s ≤ ½).
/// The first point is a dot of radius `dotSize` or (minWidth + maxWidth)/2.
///
/// Tail policy: `published` (default, the library) commits each curve when the library draws
/// it — when the point after its end is kept — and never draws the curve to the last kept
/// point, nor samples the filter or the throttle dropped; nothing is provisional. `complete`
/// also draws that last curve (the last kept point duplicated as its successor) and reaches
/// the last sample (kept even within `minDistance`): the provisional tail while drawing,
/// committed at the end. Elements are styled from the sample at their end (interpolated
/// along a curve); the next curve starts at the last kept point it has drawn to, however long
/// before it is drawn (``origin``). O(1) per sample (at most 64 pieces per curve), no
/// allocation.
public struct SignaturePadInterpolator: CurveStage {
    /// `interp:signature-pad`.
    public static let kind = StageKind.interp
    /// `signature-pad`.
    public static let id = "signature-pad"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.passesThroughSamples, .holdsSamplesBack, .continuousTangents]
    /// One line.
    public static let summary = "szimek/signature_pad: velocity-weighted Bézier, minimum-distance filter, width from pen speed (t³ along each curve)"
    /// The peer.
    public static let source = "szimek/signature_pad 5.1.3 (MIT), src/signature_pad.ts and src/bezier.ts"
    /// Positions and times only.
    public static let readsKinematics = false
    /// Widths come from the library's velocity model.
    public static let drawsInk = true

    /// Parameters of ``SignaturePadInterpolator``: the library's options, their defaults read
    /// from ``SignaturePadOptions/defaults`` (the one declaration of the library's defaults).
    public struct Parameters: StageParameters {
        private static let library = SignaturePadOptions.defaults
        /// Minimum distance between kept points, px.
        public var minDistance = Self.library.minDistance
        /// Weight of the new velocity (0 means the default, as the library's `||`).
        public var velocityFilterWeight = Self.library.velocityFilterWeight
        /// Narrowest dot radius, px (0 means the default).
        public var minWidth = Self.library.minWidth
        /// Widest dot radius, px (0 means the default).
        public var maxWidth = Self.library.maxWidth
        /// Radius of the first dot, px (0: (minWidth + maxWidth)/2).
        public var dotSize = Self.library.dotSize
        /// Move throttle, ms (0 handles every move).
        public var throttle = Self.library.throttle
        /// Largest difference, px, between the drawn full width and the library's (0.05).
        public var widthTolerance = 0.05
        /// Ink colour (black).
        public var color = InkColor.black
        /// Tail policy (published: the library's).
        public var tail = TailPolicy.published
        /// The library's speed unit in its width rule maxWidth / (v + 1) (v in px/ms), in units
        /// per ms: 1 as written (trace units read as the library's pixels);
        /// ``inTraceUnits(millimetresPerUnit:)`` sets it to one CSS pixel per ms in the trace's
        /// units. Not a label parameter.
        public var unitVelocity = 1.0
        /// The library's defaults.
        public init() {}

        /// The library's lengths are CSS pixels (``LengthDimension/px``), so for a trace in
        /// other units its constants are converted with the declared ones: a 0 `minWidth` or
        /// `maxWidth` (the library's `||` default) becomes its default 0.5 or 2.5 px first, and
        /// the px/ms of the width rule becomes ``unitVelocity`` — the library's widths then
        /// depend on the pen's physical speed, not on the trace's unit.
        public func inTraceUnits(millimetresPerUnit: Double) -> Parameters {
            var p = self
            let o = options.effective
            p.minWidth = o.minWidth
            p.maxWidth = o.maxWidth
            p = p.lengthsConverted(millimetresPerUnit: millimetresPerUnit)
            p.unitVelocity = unitVelocity * LengthDimension.px.factor(millimetresPerUnit: millimetresPerUnit)
            return p
        }

        /// The library's options.
        public var options: SignaturePadOptions {
            var o = SignaturePadOptions()
            o.minDistance = minDistance
            o.velocityFilterWeight = velocityFilterWeight
            o.minWidth = minWidth
            o.maxWidth = maxWidth
            o.dotSize = dotSize
            o.throttle = throttle
            o.unitVelocity = unitVelocity
            return o
        }

        /// Every option, then StrokeLab's.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.minDistance, "minDistance", in: 0...10_000, length: .px, help: "a point closer than this to the last kept point is skipped"),
            .number(\.velocityFilterWeight, "velocityFilterWeight", in: 0...1, help: "weight of the new velocity in the filtered velocity (0 means the default \(ParameterValue.number(library.velocityFilterWeight)), as in the library)"),
            .number(\.minWidth, "minWidth", in: 0...10_000, length: .px, help: "narrowest dot radius (0 means \(ParameterValue.number(library.minWidth))); the drawn stroke is twice as wide"),
            .number(\.maxWidth, "maxWidth", in: 0...10_000, length: .px, help: "widest dot radius (0 means \(ParameterValue.number(library.maxWidth)))"),
            .number(\.dotSize, "dotSize", in: 0...10_000, length: .px, help: "radius of the first point's dot (0: (minWidth + maxWidth)/2)"),
            .number(\.throttle, "throttle", in: 0...10_000, unit: "ms", help: "handle at most one move per this many ms, with a trailing call (0: every move)"),
            .number(\.widthTolerance, "widthTolerance", in: 0.001...100, length: .px, help: "how far the drawn full width may differ from the library's t³ profile (sets how many pieces each curve is drawn in)"),
            .color(\.color, "color", help: "ink colour"),
            .choice(\.tail, "tail", help: "published: the library (the curve to the last kept point is never drawn); complete: draw it and reach the last sample"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var builder: SignaturePadCurveBuilder
    private let maxWidth: Double
    // The samples of the last three kept points (the builder's q0…q2), for styling.
    private var s0 = AttributedSample(time: 0, location: .zero)
    private var s1 = AttributedSample(time: 0, location: .zero)
    private var s2 = AttributedSample(time: 0, location: .zero)
    private var current = AttributedSample(time: 0, location: .zero)   // the sample being handled
    private var stored = AttributedSample(time: 0, location: .zero)    // the latest throttled move
    private var newest: AttributedSample? = nil                         // the last sample received
    private var drawnTo = 0.0                                           // the time of the last point drawn to

    /// Provenance: the next curve starts at the last kept point a curve was drawn to (the
    /// first point before any).
    public var origin: Double? { drawnTo }

    /// Creates the builder.
    /// - Throws: ``StageParameterError`` for a value out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        builder = SignaturePadCurveBuilder(options: parameters.options)
        maxWidth = builder.options.maxWidth
    }

    @inline(__always)
    private static func point(_ s: AttributedSample) -> SignaturePadPoint {
        SignaturePadPoint(x: s.location.x, y: s.location.y, time: s.time * 1000)
    }

    /// Draws one output of the library into `line`.
    @inline(__always)
    private mutating func draw(_ output: SignaturePadOutput, into line: inout Centerline) {
        switch output {
        case .kept(let p, let delayed):
            var s = delayed ? stored : current
            if delayed { s.time = p.time / 1000 }
            s0 = s1
            s1 = s2
            s2 = s
        case .dot(let p, let radius):
            line.append(.move(to: p.location), s2, ink: ink(radius))
            line.append(.line(to: p.location), s2, ink: ink(radius))
        case .curve(let c):
            // The curve runs from the kept point two back (s0) to the previous one (s1). The
            // next starts at s1, and is drawn only when the point after its end is kept:
            // perhaps long after.
            append(c, from: s0, to: s1, into: &line)
            drawnTo = s1.time
        }
    }

    @inline(__always)
    private func ink(_ radius: Double) -> InkAttributes {
        InkAttributes(width: 2 * radius, color: parameters.color)
    }

    /// Appends `c` in k pieces, each with the library's width at its end.
    private func append(_ c: SignaturePadBezier, from a: AttributedSample, to b: AttributedSample,
                        into line: inout Centerline) {
        let delta = (c.endWidth - c.startWidth).magnitude
        var k = 1
        if delta.isFinite, delta > 0 {
            let pieces = (1.5 * delta / parameters.widthTolerance).squareRoot().rounded(.up)
            k = pieces >= 64 ? 64 : max(Int(pieces), 1)
        }
        line.moveIfNeeded(to: c.start, a)
        if k == 1 {
            line.append(.curve(to: c.end, control1: c.control1, control2: c.control2), b,
                        ink: ink(c.width(at: 1, maxWidth: maxWidth)))
            return
        }
        // Power-basis coefficients of the drawn curve: B(t) = p0 + t(3d1) + t²(3d2) + t³d3.
        let p0 = c.start, c1 = c.control1, c2 = c.control2, p3 = c.end
        let ax = 3 * (c1.x - p0.x), ay = 3 * (c1.y - p0.y)
        let bx = 3 * (p0.x - 2 * c1.x + c2.x), by = 3 * (p0.y - 2 * c1.y + c2.y)
        let dx = p3.x - p0.x + 3 * (c1.x - c2.x), dy = p3.y - p0.y + 3 * (c1.y - c2.y)
        let h = 1 / Double(k)
        var start = p0
        // Derivative at the start of each piece, scaled by h/3: the inner handles.
        var d0 = Vector(dx: ax * h / 3, dy: ay * h / 3)
        for j in 1...k {
            let t = j == k ? 1 : Double(j) * h
            let end = j == k ? p3 : Point(x: p0.x + t * (ax + t * (bx + t * dx)), y: p0.y + t * (ay + t * (by + t * dy)))
            let d1 = Vector(dx: (ax + t * (2 * bx + 3 * t * dx)) * h / 3, dy: (ay + t * (2 * by + 3 * t * dy)) * h / 3)
            let sample = line.recordsSamples ? a.interpolated(to: b, by: t) : b
            line.append(.curve(to: end, control1: start + d0, control2: end - d1), sample,
                        ink: ink(c.width(at: t, maxWidth: maxWidth)))
            start = end
            d0 = d1
        }
    }

    /// `_strokeBegin`: the first sample, drawn as a dot.
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        current = sample
        stored = sample
        newest = sample
        drawnTo = sample.time
        var b = builder
        b.strokeBegin(Self.point(sample)) { draw($0, into: &line) }
        builder = b
    }

    /// A pointer move, through the throttle.
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        current = sample
        newest = sample
        var b = builder
        b.strokeMove(Self.point(sample)) { draw($0, into: &line) }
        builder = b
        stored = sample
    }

    /// A sample of the terminal event, handled as `_strokeEnd` handles its event.
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) {
        current = sample
        newest = sample
        var b = builder
        b.strokeEnd(Self.point(sample)) { draw($0, into: &line) }
        builder = b
        stored = sample
    }

    /// Under `complete`, the curve to the last kept point and the last sample; the stroke ends.
    public mutating func finish(into line: inout Centerline) {
        if parameters.tail == .complete { appendCompletion(to: &line) }
        builder.strokeEnd()
        newest = nil
    }

    private mutating func appendCompletion(to line: inout Centerline) {
        guard let newest else { return }
        current = newest
        var b = builder
        b.complete(last: Self.point(newest)) { draw($0, into: &line) }
        builder = b
    }

    /// Under `complete`, what finishing now would add.
    public func appendProvisionalTail(to tail: inout Centerline) {
        guard parameters.tail == .complete else { return }
        var copy = self
        copy.appendCompletion(to: &tail)
    }

    /// A tail under `complete` only.
    public var hasProvisionalTail: Bool { parameters.tail == .complete }
}
