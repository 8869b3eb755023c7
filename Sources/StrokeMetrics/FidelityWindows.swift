import StrokeCore
import StrokeSmoothing

/// Which part of the pen's path each piece of ink can stand for, from the replay's frames:
/// the time order that keeps fidelity linear on paths that revisit the same place.
///
/// An element committed at frame f was drawn from samples up to that frame's newest sample
/// t_f, and from none later; smoothing, filtering and held-back samples make it stand for the
/// pen at most ``MetricOptions/lagSearchBackMs`` earlier than the previous frame's newest
/// sample. So ink committed at frame f is compared with the pen's path over
/// [t_{f−1} − back, t_f + ahead] (ahead = ``MetricOptions/lagSearchAheadMs`` keeps a margin),
/// and a point of the pen's path at time τ with the ink committed at the frames whose window
/// holds τ. Within those windows the closest point is found as usual; a path drawn a hundred
/// times over then costs one pass per query instead of a hundred. When no frame in a window
/// committed anything, the elements committed nearest in time stand in.
struct FidelityWindows {
    private let times: [Double]       // newest sample time per frame, non-decreasing
    private let committed: [Int]      // committed element count per frame, non-decreasing
    private let back: Double
    private let ahead: Double
    private let elementCount: Int

    init(replay: StrokeReplay, options: MetricOptions) {
        var t: [Double] = []
        var c: [Int] = []
        t.reserveCapacity(replay.frames.count)
        c.reserveCapacity(replay.frames.count)
        var latest = -Double.infinity
        var count = 0
        for f in replay.frames {
            latest = Swift.max(latest, f.newestSampleTime)
            count = Swift.max(count, f.committedCount)
            t.append(latest)
            c.append(count)
        }
        times = t
        committed = c
        back = options.lagSearchBackMs / 1000
        ahead = options.lagSearchAheadMs / 1000
        elementCount = replay.path.elements.count
    }

    /// Whether windows can be formed (the replay has frames).
    var isUsable: Bool { !times.isEmpty }

    /// The time window of element `e`.
    func window(element e: Int) -> (low: Double, high: Double) {
        // First frame whose committed count exceeds e.
        var lo = 0, hi = committed.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if committed[mid] > e { hi = mid } else { lo = mid + 1 }
        }
        let f = Swift.min(lo, times.count - 1)
        let previous = f > 0 ? times[f - 1] : times[0]
        return (previous - back, times[f] + ahead)
    }

    /// The elements whose windows hold time `tau`, as an index range (never empty when the
    /// path has elements).
    func elements(at tau: Double) -> ClosedRange<Int> {
        let n = times.count
        // First frame with t_f ≥ τ − ahead.
        var a = 0, b = n
        while a < b {
            let mid = (a + b) / 2
            if times[mid] >= tau - ahead { b = mid } else { a = mid + 1 }
        }
        let fLow = a
        // Last frame whose previous newest time is ≤ τ + back (frame 0's is its own).
        a = 0; b = n
        while a < b {
            let mid = (a + b) / 2
            let previous = mid > 0 ? times[mid - 1] : times[0]
            if previous <= tau + back { a = mid + 1 } else { b = mid }
        }
        let fHigh = a - 1
        let last = Swift.max(elementCount - 1, 0)
        var low = fLow < n ? (fLow > 0 ? committed[fLow - 1] : 0) : elementCount
        var high = fHigh >= 0 ? committed[Swift.min(fHigh, n - 1)] - 1 : -1
        if low > high {
            // Nothing committed in those frames: the elements committed nearest in time.
            high = Swift.min(low, last)
            low = Swift.max(Swift.min(low - 1, high), 0)
        }
        return Swift.min(low, last)...Swift.min(Swift.max(high, low), last)
    }
}
