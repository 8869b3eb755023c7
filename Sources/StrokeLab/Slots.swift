import Foundation

/// Fixed slots written from parallel jobs, one slot per job (each written once).
final class Slots<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    subscript(i: Int) -> Value? {
        get { lock.lock(); defer { lock.unlock() }; return storage[i] }
        set { lock.lock(); storage[i] = newValue; lock.unlock() }
    }
    var values: [Value?] { lock.lock(); defer { lock.unlock() }; return storage }
}
