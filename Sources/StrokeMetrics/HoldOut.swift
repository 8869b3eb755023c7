import StrokeCore

/// One hold-out for every pipeline: a recorded stroke without ground truth is split once into
/// the samples every pipeline is fed and the samples every pipeline is measured against.
///
/// With stride k ≥ 2, the distinct samples s₀…s_{n−1} of the stroke (every coalesced sample,
/// a sample re-delivered by the next event counted once) are split: sᵢ with 0 < i < n − 1 and
/// i ≡ 0 (mod k) are *held out*; the rest are *fed*. The fed stroke keeps every event with its
/// delivery time, phase and recorded predictions, minus its held-out samples; an event left
/// with no sample is dropped (a display refresh with no new input delivers no event). The
/// reference is s₀, the held-out samples and s_{n−1}, in time order: the stroke's ends are in
/// both, so ink and reference span the same stroke.
///
/// Every pipeline — fed main samples or every coalesced sample — is replayed on the same fed
/// stroke and measured against the same reference, so two pipelines that draw the same thing
/// get the same numbers, and no pipeline is measured against the very samples it was fed.
/// With k = 1 (or fewer than three samples) nothing is held out: the reference is every sample.
/// O(samples).
public enum HoldOut {
    /// The result of a split.
    public struct Split: Hashable, Sendable {
        /// The stroke every pipeline is replayed on.
        public var fed: Stroke
        /// The reference every pipeline is measured against.
        public var reference: ReferenceCurve
        /// Distinct samples fed.
        public var fedCount: Int
        /// Samples held out (not counting the two ends, which are in both).
        public var heldOutCount: Int
    }

    /// Splits `stroke` with stride `k` (see the type's documentation).
    public static func split(_ stroke: Stroke, stride k: Int) -> Split {
        // Distinct sample count first, to know the last index.
        let n = stroke.distinctSampleCount
        var fedEvents: [TouchEvent] = []
        fedEvents.reserveCapacity(stroke.events.count)
        var reference: [TimedPoint] = []
        reference.reserveCapacity(k >= 2 ? n / k + 2 : n)
        var index = -1
        var previousLast: TouchSample? = nil
        var previousKept = true
        var fedCount = 0, held = 0
        var kept: [TouchSample] = []   // reused; each fed event gets an exact copy
        for event in stroke.events {
            kept.removeAll(keepingCapacity: true)
            for (j, sample) in event.samples.enumerated() {
                let redelivered = j == 0 && previousLast == sample
                if redelivered {
                    if previousKept { kept.append(sample) }
                    continue
                }
                index += 1
                let isHeld = k >= 2 && index > 0 && index < n - 1 && index % k == 0
                if isHeld {
                    held += 1
                    reference.append(TimedPoint(time: sample.time, location: sample.location))
                } else {
                    fedCount += 1
                    kept.append(sample)
                    if index == 0 || index == n - 1 || k < 2 {
                        reference.append(TimedPoint(time: sample.time, location: sample.location))
                    }
                }
                previousKept = !isHeld
            }
            previousLast = event.samples.last
            if !kept.isEmpty {
                // Exactly its samples: a buffer reserved for the event's own count would keep a
                // held-out sample's slot in every fed event.
                let samples = [TouchSample](unsafeUninitializedCapacity: kept.count) { buffer, count in
                    count = buffer.initialize(from: kept).1
                }
                fedEvents.append(TouchEvent(phase: event.phase, time: event.time, samples: samples, predicted: event.predicted))
            }
        }
        guard held > 0 else {
            // Too few samples to hold any out: every sample is the reference.
            return Split(fed: stroke, reference: ReferenceCurve(samples: PreparedStroke.distinctSamples(stroke)),
                         fedCount: n, heldOutCount: 0)
        }
        var fed = stroke
        fed.events = fedEvents
        // The first event is always kept (it holds s₀) and so is the last (it holds s_{n−1}).
        return Split(fed: fed, reference: ReferenceCurve(points: reference), fedCount: fedCount, heldOutCount: held)
    }
}
