import StrokeCore

/// The shared tail handling of interpolators that hold samples back until they have enough
/// for a segment (the seeds' `pts[]`/`ctr` buffers: ``FourPointBezierInterpolator``,
/// ``MidpointBezierInterpolator``).
///
/// Under ``TailPolicy/published`` the seeds' `touchesEnded` draws nothing: lift-off samples
/// are ignored, pending samples are dropped, a tap draws nothing. Under
/// ``TailPolicy/complete`` lift-off samples are fed like moves, the pending samples are shown
/// as the provisional tail while drawing and committed at the end, and a stroke that drew
/// nothing becomes a dot at its first sample.
protocol PendingSamplesInterpolator: StreamingInterpolator {
    /// The tail policy.
    var tail: TailPolicy { get }
    /// Samples held back after the anchor (the seed's `ctr`).
    var pendingCount: Int { get }
    /// Where the pending samples are drawn from (the seed's `pts[0]`).
    var anchor: Point { get }
    /// Appends the pending samples as path elements starting at `anchor` (a `move` first
    /// when `current` is elsewhere). Nothing when no sample is pending.
    func appendPending(to elements: inout [PathElement], from current: Point?)
    /// Forgets the pending samples.
    mutating func clearPending()
}

extension PendingSamplesInterpolator {
    /// A lift-off sample: ignored under `published` (the seeds' `touchesEnded` draws nothing),
    /// fed like a move under `complete`.
    @inlinable
    public mutating func end(_ sample: TouchSample, path: inout Path) {
        if tail == .complete { move(sample, path: &path) }
    }

    /// Commits the pending samples under `complete` (a dot if nothing was drawn); drops them
    /// under `published`.
    @inlinable
    public mutating func finish(path: inout Path) {
        if tail == .complete {
            let drewNothing = path.isEmpty
            let current = path.currentPoint
            appendPending(to: &path.elements, from: current)
            if drewNothing && pendingCount == 0 { path.addDot(at: anchor) }
        }
        clearPending()
    }

    /// The pending samples, under `complete` only.
    @inlinable
    public func appendProvisionalTail(to tail: inout [PathElement], from currentPoint: Point?) {
        guard self.tail == .complete else { return }
        appendPending(to: &tail, from: currentPoint)
    }
}
