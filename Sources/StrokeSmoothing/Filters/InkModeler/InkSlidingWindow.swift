/// A double-ended queue kept contiguous, for the ink modeler's sliding windows (the wobble
/// smoother's samples, the stylus modeler's raw-input polyline, the loop-contraction speeds),
/// which ink-stroke-modeler keeps in `std::deque`s.
///
/// The elements are `storage[head ..< head + count]`, in order, so a scan over the window
/// (the stylus projection's, once per modeled point) reads one contiguous buffer with no
/// wrap-around arithmetic (``withElements(from:_:)``). Appending at the back and removing at
/// the front are O(1) amortised and allocate nothing while the window fits: a back that
/// reaches the end of the storage moves the window to the front when it fills at most half
/// the storage (so each move is paid for by as many appends), else the storage doubles.
/// Removing elements keeps the storage. Indices are logical: 0 is the front (oldest),
/// `count − 1` the back (newest).
struct InkSlidingWindow<Element: Sendable>: Sendable {
    private var storage: [Element]
    private var head = 0
    /// Number of stored elements.
    private(set) var count = 0
    private let filler: Element

    /// Creates an empty window with room for `capacity` elements (at least 2); `filler` fills
    /// unused slots and is never read back.
    init(capacity: Int, filler: Element) {
        storage = [Element](repeating: filler, count: Swift.max(2, capacity))
        self.filler = filler
    }

    /// True when no element is stored.
    var isEmpty: Bool { count == 0 }

    /// Slots of the storage.
    var capacity: Int { storage.count }

    /// The element at logical position `i` (0 = front). Precondition: `0 ≤ i < count`.
    subscript(i: Int) -> Element {
        get { storage[head + i] }
        set { storage[head + i] = newValue }
    }

    /// The oldest element. Precondition: not empty.
    var first: Element { storage[head] }

    /// The newest element. Precondition: not empty.
    var last: Element { storage[head + count - 1] }

    /// Calls `body` with the elements from logical position `start` to the back, contiguous
    /// (empty when `start ≥ count`). The buffer is valid only inside `body`.
    @inline(__always)
    func withElements<R>(from start: Int, _ body: (UnsafeBufferPointer<Element>) -> R) -> R {
        storage.withUnsafeBufferPointer { all in
            let from = head + Swift.min(Swift.max(start, 0), count)
            return body(UnsafeBufferPointer(rebasing: all[from ..< head + count]))
        }
    }

    /// Appends at the back (amortised O(1); see the type's documentation).
    mutating func append(_ element: Element) {
        if head + count == storage.count { makeRoom() }
        storage[head + count] = element
        count += 1
    }

    /// Removes the front element. Precondition: not empty.
    mutating func removeFirst() {
        head += 1
        count -= 1
        if count == 0 { head = 0 }
    }

    /// Removes the `k` oldest elements (`0 ≤ k ≤ count`).
    mutating func removeFirst(_ k: Int) {
        head += k
        count -= k
        if count == 0 { head = 0 }
    }

    /// Removes every element, keeping the storage.
    mutating func removeAll() {
        head = 0
        count = 0
    }

    /// The back has reached the end of the storage: move the window to the front when it
    /// fills at most half of it, else double the storage.
    private mutating func makeRoom() {
        if count <= storage.count / 2 {
            for i in 0..<count { storage[i] = storage[head + i] }
        } else {
            var bigger = [Element](repeating: filler, count: storage.count * 2)
            for i in 0..<count { bigger[i] = storage[head + i] }
            storage = bigger
        }
        head = 0
    }
}
