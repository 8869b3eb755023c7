import StrokeCore

/// A streaming "connect the dots" strategy: fed one sample at a time, in the order UIKit
/// delivers them, it appends *committed* path elements and can report a *provisional* tail.
///
/// The calls mirror a `UIView`'s touch handlers, so a seed view's code maps line for line:
/// ``begin(_:path:)`` is `touchesBegan`, ``move(_:path:)`` one `touchesMoved` sample,
/// ``end(_:path:)`` one sample delivered with `touchesEnded`/`touchesCancelled` (the seeds
/// differ in whether they draw it), and ``finish(path:)`` closes the stroke according to the
/// tail policy. Committed elements are never revised; the provisional tail is what the app
/// draws on top of its committed image until the next event.
///
/// Conformers are value types with fixed-size state: no call may allocate, except for the
/// amortised growth of the caller's `path` and `tail` buffers.
public protocol StreamingInterpolator: Sendable {
    /// Starts a stroke at its first sample, discarding any state from a previous stroke.
    mutating func begin(_ sample: TouchSample, path: inout Path)
    /// Feeds one sample of a `moved` event.
    mutating func move(_ sample: TouchSample, path: inout Path)
    /// Feeds one sample delivered with the terminal (`ended` or `cancelled`) event.
    mutating func end(_ sample: TouchSample, path: inout Path)
    /// Ends the stroke after its last sample: flushes or drops pending samples according to
    /// the tail policy. The provisional tail is empty afterwards.
    mutating func finish(path: inout Path)
    /// Appends the provisional tail to `tail`. It continues from `currentPoint`, the end of
    /// the committed path (passed instead of the path so no buffer is retained per event);
    /// when that is `nil` or elsewhere, the tail starts with a `move`. Empty for interpolators
    /// that commit every sample at once.
    func appendProvisionalTail(to tail: inout [PathElement], from currentPoint: Point?)
}

/// What a seed interpolator does with samples it holds when the stroke ends.
public enum TailPolicy: String, Sendable, Hashable, CaseIterable {
    /// Exactly the seed's behaviour: bezier4 drops its 1–2 leftover samples, midpoint-bezier
    /// leaves its pending samples undrawn, coalesced-only ignores the lift-off samples, and a
    /// tap draws nothing.
    case published
    /// Always reaches the last sample: pending samples are shown as a provisional tail while
    /// drawing and committed at the end; a tap or a one-sample stroke becomes a dot.
    case complete
}
