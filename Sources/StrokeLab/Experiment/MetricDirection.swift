/// Which way a metric is better: the one table `strokelab check` judges a change by.
///
/// The rules, first match wins (`*` matches any run of characters):
///
/// | metric | better | why |
/// |---|---|---|
/// | `throughput.samples_per_s`, `throughput.metrics_samples_per_s` | higher | more samples per second |
/// | `throughput.ns_per_sample`, `throughput.metrics_s` | lower | less time |
/// | `fidelity.*` (and `_mm`) | lower | distance from the true pen |
/// | `jaggedness.*` | lower | bending energy, curvature variation, kinks, sign changes — and their ratios to the reference: 1.0 is "as smooth as the truth", below 1 the drawn path is smoother than the pen; over-smoothing is fidelity's to catch, so for jaggedness lower is better |
/// | `smoothness.sparc`, `smoothness.ldlj` | higher | both are negative; closer to 0 is smoother (Balasubramanian et al. 2015; Hogan & Sternad 2009) |
/// | `lag.overshoot_rate`, `lag.offpath_mean*` | lower | overshooting frames; distance off the path |
/// | `lag.*_ms` | closer to 0 | lag is signed: positive behind the pen, negative ahead (overshoot, which prediction trades lag for); neither is wanted |
/// | `prediction.along_mean@*` | closer to 0 | signed along-track error: over- or under-prediction |
/// | `prediction.*` | lower | error distance (mean, p95), cross-track deviation, jitter, wrong-direction rate |
/// | `path.*` | — (informational) | length and element count describe the path; more or fewer is neither better nor worse |
///
/// Metrics matching no rule are unknown: `check` reports them as not checked. Rules marked
/// ``Rule/isTiming`` are wall-clock measurements, noisy from run to run (all `throughput.*`);
/// every other metric is a deterministic function of the traces and the pipeline.
public enum MetricDirection: String, Hashable, Sendable, CaseIterable {
    /// Smaller values are better (errors, distances, counts of defects, time).
    case lowerIsBetter = "lower"
    /// Larger values are better (throughput; SPARC and LDLJ, which are ≤ 0).
    case higherIsBetter = "higher"
    /// Values nearer zero are better whatever their sign (signed lag, along-track error).
    case closerToZeroIsBetter = "closer to 0"
    /// Describes the result without judging it; never a regression.
    case informational = "informational"

    /// One row of the table.
    public struct Rule: Hashable, Sendable {
        /// A metric id, or a pattern where `*` matches any run of characters.
        public var pattern: String
        /// Which way is better.
        public var direction: MetricDirection
        /// Whether the metric is a wall-clock timing (noisy between runs).
        public var isTiming: Bool

        /// Creates a rule.
        public init(_ pattern: String, _ direction: MetricDirection, timing: Bool = false) {
            self.pattern = pattern
            self.direction = direction
            self.isTiming = timing
        }
    }

    /// The table, in match order (see the type's documentation for the reasons).
    public static let rules: [Rule] = [
        Rule("throughput.samples_per_s", .higherIsBetter, timing: true),
        Rule("throughput.metrics_samples_per_s", .higherIsBetter, timing: true),
        Rule("throughput.ns_per_sample", .lowerIsBetter, timing: true),
        Rule("throughput.metrics_s", .lowerIsBetter, timing: true),
        Rule("fidelity.*", .lowerIsBetter),
        Rule("jaggedness.*", .lowerIsBetter),
        Rule("smoothness.sparc", .higherIsBetter),
        Rule("smoothness.ldlj", .higherIsBetter),
        Rule("lag.overshoot_rate", .lowerIsBetter),
        Rule("lag.offpath_mean*", .lowerIsBetter),
        Rule("lag.*_ms", .closerToZeroIsBetter),
        Rule("prediction.along_mean@*", .closerToZeroIsBetter),
        Rule("prediction.*", .lowerIsBetter),
        Rule("path.*", .informational),
    ]

    /// The first rule matching `metric`, or `nil` for an unknown metric.
    public static func rule(for metric: String) -> Rule? {
        rules.first { MetricPattern.matches($0.pattern, metric) }
    }

    /// How much worse `new` is than `old`, in the metric's unit: positive when worse,
    /// negative when better, 0 for ``informational``. Lower: new − old; higher: old − new;
    /// closer to 0: |new| − |old|.
    public func worsening(from old: Double, to new: Double) -> Double {
        switch self {
        case .lowerIsBetter: return new - old
        case .higherIsBetter: return old - new
        case .closerToZeroIsBetter: return abs(new) - abs(old)
        case .informational: return 0
        }
    }
}

/// Metric-id patterns: `*` matches any run of characters (including none), every other
/// character itself. Used by ``MetricDirection`` rules and `--tolerance` keys.
enum MetricPattern {
    /// Whether `pattern` matches all of `text`. Backtracking over `*`; O(|pattern| · |text|).
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern.unicodeScalars), t = Array(text.unicodeScalars)
        var i = 0, j = 0
        var star = -1, mark = 0
        while j < t.count {
            if i < p.count, p[i] != "*", p[i] == t[j] { i += 1; j += 1 }
            else if i < p.count, p[i] == "*" { star = i; mark = j; i += 1 }
            else if star >= 0 { i = star + 1; mark += 1; j = mark }
            else { return false }
        }
        while i < p.count, p[i] == "*" { i += 1 }
        return i == p.count
    }
}
