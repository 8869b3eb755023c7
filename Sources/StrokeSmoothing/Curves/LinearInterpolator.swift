import StrokeCore

/// Straight segments from sample to sample, in the two seed flavours that differ only in the
/// samples delivered with lift-off: ``LinearInterpolator`` (`interp:linear`, LinearInterpView,
/// seed 001: its `touchesEnded` calls `touchesMoved`, so the lift-off sample is drawn) and
/// ``CoalescedOnlyInterpolator`` (`interp:coalesced-only`, Scribble's `drawStroke` per
/// coalesced touch, seeds 000/002/004: its `touchesEnded` only swaps images, so under
/// `tail=published` the lift-off samples are not drawn).
///
/// - `touchesBegan`: `move(to: p)`. `touchesMoved`: `addLine(to: p)`.
/// - Lines to the current point are skipped: with the seeds' butt caps a zero-length segment
///   draws nothing, and skipping keeps "a tap draws nothing" true under round caps. Under
///   ``TailPolicy/complete`` a stroke that drew nothing ends in a dot, and lift-off samples
///   are always drawn.
///
/// No provisional tail: every sample is committed when it arrives, which is why these are the
/// lowest-lag seeds. Each segment is styled from the sample it ends at. O(1) per sample, no
/// allocation; reads positions only.
public struct StraightSegmentInterpolator<Flavour: StraightSegmentFlavour>: CurveStage {
    /// `interp`.
    public static var kind: StageKind { .interp }
    /// The flavour's id.
    public static var id: String { Flavour.id }
    /// The flavour's summary.
    public static var summary: String { Flavour.summary }
    /// The flavour's seed.
    public static var source: String { Flavour.source }
    /// Positions only.
    public static var readsKinematics: Bool { false }

    /// The tail policy.
    public let parameters: TailParameters
    private var first = AttributedSample(time: 0, location: .zero)
    private var last = Point.zero
    private var drewSegment = false

    /// Creates the builder.
    public init(_ parameters: TailParameters = TailParameters()) { self.parameters = parameters }
    /// Creates the builder with a tail policy.
    public init(tail: TailPolicy) { self.init(TailParameters(tail: tail)) }

    /// `touchesBegan`: `move(to: p)`.
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        first = sample
        last = sample.location
        drewSegment = false
        line.move(to: sample.location, sample)
    }

    /// `touchesMoved`: `addLine(to: p)`, unless `p` is the current point.
    @inline(__always)
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        guard sample.location != last else { return }
        line.addLine(to: sample.location, sample)
        last = sample.location
        drewSegment = true
    }

    /// A lift-off sample: drawn like a move when the flavour draws lift-off samples or under
    /// `complete`.
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) {
        if Flavour.drawsLiftoff || parameters.tail == .complete { move(sample, into: &line) }
    }

    /// Under `complete`, a stroke that drew no segment stayed at its first sample: a dot there.
    public mutating func finish(into line: inout Centerline) {
        if parameters.tail == .complete, !drewSegment { line.addLine(to: first.location, first) }
    }

    /// Nothing: every sample is committed at once.
    public func appendProvisionalTail(to tail: inout Centerline) {}
    /// No tail: every sample is committed at once.
    public var hasProvisionalTail: Bool { false }
}

/// What distinguishes the straight-segment seeds: their label and whether `touchesEnded`
/// draws the lift-off samples.
public protocol StraightSegmentFlavour: Sendable {
    /// The stage id.
    static var id: String { get }
    /// One line.
    static var summary: String { get }
    /// The seed.
    static var source: String { get }
    /// Whether lift-off samples are drawn under `tail=published`.
    static var drawsLiftoff: Bool { get }
}

/// LinearInterpView (seed 001): `touchesEnded` calls `touchesMoved`.
public enum LinearInterpView: StraightSegmentFlavour {
    /// `linear`.
    public static let id = "linear"
    /// One line.
    public static let summary = "straight segments between samples (LinearInterpView)"
    /// Seed 001.
    public static let source = "seed 001, Smooth Freehand Drawing on iOS"
    /// The lift-off sample is drawn.
    public static let drawsLiftoff = true
}

/// Scribble's `drawStroke` per coalesced touch (seeds 000/002/004): `touchesEnded` draws nothing.
public enum ScribbleCoalescedSegments: StraightSegmentFlavour {
    /// `coalesced-only`.
    public static let id = "coalesced-only"
    /// One line.
    public static let summary = "straight segments through every sample, lift-off samples not drawn (Scribble's drawStroke)"
    /// Seeds 000/002/004.
    public static let source = "seeds 000/002/004, Apple Pencil Tutorial (Scribble)"
    /// Lift-off samples are not drawn under `published`.
    public static let drawsLiftoff = false
}

/// `interp:linear`: straight segments between samples (LinearInterpView).
public typealias LinearInterpolator = StraightSegmentInterpolator<LinearInterpView>
/// `interp:coalesced-only`: straight segments through every coalesced sample (Scribble).
public typealias CoalescedOnlyInterpolator = StraightSegmentInterpolator<ScribbleCoalescedSegments>
