/// Turns a stream of raw samples into the events UIKit would deliver, one per display frame.
///
/// **The display clock.** The display refreshes at times c + k/refresh for every integer k,
/// where c is the clock's origin (`clockOrigin`). The clock does not start with the stroke:
/// a stroke begins at an arbitrary moment of the display's cycle, so its samples are on
/// average half a frame old when delivered — what the time model needs to reproduce the
/// WWDC 2015 figures (about 2.5 frames from touch to display at 60 Hz without prediction).
/// Readers group recorded samples with the origin at 0 (refreshes at whole multiples of the
/// period on the trace's own clock), which is independent of when each stroke starts; the
/// synthetic generator draws a phase per stroke from its seed. Passing the first sample's
/// time as the origin gives the stroke-aligned grouping (every main sample exactly on a
/// refresh, age 0).
///
/// **The rule.** Frame k holds the samples with t in (c + (k−1)/refresh, c + k/refresh] (up to
/// 10⁻⁷ of a period of rounding at the boundaries) and is
/// delivered at its end, c + k/refresh (never before its newest sample, where huge timestamps
/// lose precision); frames with no sample deliver no event. The first sample alone is the
/// `began` event, delivered at the end of its frame V₀; the other samples of that frame, if
/// any, follow as a `moved` event at V₀ too. The last event is `ended` (or the given terminal
/// phase). A one-sample stroke (a tap) gives a `began` and an `ended` event that both carry
/// that sample, since UIKit reports the lift-off location too.
public enum FrameGrouping {
    /// Groups `samples` (time order, repeated times allowed) into events.
    ///
    /// Complexity O(n). Frame boundaries are computed from the frame index, not accumulated,
    /// so long strokes do not drift; a sample exactly on a boundary belongs to the frame that
    /// ends there. Frame indices are computed in `Double` and clamped before conversion, so
    /// absurd timestamps (1e300 s) cannot overflow or loop.
    /// - Parameters:
    ///   - samples: the stroke's samples; must not be empty.
    ///   - refreshRateHz: display refresh rate (> 0), 60 by default.
    ///   - clockOrigin: the time of one display refresh (seconds, finite); 0 by default.
    ///   - terminalPhase: `ended` or `cancelled`.
    /// - Returns: at least two events (`began`, …, terminal).
    public static func events(
        from samples: [TouchSample], refreshRateHz: Double = 60, clockOrigin: Double = 0, terminalPhase: TouchPhase = .ended
    ) -> [TouchEvent] {
        precondition(!samples.isEmpty, "a stroke has at least one sample")
        precondition(refreshRateHz > 0 && refreshRateHz.isFinite, "refresh rate must be positive")
        let c = clockOrigin.isFinite ? clockOrigin : 0
        // k / refresh is correctly rounded, so a 240 Hz sample i/240 with i = 4k lands exactly
        // on the 60 Hz frame end k/60 (k · (1/60) could be one ulp off); a sample within 10⁻⁷
        // of a period after a boundary (rounding, not time) still counts as on it.
        let slack = 1e-7 / refreshRateHz
        func frameEnd(_ k: Int) -> Double { c + Double(k) / refreshRateHz }
        func after(_ t: Double, _ k: Int) -> Bool { t > frameEnd(k) + slack }
        // The frame holding time t: the smallest k with frameEnd(k) + slack ≥ t.
        func frame(of t: Double) -> Int {
            let estimate = ((t - c) * refreshRateHz).rounded(.up)
            var k = Int(Swift.min(Swift.max(estimate.isNaN ? 0 : estimate, -1e15), 1e15))
            if after(t, k) { k += 1 } else if !after(t, k - 1) { k -= 1 }
            return k
        }
        let first = samples[0]
        var current = frame(of: first.time)
        let began = Swift.max(frameEnd(current), first.time)
        var events: [TouchEvent] = [TouchEvent(phase: .began, time: began, samples: [first])]
        guard samples.count > 1 else {
            events.append(TouchEvent(phase: terminalPhase, time: began, samples: [first]))
            return events
        }
        // The samples of the current frame are samples[start..<i]; each event gets an array of
        // exactly its samples (a buffer grown by appending would hold up to twice as many).
        var start = 1
        // Never before the frame's newest sample, even where huge timestamps lose precision.
        func deliveryTime(_ k: Int, _ end: Int) -> Double { Swift.max(frameEnd(k), samples[end - 1].time) }
        for i in 1..<samples.count {
            let sample = samples[i]
            if after(sample.time, current) {
                if i > start {
                    events.append(TouchEvent(phase: .moved, time: deliveryTime(current, i), samples: Array(samples[start..<i])))
                    start = i
                }
                // Jump straight to the frame that holds this sample (pauses skip frames).
                current = Swift.max(frame(of: sample.time), current + 1)
            }
        }
        events.append(TouchEvent(phase: terminalPhase, time: deliveryTime(current, samples.count),
                                 samples: Array(samples[start...])))
        return events
    }
}
