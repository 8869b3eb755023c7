import StrokeCore

/// Straight segments from sample to sample: LinearInterpView from "Smooth Freehand Drawing
/// on iOS" (seed 001) when fed main samples, and Scribble's per-coalesced-touch segments
/// (seed 000/002/004) when fed coalesced samples.
///
/// - `touchesBegan`: `move(to: p)`. `touchesMoved`: `addLine(to: p)`.
/// - Lift-off: LinearInterpView's `touchesEnded` calls `touchesMoved`, so its lift-off
///   sample is drawn; Scribble's `touchesEnded` only swaps images, so its lift-off samples are
///   not (``LiftoffSamples``). Under ``TailPolicy/complete`` both draw them.
/// - Lines to the current point are skipped: with the seeds' butt caps a zero-length segment
///   draws nothing, and skipping keeps "a tap draws nothing" true under round caps. Under
///   ``TailPolicy/complete`` a stroke that drew nothing ends in a dot.
///
/// No provisional tail: every sample is committed when it arrives, which is why this is the
/// lowest-lag seed. O(1) per sample, no allocation.
public struct LinearInterpolator: StreamingInterpolator {
    /// Whether the samples delivered with `touchesEnded` are drawn under `published`.
    public enum LiftoffSamples: Sendable, Hashable {
        /// LinearInterpView: `touchesEnded` calls `touchesMoved`.
        case drawn
        /// Scribble's CanvasView: `touchesEnded` draws nothing new.
        case ignored
    }

    /// Tail policy (published by default).
    public var tail: TailPolicy
    /// Lift-off handling under `published`.
    public var liftoff: LiftoffSamples

    private var last = Point.zero
    private var drewSegment = false

    /// Creates the interpolator. `liftoff: .drawn` is `linear`, `.ignored` is `coalesced-only`.
    public init(tail: TailPolicy = .published, liftoff: LiftoffSamples = .drawn) {
        self.tail = tail
        self.liftoff = liftoff
    }

    /// `touchesBegan`: `move(to: p)`.
    public mutating func begin(_ sample: TouchSample, path: inout Path) {
        last = sample.location
        drewSegment = false
        path.move(to: last)
    }

    /// `touchesMoved`: `addLine(to: p)`, unless `p` is the current point.
    public mutating func move(_ sample: TouchSample, path: inout Path) {
        let p = sample.location
        guard p != last else { return }
        path.addLine(to: p)
        last = p
        drewSegment = true
    }

    /// A lift-off sample: drawn like a move by LinearInterpView and under `complete`.
    public mutating func end(_ sample: TouchSample, path: inout Path) {
        if liftoff == .drawn || tail == .complete { move(sample, path: &path) }
    }

    /// Under `complete`, a stroke that drew no segment ends in a dot.
    public mutating func finish(path: inout Path) {
        if tail == .complete, !drewSegment { path.addLine(to: last) }
    }

    /// Nothing: every sample is committed at once.
    public func appendProvisionalTail(to tail: inout [PathElement], from currentPoint: Point?) {}
}
