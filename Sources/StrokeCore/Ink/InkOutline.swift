import RealModule

/// The area a styled centre line covers, as convex polygons: each drawn segment becomes the
/// convex hull of the discs at its ends (a *capsule*: round caps, and round joins where
/// capsules meet), with radii half the ink width at each end. The union of the capsules —
/// filled with the non-zero rule, every polygon counter-clockwise in a y-up frame (so all
/// share one orientation in any frame) — is exactly the region a round-capped, round-joined
/// stroke of linearly varying width covers, up to the circle flattening tolerance.
///
/// Curves are flattened first (Wang's bound at `tolerance`), and the width varies linearly
/// along each element from its start ink to its end ink. A zero-length segment is a disc (a
/// tap's dot). Polygons are produced one at a time (``forEachPolygon(of:tolerance:_:)``), so
/// even a stroke of 10⁶ segments needs memory for one polygon only.
///
/// Circle flattening: an arc of radius r is cut into steps of angle 2·acos(1 − tol/r)
/// (sagitta ≤ tol), at least 8 and at most 256 per full turn. Complexity O(segments ·
/// vertices per polygon).
public enum InkOutline {
    /// Calls `body` with each capsule polygon of `ink` (counter-clockwise in a y-up frame).
    /// `scratch` is reused between polygons. Elements with non-finite points are skipped.
    public static func forEachPolygon(of ink: InkPath, tolerance: Double = 0.05,
                                      _ body: (_ polygon: [Point], _ ink: InkAttributes) -> Void) {
        let tol = tolerance > 0 && tolerance.isFinite ? tolerance : 0.05
        var polygon: [Point] = []
        var flat: [Point] = []
        ink.forEachSegment { start, startInk, element, endInk in
            flat.removeAll(keepingCapacity: true)
            Path([.move(to: start), element]).flatten(tolerance: tol, into: &flat)
            guard flat.count >= 2, flat.allSatisfy(\.isFinite) else { return }
            // Width varies linearly with the flattened vertex index (uniform in the curve's
            // parameter for curves, exact along lines).
            let n = flat.count - 1
            var drewAny = false
            for i in 1...n {
                let a = flat[i - 1], b = flat[i]
                if a == b && (drewAny || i < n) { continue }
                let ra = (startInk.width + (endInk.width - startInk.width) * Double(i - 1) / Double(n)) / 2
                let rb = (startInk.width + (endInk.width - startInk.width) * Double(i) / Double(n)) / 2
                capsule(a, ra, b, rb, tolerance: tol, into: &polygon)
                if polygon.count >= 3 { body(polygon, endInk) }
                drewAny = true
            }
        }
    }

    /// The convex hull of the disc of radius `ra` at `a` and the disc of radius `rb` at `b`,
    /// counter-clockwise in a y-up frame, into `out` (replacing its contents). One disc when a
    /// disc contains the other. Empty when both radii are 0.
    public static func capsule(_ a: Point, _ ra: Double, _ b: Point, _ rb: Double, tolerance: Double,
                               into out: inout [Point]) {
        out.removeAll(keepingCapacity: true)
        let ra = max(ra, 0), rb = max(rb, 0)
        guard ra > 0 || rb > 0 else { return }
        let d = b - a
        let length = d.length
        if length <= abs(ra - rb) {
            // One disc contains the other (or the segment has no length).
            let (c, r) = ra >= rb ? (a, ra) : (b, rb)
            arc(c, r, from: 0, to: 2 * .pi, tolerance: tolerance, into: &out, closing: false)
            return
        }
        let theta = Double.atan2(y: d.dy, x: d.dx)
        let phi = Double.acos((ra - rb) / length)   // angle of the tangent points from the axis
        // Front of b: from θ−φ to θ+φ; back of a: from θ+φ to θ−φ+2π. Counter-clockwise.
        arc(b, rb, from: theta - phi, to: theta + phi, tolerance: tolerance, into: &out, closing: true)
        arc(a, ra, from: theta + phi, to: theta - phi + 2 * .pi, tolerance: tolerance, into: &out, closing: true)
    }

    /// Appends the arc of radius r around c from angle a0 to a1 (a1 > a0), both ends included
    /// when `closing` (a full circle when not, without repeating its first point).
    static func arc(_ c: Point, _ r: Double, from a0: Double, to a1: Double, tolerance: Double,
                    into out: inout [Point], closing: Bool) {
        if r <= 0 { out.append(c); return }
        let step: Double
        if tolerance >= r { step = 2 * .pi / 8 } else {
            step = min(max(2 * Double.acos(1 - tolerance / r), 2 * .pi / 256), 2 * .pi / 8)
        }
        let sweep = a1 - a0
        let n = max(Int((sweep / step).rounded(.up)), 1)
        let last = closing ? n : n - 1
        for i in 0...last {
            let a = a0 + sweep * Double(i) / Double(n)
            out.append(Point(x: c.x + r * Double.cos(a), y: c.y + r * Double.sin(a)))
        }
    }
}
