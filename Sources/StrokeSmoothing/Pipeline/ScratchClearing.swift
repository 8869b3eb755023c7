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
}
