import StrokeCore

/// `interp:linear`: straight segments between samples — LinearInterpView (seed 001, "Smooth
/// Freehand Drawing on iOS"), whose `touchesEnded` calls `touchesMoved`, so the lift-off
/// sample is drawn. The behaviour is ``StraightSegmentBuilder``'s; O(1) per sample.
public struct LinearInterpolator: StraightSegmentBuilder {
    /// `linear`.
    public static let id = "linear"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.passesThroughSamples]
    /// One line.
    public static let summary = "straight segments between samples (LinearInterpView)"
    /// Seed 001.
    public static let source = "seed 001, Smooth Freehand Drawing on iOS"
    /// The lift-off sample is drawn.
    public static let drawsLiftoff = true

    /// The tail policy.
    public let parameters: TailParameters
    /// Within-stroke state.
    public var segments = StraightSegmentState()

    /// Creates the builder.
    public init(_ parameters: TailParameters = TailParameters()) { self.parameters = parameters }
    /// Creates the builder with a tail policy.
    public init(tail: TailPolicy) { self.init(TailParameters(tail: tail)) }
}
