/// A styled centre line: path elements, each with the ink at its end point.
///
/// `attributes[i]` is the ink of `path.elements[i]` (for a `move`, the ink at the point it
/// moves to). A segment is drawn with the attributes of its end, as the seeds draw each
/// segment with the width and colour of the touch it ends at; renderers that vary the width
/// along a segment interpolate from the previous element's attributes to its own.
///
/// Appending is amortised O(1); reserve capacity up front so streaming code does not
/// allocate per sample.
public struct InkPath: Hashable, Sendable {
    /// The centre line.
    @inlinable public var path: Path { _path }
    /// The ink at each element's end, parallel to `path.elements` (stored once when uniform).
    @inlinable public var attributes: InkAttributeList { _attributes }

    @usableFromInline var _path: Path
    @usableFromInline var _attributes: InkAttributeList

    /// An empty styled path.
    @inlinable
    public init() {
        _path = Path()
        _attributes = InkAttributeList()
    }

    /// A centre line with the same ink everywhere, stored once. O(1).
    public init(_ path: Path, uniform ink: InkAttributes) {
        _path = path
        _attributes = InkAttributeList(repeating: ink, count: path.elements.count)
    }

    /// A styled path from parallel arrays.
    /// - Precondition: `elements.count == attributes.count`.
    public init(elements: [PathElement], attributes: [InkAttributes]) {
        self.init(elements: elements, attributes: InkAttributeList(attributes))
    }

    /// A styled path from parallel collections.
    /// - Precondition: `elements.count == attributes.count`.
    public init(elements: [PathElement], attributes: InkAttributeList) {
        precondition(elements.count == attributes.count, "one ink attribute per path element")
        _path = Path(elements)
        _attributes = attributes
    }

    /// Number of elements (moves included).
    @inlinable public var count: Int { _attributes.count }
    /// True when there are no elements.
    @inlinable public var isEmpty: Bool { _attributes.isEmpty }
    /// The end of the last element, or `nil` when empty.
    @inlinable public var currentPoint: Point? { _path.elements.last?.endPoint }
    /// The elements.
    @inlinable public var elements: [PathElement] { _path.elements }

    /// Appends one element with its ink.
    @inlinable
    public mutating func append(_ element: PathElement, _ ink: InkAttributes) {
        _path.elements.append(element)
        _attributes.append(ink)
    }

    /// Appends `elements`, all with the same ink (kept uniform when the path is). Amortised
    /// O(elements.count).
    @inlinable
    public mutating func append(_ elements: [PathElement], uniform ink: InkAttributes) {
        _path.elements.append(contentsOf: elements)
        _attributes.append(repeating: ink, count: elements.count)
    }

    /// Appends `elements`, element `i` with ink `attributes[i]`. Amortised O(elements.count).
    /// - Precondition: both arrays have the same count.
    @inlinable
    public mutating func append(_ elements: [PathElement], attributes: [InkAttributes]) {
        precondition(elements.count == attributes.count, "one ink per element")
        _path.elements.append(contentsOf: elements)
        _attributes.append(contentsOf: attributes)
    }

    /// Appends elements `range` of `other`.
    public mutating func append(contentsOf other: InkPath, range: Range<Int>) {
        _path.elements.append(contentsOf: other.path.elements[range])
        _attributes.append(contentsOf: other._attributes, range: range)
    }

    /// Appends every element of `other`.
    public mutating func append(contentsOf other: InkPath) {
        append(contentsOf: other, range: 0..<other.count)
    }

    /// The first `n` elements.
    public func prefix(_ n: Int) -> InkPath {
        let k = Swift.min(Swift.max(n, 0), count)
        return InkPath(elements: Array(path.elements[..<k]), attributes: _attributes.prefix(k))
    }

    /// Elements `range` as a path of their own.
    public subscript(range: Range<Int>) -> InkPath {
        InkPath(elements: Array(path.elements[range]), attributes: _attributes.extracting(range))
    }

    /// Elements `index…` as a path that starts where element `index − 1` ended: a `move` there
    /// (with that element's ink) first, so the first segment keeps its start point. Everything
    /// when `index` ≤ 0; empty when `index` ≥ ``count``.
    public func continuation(from index: Int) -> InkPath {
        guard index > 0 else { return self }
        guard index < count else { return InkPath() }
        var out = InkPath()
        out.reserveCapacity(count - index + 1)
        out.append(.move(to: path.elements[index - 1].endPoint), attributes[index - 1])
        out.append(contentsOf: self, range: index..<count)
        return out
    }

    /// Reserves room for `n` elements.
    @inlinable
    public mutating func reserveCapacity(_ n: Int) {
        _path.reserveCapacity(n)
        _attributes.reserveCapacity(n)
    }

    /// Removes every element, keeping the storage.
    @inlinable
    public mutating func removeAll() {
        _path.removeAll()
        _attributes.removeAll()
    }

    /// Calls `body` with each drawing element, the point it starts from, the ink at its start
    /// (the previous element's attributes; its own for the first) and the ink at its end.
    /// A drawing element before any `move` starts at its own end point. O(n).
    @inlinable
    public func forEachSegment(_ body: (_ start: Point, _ startInk: InkAttributes, _ element: PathElement,
                                        _ endInk: InkAttributes) throws -> Void) rethrows {
        var current: Point? = nil
        var currentInk: InkAttributes? = nil
        let elements = path.elements
        for i in elements.indices {
            let e = elements[i]
            if case .move(let p) = e { current = p; currentInk = attributes[i]; continue }
            try body(current ?? e.endPoint, currentInk ?? attributes[i], e, attributes[i])
            current = e.endPoint
            currentInk = attributes[i]
        }
    }

    /// The widest ink in the path (0 when empty). O(n).
    public var maximumWidth: Double {
        if let u = _attributes.uniformValue { return u.width }
        return _attributes.reduce(0) { Swift.max($0, $1.width) }
    }

    /// Box around every end and control point, grown by half the widest ink. `nil` when empty.
    public var inkBounds: Rect? {
        guard let box = path.controlBounds else { return nil }
        return box.outset(by: maximumWidth / 2)
    }
}
