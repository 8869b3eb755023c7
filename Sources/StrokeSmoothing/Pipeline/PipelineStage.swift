import StrokeCore

/// What every pipeline stage type declares about itself: its kind, label id, one-line
/// summary, source, and its ``Parameters``. The registry is a list of such types
/// (``StageRegistry``); labels, `strokelab list`, help, defaults and validation all come from
/// these declarations, so adding a stage is one file, its tests and its guide.
///
/// A stage is a value type with fixed-size state built from validated parameters. Each kind
/// refines this protocol with its streaming calls: ``FilterStage``, ``CurveStage``,
/// ``PredictorStage``, ``StyleStage``.
public protocol PipelineStage: Sendable {
    /// The stage's parameters, declared once.
    associatedtype Parameters: StageParameters
    /// filter, interp, predict or style.
    static var kind: StageKind { get }
    /// The id used in labels (`midpoint-bezier`, `one-euro`).
    static var id: String { get }
    /// One line saying what it does.
    static var summary: String { get }
    /// Where the algorithm comes from (seed, paper, peer implementation).
    static var source: String { get }
    /// What it does to a stroke (``StageBehaviour``): what the report may say about a pipeline
    /// built with it. Predictors declare ``StageBehaviour/predicts`` by default.
    static var behaviour: StageBehaviour { get }
    /// The parameters the stage was built with.
    var parameters: Parameters { get }
    /// Builds the stage.
    /// - Throws: ``StageParameterError`` when `parameters` fail ``StageParameters/validate()``.
    init(_ parameters: Parameters) throws(StageParameterError)
    /// Whether the stage reads the samples' derived `StrokeCore.AttributedSample.speed` and
    /// `StrokeCore.AttributedSample.heading` (default true). A pipeline whose stages all say
    /// `false` skips deriving them (they stay 0 and (1, 0)), which is most of the work of
    /// feeding the seed curve builders.
    static var readsKinematics: Bool { get }
}

extension PipelineStage {
    /// Stages read speed and heading unless they say otherwise.
    public static var readsKinematics: Bool { true }

    /// The stage's guide, relative to the repository root: `docs/guides/<kind>-<id>.md`.
    public static var guide: String { "docs/guides/\(kind.rawValue)-\(id).md" }
    /// `kind:id`.
    public static var qualifiedID: String { "\(kind.rawValue):\(id)" }
}

/// Stages whose parameters are the empty set.
public struct NoParameters: StageParameters {
    /// No parameters.
    public init() {}
    /// None.
    public static let declarations: [ParameterDeclaration<NoParameters>] = []
}
