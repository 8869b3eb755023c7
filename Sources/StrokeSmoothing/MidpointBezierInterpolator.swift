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
/// at the end; a tap is a dot. Smoothing costs latency: the committed end trails the newest
/// sample by one to four samples. O(1) per sample, no allocation.
public struct MidpointBezierInterpolator: PendingSamplesInterpolator {
    /// Tail policy (published by default).
    public var tail: TailPolicy

    private var p0 = Point.zero, p1 = Point.zero, p2 = Point.zero, p3 = Point.zero
    private var count = 0  // the seed's `ctr`

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
        case 2: p3 = p; count = 3
        default:
            let join = p2.midpoint(p)
            path.moveIfNeeded(to: p0)
            path.addCurve(to: join, control1: p1, control2: p2)
            p0 = join
            p1 = p
            count = 1
        }
    }

    /// The pending samples drawn from the last join `p0`.
    @inline(__always)
    func appendPending(to elements: inout [PathElement], from current: Point?) {
        guard count > 0 else { return }
        if current != p0 { elements.append(.move(to: p0)) }
        switch count {
        case 1: elements.append(.line(to: p1))
        case 2: elements.append(.quadCurve(to: p2, control: p1))
        default: elements.append(.curve(to: p3, control1: p1, control2: p2))
        }
    }
}
