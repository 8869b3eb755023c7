/// A double-ended queue on one contiguous ring, for the ink modeler's sliding windows (the
/// wobble smoother's samples, the stylus modeler's raw-input polyline, the loop-contraction
/// speeds), which ink-stroke-modeler keeps in `std::deque`s.
///
/// Appending at the back and removing at the front are O(1) and allocate nothing while the
/// ring has room; a full ring doubles its storage (amortised O(1)), so a window that stays
/// within its preallocated capacity never allocates. Removing elements keeps the storage.
/// Indices are logical: 0 is the front (oldest), `count − 1` the back (newest).
struct InkRingBuffer<Element: Sendable>: Sendable {
    private var storage: [Element]
    private var head = 0
    /// Number of stored elements.
    private(set) var count = 0
    private let filler: Element

    /// Creates an empty ring with room for `capacity` elements (at least 1); `filler` fills
    /// unused slots and is never read back.
    init(capacity: Int, filler: Element) {
        storage = [Element](repeating: filler, count: Swift.max(1, capacity))
        self.filler = filler
    }

    /// True when no element is stored.
    var isEmpty: Bool { count == 0 }

    /// Slots available before the ring grows.
    var capacity: Int { storage.count }

    /// The element at logical position `i` (0 = front). Precondition: `0 ≤ i < count`.
    subscript(i: Int) -> Element {
        get { storage[physical(i)] }
        set { storage[physical(i)] = newValue }
    }

    /// The oldest element. Precondition: not empty.
    var first: Element { storage[head] }

    /// The newest element. Precondition: not empty.
    var last: Element { storage[physical(count - 1)] }

    /// Appends at the back; doubles the storage when full (amortised O(1)).
    mutating func append(_ element: Element) {
        if count == storage.count { grow() }
        storage[physical(count)] = element
        count += 1
    }

    /// Removes the front element. Precondition: not empty.
    mutating func removeFirst() {
        head += 1
        if head == storage.count { head = 0 }
        count -= 1
    }

    /// Removes the `k` oldest elements (`0 ≤ k ≤ count`).
    mutating func removeFirst(_ k: Int) {
        head = (head + k) % storage.count
        count -= k
    }

    /// Removes every element, keeping the storage.
    mutating func removeAll() {
        head = 0
        count = 0
    }

    @inline(__always)
    private func physical(_ i: Int) -> Int {
        let j = head + i
        return j < storage.count ? j : j - storage.count
    }

    private mutating func grow() {
        var bigger = [Element](repeating: filler, count: storage.count * 2)
        for i in 0..<count { bigger[i] = self[i] }
        storage = bigger
        head = 0
    }
}
