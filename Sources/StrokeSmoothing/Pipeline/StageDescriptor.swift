import StrokeCore

/// A built stage, opened from its concrete type once per pipeline.
public enum StageImplementation: Sendable {
    /// An input filter.
    case filter(any FilterStage)
    /// A curve builder.
    case curve(any CurveStage)
    /// A predictor.
    case predictor(any PredictorStage)
    /// A style stage.
    case style(any StyleStage)
}

/// One registered stage type, as labels, `strokelab list` and help see it. Everything here is
/// read from the stage type's own declarations (``PipelineStage``); nothing is restated.
public struct StageDescriptor: Sendable {
    /// filter, interp, predict or style.
    public let kind: StageKind
    /// The id used in labels.
    public let id: String
    /// One line saying what it does.
    public let summary: String
    /// Where the algorithm comes from.
    public let source: String
    /// Its guide, relative to the repository root.
    public let guide: String
    /// Whether it makes an outline (style stages only).
    public let makesOutline: Bool
    /// Whether it draws its own ink (curve builders only, ``CurveStage/drawsInk``).
    public let drawsInk: Bool
    /// What the stage does to a stroke: its declared ``PipelineStage/behaviour``, with
    /// ``StageBehaviour/makesOutline`` for outline makers and ``StageBehaviour/stylesInk`` for
    /// curve builders that draw their own ink.
    public let behaviour: StageBehaviour
    /// Declared parameters, in label order.
    public let parameters: [ParameterSpec]
    /// For a predictor that reads a filter's state: that filter's `kind:id`, which must be the
    /// pipeline's last filter (``PredictorStage/requiredFilter``); `nil` otherwise.
    public let requiredFilter: String?
    private let build: @Sendable ([(name: String, value: ParameterValue)], Double?) throws(StageParameterError)
        -> (StageImplementation, ResolvedParameters)

    private init<S: PipelineStage>(_ type: S.Type, makesOutline: Bool, drawsInk: Bool = false, requiredFilter: String? = nil,
                                   wrap: @escaping @Sendable (S) -> StageImplementation) {
        self.requiredFilter = requiredFilter
        kind = S.kind
        id = S.id
        summary = S.summary
        source = S.source
        guide = S.guide
        self.makesOutline = makesOutline
        self.drawsInk = drawsInk
        behaviour = S.behaviour.union(makesOutline ? .makesOutline : []).union(drawsInk ? .stylesInk : [])
        parameters = S.Parameters.declarations.map(ParameterSpec.init)
        build = { (values, millimetresPerUnit) throws(StageParameterError) in
            let p = try S.Parameters(values: values)
            let built = millimetresPerUnit.map { p.inTraceUnits(millimetresPerUnit: $0) } ?? p
            return (wrap(try S(built)), p.resolved)
        }
    }

    /// Describes a filter type.
    public init<S: FilterStage>(_ type: S.Type) { self.init(type, makesOutline: false, wrap: { .filter($0) }) }
    /// Describes a curve builder type.
    public init<S: CurveStage>(_ type: S.Type) { self.init(type, makesOutline: false, drawsInk: S.drawsInk, wrap: { .curve($0) }) }
    /// Describes a predictor type.
    public init<S: PredictorStage>(_ type: S.Type) {
        self.init(type, makesOutline: false, requiredFilter: S.requiredFilter, wrap: { .predictor($0) })
    }
    /// Describes a style type.
    public init<S: StyleStage>(_ type: S.Type) { self.init(type, makesOutline: S.makesOutline, wrap: { .style($0) }) }

    /// Builds the stage from label values (parameters not given take their defaults) and
    /// returns it with every parameter resolved (as written, in declared units). With
    /// `millimetresPerUnit`, the stage is built for a trace of that scale: its lengths are
    /// converted to trace units (``StageParameters/inTraceUnits(millimetresPerUnit:)``);
    /// without, they are used as written.
    /// - Throws: ``StageParameterError`` for a value out of its domain or a bad combination.
    public func make(_ values: [(name: String, value: ParameterValue)], millimetresPerUnit: Double? = nil)
        throws(StageParameterError) -> (stage: StageImplementation, parameters: ResolvedParameters)
    {
        let (s, p) = try build(values, millimetresPerUnit)
        return (s, p)
    }

    /// The declared parameter `name`.
    public func parameter(_ name: String) -> ParameterSpec? { parameters.first { $0.name == name } }
}
