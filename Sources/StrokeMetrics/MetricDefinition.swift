/// One metric as the catalog declares it (``MetricCatalog``): its id, unit, direction,
/// default regression tolerance, a one-line meaning and its anchor in the guide to the
/// measurements (`docs/guides/metrics.md#<anchor>`).
///
/// A *family* is one declaration for many ids: `prediction.error_mean@{h}ms` stands for
/// `prediction.error_mean@16ms`, `@16.7ms`, … (one per prediction horizon). A length metric
/// declared with ``hasMillimetreVariant`` also stands for `<id>_mm`, in millimetres, reported
/// when the trace's scale is known.
public struct MetricDefinition: Hashable, Sendable {
    /// Default relative part of the regression allowance for deterministic metrics (5 %).
    public static let defaultRelativeTolerance = 0.05
    /// Default relative part for wall-clock timings (25 %: throughput on a shared machine
    /// wanders by that much from run to run).
    public static let defaultTimingRelativeTolerance = 0.25

    /// The id, or for a family the pattern with `{h}` where the horizon goes.
    public var id: String
    /// A short title for table columns ("fidelity mean", "lag p95").
    public var title: String
    /// The unit.
    public var unit: MetricUnit
    /// Which way is better.
    public var direction: MetricDirection
    /// Relative part r of the default regression allowance max(r·|baseline|, a).
    public var relativeTolerance: Double
    /// Absolute part a of the default allowance in the metric's unit; `nil` takes the unit's
    /// floor (``MetricUnit/absoluteFloors``).
    public var absoluteTolerance: Double?
    /// Whether the metric is a wall-clock timing (noisy between runs).
    public var isTiming: Bool
    /// Whether a `<id>_mm` variant exists (length metrics, when the trace's scale is known).
    public var hasMillimetreVariant: Bool
    /// What it measures, in one line.
    public var meaning: String
    /// The anchor of its section in `docs/guides/metrics.md`.
    public var anchor: String
    /// Whether the values are natural logarithms of a ratio (`…_log_ratio`): their mean is the
    /// log of the geometric mean, a paired difference the log of a ratio of ratios, and tables
    /// show exp(value) ("×1.14").
    public var isLogRatio: Bool
    /// The smallest difference between two values that matters to a user, in the metric's unit:
    /// where a verdict moves past a tie only beyond it (the tune preference's rule,
    /// `docs/guides/tuning.md`). `nil`: the regression allowance at the better value,
    /// ``practicalDifference(at:unit:)``.
    public var declaredPracticalDifference: Double?
    /// The values the metric can take: the initialiser's `range`, else the default for its unit and direction.
    public var valueRange: ClosedRange<Double>

    /// Declares a metric.
    /// `range` is the values it can take, when narrower than its unit and direction allow
    /// (``defaultRange(unit:direction:)``): a fraction is `0...1`, SPARC `...0`.
    public init(_ id: String, title: String, unit: MetricUnit, direction: MetricDirection, meaning: String, anchor: String,
                relativeTolerance: Double? = nil, absoluteTolerance: Double? = nil, isTiming: Bool = false,
                millimetres: Bool = false, range: ClosedRange<Double>? = nil, logRatio: Bool = false,
                practicalDifference: Double? = nil) {
        self.valueRange = range ?? Self.defaultRange(unit: unit, direction: direction)
        self.id = id
        self.title = title
        self.unit = unit
        self.direction = direction
        self.meaning = meaning
        self.anchor = anchor
        self.isTiming = isTiming
        self.relativeTolerance = relativeTolerance
            ?? (isTiming ? Self.defaultTimingRelativeTolerance : Self.defaultRelativeTolerance)
        self.absoluteTolerance = absoluteTolerance
        self.hasMillimetreVariant = millimetres
        self.isLogRatio = logRatio
        self.declaredPracticalDifference = practicalDifference
    }

    /// The smallest difference that matters near `value` (written in `unit`, the symbol of the
    /// results): the declared practical difference, else the regression allowance
    /// max(r·|value|, a) with a the declared absolute tolerance or the unit's floor
    /// (``MetricUnit/absoluteFloors``). Lag: 1 ms; a log ratio: 0.05 (5 %); fidelity of
    /// 0.3 pt: 0.015 pt.
    public func practicalDifference(at value: Double, unit: String) -> Double {
        if let d = declaredPracticalDifference { return d }
        let floor = absoluteTolerance ?? MetricUnit.absoluteFloors[unit] ?? 0
        return Swift.max(relativeTolerance * (value.isFinite ? abs(value) : 0), floor)
    }

    /// True for a family (`…@{h}ms`).
    public var isFamily: Bool { id.contains("{h}") }

    /// What a metric of `unit` can be: any finite number for signed metrics (closer to zero is
    /// better: lag, along-track error) and dimensionless scores; otherwise ≥ 0 (lengths,
    /// counts, ratios, areas, times, rates). Infinite and NaN values are never in range.
    public static func defaultRange(unit: MetricUnit, direction: MetricDirection) -> ClosedRange<Double> {
        if direction == .closerToZeroIsBetter || unit == .dimensionless { return -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude }
        return 0...Double.greatestFiniteMagnitude
    }

    /// Whether `value` is one this metric can take: finite, within ``valueRange``, and a whole
    /// number for counts. O(1).
    public func accepts(_ value: Double) -> Bool {
        value.isFinite && valueRange.contains(value) && (unit != .count || value == value.rounded())
    }

    /// The id of one member of a family (`prediction.error_mean@16ms` for h = 16); the id
    /// itself for a single metric. The horizon is written as an integer when integral,
    /// otherwise in its shortest round-trip form (`16.7`).
    public func id(horizonMs h: Double) -> String {
        guard let range = id.firstRange(of: "{h}") else { return id }
        return String(id[..<range.lowerBound]) + MetricDefinition.horizonLabel(h) + String(id[range.upperBound...])
    }

    /// A horizon as metric ids write it: `16` for 16.0, `16.7` for 16.7.
    public static func horizonLabel(_ ms: Double) -> String {
        if ms.isFinite, ms == ms.rounded(), abs(ms) < 1e15 { return String(Int64(ms)) }
        return String(ms)
    }

    /// Whether `metric` is this definition's id, a member of its family, or its `_mm` variant
    /// (``matchesMillimetreVariant(_:)`` for that alone). Families match `prefix@<number>ms`.
    func matchesExactly(_ metric: String) -> Bool {
        guard let parts = familyParts else { return metric == id }
        return Self.isMember(metric, prefix: parts.prefix, suffix: parts.suffix)
    }

    /// A family's id around its `{h}`: `prediction.error_mean@` and `ms`; `nil` for a single metric.
    var familyParts: (prefix: Substring, suffix: Substring)? {
        guard let range = id.firstRange(of: "{h}") else { return nil }
        return (id[..<range.lowerBound], id[range.upperBound...])
    }

    /// Whether `metric` is the member of the family with these ``familyParts`` at a finite `h`.
    static func isMember(_ metric: String, prefix: Substring, suffix: Substring) -> Bool {
        guard metric.hasPrefix(prefix), metric.hasSuffix(suffix), metric.count > prefix.count + suffix.count else { return false }
        let middle = metric.dropFirst(prefix.count).dropLast(suffix.count)
        guard let h = Double(middle), h.isFinite else { return false }
        return true
    }

    /// The `_mm` variant of this definition: same meaning and direction, in millimetres.
    var millimetreVariant: MetricDefinition {
        var d = self
        d.id = id + "_mm"
        d.title = title + " (mm)"
        d.unit = .millimetres
        d.hasMillimetreVariant = false
        return d
    }
}
