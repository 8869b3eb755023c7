import NIOConcurrencyHelpers

/// A bound on the upload bytes the recorder holds in memory at once, across all connections,
/// so that many simultaneous uploads cannot exhaust memory: a connection reserves each body
/// chunk before keeping it and releases its reservation when the upload is done (stored,
/// refused or abandoned). A chunk that does not fit makes the server answer 503 (busy, try
/// again). Thread-safe; O(1) per call.
public final class UploadBudget: Sendable {
    private let state: NIOLockedValueBox<Int>
    /// The most bytes held at once.
    public let capacity: Int

    /// A budget of `capacity` bytes.
    public init(capacity: Int) {
        self.capacity = capacity
        self.state = NIOLockedValueBox(0)
    }

    /// Reserves `bytes`; false (and nothing reserved) when they do not fit.
    public func reserve(_ bytes: Int) -> Bool {
        state.withLockedValue { used in
            guard bytes <= capacity - used else { return false }
            used += bytes
            return true
        }
    }

    /// Returns `bytes` reserved earlier.
    public func release(_ bytes: Int) {
        state.withLockedValue { used in used = max(0, used - bytes) }
    }

    /// The bytes reserved now.
    public var used: Int { state.withLockedValue { $0 } }
}
