import StrokeMetrics

/// How much worse a metric's mean may get before `strokelab check` calls it a regression.
///
/// The allowance for a metric with baseline mean b is max(r · |b|, a): a relative part r and
/// an absolute floor a in the metric's own unit. The floor keeps values near zero (a lag of
/// 0.02 ms, 0.1 kinks) from failing on changes too small to matter; the relative part scales
/// with the value.
///
/// Defaults come from the metric catalog (``MetricCatalog``, each metric's
/// ``MetricDefinition/relativeTolerance`` and ``MetricDefinition/absoluteTolerance``): r = 5 %
/// (``defaultRelative``), or 25 % for wall-clock timings (``defaultTimingRelative``: throughput
/// on a shared CI machine wanders by that much from run to run); a from the unit unless the
/// metric declares its own (``absoluteFloors``): 0.1 ms, 0.01 units (pt: a twentieth of a
/// pixel at 2 px/pt), 0.002 mm, 0.005 for ratios, 0.1 for counts (a mean over strokes),
/// 0.01 for dimensionless (SPARC, LDLJ), 10⁻⁶ /units, 1 ms as 0.001 s, 0 for rates.
///
/// `--tolerance` overrides them: comma-separated items, each `VALUE` (every metric) or
/// `METRIC=VALUE` (a metric id, or a pattern with `*`, e.g. `lag.*`). A value is `off` (do not
/// check), or terms joined by `+`: `5%` sets r, a number with the metric's unit (`2ms`,
/// `0.05pt`, `0.5count`; one of ``knownUnits``) sets a. A term with a unit applies only to
/// metrics in that unit, so a global `1ms` sets the floor of every millisecond metric and
/// `lag.*=1ms` leaves `lag.overshoot_rate` alone; a unit that contradicts an exact metric id
/// (`fidelity.mean=2ms`) is an error. A **bare number** is ambiguous — `--tolerance 10` used
/// to mean 10 in every metric's own unit, so a +30 % regression passed — and is refused,
/// except after an exact id of a dimensionless metric (`smoothness.sparc=0%+0.05`, whose
/// unit is empty). Parts not given keep their defaults; items apply in order, global ones
/// before per-metric ones. Examples: `10%`, `lag.mean_ms=2ms`,
/// `fidelity.mean=10%,throughput.*=off`, `smoothness.sparc=0%+0.05`.
public struct RegressionTolerance: Hashable, Sendable {
    /// One `VALUE`: relative part, absolute part, or off.
    public struct Setting: Hashable, Sendable {
        /// Relative part r as a fraction (0.05 = 5 %), when given.
        public var relative: Double?
        /// Absolute part a, when given.
        public var absolute: Double?
        /// The unit the absolute part was written with (`""` for a bare number, which only a
        /// dimensionless metric takes); `nil` when there is no absolute part.
        public var absoluteUnit: String?
        /// Do not check the metric at all.
        public var off: Bool

        /// Creates a setting.
        public init(relative: Double? = nil, absolute: Double? = nil, absoluteUnit: String? = nil, off: Bool = false) {
            self.relative = relative
            self.absolute = absolute
            self.absoluteUnit = absoluteUnit
            self.off = off
        }
    }

    /// A `METRIC=VALUE` item.
    public struct Override: Hashable, Sendable {
        /// Metric id or pattern (`*` matches any run of characters).
        public var pattern: String
        /// What it sets.
        public var setting: Setting
    }

    /// What an allowance was resolved to for one metric.
    public struct Resolved: Hashable, Sendable {
        /// Relative part r (fraction).
        public var relative: Double
        /// Absolute part a (the metric's unit).
        public var absolute: Double
        /// max(r · |baseline|, a).
        public func allowance(baseline: Double) -> Double { max(relative * abs(baseline), absolute) }
    }

    /// Default relative part for deterministic metrics (``MetricDefinition/defaultRelativeTolerance``).
    public static let defaultRelative = MetricDefinition.defaultRelativeTolerance
    /// Default relative part for wall-clock timings (``MetricDefinition/defaultTimingRelativeTolerance``).
    public static let defaultTimingRelative = MetricDefinition.defaultTimingRelativeTolerance
    /// Default absolute floor per unit; units not listed get 0 (``MetricUnit/absoluteFloors``).
    /// Lengths are in the trace's unit: `pt` (iOS points), `px` or `mm`; `units` is kept for
    /// tables written before lengths named their unit.
    public static let absoluteFloors: [String: Double] = MetricUnit.absoluteFloors

    /// The units StrokeLab's tables use, the only ones a tolerance term may name (so a typo
    /// such as `5 percent` is an error, not a floor that silently applies to nothing).
    public static let knownUnits: Set<String> = MetricUnit.knownSymbols

    /// Items without a metric, in order.
    public var global: [Setting]
    /// Items with a metric, in order.
    public var overrides: [Override]

    /// The defaults only.
    public init() {
        global = []
        overrides = []
    }

