import RealModule
import StrokeCore

/// Catmull-Rom splines through every sample, uniform, centripetal or chordal (Yuksel, Schaefer
/// and Keyser, "Parameterization and applications of Catmull-Rom curves", CAD 43(7), 2011),
/// emitted as cubic Béziers.
///
/// The segment from P1 to P2, with neighbours P0 and P3, uses knot intervals
/// dᵢ = |Pᵢ₊₁ − Pᵢ|^α (α = 0 uniform, ½ centripetal, 1 chordal) and is the cubic with
/// control points (Barry–Goldman's pyramid converted to Bézier form)
///
///     B1 = P1 + (d1²·(P2 − P1) + d2²·(P1 − P0)) / (3·d1·(d1 + d2))
///     B2 = P2 + (d3²·(P1 − P2) + d2²·(P2 − P3)) / (3·d3·(d3 + d2))
///
/// (α = 0 gives the classic B1 = P1 + (P2 − P0)/6). The curve passes through every sample with
/// C¹ joins in its own parameter (G1 on the page); Yuksel et al. prove that the centripetal
/// form never forms a cusp or a self-intersection within a segment, which the uniform form
/// does when neighbouring chords differ much in length. When d1 = 0 (a duplicated phantom,
/// α > 0) B1 = P1, the formula's limit; likewise B2.
///
/// Streaming: a segment is committed when the sample after its end arrives (it needs P3);
/// until then the segment to the newest sample is the provisional tail. The ends use a
/// phantom point: `ends=reflect` (default) P₋₁ = 2P0 − P1 and Pₙ = 2Pₙ₋₁ − Pₙ₋₂ (the end
/// handles then point along the end chords, a third of the way), `ends=duplicate` P₋₁ = P0 and
/// Pₙ = Pₙ₋₁ (the end handles vanish for α > 0, and are a sixth of the chord for α = 0).
/// Consecutive samples at the same place are merged (the first is kept), so no other knot
/// interval is zero.
///
/// Tail policy (``TailPolicy``): `complete` (the default: the curve through every sample, as
/// drawing apps draw it) shows the last segment as the provisional tail while drawing and
/// commits it at the end, and a tap is a dot; `published` (a bare streaming Catmull-Rom)
/// draws only segments whose next sample has arrived — the last segment is never drawn, and
/// neither is a tap. Each segment is styled from the sample at its end; the next starts at
/// the sample before the newest (``origin``). O(1) per sample, no allocation.
public struct CatmullRomInterpolator: CurveStage {
    /// `interp:catmull-rom`.
    public static let kind = StageKind.interp
    /// `catmull-rom`.
    public static let id = "catmull-rom"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.passesThroughSamples, .holdsSamplesBack, .continuousTangents]
    /// One line.
    public static let summary = "Catmull-Rom through every sample as cubic Béziers: uniform, centripetal (default) or chordal"
    /// Yuksel et al.
    public static let source = "Yuksel, Schaefer, Keyser: Parameterization and applications of Catmull-Rom curves (CAD 2011)"
    /// Positions only.
    public static let readsKinematics = false

    /// The phantom point beyond each end of the stroke.
    public enum Ends: String, Hashable, Sendable, CaseIterable {
        /// The neighbour reflected through the end sample.
        case reflect
        /// The end sample itself.
        case duplicate
    }

    /// Parameters of ``CatmullRomInterpolator``.
    public struct Parameters: StageParameters {
        /// Knot exponent α: 0 uniform, 0.5 centripetal (default), 1 chordal.
        public var alpha = 0.5
        /// Tail policy (default complete).
        public var tail = TailPolicy.complete
        /// Phantom end points (default reflect).
        public var ends = Ends.reflect
        /// The defaults.
        public init() {}
        /// `alpha`, `tail`, `ends`.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.alpha, "alpha", in: 0...1, help: "knot exponent: 0 uniform, 0.5 centripetal (no cusps), 1 chordal"),
            .choice(\.tail, "tail", help: "complete: the last segment is the provisional tail and is committed at the end, a tap is a dot; published: only segments whose next sample arrived"),
            .choice(\.ends, "ends", help: "phantom point beyond each end: reflect (2·end − neighbour) or duplicate (the end sample)"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters

    // The last three distinct samples: a = Pk−2, b = Pk−1, c = Pk (the newest), `count` of them
    // seen so far (capped at 3), and the knot interval of each chord, kept to compute each once.
    private var a = AttributedSample(time: 0, location: .zero)
    private var b = AttributedSample(time: 0, location: .zero)
    private var c = AttributedSample(time: 0, location: .zero)
    private var count = 0
    private var dab = 0.0   // |b − a|^α
    private var dbc = 0.0   // |c − b|^α

    /// Provenance: the next segment starts at b, the sample before the newest (at the first
    /// sample while there is only one).
    public var origin: Double? { count >= 2 ? b.time : c.time }

    /// Creates the builder.
    /// - Throws: ``StageParameterError`` when α is outside 0…1.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
    }

    /// The knot interval |q − p|^α.
    @inline(__always)
    private func knot(_ p: Point, _ q: Point) -> Double {
        let alpha = parameters.alpha
        if alpha == 0 { return 1 }
        let dx = q.x - p.x, dy = q.y - p.y
        let squared = dx * dx + dy * dy
        let d2 = squared.isNormal && squared.isFinite ? squared : Vector(dx: dx, dy: dy).length.squared
        if alpha == 0.5 { return d2.squareRoot().squareRoot() }
        if alpha == 1 { return d2.squareRoot() }
        return Double.pow(d2, alpha / 2)
    }

    /// The phantom beyond `end`, whose neighbour is `inner`.
    @inline(__always)
    private func phantom(end: Point, inner: Point) -> Point {
        parameters.ends == .reflect ? Point(x: 2 * end.x - inner.x, y: 2 * end.y - inner.y) : end
    }

    /// The Bézier handles of the segment p1 → p2 with neighbours p0, p3 and knot intervals
    /// d1 = |p1 − p0|^α, d2 = |p2 − p1|^α, d3 = |p3 − p2|^α.
    @inline(__always)
    static func handles(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ d1: Double, _ d2: Double,
                        _ d3: Double) -> (Point, Point) {
        var h1 = p1, h2 = p2
        let s1 = 3 * d1 * (d1 + d2)
        if s1 > 0, s1.isFinite {
            let w2 = d1 * d1, w0 = d2 * d2
            h1 = Point(x: p1.x + (w2 * (p2.x - p1.x) + w0 * (p1.x - p0.x)) / s1,
                       y: p1.y + (w2 * (p2.y - p1.y) + w0 * (p1.y - p0.y)) / s1)
        }
        let s2 = 3 * d3 * (d3 + d2)
        if s2 > 0, s2.isFinite {
            let w1 = d3 * d3, w3 = d2 * d2
            h2 = Point(x: p2.x + (w1 * (p1.x - p2.x) + w3 * (p2.x - p3.x)) / s2,
                       y: p2.y + (w1 * (p1.y - p2.y) + w3 * (p2.y - p3.y)) / s2)
        }
        return (h1, h2)
    }

    /// Appends the segment p1 → p2 (styled from `end`).
    @inline(__always)
    private func segment(_ p0: Point, _ p1: AttributedSample, _ p2: AttributedSample, _ p3: Point,
                         _ d1: Double, _ d2: Double, _ d3: Double, into line: inout Centerline) {
        let (h1, h2) = Self.handles(p0, p1.location, p2.location, p3, d1, d2, d3)
        line.moveIfNeeded(to: p1.location, p1)
        line.addCurve(to: p2.location, control1: h1, control2: h2, p2)
    }

    /// Starts the stroke at its first sample.
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        c = sample
        count = 1
    }

    /// Takes the sample (unless it repeats the newest one's location) and commits the segment
    /// that ends at the previous sample.
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        guard sample.location != c.location else { return }
        let d = knot(c.location, sample.location)
        switch count {
        case 1:
            b = c
            c = sample
            dbc = d
            count = 2
        case 2:
            // The first segment b → c, with the phantom before b.
            let p0 = phantom(end: b.location, inner: c.location)
            segment(p0, b, c, sample.location, knot(p0, b.location), dbc, d, into: &line)
            a = b; b = c; c = sample
            dab = dbc; dbc = d
            count = 3
        default:
            segment(a.location, b, c, sample.location, dab, dbc, d, into: &line)
            a = b; b = c; c = sample
            dab = dbc; dbc = d
        }
    }

    /// A lift-off sample: fed like a move.
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) { move(sample, into: &line) }

    /// The segment to the newest sample, with the phantom after it (and before the first
    /// sample when it is the stroke's first segment); a dot when the stroke has one sample.
    private func appendLast(to line: inout Centerline) {
        switch count {
        case 0: return
        case 1: line.addDot(at: c.location, c)
        case 2:
            let p0 = phantom(end: b.location, inner: c.location)
            let p3 = phantom(end: c.location, inner: b.location)
            segment(p0, b, c, p3, knot(p0, b.location), dbc, knot(c.location, p3), into: &line)
        default:
            let p3 = phantom(end: c.location, inner: b.location)
            segment(a.location, b, c, p3, dab, dbc, knot(c.location, p3), into: &line)
        }
    }

    /// Under `complete`, commits the last segment (a dot for a one-sample stroke).
    public mutating func finish(into line: inout Centerline) {
        if parameters.tail == .complete { appendLast(to: &line) }
        count = 0
    }

    /// Under `complete`, the segment to the newest sample.
    public func appendProvisionalTail(to tail: inout Centerline) {
        guard parameters.tail == .complete else { return }
        appendLast(to: &tail)
    }

    /// A tail under `complete` only.
    public var hasProvisionalTail: Bool { parameters.tail == .complete }
}

extension Double {
    /// The square.
    @inline(__always) fileprivate var squared: Double { self * self }
}
