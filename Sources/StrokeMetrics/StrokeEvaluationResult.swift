/// Everything measured for one stroke × pipeline: the rows for `results.csv` plus what the
/// runner should record beside them.
public struct StrokeEvaluationResult: Hashable, Sendable {
    /// The measurements, in a fixed order (see ``StrokeEvaluation``).
    public var measurements: [Measurement]
    /// Which ground truth the stroke was measured against (`analytic`, `dense-samples`, …).
    public var referenceKind: ReferenceKind
    /// True when the timing metrics (smoothness, lag, prediction) were skipped because the
    /// trace's timestamps say nothing about the pen's speed (`metadata.resampled`).
    public var timingMetricsSkipped: Bool
    /// One line per metric family that was omitted or qualified, saying why (e.g. `lag:
    /// omitted: no display refresh with ink before the pen lifted`). Empty when every metric
    /// was measured.
    public var notes: [String]

    /// Creates a result.
    public init(measurements: [Measurement], referenceKind: ReferenceKind, timingMetricsSkipped: Bool, notes: [String]) {
        self.measurements = measurements
        self.referenceKind = referenceKind
        self.timingMetricsSkipped = timingMetricsSkipped
        self.notes = notes
    }

    /// The value of `metric`, if it was measured.
    public func value(_ metric: String) -> Double? {
        measurements.first { $0.metric == metric }?.value
    }
}
