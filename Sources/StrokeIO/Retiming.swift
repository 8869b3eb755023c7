import StrokeCore

/// Re-times a stroke's samples at a nominal sampling rate, to undo host-time bursts.
///
/// Some recorders stamp samples with the time the host *received* them, at 1 ms resolution.
/// When the driver delivers a backlog at once — wacom-speed does this at the start of every
/// stroke: about ten samples 0–1 ms apart after a 5 ms-period stream — the stamps bunch
/// together and every velocity or latency computed from them is wrong. A sample is never
/// taken after it is received, and the device samples at a fixed period T = 1/rate, so:
///
///     t′ₙ = tₙ (the last sample keeps its time),   t′ᵢ = min(tᵢ, t′ᵢ₊₁ − T)  for i = n−1 … 0.
///
/// A burst is thus spread backwards at the nominal period and ends where it was received;
/// samples already at least T apart are unchanged, so a stream at or below the nominal rate
/// (pauses included) is left alone. Times stay in order, and no two re-timed samples share a
/// time. If the nominal rate is set lower than the device's real rate, samples are pushed
/// further and further back: give the device's true rate. O(n), in place.
public enum Retiming {
    /// Re-times `samples` (one stroke, in time order) at `nominalRateHz` (> 0).
    public static func retime(_ samples: inout [TouchSample], nominalRateHz: Double) {
        precondition(nominalRateHz > 0 && nominalRateHz.isFinite, "the nominal rate must be positive")
        guard samples.count > 1 else { return }
        let period = 1 / nominalRateHz
        var next = samples[samples.count - 1].time
        for i in stride(from: samples.count - 2, through: 0, by: -1) {
            let t = min(samples[i].time, next - period)
            samples[i].time = t
            next = t
        }
    }
}
