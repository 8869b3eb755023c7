import StrokeCore

/// The naive four-point cubic Bézier of BezierInterpView ("Smooth Freehand Drawing on iOS",
/// seed 001): every three new samples make one cubic from the previous segment's end, the
/// two inner samples as control points.
///
/// Seed code, per `touchesMoved`: `ctr += 1; pts[ctr] = p; if ctr == 3 { moveTo(pts[0]);
/// curveTo(pts[3], pts[1], pts[2]); pts[0] = pts[3]; ctr = 0 }`. `touchesEnded` draws nothing.
///
/// Flaws the article names, kept under ``TailPolicy/published``: the 1–2 samples left when the
/// touch ends are dropped (a small circle may not close), and joins are not smooth (each
/// segment's end tangent `pts[3] − pts[2]` and the next start tangent `pts[1]' − pts[0]'` are
/// unrelated). Under ``TailPolicy/complete`` the pending samples are drawn from the last
/// segment's end as a line (one) or quadratic (two) — the provisional tail while drawing,
/// committed at the end — and a tap is a dot. Each element is styled from the sample it ends
/// at; the next starts at the last sample drawn to (``origin``). O(1) per sample, no
/// allocation.
public struct FourPointBezierInterpolator: PendingSamplesInterpolator {
    /// `interp:bezier4`.
    public static let kind = StageKind.interp
    /// `bezier4`.
    public static let id = "bezier4"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.holdsSamplesBack]
    /// One line.
    public static let summary = "naive four-point cubic Bézier, inner samples as controls (BezierInterpView)"
    /// Seed 001.
    public static let source = "seed 001, Smooth Freehand Drawing on iOS"
    /// Positions only.
    public static let readsKinematics = false

    /// The tail policy.
    public let parameters: TailParameters

    private var p0 = AttributedSample(time: 0, location: .zero)
    private var p1 = AttributedSample(time: 0, location: .zero)
    private var p2 = AttributedSample(time: 0, location: .zero)
    private var count = 0  // the seed's `ctr`: samples held after p0

    var pendingCount: Int { count }
    var anchor: AttributedSample { p0 }
    /// Provenance: the next curve starts at `p0`, the last sample drawn to.
    public var origin: Double? { p0.time }
    mutating func clearPending() { count = 0 }

    /// Creates the builder.
    public init(_ parameters: TailParameters = TailParameters()) { self.parameters = parameters }

    /// Creates the builder with a tail policy.
    public init(tail: TailPolicy) { self.init(TailParameters(tail: tail)) }

    /// `touchesBegan`: `pts[0] = p; ctr = 0`.
    @inline(__always)
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        p0 = sample
        count = 0
    }

    /// `touchesMoved`: buffers the sample and commits a cubic every third sample.
    @inline(__always)
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        switch count {
        case 0: line.keep(sample, in: &p1); count = 1
        case 1: line.keep(sample, in: &p2); count = 2
        default:
            line.moveIfNeeded(to: p0.location, p0)
            line.addCurve(to: sample.location, control1: p1.location, control2: p2.location, sample)
            line.keep(sample, in: &p0)
            p0.time = sample.time   // the next curve (or the pending tail) starts here
            count = 0
        }
    }

    @inline(__always)
    func appendPending(to line: inout Centerline) {
        guard count > 0 else { return }
        line.moveIfNeeded(to: p0.location, p0)
        if count == 1 {
            line.addLine(to: p1.location, p1)
        } else {
            line.addQuadCurve(to: p2.location, control: p1.location, p2)
        }
    }
}
