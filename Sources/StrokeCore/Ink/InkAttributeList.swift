/// The ink of each element of an ``InkPath``: one ``InkAttributes`` per element, stored once
/// when every element has the same ink.
///
/// An unstyled pipeline's ink is the same everywhere (``InkAttributes/default``); storing it
/// per element would write ~56 bytes per sample for nothing. A uniform list keeps one value
/// and a count, and stays uniform as long as what is appended equals that value; anything
/// else turns it into an explicit array (O(n) once). Both forms read the same: a random-access
/// collection of `count` attributes, equal when their elements are equal, whatever the form.
///
/// Complexity: subscript and `count` O(1); appending amortised O(1); `==` and hashing O(n).
public struct InkAttributeList: RandomAccessCollection, Hashable, Sendable {
    /// When non-nil, every one of the ``count`` elements is this value and `_values` is empty.
    @usableFromInline var _uniform: InkAttributes?
    @usableFromInline var _count: Int
    @usableFromInline var _values: [InkAttributes]

    /// An empty list.
    @inlinable
    public init() {
        _uniform = nil
        _count = 0
        _values = []
    }

    /// `count` copies of `ink`, stored once.
    /// - Precondition: `count >= 0`.
    @inlinable
    public init(repeating ink: InkAttributes, count: Int) {
        precondition(count >= 0, "a negative count")
        _uniform = count > 0 ? ink : nil
        _count = count
        _values = []
    }

    /// The given attributes, stored as they are.
    @inlinable
    public init(_ values: [InkAttributes]) {
        _uniform = nil
        _count = values.count
        _values = values
    }

    /// Always 0.
    @inlinable public var startIndex: Int { 0 }
    /// The number of attributes.
    @inlinable public var endIndex: Int { _count }
    /// The number of attributes.
    @inlinable public var count: Int { _count }
    /// The single value every element has, when the list is stored uniform (`nil` when it is
    /// stored explicitly or empty — an explicit list may still happen to hold equal values).
    @inlinable public var uniformValue: InkAttributes? { _uniform }

    /// The ink of element `index`.
    /// - Precondition: `0 <= index < count`.
    @inlinable
    public subscript(index: Int) -> InkAttributes {
        get {
            if let u = _uniform {
                precondition(index >= 0 && index < _count, "ink attribute index out of range")
                return u
            }
            return _values[index]
        }
        set {
            if _uniform == newValue, index >= 0, index < _count { return }
            materialize()
            _values[index] = newValue
        }
    }

    /// Appends one attribute. A uniform list stays uniform when `ink` equals its value.
    @inlinable
    public mutating func append(_ ink: InkAttributes) {
        if _count == 0 {                   // a list's first value starts it uniform
            _uniform = ink
            _values.removeAll(keepingCapacity: true)
            _count = 1
            return
        }
        if let u = _uniform {
            if u == ink { _count += 1; return }
            materialize()
        }
        _values.append(ink)
        _count += 1
    }

    /// Appends `n` copies of `ink`: O(1) when the list is empty or uniform with that value.
    @inlinable
    public mutating func append(repeating ink: InkAttributes, count n: Int) {
        guard n > 0 else { return }
        if _count == 0 {
            _uniform = ink
            _values.removeAll(keepingCapacity: true)
            _count = n
            return
        }
        if let u = _uniform {
            if u == ink { _count += n; return }
            materialize()
        }
        _values.append(contentsOf: repeatElement(ink, count: n))
        _count += n
    }

    /// Appends `values` in order (stored explicitly). Amortised O(values.count).
    @inlinable
    public mutating func append(contentsOf values: [InkAttributes]) {
        guard !values.isEmpty else { return }
        if _uniform != nil { materialize() }
        _values.append(contentsOf: values)
        _count += values.count
    }

    /// Appends elements `range` of `other`.
    /// - Precondition: `range` lies within `other`.
    @inlinable
    public mutating func append(contentsOf other: InkAttributeList, range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= other._count, "ink attribute range out of bounds")
        if let u = other._uniform {
            append(repeating: u, count: range.count)
        } else if !range.isEmpty {
            if _uniform != nil { materialize() }
            _values.append(contentsOf: other._values[range])
            _count += range.count
        }
    }

    /// The first `n` attributes (clamped to the list), in the same form. O(n) when explicit.
    @inlinable
    public func prefix(_ n: Int) -> InkAttributeList {
        let k = Swift.min(Swift.max(n, 0), _count)
        if let u = _uniform { return InkAttributeList(repeating: u, count: k) }
        return InkAttributeList(Array(_values[..<k]))
    }

    /// Elements `range` as a list of their own, in the same form.
    @inlinable
    public func extracting(_ range: Range<Int>) -> InkAttributeList {
        precondition(range.lowerBound >= 0 && range.upperBound <= _count, "ink attribute range out of bounds")
        if let u = _uniform { return InkAttributeList(repeating: u, count: range.count) }
        return InkAttributeList(Array(_values[range]))
    }

    /// Reserves room for `n` explicit attributes (a uniform list needs none).
    @inlinable
    public mutating func reserveCapacity(_ n: Int) {
        if _uniform == nil { _values.reserveCapacity(n) }
    }

    /// Removes every attribute, keeping the storage (nothing to do when empty: emptying an
    /// empty array still costs a generic call).
    @inlinable
    public mutating func removeAll() {
        _uniform = nil
        _count = 0
        if !_values.isEmpty { _values.removeAll(keepingCapacity: true) }
    }

    /// Stores a uniform list explicitly (one value per element).
    @usableFromInline
    mutating func materialize() {
        guard let u = _uniform else { return }
        _values.removeAll(keepingCapacity: true)
        _values.append(contentsOf: repeatElement(u, count: _count))
        _uniform = nil
    }

    /// Equal when both hold the same attributes in order, whichever way each is stored.
    @inlinable
    public static func == (a: InkAttributeList, b: InkAttributeList) -> Bool {
        guard a._count == b._count else { return false }
        if let u = a._uniform, let v = b._uniform { return u == v }
        return a.elementsEqual(b)
    }

    /// Hashes the count and every attribute (the same for both storage forms).
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_count)
        for a in self { hasher.combine(a) }
    }
}
