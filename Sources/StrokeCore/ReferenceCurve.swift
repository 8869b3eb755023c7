/// A point of a reference curve: where the pen truly was at a time.
public struct TimedPoint: Hashable, Sendable {
    /// Time in seconds.
    public var time: Double
    /// Position in trace units.
    public var location: Point

    /// Creates a timed point.
    @inlinable
    public init(time: Double, location: Point) {
        self.time = time
        self.location = location
    }

    /// Creates a timed point at `(x, y)`.
    @inlinable
    public init(time: Double, x: Double, y: Double) {
        self.init(time: time, location: Point(x: x, y: y))
    }
}

/// Dense ground truth for a stroke: the pen's position over time, sampled finely (1 kHz or
/// better for synthetic traces; all coalesced samples for recorded ones).
///
/// Points are in non-decreasing time order (repeated times are allowed). Position at an
/// arbitrary time is interpolated linearly between the bracketing points and clamped to the
/// ends.
public struct ReferenceCurve: Hashable, Sendable {
    /// The points, in time order.
    public var points: [TimedPoint]

    /// Creates a reference curve.
    /// - Precondition: times are non-decreasing (checked in debug builds only).
    public init(points: [TimedPoint]) {
        assert(zip(points, points.dropFirst()).allSatisfy { $0.time <= $1.time }, "reference times must not decrease")
        self.points = points
    }

    /// Creates a reference from recorded samples (their times and locations).
    public init(samples: [TouchSample]) {
        self.init(points: samples.map { TimedPoint(time: $0.time, location: $0.location) })
    }

    /// True when there are no points.
    @inlinable public var isEmpty: Bool { points.isEmpty }

    /// Time of the first point (0 when empty).
    public var startTime: Double { points.first?.time ?? 0 }
    /// Time of the last point (0 when empty).
    public var endTime: Double { points.last?.time ?? 0 }

    /// The positions alone, as a polyline.
    public var polyline: Polyline { Polyline(points: points.map(\.location)) }

    /// Index of the last point whose time is ≤ `time` (0 if none). O(log n).
    public func index(before time: Double) -> Int {
        var lo = 0, hi = points.count - 1
        guard hi > 0 else { return 0 }
        if time <= points[0].time { return 0 }
        if time >= points[hi].time { return hi }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if points[mid].time <= time { lo = mid } else { hi = mid }
        }
        return lo
    }

    /// The pen position at `time`, linearly interpolated, clamped to the curve's time span.
    /// Repeated timestamps never divide by zero: the later point wins. O(log n).
    /// - Precondition: the curve is not empty.
    public func position(at time: Double) -> Point {
        let i = index(before: time)
        guard i + 1 < points.count else { return points[i].location }
        let a = points[i], b = points[i + 1]
        let dt = b.time - a.time
        guard dt > 0 else { return b.location }
        let u = min(max((time - a.time) / dt, 0), 1)
        return a.location.interpolated(to: b.location, by: u)
    }
}
