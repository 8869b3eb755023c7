import StrokeCore
import StrokeSmoothing

/// Which part of the pen's path each piece of ink can stand for, from the ink's provenance:
/// the time order that keeps fidelity linear on paths that revisit the same place.
///
/// Committed element e was built from the input samples of its span [o_e, t_e]
/// (``StrokeSmoothing/StrokeReplay/sampleSpan(ofElement:)``): o_e the origin of the frame that
/// committed it, the input sample at or just before where the curve builder's next element
/// started when that frame's event arrived — however late the builder then commits it (a
/// fitted cubic over 32 samples, a curve drawn only when the next point arrives after a rest,
/// a catch-up at the stroke's end); t_e the newest sample fed by that frame.
/// Filters and smoothing make it stand for the pen at most ``MetricOptions/lagSearchBackMs``
/// earlier than its samples, and ``MetricOptions/lagSearchAheadMs`` keeps a margin after. So
/// element e is compared with the pen's path over [o_e − back, t_e + ahead], and a point of the
/// pen's path with the elements whose windows meet the time span of its fine segment (a few
/// ms; across a recording gap, where the pen's path is unknown, the whole gap). Within those windows the
/// closest point is found as usual; a path drawn a hundred times over then costs one pass per
/// query instead of a hundred. When no element's window meets that span, the elements
/// committed nearest in time stand in.
///
/// The lower ends are made non-decreasing (each the least of its own and every later
/// element's), so the elements of a span are one index range; the upper ends already are.
/// O(elements + frames) to build, O(log elements) per query.
struct FidelityWindows {
    private let lows: [Double]    // per element, o_e − back, non-decreasing
    private let highs: [Double]   // per element, t_e + ahead, non-decreasing

    init(replay: StrokeReplay, options: MetricOptions) {
        let back = options.lagSearchBackMs / 1000, ahead = options.lagSearchAheadMs / 1000
        let count = replay.path.elements.count
        var lows = [Double](repeating: 0, count: count)
        var highs = [Double](repeating: 0, count: count)
        var e = 0
        var latest = -Double.infinity, origin = -Double.infinity
        for f in replay.frames where e < count {
            latest = Swift.max(latest, f.newestSampleTime)
            origin = Swift.min(f.origin, latest)
            while e < Swift.min(f.committedCount, count) {
                highs[e] = latest + ahead
                lows[e] = origin - back
                e += 1
            }
        }
        // Elements no frame counts (none in a replay's record) belong to the last frame.
        while e < count {
            highs[e] = latest + ahead
            lows[e] = origin - back
            e += 1
        }
        var least = Double.infinity
        for k in stride(from: count - 1, through: 0, by: -1) {
            least = Swift.min(least, lows[k])
            lows[k] = least
        }
        self.lows = lows
        self.highs = highs
    }

    /// Whether windows can be formed (the replay committed elements).
    var isUsable: Bool { !lows.isEmpty && highs.allSatisfy(\.isFinite) }

    /// The time window of element `e`.
    func window(element e: Int) -> (low: Double, high: Double) {
        let k = Swift.min(Swift.max(e, 0), lows.count - 1)
        return (lows[k], highs[k])
    }

    /// The elements whose windows meet the time span [`start`, `end`] of a piece of the pen's
    /// path (a few ms along a fine segment; a whole recording gap along the chord that crosses
    /// it), as an index range (never empty when the path has elements).
    func elements(during start: Double, _ end: Double) -> ClosedRange<Int> {
        let n = lows.count
        // First element whose window ends at or after the start.
        var a = 0, b = n
        while a < b {
            let mid = (a + b) / 2
            if highs[mid] >= start { b = mid } else { a = mid + 1 }
        }
        var low = a
        // Last element whose window starts at or before the end.
        a = 0; b = n
        while a < b {
            let mid = (a + b) / 2
            if lows[mid] <= end { a = mid + 1 } else { b = mid }
        }
        var high = a - 1
        let last = n - 1
        if low > high {
            // No window meets the span: the elements committed nearest in time.
            high = Swift.min(low, last)
            low = Swift.max(Swift.min(low - 1, high), 0)
        }
        return Swift.min(low, last)...Swift.min(Swift.max(high, low), last)
    }
}
