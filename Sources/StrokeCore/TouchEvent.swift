/// The phase of a touch event, as UIKit's `UITouch.Phase` for one tracked touch.
public enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    /// `touchesBegan`: the pen or finger went down.
    case began
    /// `touchesMoved`: new samples while down.
    case moved
    /// `touchesEnded`: lifted.
    case ended
    /// `touchesCancelled`: the system took the touch away; the seeds treat it as ended.
    case cancelled

    /// True for `ended` and `cancelled`, the phases that finish a stroke.
    @inlinable
    public var isTerminal: Bool { self == .ended || self == .cancelled }
}

/// What one `touches…(_:with:)` call delivers for the stroke's touch: a phase, the time it
/// was delivered, the samples that arrived since the previous event (UIKit's coalesced
/// touches, in time order, the last one being the main touch), and any predicted samples.
///
/// Invariant: `samples` is never empty. Readers and generators check this before they build
/// an event; the initializer traps if it is violated.
public struct TouchEvent: Hashable, Sendable {
    /// began, moved, ended or cancelled.
    public var phase: TouchPhase
    /// Delivery time in seconds: when the app's handler ran. Never earlier than the last
    /// sample's time.
    public var time: Double
    /// The coalesced samples in time order; `samples.last` is the main sample.
    public var samples: [TouchSample]
    /// Predicted samples the source recorded with this event (UIKit's `predictedTouches`),
    /// in time order; empty when none.
    public var predicted: [TouchSample]

    /// Creates an event. `time` defaults to the last sample's time.
    /// - Precondition: `samples` is not empty.
    @inlinable
    public init(phase: TouchPhase, time: Double? = nil, samples: [TouchSample], predicted: [TouchSample] = []) {
        precondition(!samples.isEmpty, "a touch event carries at least one sample")
        self.phase = phase
        self.samples = samples
        self.predicted = predicted
        self.time = time ?? samples[samples.count - 1].time
    }

    /// The main sample: what `touches.first` reports, the last coalesced sample.
    @inlinable
    public var main: TouchSample { samples[samples.count - 1] }

    /// How old the main sample is at delivery, `time − main.time`, in seconds (≥ 0).
    @inlinable
    public var mainSampleAge: Double { time - main.time }
}
