import StrokeCore

/// Straight segments from sample to sample: the behaviour the two straight-segment seeds share.
/// They differ only in the samples delivered with lift-off: ``LinearInterpolator``
/// (`interp:linear`, LinearInterpView, seed 001: its `touchesEnded` calls `touchesMoved`, so
/// the lift-off sample is drawn) and ``CoalescedOnlyInterpolator`` (`interp:coalesced-only`,
/// Scribble's `drawStroke` per coalesced touch, seeds 000/002/004: its `touchesEnded` only
/// swaps images, so under `tail=published` the lift-off samples are not drawn).
///
/// - `touchesBegan`: `move(to: p)`. `touchesMoved`: `addLine(to: p)`.
/// - Lines to the current point are skipped: with the seeds' butt caps a zero-length segment
///   draws nothing, and skipping keeps "a tap draws nothing" true under round caps. Under
///   ``TailPolicy/complete`` a stroke that drew nothing ends in a dot, and lift-off samples
///   are always drawn.
///
/// No provisional tail: every sample is committed when it arrives, which is why these are the
/// lowest-lag seeds. Each segment is styled from the sample it ends at, and starts at the
/// newest sample before it (``CurveStage/origin``'s default). O(1) per sample, no
/// allocation; reads positions only.
///
/// The shared behaviour is this protocol's extension, and each seed is its own concrete type
/// (rather than one type generic over a flavour) so that the replay loop is specialised for
/// each: a generic conforming type would run the loop unspecialised, through witness calls
/// per sample (measured: 270 instead of 151 instructions per event for `linear`).
public protocol StraightSegmentBuilder: CurveStage where Parameters == TailParameters {
    /// Whether lift-off samples are drawn under `tail=published`.
    static var drawsLiftoff: Bool { get }
    /// The tail policy.
    var parameters: TailParameters { get }
    /// The builder's state within a stroke.
    var segments: StraightSegmentState { get set }
}

/// What a straight-segment builder remembers within a stroke.
public struct StraightSegmentState: Sendable {
    /// The stroke's first sample (a dot under `complete` when nothing else is drawn).
    var first = AttributedSample(time: 0, location: .zero)
    /// The current point.
    var last = Point.zero
    /// Whether a segment was drawn.
    var drewSegment = false
    /// A fresh state.
    public init() {}
    /// The state at a stroke's first sample.
    init(first: AttributedSample) { self.first = first; last = first.location }
}

extension StraightSegmentBuilder {
    /// Positions only.
    public static var readsKinematics: Bool { false }
    /// `interp`.
    public static var kind: StageKind { .interp }

    /// `touchesBegan`: `move(to: p)`.
    @inline(__always)
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        segments = StraightSegmentState(first: sample)
        line.move(to: sample.location, sample)
    }

    /// `touchesMoved`: `addLine(to: p)`, unless `p` is the current point.
    @inline(__always)
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        guard sample.location != segments.last else { return }
        segments.last = sample.location
        segments.drewSegment = true
        line.addLine(to: sample.location, sample)
    }

    /// A lift-off sample: drawn like a move when the seed draws lift-off samples or under
    /// `complete`.
    @inline(__always)
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) {
        if Self.drawsLiftoff || parameters.tail == .complete { move(sample, into: &line) }
    }

    /// Under `complete`, a stroke that drew no segment stayed at its first sample: a dot there.
    @inline(__always)
    public mutating func finish(into line: inout Centerline) {
        if parameters.tail == .complete, !segments.drewSegment { line.addLine(to: segments.first.location, segments.first) }
    }

    /// Nothing: every sample is committed at once.
    public func appendProvisionalTail(to tail: inout Centerline) {}
    /// No tail: every sample is committed at once.
    public var hasProvisionalTail: Bool { false }
}
