/// A stroke's geometry: a sequence of ``PathElement``s, appended as an interpolator commits
/// them.
///
/// Appending is amortised O(1); reserve capacity up front (one element per input sample is
/// always enough for the seed interpolators) so streaming code does not allocate per sample.
public struct Path: Hashable, Sendable {
    /// The elements in drawing order.
    public var elements: [PathElement]

    /// An empty path.
    @inlinable
    public init() { elements = [] }

    /// A path made of `elements`.
    @inlinable
    public init(_ elements: [PathElement]) { self.elements = elements }

    /// True when the path has no elements.
    @inlinable public var isEmpty: Bool { elements.isEmpty }

    /// The current point: the end of the last element, or `nil` for an empty path.
    @inlinable
    public var currentPoint: Point? { elements.last?.endPoint }

    /// Number of drawing elements, `move`s excluded: the `path.elements` metric.
    public var drawingElementCount: Int { elements.reduce(0) { $0 + ($1.isMove ? 0 : 1) } }

    /// Reserves room for `n` elements.
    @inlinable
    public mutating func reserveCapacity(_ n: Int) { elements.reserveCapacity(n) }

    /// Removes every element, keeping the storage.
    @inlinable
    public mutating func removeAll() { if !elements.isEmpty { elements.removeAll(keepingCapacity: true) } }

    /// Appends `move(to:)`.
    @inlinable
    public mutating func move(to p: Point) { elements.append(.move(to: p)) }

    /// Appends `move(to: p)` unless the current point already is `p`, so that consecutive
    /// segments stay one subpath (joined, not capped) as they look on screen.
    @inlinable
    public mutating func moveIfNeeded(to p: Point) {
        if currentPoint != p { elements.append(.move(to: p)) }
    }

    /// Appends `line(to:)`.
    @inlinable
    public mutating func addLine(to p: Point) { elements.append(.line(to: p)) }

    /// Appends a quadratic Bézier.
    @inlinable
    public mutating func addQuadCurve(to p: Point, control c: Point) {
        elements.append(.quadCurve(to: p, control: c))
    }

    /// Appends a cubic Bézier.
    @inlinable
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point) {
        elements.append(.curve(to: p, control1: c1, control2: c2))
    }

    /// Appends a dot at `p`: a `move` and a zero-length `line`, which renderers draw as a
    /// round dot.
    @inlinable
    public mutating func addDot(at p: Point) {
        elements.append(.move(to: p))
        elements.append(.line(to: p))
    }

    /// Appends another path's elements.
    @inlinable
    public mutating func append(contentsOf other: Path) { elements.append(contentsOf: other.elements) }

    /// Calls `body` with each drawing element and the point it starts from. A drawing
    /// element before any `move` starts at its own end point (a zero-length start). O(n).
    @inlinable
    public func forEachSegment(_ body: (_ start: Point, _ element: PathElement) throws -> Void) rethrows {
        var current: Point? = nil
        for e in elements {
            if case .move(let p) = e { current = p; continue }
            try body(current ?? e.endPoint, e)
            current = e.endPoint
        }
    }

    /// The axis-aligned box that holds every end and control point (a superset of the drawn
    /// curve), or `nil` for an empty path. O(n).
    public var controlBounds: Rect? {
        var box: Rect? = nil
        for e in elements {
            switch e {
            case .move(let p), .line(let p): box = box.including(p)
            case .quadCurve(let p, let c): box = box.including(p).including(c)
            case .curve(let p, let c1, let c2): box = box.including(p).including(c1).including(c2)
            }
        }
        return box
    }
}
