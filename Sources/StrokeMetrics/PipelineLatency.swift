import StrokeCore
import StrokeSmoothing

/// The latency a pipeline adds to the device's own: at each refresh, how far behind the shown
/// frame's newest input sample the ink ends, in time — smoothing that holds samples back,
/// filter lag — minus what a prediction draws past it.
///
/// At refresh T showing frame f, ``Lag`` places the tip where the pen was at T − lag; the
/// device's own latency covers T − t_newest(f) (the display latency and the sample's age, what a
/// pipeline drawing each event's newest sample at once would show), so the pipeline adds
/// a = lag − (T − t_newest(f)) = t_newest(f) − (T − lag). `latency.pipeline_ms` is its mean
/// over the refreshes lag measured; `latency.end_to_end_ms` = ``DeviceLatency/latencyMs`` +
/// that mean: what a person sees on the stated device. Known answers: `coalesced-only`, 0 on
/// any stroke whose ink reaches every sample; a `predict:linear` horizon h on a line, −h;
/// O(refreshes).
public enum PipelineLatency {
    /// The mean added latency (ms) over the refreshes of `seen` that ``Lag`` measured, or `nil`
    /// when it measured none.
    public static func meanMs(_ seen: SeenRefreshes) -> Double? {
        var sum = 0.0, n = 0
        for r in seen.refreshes {
            guard let lag = r.lagMs else { continue }
            sum += lag - (r.time - r.newestSampleTime) * 1000
            n += 1
        }
        return n > 0 ? sum / Double(n) : nil
    }
}
