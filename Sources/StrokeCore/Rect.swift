/// An axis-aligned rectangle in trace units.
public struct Rect: Hashable, Sendable {
    /// Smallest x and y.
    public var min: Point
    /// Largest x and y.
    public var max: Point

    /// Creates the rectangle spanned by two corners (in any order).
    public init(_ a: Point, _ b: Point) {
        min = Point(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y))
        max = Point(x: Swift.max(a.x, b.x), y: Swift.max(a.y, b.y))
    }

    /// The smallest rectangle holding `points`, or `nil` when empty. O(n).
    public init?<S: Sequence>(bounding points: S) where S.Element == Point {
        var box: Rect? = nil
        for p in points { box = box.including(p) }
        guard let box else { return nil }
        self = box
    }

    /// Width (≥ 0).
    public var width: Double { max.x - min.x }
    /// Height (≥ 0).
    public var height: Double { max.y - min.y }
    /// Centre point.
    public var center: Point { min.midpoint(max) }

    /// The rectangle grown to hold `p`.
    public func including(_ p: Point) -> Rect {
        var r = self
        r.min.x = Swift.min(r.min.x, p.x); r.min.y = Swift.min(r.min.y, p.y)
        r.max.x = Swift.max(r.max.x, p.x); r.max.y = Swift.max(r.max.y, p.y)
        return r
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect { including(other.min).including(other.max) }

    /// The rectangle grown by `d` on every side (shrunk when `d` is negative, down to its
    /// centre).
    public func outset(by d: Double) -> Rect {
        let dx = Swift.max(d, -width / 2), dy = Swift.max(d, -height / 2)
        return Rect(Point(x: min.x - dx, y: min.y - dy), Point(x: max.x + dx, y: max.y + dy))
    }
}

extension Optional where Wrapped == Rect {
    /// The rectangle grown to hold `p`, or the degenerate rectangle at `p` when `nil`.
    public func including(_ p: Point) -> Rect {
        switch self {
        case .none: return Rect(p, p)
        case .some(let r): return r.including(p)
        }
    }
}
