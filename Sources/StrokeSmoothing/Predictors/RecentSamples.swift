import StrokeCore

/// The last three observed samples with distinct timestamps, newest last: the fixed-size
/// history the linear and quadratic predictors extrapolate from.
///
/// Repeated timestamps (real tablets produce them) never create a zero time step: a sample
/// whose time is not after the newest one replaces the newest one's location and channels
/// but keeps its time, so consecutive stored times always differ. Timestamps that go
/// backwards (which readers reject) are treated the same way. O(1), no allocation.
struct RecentSamples: Sendable {
    /// Newest sample (all channels), used as the template of predicted samples.
    private(set) var newest = AttributedSample(time: 0, location: .zero)
    /// The two samples before it (time, location): `older` is the oldest.
    private(set) var middle = TimedPoint(time: 0, location: .zero)
    private(set) var older = TimedPoint(time: 0, location: .zero)
    /// How many distinct times are stored (0…3).
    private(set) var count = 0

    /// Forgets every sample.
    mutating func reset() { count = 0 }

    /// Adds a sample (see the type's note on repeated times).
    mutating func add(_ sample: AttributedSample) {
        if count > 0, !(sample.time > newest.time) {
            let time = newest.time
            newest = sample
            newest.time = time
            return
        }
        older = middle
        middle = TimedPoint(time: newest.time, location: newest.location)
        newest = sample
        count = Swift.min(count + 1, 3)
    }

    /// Velocity from the two newest samples, in units per second; `nil` with fewer than two.
    var velocity: Vector? {
        guard count >= 2 else { return nil }
        return (newest.location - middle.location) / (newest.time - middle.time)
    }
}
