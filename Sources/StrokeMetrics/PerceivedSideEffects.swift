import StrokeCore
import StrokeSmoothing

/// The seven side effects of next-point prediction that people report (Nancel, Vogel,
/// De Araujo, Jota, Casiez, "Next-Point Prediction Metrics for Perceived Spatial Errors",
/// UIST 2016: lateness, over-anticipation, wrong distance, wrong orientation, jitter, jumps,
/// spring effect), each as how often it occurs in what a replay shows:
///
/// | metric | occurs when | among |
/// |---|---|---|
/// | `perceived.lateness_rate` (``Lateness``) | the tip is ≥ `latenessMm` behind the pen along its path | refreshes |
/// | `perceived.over_anticipation_rate` (``OverAnticipation``) | the tip is ≥ `overAnticipationMm` ahead of the pen | refreshes after the pen first moved |
/// | `perceived.wrong_orientation_rate` (``WrongOrientation``) | a drawn prediction points > `wrongOrientationDegrees` from where the pen went | drawn predictions |
/// | `perceived.wrong_distance_rate` (``WrongDistance``) | a drawn prediction's length is ≥ `wrongDistanceMm` off the pen's travel | drawn predictions |
/// | `perceived.jitter_rate` (``PerceivedJitter``) | the ink's end wobbles around its steady course by ≥ `jitterMm` peak to peak, again and again | refreshes |
/// | `perceived.jump_rate` (``Jumps``) | the tip's offset from the pen changes at once by ≥ `jumpMm` and more than the pen moved | refreshes |
/// | `perceived.spring_rate` (``SpringEffect``) | the tip comes back ≥ `springMm` while the pen rests | stops |
///
/// What is on screen when comes from the time model (``SeenRefreshes``, ``DisplayTimeline``);
/// what the pen later did from the reference. Thresholds are ``SideEffectOptions`` in
/// millimetres, converted with the trace's scale (`millimetresPerUnit`; a trace without one
/// is taken at StrokeLab's default scale, the iOS point at 132 ppi: `LengthUnit.millimetresPerPoint`).
/// The definitions and thresholds are StrokeLab's reading of the paper's side effects, not
/// the paper's own formulas (only its abstract could be read, twice: `docs/guides/perception.md`
/// says where): `docs/guides/metrics.md#perceived-side-effects`.
/// O(refreshes · log n).
public struct PerceivedSideEffects: Hashable, Sendable {
    /// Lateness.
    public var lateness: SideEffectRate
    /// Over-anticipation.
    public var overAnticipation: SideEffectRate
    /// Wrong orientation.
    public var wrongOrientation: SideEffectRate
    /// Wrong distance.
    public var wrongDistance: SideEffectRate
    /// Jitter.
    public var jitter: SideEffectRate
    /// Jumps.
    public var jumps: SideEffectRate
    /// Spring effect.
    public var spring: SideEffectRate
    /// Predictions the pipeline drew (0: it predicts nothing, and the two prediction side
    /// effects are 0 by definition).
    public var predictionsDrawn: Int
    /// Refreshes left out because the pen's position was unknown (recording gaps).
    public var refreshesExcluded: Int
    /// The latency the pipeline adds to the device's own (``PipelineLatency``, ms), `nil`
    /// when lag measured no refresh.
    public var pipelineLatencyMs: Double?

    /// Measures the side effects of `replay`.
    /// - Parameters:
    ///   - replay: the pipeline's replay of the stroke.
    ///   - reference: the pen's path.
    ///   - gaps: the reference's recording gaps.
    ///   - lag: the lag measured on the same replay (for lateness and over-anticipation along
    ///     the pen's path), or `nil`.
    ///   - refreshRateHz: display refresh rate (> 0).
    ///   - options: the metric options (display latency, thresholds).
    ///   - millimetresPerUnit: the trace's scale, `nil` for the default scale.
    public init(replay: StrokeReplay, reference: ReferenceCurve, gaps: ReferenceGaps = ReferenceGaps(), lag: Lag?,
                refreshRateHz: Double, options: MetricOptions, millimetresPerUnit: Double?) {
        let o = options.sideEffects
        let perMm = 1 / (millimetresPerUnit ?? LengthUnit.millimetresPerPoint)
        let seen = SeenRefreshes(replay: replay, reference: reference, gaps: gaps, lag: lag, refreshRateHz: refreshRateHz,
                                 latencyFrames: options.displayLatencyFrames, restSpeed: o.restSpeedMmPerS * perMm)
        let arc = ReferenceArcLength(reference)
        let period = 1 / refreshRateHz
        lateness = Lateness.rate(seen, arcLength: arc, threshold: o.latenessMm * perMm)
        overAnticipation = OverAnticipation.rate(seen, arcLength: arc, threshold: o.overAnticipationMm * perMm)
        let drawn = DrawnPredictions(replay: replay, reference: reference, gaps: gaps)
        let angle = o.wrongOrientationDegrees * Double.pi / 180
        wrongOrientation = WrongOrientation.rate(drawn, minimumLength: o.orientationMinimumMm * perMm, maximumAngle: angle)
        wrongDistance = WrongDistance.rate(drawn, threshold: o.wrongDistanceMm * perMm,
                                           minimumLength: o.orientationMinimumMm * perMm, maximumAngle: angle)
        let changes = TipOffsetChanges(seen, period: period)
        jitter = PerceivedJitter.rate(seen, period: period, threshold: o.jitterMm * perMm)
        jumps = Jumps.rate(changes, seen: seen, threshold: o.jumpMm * perMm)
        spring = SpringEffect.rate(seen, period: period, threshold: o.springMm * perMm)
        predictionsDrawn = drawn.drawn
        refreshesExcluded = seen.excluded
        pipelineLatencyMs = PipelineLatency.meanMs(seen)
    }

    /// The metric ids, in report order, with how each is read from a measurement.
    public static let metrics: [(id: String, rate: @Sendable (PerceivedSideEffects) -> SideEffectRate)] = [
        ("perceived.lateness_rate", { $0.lateness }),
        ("perceived.over_anticipation_rate", { $0.overAnticipation }),
        ("perceived.wrong_distance_rate", { $0.wrongDistance }),
        ("perceived.wrong_orientation_rate", { $0.wrongOrientation }),
        ("perceived.jitter_rate", { $0.jitter }),
        ("perceived.jump_rate", { $0.jumps }),
        ("perceived.spring_rate", { $0.spring }),
    ]

    /// The value a results table reports for metric `id` (one of ``metrics``): the rate, 0 for
    /// the two prediction side effects of a pipeline that drew no prediction, `nil` when the
    /// side effect had no opportunity (no stop for the spring effect; nothing shown).
    public func value(_ id: String) -> Double? {
        guard let entry = Self.metrics.first(where: { $0.id == id }) else { return nil }
        let r = entry.rate(self)
        if r.opportunities == 0, predictionsDrawn == 0,
           id == "perceived.wrong_distance_rate" || id == "perceived.wrong_orientation_rate" { return 0 }
        return r.rate
    }
}
