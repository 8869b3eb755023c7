/// The unit a metric is measured in, as the catalog declares it (``MetricDefinition``).
///
/// Lengths are in the trace's own unit (`pt`, `px` or `mm`, from its metadata), so one
/// declaration serves every trace; ``symbol(traceUnit:)`` gives the text `results.csv` carries.
public enum MetricUnit: String, Hashable, Sendable, CaseIterable {
    /// The trace's length unit: `pt`, `px` or `mm`.
    case length
    /// One over the trace's length unit: `1/pt`, … (curvature sums).
    case inverseLength
    /// Millimetres, whatever the trace's unit (the `_mm` variants).
    case millimetres
    /// Milliseconds.
    case milliseconds
    /// Seconds.
    case seconds
    /// Nanoseconds.
    case nanoseconds
    /// A ratio or fraction (dimensionless, named `ratio`).
    case ratio
    /// A count (of strokes' things: kinks, elements, frames).
    case count
    /// Dimensionless scores (SPARC, LDLJ), written as the empty unit.
    case dimensionless
    /// Samples per second.
    case samplesPerSecond
    /// Square trace units: `pt²`, … (areas).
    case area
    /// Raster pixels per trace unit: `px/pt`, ….
    case pixelsPerUnit

    /// The unit as `results.csv` writes it, for a trace whose length unit is `traceUnit`.
    public func symbol(traceUnit: String) -> String {
        switch self {
        case .length: return traceUnit
        case .inverseLength: return "1/" + traceUnit
        case .millimetres: return "mm"
        case .milliseconds: return "ms"
        case .seconds: return "s"
        case .nanoseconds: return "ns"
        case .ratio: return "ratio"
        case .count: return "count"
        case .dimensionless: return ""
        case .samplesPerSecond: return "samples/s"
        case .area: return traceUnit + "²"
        case .pixelsPerUnit: return "px/" + traceUnit
        }
    }

    /// Default absolute floor of the regression allowance, per written unit: a change smaller
    /// than this never fails `strokelab check` (0.1 ms; 0.01 of a point or pixel, a twentieth
    /// of a pixel at 2 px/pt; 0.002 mm; 0.005 for ratios; 0.1 for counts, which are means over
    /// strokes; 0.01 for scores; 10⁻⁶ per unit for curvature sums; 1 ms as 0.001 s). Units not
    /// listed get 0. `units` is kept for tables written before lengths named their unit.
    public static let absoluteFloors: [String: Double] = [
        "ms": 0.1, "s": 0.001, "pt": 0.01, "px": 0.01, "units": 0.01, "mm": 0.002, "ratio": 0.005, "count": 0.1, "": 0.01,
        "1/pt": 1e-6, "1/px": 1e-6, "1/mm": 1e-5, "1/units": 1e-6,
        "pt²": 0.1, "px²": 0.1, "mm²": 0.01, "units²": 0.1,
    ]

    /// Every unit symbol StrokeLab's tables use (what a `--tolerance` term may name).
    public static let knownSymbols: Set<String> = ["ms", "s", "ns", "pt", "px", "units", "mm", "ratio", "count", "1/pt",
                                                   "1/px", "1/mm", "1/units", "samples/s", "pt²", "px²", "mm²", "units²",
                                                   "px/pt", "px/px", "px/mm", "px/units"]
}
