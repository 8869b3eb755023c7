/// One drawing command of a stroke's path, as in `UIBezierPath`, `CGPath` and Cairo.
///
/// Each element starts where the previous one ended (the path's current point). A `line` to
/// the current point is a zero-length element; a subpath made only of zero-length elements
/// is drawn as a round dot (that is how a tap becomes visible).
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at a point.
    case move(to: Point)
    /// A straight segment to a point.
    case line(to: Point)
    /// A quadratic Bézier to `to` with one control point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier to `to` with two control points (`addCurve(to:controlPoint1:controlPoint2:)`).
    case curve(to: Point, control1: Point, control2: Point)

    /// Where the element ends: the path's current point after it.
    @inlinable
    public var endPoint: Point {
        switch self {
        case .move(let p), .line(let p): return p
        case .quadCurve(let p, _): return p
        case .curve(let p, _, _): return p
        }
    }

    /// True for `move`.
    @inlinable
    public var isMove: Bool {
        if case .move = self { return true }
        return false
    }

    /// True when every coordinate is finite.
    public var isFinite: Bool {
        switch self {
        case .move(let p), .line(let p): return p.isFinite
        case .quadCurve(let p, let c): return p.isFinite && c.isFinite
        case .curve(let p, let c1, let c2): return p.isFinite && c1.isFinite && c2.isFinite
        }
    }

    /// The element's start tangent direction given its start point, or `nil` when the element
    /// is degenerate (all of its points coincide with the start) or a `move`. For Béziers it
    /// is the direction to the first control point that differs from the start.
    public func startTangent(from start: Point) -> Vector? {
        switch self {
        case .move: return nil
        case .line(let p): return (p - start).normalized
        case .quadCurve(let p, let c): return (c - start).normalized ?? (p - start).normalized
        case .curve(let p, let c1, let c2):
            return (c1 - start).normalized ?? (c2 - start).normalized ?? (p - start).normalized
        }
    }

    /// The element's end tangent direction given its start point, or `nil` when degenerate.
    public func endTangent(from start: Point) -> Vector? {
        switch self {
        case .move: return nil
        case .line(let p): return (p - start).normalized
        case .quadCurve(let p, let c): return (p - c).normalized ?? (p - start).normalized
        case .curve(let p, let c1, let c2):
            return (p - c2).normalized ?? (p - c1).normalized ?? (p - start).normalized
        }
    }
}
