/// How much the lag varies from refresh to refresh: StrokeLab's measurement of the jitter that
/// ``AsynchronousJitter`` predicts. On a pen moving at speed v, a lag that varies by ΔL moves
/// the ink's end by v·ΔL around its place behind the pen.
///
/// From the per-refresh lags of ``Lag``: spread = max − min (ms, peak to peak) and deviation =
/// the root mean square of the lags about their mean (ms, population). `nil` without lags.
/// O(refreshes).
public struct LatencyJitter: Hashable, Sendable {
    /// max − min of the lag (ms).
    public var spreadMs: Double
    /// RMS deviation of the lag about its mean (ms).
    public var deviationMs: Double

    /// The variation of `lag`'s per-refresh values, or `nil` when it has none.
    public init?(_ lag: Lag) {
        let v = lag.lagsMs
        guard let lo = v.min(), let hi = v.max() else { return nil }
        let mean = v.reduce(0, +) / Double(v.count)
        spreadMs = hi - lo
        deviationMs = (v.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(v.count)).squareRoot()
    }
}
