/// Turns a stream of raw samples into the events UIKit would deliver, one per display frame
/// (DESIGN.md, "Native trace format").
///
/// Rule: the first sample alone is the `began` event, delivered at its own time t₀. Frame
/// k ≥ 1 is delivered at t₀ + k/refresh and holds the samples with t in
/// (t₀ + (k−1)/refresh, t₀ + k/refresh]; frames with no sample deliver no event. The last
/// event is `ended` (or the given terminal phase). A sample is thus up to one frame old when
/// delivered, as on a device. A one-sample stroke (a tap) gives a `began` and an `ended`
/// event that both carry that sample, since UIKit reports the lift-off location too.
public enum FrameGrouping {
    /// Groups `samples` (time order, repeated times allowed) into events.
    ///
    /// Complexity O(n). Frame boundaries are computed from the frame index, not accumulated,
    /// so long strokes do not drift; a sample exactly on a boundary belongs to the frame that
    /// ends there.
    /// - Parameters:
    ///   - samples: the stroke's samples; must not be empty.
    ///   - refreshRateHz: display refresh rate (> 0), 60 by default.
    ///   - terminalPhase: `ended` or `cancelled`.
    /// - Returns: at least two events (`began`, …, terminal).
    public static func events(
        from samples: [TouchSample], refreshRateHz: Double = 60, terminalPhase: TouchPhase = .ended
    ) -> [TouchEvent] {
        precondition(!samples.isEmpty, "a stroke has at least one sample")
        precondition(refreshRateHz > 0 && refreshRateHz.isFinite, "refresh rate must be positive")
        let t0 = samples[0].time
        var events: [TouchEvent] = [TouchEvent(phase: .began, time: t0, samples: [samples[0]])]
        guard samples.count > 1 else {
            events.append(TouchEvent(phase: terminalPhase, time: t0, samples: [samples[0]]))
            return events
        }
        var pending: [TouchSample] = []
        var frame = 1
        // k / refresh is correctly rounded, so a 240 Hz sample i/240 with i = 4k lands exactly
        // on the 60 Hz frame end k/60 (k · (1/60) could be one ulp off).
        func frameEnd(_ k: Int) -> Double { t0 + Double(k) / refreshRateHz }
        // Never before the newest pending sample, even where huge timestamps lose precision.
        func deliveryTime(_ k: Int) -> Double { Swift.max(frameEnd(k), pending[pending.count - 1].time) }
        for sample in samples.dropFirst() {
            if sample.time > frameEnd(frame) {
                if !pending.isEmpty {
                    events.append(TouchEvent(phase: .moved, time: deliveryTime(frame), samples: pending))
                    pending.removeAll(keepingCapacity: true)
                }
                // Jump straight to the frame that holds this sample (pauses skip frames), then
                // correct the at most one frame of rounding at a boundary. Capped so absurd
                // timestamps (1e300 s) cannot overflow or loop.
                let estimate = ((sample.time - t0) * refreshRateHz).rounded(.up)
                var k = Int(Swift.min(Swift.max(estimate, Double(frame + 1)), 1e15))
                if sample.time > frameEnd(k) {
                    k += 1
                } else if k - 1 > frame && sample.time <= frameEnd(k - 1) {
                    k -= 1
                }
                frame = k
            }
            pending.append(sample)
        }
        events.append(TouchEvent(phase: terminalPhase, time: deliveryTime(frame), samples: pending))
        return events
    }
}
