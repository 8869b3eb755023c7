import StrokeCore

/// Straight segments from sample to sample: LinearInterpView from "Smooth Freehand Drawing
/// on iOS" (seed 001).
///
/// - `touchesBegan`: `move(to: p)`. `touchesMoved`: `addLine(to: p)`. LinearInterpView's
///   `touchesEnded` calls `touchesMoved`, so its lift-off sample is drawn.
/// - Lines to the current point are skipped: with the seeds' butt caps a zero-length segment
///   draws nothing, and skipping keeps "a tap draws nothing" true under round caps. Under
///   ``TailPolicy/complete`` a stroke that drew nothing ends in a dot.
///
/// No provisional tail: every sample is committed when it arrives, which is why this is the
/// lowest-lag seed. Each segment is styled from the sample it ends at. O(1) per sample, no
/// allocation.
public struct LinearInterpolator: CurveStage {
    /// `interp:linear`.
    public static let kind = StageKind.interp
    /// `linear`.
    public static let id = "linear"
    /// One line.
    public static let summary = "straight segments between samples (LinearInterpView)"
    /// Seed 001.
    public static let source = "seed 001, Smooth Freehand Drawing on iOS"
    /// Positions only.
    public static let readsKinematics = false

    /// The tail policy.
    public let parameters: TailParameters
    private var segments = StraightSegments()

    /// Creates the builder.
    public init(_ parameters: TailParameters = TailParameters()) { self.parameters = parameters }
    /// Creates the builder with a tail policy.
    public init(tail: TailPolicy) { self.init(TailParameters(tail: tail)) }

    /// `touchesBegan`: `move(to: p)`.
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) { segments.begin(sample, into: &line) }
    /// `touchesMoved`: `addLine(to: p)`, unless `p` is the current point.
    @inline(__always)
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) { segments.move(sample, into: &line) }
    /// The lift-off sample: drawn like a move (LinearInterpView's `touchesEnded` calls `touchesMoved`).
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) { segments.move(sample, into: &line) }
    /// Under `complete`, a stroke that drew no segment ends in a dot.
    public mutating func finish(into line: inout Centerline) { segments.finish(tail: parameters.tail, into: &line) }
    /// Nothing: every sample is committed at once.
    public func appendProvisionalTail(to tail: inout Centerline) {}
    /// No tail: every sample is committed at once.
    public var hasProvisionalTail: Bool { false }
}

/// Straight segments through every coalesced sample: Scribble's `drawStroke` per coalesced
/// touch (seeds 000/002/004, "Apple Pencil Tutorial").
///
/// As ``LinearInterpolator``, except that Scribble's `touchesEnded` only swaps images, so
/// under ``TailPolicy/published`` the samples delivered with lift-off are not drawn; under
/// ``TailPolicy/complete`` they are. O(1) per sample, no allocation.
public struct CoalescedOnlyInterpolator: CurveStage {
    /// `interp:coalesced-only`.
    public static let kind = StageKind.interp
    /// `coalesced-only`.
    public static let id = "coalesced-only"
    /// One line.
    public static let summary = "straight segments through every sample, lift-off samples not drawn (Scribble's drawStroke)"
    /// Seeds 000/002/004.
    public static let source = "seeds 000/002/004, Apple Pencil Tutorial (Scribble)"
    /// Positions only.
    public static let readsKinematics = false

    /// The tail policy.
    public let parameters: TailParameters
    private var segments = StraightSegments()

    /// Creates the builder.
    public init(_ parameters: TailParameters = TailParameters()) { self.parameters = parameters }
    /// Creates the builder with a tail policy.
    public init(tail: TailPolicy) { self.init(TailParameters(tail: tail)) }

    /// `touchesBegan`: `move(to: p)`.
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) { segments.begin(sample, into: &line) }
    /// One coalesced touch: a segment to it, unless it is the current point.
    @inline(__always)
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) { segments.move(sample, into: &line) }
    /// A lift-off sample: not drawn under `published`, drawn under `complete`.
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) {
        if parameters.tail == .complete { segments.move(sample, into: &line) }
    }
    /// Under `complete`, a stroke that drew no segment ends in a dot.
    public mutating func finish(into line: inout Centerline) { segments.finish(tail: parameters.tail, into: &line) }
    /// Nothing: every sample is committed at once.
    public func appendProvisionalTail(to tail: inout Centerline) {}
    /// No tail: every sample is committed at once.
    public var hasProvisionalTail: Bool { false }
}

/// The state both straight-segment builders share.
struct StraightSegments: Sendable {
    private var first = AttributedSample(time: 0, location: .zero)
    private var last = Point.zero
    private var drewSegment = false

    mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        first = sample
        last = sample.location
        drewSegment = false
        line.move(to: sample.location, sample)
    }

    @inline(__always)
    mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        guard sample.location != last else { return }
        line.addLine(to: sample.location, sample)
        last = sample.location
        drewSegment = true
    }

    /// A stroke that drew no segment stayed at its first sample: a dot there.
    mutating func finish(tail: TailPolicy, into line: inout Centerline) {
        if tail == .complete, !drewSegment { line.addLine(to: first.location, first) }
    }
}
