import StrokeCore

/// `interp:coalesced-only`: straight segments through every coalesced sample — Scribble's
/// `drawStroke` per coalesced touch (seeds 000/002/004, Apple Pencil Tutorial), whose
/// `touchesEnded` only swaps images, so under `tail=published` the lift-off samples are not
/// drawn. The behaviour is ``StraightSegmentBuilder``'s; O(1) per sample.
public struct CoalescedOnlyInterpolator: StraightSegmentBuilder {
    /// `coalesced-only`.
    public static let id = "coalesced-only"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.passesThroughSamples]
    /// One line.
    public static let summary = "straight segments through every sample, lift-off samples not drawn (Scribble's drawStroke)"
    /// Seeds 000/002/004.
    public static let source = "seeds 000/002/004, Apple Pencil Tutorial (Scribble)"
    /// Lift-off samples are not drawn under `published`.
    public static let drawsLiftoff = false

    /// The tail policy.
    public let parameters: TailParameters
    /// Within-stroke state.
    public var segments = StraightSegmentState()

    /// Creates the builder.
    public init(_ parameters: TailParameters = TailParameters()) { self.parameters = parameters }
    /// Creates the builder with a tail policy.
    public init(tail: TailPolicy) { self.init(TailParameters(tail: tail)) }
}
