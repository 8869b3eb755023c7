import StrokeCore

/// The naive four-point cubic Bézier of BezierInterpView ("Smooth Freehand Drawing on iOS",
/// seed 001): every three new samples make one cubic from `pts[0]` to `pts[3]` with the two
/// inner samples as control points.
///
/// Seed code, per `touchesMoved`: `ctr += 1; pts[ctr] = p; if ctr == 3 { moveTo(pts[0]);
/// curveTo(pts[3], pts[1], pts[2]); pts[0] = pts[3]; ctr = 0 }`. `touchesEnded` draws nothing.
///
/// Known flaws, kept under ``TailPolicy/published`` so they can be measured: the curve does
/// not pass through the inner samples; consecutive segments do not share a tangent at their
/// join (no G1 continuity); the last `(n − 1) mod 3` samples of n fed (and the lift-off
/// sample) are never drawn, so a small circle may not close; a tap draws nothing.
///
/// Under ``TailPolicy/complete`` the lift-off samples are fed like moves and the leftover
/// samples are drawn — a line for one, a quadratic with the middle sample as control for
/// two — both as the provisional tail while drawing and committed at the end; a tap is a dot.
/// O(1) per sample, no allocation.
public struct FourPointBezierInterpolator: PendingSamplesInterpolator {
    /// Tail policy (published by default).
    public var tail: TailPolicy

    private var p0 = Point.zero, p1 = Point.zero, p2 = Point.zero
    private var count = 0  // the seed's `ctr`: samples held after p0

    var pendingCount: Int { count }
    var anchor: Point { p0 }
    mutating func clearPending() { count = 0 }

    /// Creates the interpolator.
    public init(tail: TailPolicy = .published) { self.tail = tail }

    /// `touchesBegan`: `pts[0] = p; ctr = 0`.
    public mutating func begin(_ sample: TouchSample, path: inout Path) {
        p0 = sample.location
        count = 0
    }

    /// `touchesMoved`: buffers the sample and commits a cubic when the buffer is full.
    public mutating func move(_ sample: TouchSample, path: inout Path) {
        let p = sample.location
        switch count {
        case 0: p1 = p; count = 1
        case 1: p2 = p; count = 2
        default:
            path.moveIfNeeded(to: p0)
            path.addCurve(to: p, control1: p1, control2: p2)
            p0 = p
            count = 0
        }
    }

    /// The held samples drawn from `p0`: nothing, a line, or a quadratic.
    @inline(__always)
    func appendPending(to elements: inout [PathElement], from current: Point?) {
        guard count > 0 else { return }
        if current != p0 { elements.append(.move(to: p0)) }
        if count == 1 {
            elements.append(.line(to: p1))
        } else {
            elements.append(.quadCurve(to: p2, control: p1))
        }
    }
}
