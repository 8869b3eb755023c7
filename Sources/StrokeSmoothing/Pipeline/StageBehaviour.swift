/// What a stage does to a stroke, as the stage type declares it (``PipelineStage/behaviour``):
/// the facts a sentence about a pipeline may state ("its ink passes through every sample", "its
/// predictor draws ahead"), read from the declarations of its stages rather than guessed from
/// its label. A pipeline's behaviour is the union over its stages
/// (``PipelineDescription/behaviour``).
///
/// Each flag is a claim about the algorithm at any parameters; what the parameters make of it
/// (how much a filter smooths, how far a predictor reaches) is for the measurements to say.
public struct StageBehaviour: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt16
    /// Creates a set from raw bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Its ink passes through every sample it is fed (straight segments, interpolating
    /// splines), so the samples' noise is drawn too.
    public static let passesThroughSamples = StageBehaviour(rawValue: 1 << 0)
    /// It holds samples back: the ink for a sample is committed only once later samples have
    /// arrived (a curve built through midpoints or fitted over a window).
    public static let holdsSamplesBack = StageBehaviour(rawValue: 1 << 1)
    /// It moves the samples towards a smoother path before any curve is built (a filter), which
    /// also makes the ink trail the pen.
    public static let smoothsSamples = StageBehaviour(rawValue: 1 << 2)
    /// Its curves join with continuous tangents (G1): the ink has no corners.
    public static let continuousTangents = StageBehaviour(rawValue: 1 << 3)
    /// It can leave a stroke blank: a dead zone or a string swallows short strokes and dots.
    public static let canDrawNothing = StageBehaviour(rawValue: 1 << 4)
    /// It draws ahead of the newest sample (a predictor; provisional ink).
    public static let predicts = StageBehaviour(rawValue: 1 << 5)
    /// It makes an outline polygon (``StyleStage/makesOutline``).
    public static let makesOutline = StageBehaviour(rawValue: 1 << 6)
    /// It sets the ink's width, opacity or colour from the pen's channels.
    public static let stylesInk = StageBehaviour(rawValue: 1 << 7)

    /// Every flag with its name, in declaration order (for `strokelab list` and tests).
    public static let named: [(flag: StageBehaviour, name: String)] = [
        (.passesThroughSamples, "passes through samples"), (.holdsSamplesBack, "holds samples back"),
        (.smoothsSamples, "smooths samples"), (.continuousTangents, "continuous tangents"),
        (.canDrawNothing, "can draw nothing"), (.predicts, "predicts"), (.makesOutline, "makes an outline"),
        (.stylesInk, "styles ink"),
    ]

    /// The names of the flags set, in declaration order.
    public var names: [String] { Self.named.filter { contains($0.flag) }.map(\.name) }
}
