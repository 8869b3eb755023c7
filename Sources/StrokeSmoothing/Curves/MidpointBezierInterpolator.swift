import StrokeCore

/// The midpoint-smoothed cubic Bézier of SmoothedBIView ("Smooth Freehand Drawing on iOS",
/// seed 001): each cubic ends at the midpoint between its second control point and the next
/// sample, so consecutive segments share a tangent direction at every join (G1 continuity).
///
/// Seed code, per `touchesMoved`: `ctr += 1; pts[ctr] = p; if ctr == 4 { pts[3] =
/// midpoint(pts[2], pts[4]); moveTo(pts[0]); curveTo(pts[3], pts[1], pts[2]); pts[0] = pts[3];
/// pts[1] = pts[4]; ctr = 1 }`. `touchesEnded` draws nothing.
///
/// Why it is G1: the segment ends with tangent `pts[3] − pts[2]`, parallel to
/// `pts[4] − pts[2]`; the next starts with tangent `pts[1]' − pts[0]' = pts[4] − pts[3]`,
/// parallel to the same vector.
///
/// Under ``TailPolicy/published`` the 1–3 pending samples and the lift-off sample are left
/// undrawn and a tap draws nothing (the article leaves these as exercises). Under
/// ``TailPolicy/complete`` the lift-off samples are fed like moves and the pending samples
/// are drawn from the last join — a line, a quadratic or a cubic through them, each starting
/// along the join's tangent so G1 holds — as the provisional tail while drawing and committed
/// at the end; a tap is a dot. A join is styled from the attributes halfway between the two
/// samples it lies between; other elements from the sample they end at. The next curve starts
/// at the last join, whose earlier sample is its ``origin``. Smoothing costs
/// latency: the committed end trails the newest sample by one to four samples. O(1) per
/// sample, no allocation.
public struct MidpointBezierInterpolator: PendingSamplesInterpolator {
    /// `interp:midpoint-bezier`.
    public static let kind = StageKind.interp
    /// `midpoint-bezier`.
    public static let id = "midpoint-bezier"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.holdsSamplesBack, .continuousTangents]
    /// One line.
    public static let summary = "midpoint-smoothed cubic Bézier, G1 joins (SmoothedBIView)"
    /// Seed 001.
    public static let source = "seed 001, Smooth Freehand Drawing on iOS"
    /// Positions only.
    public static let readsKinematics = false

    /// The tail policy.
    public let parameters: TailParameters

    private var p0 = AttributedSample(time: 0, location: .zero)
    private var p1 = AttributedSample(time: 0, location: .zero)
    private var p2 = AttributedSample(time: 0, location: .zero)
    private var p3 = AttributedSample(time: 0, location: .zero)
    private var count = 0  // the seed's `ctr`
    private var since = 0.0  // the time of the sample before the last join (provenance)

    var pendingCount: Int { count }
    var anchor: AttributedSample { p0 }
    /// Provenance: the next curve starts at the last join, between the sample at `since` and
    /// the one after it (the first sample before any join).
    public var origin: Double? { since }
    mutating func clearPending() { count = 0 }

    /// Creates the builder.
    public init(_ parameters: TailParameters = TailParameters()) { self.parameters = parameters }

    /// Creates the builder with a tail policy.
    public init(tail: TailPolicy) { self.init(TailParameters(tail: tail)) }

    /// `touchesBegan`: `pts[0] = p; ctr = 0`.
    @inline(__always)
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        p0 = sample
        since = sample.time
        count = 0
    }

    /// `touchesMoved`: buffers the sample and commits a cubic when the buffer is full.
    @inline(__always)
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        switch count {
        case 0: line.keep(sample, in: &p1); count = 1
        case 1: line.keep(sample, in: &p2); p2.time = sample.time; count = 2
        case 2: line.keep(sample, in: &p3); count = 3
        default:
            let mid = p2.location.midpoint(sample.location)
            line.moveIfNeeded(to: p0.location, p0)
            if line.recordsSamples {
                // The join's attributes are only needed when a style reads them.
                var join = p2.interpolated(to: sample, by: 0.5)
                join.location = mid
                line.addCurve(to: mid, control1: p1.location, control2: p2.location, join)
                p0 = join
            } else {
                line.addCurve(to: mid, control1: p1.location, control2: p2.location, p0)
                p0.location = mid
            }
            // The next curve starts at the join, between p2 and this sample.
            since = p2.time
            line.keep(sample, in: &p1)
            count = 1
        }
    }

    /// The pending samples drawn from the last join `p0`.
    @inline(__always)
    func appendPending(to line: inout Centerline) {
        guard count > 0 else { return }
        line.moveIfNeeded(to: p0.location, p0)
        switch count {
        case 1: line.addLine(to: p1.location, p1)
        case 2: line.addQuadCurve(to: p2.location, control: p1.location, p2)
        default: line.addCurve(to: p3.location, control1: p1.location, control2: p2.location, p3)
        }
    }
}
