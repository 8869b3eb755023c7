import StrokeCore

/// The shared tail handling of curve builders that hold samples back until they have enough
/// for a segment (the seeds' `pts[]`/`ctr` buffers: ``FourPointBezierInterpolator``,
/// ``MidpointBezierInterpolator``).
///
/// Under ``TailPolicy/published`` the seeds' `touchesEnded` draws nothing: lift-off samples
/// are ignored, pending samples are dropped, a tap draws nothing. Under
/// ``TailPolicy/complete`` lift-off samples are fed like moves, the pending samples are shown
/// as the provisional tail while drawing and committed at the end, and a stroke that drew
/// nothing becomes a dot at its first sample.
protocol PendingSamplesInterpolator: CurveStage where Parameters == TailParameters {
    /// Samples held back after the anchor (the seed's `ctr`).
    var pendingCount: Int { get }
    /// The sample pending samples are drawn from (the seed's `pts[0]`).
    var anchor: AttributedSample { get }
    /// Appends the pending samples as elements starting at `anchor` (a `move` first when the
    /// line's current point is elsewhere). Nothing when no sample is pending.
    func appendPending(to line: inout Centerline)
    /// Forgets the pending samples.
    mutating func clearPending()
}

extension PendingSamplesInterpolator {
    /// A lift-off sample: ignored under `published` (the seeds' `touchesEnded` draws nothing),
    /// fed like a move under `complete`.
    @inline(__always)
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) {
        if parameters.tail == .complete { move(sample, into: &line) }
    }

    /// Commits the pending samples under `complete` (a dot if nothing was drawn); drops them
    /// under `published`.
    @inline(__always)
    public mutating func finish(into line: inout Centerline) {
        if parameters.tail == .complete {
            let drewNothing = line.isEmpty
            appendPending(to: &line)
            if drewNothing && pendingCount == 0 { line.addDot(at: anchor.location, anchor) }
        }
        clearPending()
    }

    /// A tail under `complete` only.
    public var hasProvisionalTail: Bool { parameters.tail == .complete }

    /// The pending samples, under `complete` only.
    @inlinable
    public func appendProvisionalTail(to tail: inout Centerline) {
        guard parameters.tail == .complete else { return }
        appendPending(to: &tail)
    }
}
