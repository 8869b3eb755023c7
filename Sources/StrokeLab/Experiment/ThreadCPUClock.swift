import Foundation

/// The CPU time the calling thread has used (`CLOCK_THREAD_CPUTIME_ID`): what `strokelab
/// bench --json` reports beside wall time, since on a loaded machine wall time also counts
/// the wait for a core.
public enum ThreadCPUClock {
    /// Seconds of CPU time the calling thread has used; NaN when the system cannot say.
    public static func seconds() -> Double {
        var t = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) == 0 else { return .nan }
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
}
