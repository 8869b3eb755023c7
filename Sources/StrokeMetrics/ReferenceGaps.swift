import StrokeCore

/// Where a recording does not say where the pen was: intervals between consecutive samples
/// longer than ``MetricOptions/referenceGapMs`` across which the pen moved more than
/// ``MetricOptions/lagMatchTolerance``.
///
/// A pen out of range, a lifted stylus that kept reporting, or a dropped burst of samples
/// leave such intervals; interpolating the pen's path across them would invent it (one
/// recording holds 1.8 s after a zero-pressure first sample). A long interval with no movement
/// is no gap: a browser reports no `pointermove` while the pen rests, and the pen's position
/// over that time is known. Lag excludes the display refreshes whose true position lies in a
/// gap (``Lag``); prediction error skips predictions that land in one; the reference geometry
/// crosses one with a straight chord only (``InkGeometry``).
public struct ReferenceGaps: Hashable, Sendable {
    /// One gap: the times of the samples on either side (seconds), start < end.
    public struct Interval: Hashable, Sendable {
        /// Time of the last sample before the gap.
        public var start: Double
        /// Time of the first sample after it.
        public var end: Double
    }

    /// The gaps, in time order, disjoint.
    public var intervals: [Interval]

    /// No gaps.
    public init() { intervals = [] }

    /// The gaps of a time-ordered sequence of positions. O(n).
    /// - Parameters:
    ///   - points: the positions, in time order.
    ///   - maximumInterval: longest interval (s) taken as known.
    ///   - tolerance: movement (units) below which a long interval is a rest, not a gap.
    public init(points: [TimedPoint], maximumInterval: Double, tolerance: Double) {
        intervals = []
        guard points.count > 1 else { return }
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            if b.time - a.time > maximumInterval && a.location.distance(to: b.location) > tolerance {
                intervals.append(Interval(start: a.time, end: b.time))
            }
        }
    }

    /// The gaps of `reference` under `options`.
    public init(reference: ReferenceCurve, options: MetricOptions) {
        self.init(points: reference.points, maximumInterval: options.referenceGapMs / 1000, tolerance: options.lagMatchTolerance)
    }

    /// True when no gap was found.
    public var isEmpty: Bool { intervals.isEmpty }

    /// The number of gaps that ended at or before `time`: two times are in the same gap-free
    /// run when they have the same run. O(log gaps).
    public func run(at time: Double) -> Int {
        var lo = 0, hi = intervals.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if intervals[mid].end <= time { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// True when `time` lies strictly inside a gap. O(log gaps).
    public func contains(_ time: Double) -> Bool {
        let r = run(at: time)
        return r < intervals.count && intervals[r].start < time
    }

    /// The gap-free span [start, end] around `time` (a gap's own interior belongs to no span:
    /// `nil`), bounded by the neighbouring gaps (infinite at the ends).
    public func span(around time: Double) -> (start: Double, end: Double)? {
        let r = run(at: time)
        if r < intervals.count && intervals[r].start < time { return nil }
        let start = r > 0 ? intervals[r - 1].end : -Double.infinity
        let end = r < intervals.count ? intervals[r].start : Double.infinity
        return (start, end)
    }
}
