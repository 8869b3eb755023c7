import RealModule
import StrokeCore

/// Geometry of drawn paths for the curve builders' known-answer tests: points and
/// derivatives of each element, distance from a point to a path, cusp/loop and join checks.
/// Double precision throughout; the searches are numerical (stated per function).
public enum CurveGeometry {
    /// A drawing element with the point it starts from.
    public struct Piece: Sendable {
        /// Where the element starts (the previous element's end point).
        public var start: Point
        /// The element (line, quadratic or cubic; a move is a degenerate piece).
        public var element: PathElement

        /// Creates a piece from its start point and element.
        public init(start: Point, element: PathElement) {
            self.start = start
            self.element = element
        }
    }

    /// The drawing elements of `path` (moves dropped) with their start points.
    public static func pieces(_ path: Path) -> [Piece] {
        var out: [Piece] = []
        path.forEachSegment { start, element in out.append(Piece(start: start, element: element)) }
        return out
    }

    /// The point at `t` ∈ [0, 1] of a piece (Bernstein form; a move or a line interpolates
    /// linearly from the start).
    public static func point(_ p: Piece, _ t: Double) -> Point {
        let s = 1 - t
        switch p.element {
        case .move(let q), .line(let q): return p.start.interpolated(to: q, by: t)
        case .quadCurve(let q, let c):
            return Point(x: s * s * p.start.x + 2 * s * t * c.x + t * t * q.x, y: s * s * p.start.y + 2 * s * t * c.y + t * t * q.y)
        case .curve(let q, let c1, let c2):
            let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
            return Point(x: a * p.start.x + b * c1.x + c * c2.x + d * q.x, y: a * p.start.y + b * c1.y + c * c2.y + d * q.y)
        }
    }

    /// The derivative d/dt at `t` ∈ [0, 1] of a piece (zero for a move).
    public static func derivative(_ p: Piece, _ t: Double) -> Vector {
        let s = 1 - t
        switch p.element {
        case .move: return .zero
        case .line(let q): return q - p.start
        case .quadCurve(let q, let c): return (c - p.start) * (2 * s) + (q - c) * (2 * t)
        case .curve(let q, let c1, let c2):
            return (c1 - p.start) * (3 * s * s) + (c2 - c1) * (6 * s * t) + (q - c2) * (3 * t * t)
        }
    }

    /// The distance from `q` to the pieces: 65 samples per piece, the nearest refined by 80
    /// steps of ternary search around it (a local search: it assumes the distance is unimodal
    /// within one sampling step of the nearest sample); ∞ for no pieces. O(pieces).
    public static func distance(from q: Point, to pieces: [Piece]) -> Double {
        var best = Double.infinity
        for p in pieces {
            let n = 64
            var bestT = 0.0, bestD = Double.infinity
            for i in 0...n {
                let t = Double(i) / Double(n)
                let d = point(p, t).distance(to: q)
                if d < bestD { bestD = d; bestT = t }
            }
            var lo = max(0, bestT - 1.0 / Double(n)), hi = min(1, bestT + 1.0 / Double(n))
            for _ in 0..<80 {
                let m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3
                if point(p, m1).distance(to: q) < point(p, m2).distance(to: q) { hi = m2 } else { lo = m1 }
            }
            best = min(best, bestD, point(p, (lo + hi) / 2).distance(to: q))
        }
        return best
    }

    /// The distance from `p` to the segment `a b` by the region rule — beyond an end, the
    /// distance to that end; else the triangle's height |ap × ab| / |ab| — an independent
    /// closed form for the library's clamped projection (`SegmentGrid.squaredDistance`).
    /// A degenerate segment is its point. O(1).
    public static func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a, bp = p - b
        let length = ab.length
        if length == 0 || ap.dot(ab) <= 0 { return ap.length }
        if bp.dot(ab) >= 0 { return bp.length }
        return abs(ap.cross(ab)) / length
    }

    /// The points at arc length 0, δ, 2δ, … along the polyline `points` plus its last point
    /// when the last of them falls short of it (by more than δ·10⁻⁹), each found by a binary
    /// search of the cumulative lengths: an independent form of the library's walking
    /// resamplers. Zero-length segments are skipped; an empty input gives nothing, a
    /// zero-length one its first point. O(n + (length/δ)·log n).
    public static func resampled(_ points: [Point], step: Double) -> [Point] {
        guard let first = points.first else { return [] }
        var cumulative = [0.0]
        for i in 1..<points.count { cumulative.append(cumulative[i - 1] + points[i - 1].distance(to: points[i])) }
        let total = cumulative[cumulative.count - 1]
        guard total > 0 else { return [first] }
        var out: [Point] = [first]
        var k = 1
        while Double(k) * step <= total {
            let s = Double(k) * step
            // The first vertex j ≥ 1 with cumulative[j] ≥ s > 0: segment j − 1 → j holds s and
            // has a positive length (cumulative[j − 1] < s).
            var lo = 1, hi = cumulative.count - 1
            while lo < hi {
                let mid = (lo + hi) / 2
                if cumulative[mid] >= s { hi = mid } else { lo = mid + 1 }
            }
            let length = cumulative[lo] - cumulative[lo - 1]
            out.append(points[lo - 1].interpolated(to: points[lo], by: (s - cumulative[lo - 1]) / length))
            k += 1
        }
        if total - Double(k - 1) * step > step * 1e-9 { out.append(points[points.count - 1]) }
        return out
    }

    /// Whether a piece has a cusp or a loop: its derivative vanishes (shorter than 1e-6 of
    /// its chord) at one of 513 evenly spaced parameters, or its tangent turns by more than π
    /// along it.
    public static func hasCuspOrLoop(_ p: Piece) -> Bool {
        let chord = max(p.start.distance(to: p.element.endPoint), 1e-300)
        let n = 512
        var turn = 0.0
        var previous: Vector? = nil
        for i in 0...n {
            let d = derivative(p, Double(i) / Double(n))
            if d.length < 1e-6 * chord { return true }
            if let previous { turn += previous.turningAngle(to: d) }
            previous = d
        }
        return abs(turn) > .pi
    }

    /// The turn, radians (absolute), between the end tangent of `a` and the start tangent of
    /// `b`; nil when either tangent is undefined (a degenerate element).
    public static func joinTurn(_ a: Piece, _ b: Piece) -> Double? {
        guard let out = a.element.endTangent(from: a.start), let into = b.element.startTangent(from: b.start) else { return nil }
        return abs(out.turningAngle(to: into))
    }
}
