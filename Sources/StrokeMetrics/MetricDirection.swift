/// Which way a metric is better: declared once per metric in the catalog
/// (``MetricDefinition/direction``), read by the report (what "better" means in a ranking)
/// and by `strokelab check` (what counts as a regression).
public enum MetricDirection: String, Hashable, Sendable, CaseIterable {
    /// Smaller values are better (errors, distances, counts of defects, time).
    case lowerIsBetter = "lower"
    /// Larger values are better (throughput; SPARC and LDLJ, which are ≤ 0).
    case higherIsBetter = "higher"
    /// Values nearer zero are better whatever their sign (signed lag, along-track error).
    case closerToZeroIsBetter = "closer to 0"
    /// Values nearer one are better on either side (a ratio of lengths, 1 = as long as the pen's
    /// path: `coverage.path_ratio`).
    case closerToOneIsBetter = "closer to 1"
    /// Describes the result without judging it; never a regression, never ranked.
    case informational = "informational"

    /// How much worse `new` is than `old`, in the metric's unit: positive when worse,
    /// negative when better, 0 for ``informational``. Lower: new − old; higher: old − new;
    /// closer to 0: |new| − |old|; closer to 1: |new − 1| − |old − 1|.
    public func worsening(from old: Double, to new: Double) -> Double {
        switch self {
        case .lowerIsBetter: return new - old
        case .higherIsBetter: return old - new
        case .closerToZeroIsBetter: return abs(new) - abs(old)
        case .closerToOneIsBetter: return abs(new - 1) - abs(old - 1)
        case .informational: return 0
        }
    }

    /// A short phrase for tables and captions: "lower is better", "closer to 0 is better", …
    public var phrase: String {
        switch self {
        case .lowerIsBetter: return "lower is better"
        case .higherIsBetter: return "higher is better"
        case .closerToZeroIsBetter: return "closer to 0 is better"
        case .closerToOneIsBetter: return "closer to 1 is better"
        case .informational: return "informational"
        }
    }
}
