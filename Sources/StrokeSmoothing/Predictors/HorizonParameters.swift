/// The parameters of predictors that only take a drawing horizon (``LinearPredictor``,
/// ``QuadraticPredictor``).
public struct HorizonParameters: StageParameters {
    /// How far ahead of the newest sample the drawn prediction reaches, in ms (default one
    /// 60 Hz frame, 16.7 ms).
    public var horizonMs = PredictionHorizon.defaultMs
    /// The defaults.
    public init() {}
    /// A horizon in ms.
    public init(horizonMs: Double) { self.horizonMs = horizonMs }
    /// `horizon`.
    public static let declarations: [ParameterDeclaration<HorizonParameters>] = [
        .number(\.horizonMs, "horizon", in: PredictionHorizon.rangeMs, unit: "ms",
                help: "how far ahead of the newest sample the drawn prediction reaches"),
    ]
}
