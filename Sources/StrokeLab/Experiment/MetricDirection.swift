import StrokeMetrics

/// Which way a metric is better, as `strokelab check` judges a change: read from the metric
/// catalog (``MetricCatalog``), where each metric declares its direction once.
///
/// Summary of the catalog's directions: fidelity, jaggedness (its ratios too: 1.0 is "as
/// smooth as the truth", below 1 the drawn path is smoother than the pen; over-smoothing is
/// fidelity's to catch), off-path distance, overshoot, prediction errors and time are lower
/// is better; SPARC, LDLJ and throughput higher; signed lag and along-track error closer to
/// 0; `path.*`, `jaggedness.step` and `lag.frames_excluded` are informational. Metrics the
/// catalog does not declare are unknown: `check` reports them as not checked. Wall-clock
/// timings (all `throughput.*`) are marked ``Rule/isTiming``; every other metric is a
/// deterministic function of the traces and the pipeline.
extension MetricDirection {
    /// A metric's direction and whether it is a timing, as `check` uses them.
    public struct Rule: Hashable, Sendable {
        /// The metric id (a family's pattern for family members).
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

    /// The rule for `metric` from the catalog, or `nil` for an unknown metric.
    public static func rule(for metric: String) -> Rule? {
        MetricCatalog.definition(of: metric).map { Rule($0.id, $0.direction, timing: $0.isTiming) }
    }
}

/// Metric-id patterns: `*` matches any run of characters (including none), every other
/// character itself. Used by `--tolerance` keys.
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
