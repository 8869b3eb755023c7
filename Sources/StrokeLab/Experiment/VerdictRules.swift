/// When StrokeLab may give a verdict at all: the spec's `minCoverage`, `minStrokes` and
/// `minTraces` (top-level keys, documented in `docs/spec.md`), declared here once with their
/// defaults.
///
/// - **Coverage.** A pipeline that leaves more than 1 − `minCoverage` of a group's strokes
///   blank (``StrokeMetrics/MetricCatalog``'s `coverage.drawn` is 0 on them) is never on a
///   front and never recommended; the answer names it with its coverage. The same floor decides
///   which pipelines set the strokes of `summary_paired.csv`: one that measured fewer than
///   `minCoverage` of the strokes of the best-covered pipeline is compared on the common strokes
///   it measured, so it does not shrink every other comparison.
/// - **Evidence.** A group (dataset × input kind) with fewer than `minStrokes` strokes or
///   `minTraces` traces gets no front and no recommendation ("not enough data: 1 stroke from
///   1 trace"): with one trace the bootstrap, which resamples traces, has nothing to resample.
public struct VerdictRules: Hashable, Sendable {
    /// The default coverage floor: 0.99 of the strokes drawn.
    public static let defaultMinCoverage = 0.99
    /// The default least number of strokes: 10.
    public static let defaultMinStrokes = 10
    /// The default least number of traces: 2.
    public static let defaultMinTraces = 2

    /// The least fraction of a group's strokes a pipeline must draw to be ranked, in [0, 1].
    public var minCoverage: Double
    /// The least number of strokes a group needs for a verdict.
    public var minStrokes: Int
    /// The least number of traces a group needs for a verdict.
    public var minTraces: Int

    /// Creates rules; every value defaults to its documented default.
    public init(minCoverage: Double = VerdictRules.defaultMinCoverage, minStrokes: Int = VerdictRules.defaultMinStrokes,
                minTraces: Int = VerdictRules.defaultMinTraces) {
        self.minCoverage = minCoverage
        self.minStrokes = minStrokes
        self.minTraces = minTraces
    }

    /// The rules of `spec`, checked.
    /// - Throws: ``ExperimentError`` for a coverage outside [0, 1] or a negative count.
    public init(_ spec: ExperimentSpec) throws(ExperimentError) {
        self.init(minCoverage: spec.minCoverage ?? Self.defaultMinCoverage, minStrokes: spec.minStrokes ?? Self.defaultMinStrokes,
                  minTraces: spec.minTraces ?? Self.defaultMinTraces)
        guard minCoverage.isFinite, (0...1).contains(minCoverage) else {
            throw ExperimentError("minCoverage must be a fraction in 0…1 (0.99: 99 % of strokes drawn), not \(minCoverage)")
        }
        guard minStrokes >= 1 else { throw ExperimentError("minStrokes must be at least 1, not \(minStrokes)") }
        guard minTraces >= 1 else { throw ExperimentError("minTraces must be at least 1, not \(minTraces)") }
    }

    /// Whether a group of `strokes` strokes from `traces` traces is enough for a verdict.
    public func isEnough(strokes: Int, traces: Int) -> Bool { strokes >= minStrokes && traces >= minTraces }

    /// Whether a pipeline that drew `drawn` of `strokes` strokes may be ranked.
    public func covers(drawn: Int, of strokes: Int) -> Bool {
        strokes > 0 && Double(drawn) >= minCoverage * Double(strokes) - 1e-9
    }
}
