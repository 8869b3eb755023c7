extension Array {
    /// Empties the array and keeps its storage, for scratch buffers emptied once per event or
    /// frame that hold a few elements. `removeAll(keepingCapacity: true)` goes through the
    /// generic `replaceSubrange` (about 65 instructions a call under callgrind, whatever the
    /// count); removing the last element until none is left costs a few per element.
    /// O(count).
    @inline(__always)
    mutating func clearKeepingStorage() {
        while !isEmpty { removeLast() }
    }

    /// ``clearKeepingStorage()`` for a buffer that may hold a whole stroke (a live stroke's
    /// committed line and ink, emptied when the next stroke opens): past 16 elements the
    /// generic removal's fixed cost is the smaller. O(1) or O(count ≤ 16).
    @inline(__always)
    mutating func clearKeepingStorageOfAnySize() {
        if count > 16 { removeAll(keepingCapacity: true) } else { clearKeepingStorage() }
    }
}