    /// Parses a `--tolerance` specification (see the type's documentation).
    /// - Throws: ``ExperimentError`` naming the item and what is wrong with it.
    public init(parsing spec: String) throws(ExperimentError) {
        self.init()
        let items = spec.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpacesAndTabs }
        guard !spec.trimmingSpacesAndTabs.isEmpty else { throw ExperimentError("--tolerance: empty specification") }
        for item in items {
            guard !item.isEmpty else { throw ExperimentError("--tolerance '\(spec)': an empty item (two commas in a row?)") }
            if let eq = item.firstIndex(of: "=") {
                let key = String(item[..<eq]).trimmingSpacesAndTabs
                let value = String(item[item.index(after: eq)...]).trimmingSpacesAndTabs
                guard !key.isEmpty, key.unicodeScalars.allSatisfy({ Self.metricCharacters.contains($0) }) else {
                    throw ExperimentError("--tolerance item '\(item)': '\(key)' is not a metric id or pattern (letters, digits, . _ @ *)")
                }
                overrides.append(Override(pattern: key, setting: try Self.parseValue(value, item: item, exactMetric: !key.contains("*"))))
            } else {
                global.append(try Self.parseValue(item, item: item, exactMetric: false))
            }
        }
    }

    /// The relative and absolute parts for `metric` in `unit`, or `nil` when it is switched off.
    /// - Throws: ``ExperimentError`` when an item naming exactly this metric gives an absolute
    ///   part in another unit.
    public func resolve(metric: String, unit: String) throws(ExperimentError) -> Resolved? {
        let declared = MetricCatalog.definition(of: metric)
        var resolved = Resolved(relative: declared?.relativeTolerance ?? Self.defaultRelative,
                                absolute: declared?.absoluteTolerance ?? Self.absoluteFloors[unit] ?? 0)
        var off = false
        func apply(_ s: Setting, exact: String?) throws(ExperimentError) {
            if s.off { off = true; return }
            if let r = s.relative { resolved.relative = r; off = false }
            if let a = s.absolute {
                if let u = s.absoluteUnit, u != unit {
                    if let exact {
                        throw ExperimentError(u.isEmpty
                            ? "--tolerance item for \(exact): a bare number is ambiguous for a metric in '\(unit)'; write it with % or '\(unit)'"
                            : "--tolerance item for \(exact): the absolute part is in '\(u)' but the metric's unit is '\(unit.isEmpty ? "(none)" : unit)'")
                    }
                    return
                }
                resolved.absolute = a
                off = false
            }
        }
        for s in global { try apply(s, exact: nil) }
        for o in overrides where MetricPattern.matches(o.pattern, metric) {
            try apply(o.setting, exact: o.pattern.contains("*") ? nil : o.pattern)
        }
        return off ? nil : resolved
    }

    /// Characters allowed in a metric key.
    static let metricCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._@*-".unicodeScalars)

    /// Parses `off` or `TERM(+TERM)*`; a bare number is accepted only for an exact metric id
    /// (it then means a dimensionless absolute part).
    static func parseValue(_ value: String, item: String, exactMetric: Bool) throws(ExperimentError) -> Setting {
        guard !value.isEmpty else { throw ExperimentError("--tolerance item '\(item)': no value (e.g. 5%, 2ms, off)") }
        if value.lowercased() == "off" { return Setting(off: true) }
        var setting = Setting()
        for term in value.split(separator: "+", omittingEmptySubsequences: false).map({ String($0).trimmingSpacesAndTabs }) {
            let digits = term.prefix { "0123456789.eE-".contains($0) }
            var numberText = String(digits)
            // An exponent marker not followed by digits belongs to no number: `2e` is 2 with unit "e".
            while let last = numberText.last, "eE-".contains(last) { numberText.removeLast() }
            let unit = String(term.dropFirst(numberText.count)).trimmingSpacesAndTabs
            guard !numberText.isEmpty, let number = Double(numberText), number.isFinite, number >= 0 else {
                throw ExperimentError("--tolerance item '\(item)': '\(term)' is not a non-negative number with % or a unit (e.g. 10%, 2ms, 0.05pt)")
            }
            if unit.isEmpty && !exactMetric {
                throw ExperimentError("--tolerance item '\(item)': the bare number \(numberText) is ambiguous; write \(numberText)% for a relative tolerance, or \(numberText)ms, \(numberText)pt, \(numberText)ratio, … for an absolute one in the metric's unit")
            }
            if unit == "%" {
                guard setting.relative == nil else { throw ExperimentError("--tolerance item '\(item)': two relative parts") }
                setting.relative = number / 100
            } else {
                guard unit.isEmpty || knownUnits.contains(unit) else {
                    throw ExperimentError("--tolerance item '\(item)': unknown unit '\(unit)' (known: %, \(knownUnits.sorted().joined(separator: ", ")))")
                }
                guard setting.absolute == nil else { throw ExperimentError("--tolerance item '\(item)': two absolute parts") }
                setting.absolute = number
                setting.absoluteUnit = unit
            }
        }
        return setting
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs (no Foundation needed).
    var trimmingSpacesAndTabs: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
