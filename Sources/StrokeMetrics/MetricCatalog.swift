/// The one list of every metric StrokeLab reports: each id declared once
/// (``MetricDefinition``: unit, direction, default regression tolerance, meaning, anchor in
/// `docs/guides/metrics.md`). Results tables take units from it, the summary and the report
/// take titles, directions and guide links from it, and `strokelab check` takes directions
/// and default tolerances from it.
///
/// To add a metric, append a declaration to ``definitions`` (in the family it belongs to),
/// give it a section with that anchor in the guide, and emit it with
/// ``measurement(_:_:traceUnit:)``. Ink metrics, for example, would be declared as
///
/// ```swift
/// MetricDefinition("ink.width_variation", title: "width variation", unit: .length, direction: .lowerIsBetter,
///                  meaning: "…", anchor: "ink-width-variation", millimetres: true),
/// ```
///
/// The catalog test checks that every anchor has a section in the guide and that every id a
/// replay measures is declared.
public enum MetricCatalog {
    /// Where the guide to the measurements lives, relative to the repository root.
    public static let guidePath = "docs/guides/metrics.md"

    /// Every declared metric, in report order. Families carry `{h}`; `_mm` variants are
    /// implied by ``MetricDefinition/hasMillimetreVariant``.
    public static let definitions: [MetricDefinition] = [
        // The path itself.
        MetricDefinition("path.length", title: "path length", unit: .length, direction: .informational,
                         meaning: "arc length of the final committed path", anchor: "path-length"),
        MetricDefinition("path.elements", title: "elements", unit: .count, direction: .informational,
                         meaning: "drawing elements (lines and curves) of the final committed path", anchor: "path-elements"),
        // Coverage: whether and how much of the stroke a pipeline drew.
        MetricDefinition("coverage.drawn", title: "drawn", unit: .ratio, direction: .higherIsBetter,
                         meaning: "1 when the pipeline drew any ink on the stroke, 0 when it left it blank (its mean: the fraction drawn)",
                         anchor: "coverage-drawn", absoluteTolerance: 0.001, range: 0...1),
        MetricDefinition("coverage.path_ratio", title: "path ratio", unit: .ratio, direction: .closerToOneIsBetter,
                         meaning: "length of the ink over the length of the pen's path (0: blank; below 1 the ink stops short or cuts corners)",
                         anchor: "coverage-path-ratio"),
        // Fidelity.
        MetricDefinition("fidelity.mean", title: "fidelity mean", unit: .length, direction: .lowerIsBetter,
                         meaning: "symmetric mean closest-point distance between the ink and the pen's path",
                         anchor: "fidelity-mean", millimetres: true),
        MetricDefinition("fidelity.max", title: "fidelity max", unit: .length, direction: .lowerIsBetter,
                         meaning: "farthest the ink strays from the pen's path (directed Hausdorff, ink → pen)",
                         anchor: "fidelity-max", millimetres: true),
        MetricDefinition("fidelity.hausdorff", title: "Hausdorff", unit: .length, direction: .lowerIsBetter,
                         meaning: "symmetric Hausdorff distance: also counts pen path with no ink near it",
                         anchor: "fidelity-hausdorff", millimetres: true),
        MetricDefinition("fidelity.frechet", title: "Fréchet", unit: .length, direction: .lowerIsBetter,
                         meaning: "discrete Fréchet distance: like Hausdorff but in order along both curves",
                         anchor: "fidelity-frechet", millimetres: true),
        // Jaggedness.
        MetricDefinition("jaggedness.bending_energy", title: "bending energy", unit: .inverseLength, direction: .lowerIsBetter,
                         meaning: "∫κ²ds of the ink at scale Δs; a corner of angle φ adds φ²/Δs",
                         anchor: "jaggedness-bending-energy"),
        MetricDefinition("jaggedness.bending_energy_ratio", title: "bending ratio", unit: .ratio, direction: .lowerIsBetter,
                         meaning: "bending energy over the pen path's (1 = as smooth as the truth)",
                         anchor: "jaggedness-bending-energy-ratio"),
        MetricDefinition("jaggedness.bending_energy_log_ratio", title: "bending ratio (log)", unit: .dimensionless,
                         direction: .lowerIsBetter,
                         meaning: "ln of the bending ratio, on strokes with a sound reference: its mean is the log of the geometric mean",
                         anchor: "jaggedness-bending-energy-log-ratio", absoluteTolerance: 0.05, logRatio: true,
                         practicalDifference: 0.05),
        MetricDefinition("jaggedness.curvature_variation", title: "curvature variation", unit: .inverseLength,
                         direction: .lowerIsBetter, meaning: "total variation of curvature along the ink, Σ|Δκ|",
                         anchor: "jaggedness-curvature-variation"),
        MetricDefinition("jaggedness.curvature_variation_ratio", title: "curv. var. ratio", unit: .ratio,
                         direction: .lowerIsBetter, meaning: "curvature variation over the pen path's",
                         anchor: "jaggedness-curvature-variation-ratio"),
        MetricDefinition("jaggedness.curvature_variation_log_ratio", title: "curv. var. ratio (log)", unit: .dimensionless,
                         direction: .lowerIsBetter, meaning: "ln of the curvature variation ratio, on strokes with a sound reference",
                         anchor: "jaggedness-curvature-variation-log-ratio", absoluteTolerance: 0.05, logRatio: true,
                         practicalDifference: 0.05),
        MetricDefinition("jaggedness.kinks", title: "kinks", unit: .count, direction: .lowerIsBetter,
                         meaning: "places where the ink turns by more than θ within an arc length w",
                         anchor: "jaggedness-kinks"),
        MetricDefinition("jaggedness.sign_changes", title: "sign changes", unit: .count, direction: .lowerIsBetter,
                         meaning: "switches between turning left and right (inflections and wiggles)",
                         anchor: "jaggedness-sign-changes"),
        MetricDefinition("jaggedness.step", title: "Δs", unit: .length, direction: .informational,
                         meaning: "the arc-length scale Δs the jaggedness and fidelity of this stroke were measured at",
                         anchor: "jaggedness-step"),
        // Kinematic smoothness.
        MetricDefinition("smoothness.sparc", title: "SPARC", unit: .dimensionless, direction: .higherIsBetter,
                         meaning: "spectral arc length of the ink tip's speed (≤ 0; closer to 0 is smoother)",
                         anchor: "smoothness-sparc", range: -Double.greatestFiniteMagnitude...0),
        MetricDefinition("smoothness.ldlj", title: "LDLJ", unit: .dimensionless, direction: .higherIsBetter,
                         meaning: "log dimensionless jerk of the ink tip's speed (closer to 0 is smoother)",
                         anchor: "smoothness-ldlj"),
        // Lag.
        MetricDefinition("lag.mean_ms", title: "lag ms", unit: .milliseconds, direction: .closerToZeroIsBetter,
                         meaning: "mean time since the pen was where the drawn ink ends (prediction included), over display refreshes",
                         anchor: "lag-mean-ms", practicalDifference: 1),
        MetricDefinition("lag.p95_ms", title: "lag p95 ms", unit: .milliseconds, direction: .closerToZeroIsBetter,
                         meaning: "95th percentile of that lag", anchor: "lag-p95-ms", practicalDifference: 1),
        MetricDefinition("lag.max_ms", title: "lag max ms", unit: .milliseconds, direction: .closerToZeroIsBetter,
                         meaning: "largest lag (bounded by the search window)", anchor: "lag-max-ms", practicalDifference: 1),
        MetricDefinition("lag.offpath_mean", title: "off-path", unit: .length, direction: .lowerIsBetter,
                         meaning: "mean distance from the ink's tip to the pen's path", anchor: "lag-offpath-mean",
                         millimetres: true),
        MetricDefinition("lag.overshoot_rate", title: "overshoot", unit: .ratio, direction: .lowerIsBetter,
                         meaning: "fraction of refreshes whose ink tip is ahead of the pen", anchor: "lag-overshoot-rate", range: 0...1),
        MetricDefinition("lag.frames_excluded", title: "frames excluded", unit: .count, direction: .informational,
                         meaning: "refreshes left out of lag because the pen's true position was unknown (recording gaps)",
                         anchor: "lag-frames-excluded"),
        MetricDefinition("lag.curve_mean_ms", title: "curve lag ms", unit: .milliseconds, direction: .closerToZeroIsBetter,
                         meaning: "mean lag of the committed and provisional ink's end, prediction left out: what the curve and filters cost",
                         anchor: "lag-curve-mean-ms", practicalDifference: 1),
        MetricDefinition("lag.curve_p95_ms", title: "curve lag p95 ms", unit: .milliseconds, direction: .closerToZeroIsBetter,
                         meaning: "95th percentile of the curve's lag", anchor: "lag-curve-p95-ms", practicalDifference: 1),
        MetricDefinition("lag.curve_max_ms", title: "curve lag max ms", unit: .milliseconds, direction: .closerToZeroIsBetter,
                         meaning: "largest lag of the curve (bounded by the search window)", anchor: "lag-curve-max-ms",
                         practicalDifference: 1),
        // Prediction, one per horizon h.
        MetricDefinition("prediction.drawn_error_mean", title: "drawn pred. error", unit: .length, direction: .lowerIsBetter,
                         meaning: "mean distance from the end of the drawn prediction to where the pen was at the time it stands for (0: nothing drawn ahead)",
                         anchor: "prediction-drawn-error-mean", millimetres: true),
        MetricDefinition("prediction.error_mean@{h}ms", title: "pred. error @{h}ms", unit: .length, direction: .lowerIsBetter,
                         meaning: "mean distance between the predicted and the true pen position h after the newest sample",
                         anchor: "prediction-error-mean"),
        MetricDefinition("prediction.error_p95@{h}ms", title: "pred. error p95 @{h}ms", unit: .length,
                         direction: .lowerIsBetter, meaning: "95th percentile of that distance", anchor: "prediction-error-p95"),
        MetricDefinition("prediction.along_mean@{h}ms", title: "pred. along @{h}ms", unit: .length,
                         direction: .closerToZeroIsBetter,
                         meaning: "mean signed error along the pen's direction (> 0 ahead, < 0 behind)",
                         anchor: "prediction-along-mean"),
        MetricDefinition("prediction.cross_mean@{h}ms", title: "pred. cross @{h}ms", unit: .length,
                         direction: .lowerIsBetter, meaning: "mean error across the pen's direction",
                         anchor: "prediction-cross-mean"),
        MetricDefinition("prediction.jitter@{h}ms", title: "pred. jitter @{h}ms", unit: .length, direction: .lowerIsBetter,
                         meaning: "how much the prediction wobbles beyond the pen's own motion from frame to frame",
                         anchor: "prediction-jitter"),
        MetricDefinition("prediction.wrong_direction_rate@{h}ms", title: "wrong direction @{h}ms", unit: .ratio,
                         direction: .lowerIsBetter, meaning: "fraction of frames whose prediction moved against the pen",
                         anchor: "prediction-wrong-direction-rate", range: 0...1),
        // Latency as people see it: the device's own plus what the pipeline adds.
        MetricDefinition("latency.pipeline_ms", title: "added latency ms", unit: .milliseconds,
                         direction: .closerToZeroIsBetter,
                         meaning: "how far behind its newest input sample the ink ends (< 0: a prediction draws past it)",
                         anchor: "latency-pipeline-ms", practicalDifference: 1),
        MetricDefinition("latency.end_to_end_ms", title: "end-to-end ms", unit: .milliseconds,
                         direction: .closerToZeroIsBetter,
                         meaning: "touch-to-display latency people see: the stated device's own plus the pipeline's",
                         anchor: "latency-end-to-end-ms", practicalDifference: 1),
        // Perceived side effects (Nancel et al., UIST 2016), each how often it occurs.
        MetricDefinition("perceived.lateness_rate", title: "lateness", unit: .ratio, direction: .lowerIsBetter,
                         meaning: "fraction of refreshes whose ink ends visibly behind the pen (≥ latenessMm along its path)",
                         anchor: "perceived-lateness-rate", range: 0...1),
        MetricDefinition("perceived.over_anticipation_rate", title: "over-anticipation", unit: .ratio,
                         direction: .lowerIsBetter,
                         meaning: "fraction of refreshes whose ink ends visibly ahead of the pen (≥ overAnticipationMm)",
                         anchor: "perceived-over-anticipation-rate", range: 0...1),
        MetricDefinition("perceived.wrong_distance_rate", title: "wrong distance", unit: .ratio, direction: .lowerIsBetter,
                         meaning: "fraction of drawn predictions whose length is ≥ wrongDistanceMm off where the pen went",
                         anchor: "perceived-wrong-distance-rate", range: 0...1),
        MetricDefinition("perceived.wrong_orientation_rate", title: "wrong orientation", unit: .ratio,
                         direction: .lowerIsBetter,
                         meaning: "fraction of drawn predictions pointing more than wrongOrientationDegrees off where the pen went",
                         anchor: "perceived-wrong-orientation-rate", range: 0...1),
        MetricDefinition("perceived.jitter_rate", title: "jitter", unit: .ratio, direction: .lowerIsBetter,
                         meaning: "fraction of refreshes at which the ink's end wobbles around its steady course, again and again",
                         anchor: "perceived-jitter-rate", range: 0...1),
        MetricDefinition("perceived.jump_rate", title: "jumps", unit: .ratio, direction: .lowerIsBetter,
                         meaning: "fraction of refreshes at which the ink's end leaps (≥ jumpMm at once, more than the pen moved)",
                         anchor: "perceived-jump-rate", range: 0...1),
        MetricDefinition("perceived.spring_rate", title: "spring effect", unit: .ratio, direction: .lowerIsBetter,
                         meaning: "fraction of the pen's stops at which the ink's end comes back (≥ springMm)",
                         anchor: "perceived-spring-rate", range: 0...1),
        // Ink.
        MetricDefinition("ink.width_variation", title: "width variation", unit: .ratio, direction: .informational,
                         meaning: "how much the ink's width changes per unit of stroke length (Σ|Δw| / length)",
                         anchor: "ink-width-variation"),
        MetricDefinition("ink.width_jump_max", title: "width jump", unit: .ratio, direction: .lowerIsBetter,
                         meaning: "largest relative width change between consecutive segments", anchor: "ink-width-jump-max"),
        MetricDefinition("ink.iou", title: "ink IoU", unit: .ratio, direction: .higherIsBetter,
                         meaning: "area the ink and the reference ink both cover over the area either covers",
                         anchor: "ink-iou", range: 0...1),
        MetricDefinition("ink.error_area", title: "ink error area", unit: .area, direction: .lowerIsBetter,
                         meaning: "area covered by the ink or the reference ink but not both", anchor: "ink-error-area"),
        MetricDefinition("ink.resolution", title: "ink px/unit", unit: .pixelsPerUnit, direction: .informational,
                         meaning: "pixels per unit of the rasters the ink metrics were measured on", anchor: "ink-resolution"),
        // Cost.
        MetricDefinition("throughput.samples_per_s", title: "samples/s", unit: .samplesPerSecond, direction: .higherIsBetter,
                         meaning: "samples per second through a pipeline's replay on one core",
                         anchor: "throughput-samples-per-s", isTiming: true),
        MetricDefinition("throughput.ns_per_sample", title: "ns/sample", unit: .nanoseconds, direction: .lowerIsBetter,
                         meaning: "nanoseconds per sample through a pipeline's replay",
                         anchor: "throughput-ns-per-sample", isTiming: true),
        MetricDefinition("throughput.ns_per_event", title: "ns/event", unit: .nanoseconds, direction: .lowerIsBetter,
                         meaning: "nanoseconds per touch event through a pipeline's replay",
                         anchor: "throughput-ns-per-event", isTiming: true),
        MetricDefinition("throughput.live_ns_per_event", title: "live ns/event", unit: .nanoseconds, direction: .lowerIsBetter,
                         meaning: "nanoseconds per touch event through a live stroke, as an app calls it",
                         anchor: "throughput-live-ns-per-event", isTiming: true),
        MetricDefinition("throughput.metrics_s", title: "metrics s", unit: .seconds, direction: .lowerIsBetter,
                         meaning: "seconds to measure every metric of every stroke × pipeline of a dataset",
                         anchor: "throughput-metrics-s", isTiming: true),
        MetricDefinition("throughput.metrics_samples_per_s", title: "metrics samples/s", unit: .samplesPerSecond,
                         direction: .higherIsBetter, meaning: "samples per second through replay and every metric",
                         anchor: "throughput-metrics-samples-per-s", isTiming: true),
    ]

    /// Every declaration with its `_mm` variants expanded, in report order.
    public static let expanded: [MetricDefinition] = definitions.flatMap { d in
        d.hasMillimetreVariant ? [d, d.millimetreVariant] : [d]
    }

    private static let byId: [String: MetricDefinition] = {
        var out: [String: MetricDefinition] = [:]
        for d in expanded where !d.isFamily {
            precondition(out[d.id] == nil, "metric \(d.id) is declared twice")
            out[d.id] = d
        }
        return out
    }()

    private static let families: [MetricDefinition] = expanded.filter(\.isFamily)
    /// Each family with its id split around `{h}`, split once (a member is looked up for every
    /// measurement of a run).
    private static let familyMembers: [(prefix: Substring, suffix: Substring, definition: MetricDefinition)] =
        families.compactMap { d in d.familyParts.map { ($0.prefix, $0.suffix, d) } }

    /// The declaration of `metric` (an id, a member of a family such as
    /// `prediction.error_mean@16.7ms`, or an `_mm` variant), or `nil` when it is not declared.
    /// O(1) for ids, O(families) for family members.
    public static func definition(of metric: String) -> MetricDefinition? {
        if let d = byId[metric] { return d }
        return familyMembers.first { MetricDefinition.isMember(metric, prefix: $0.prefix, suffix: $0.suffix) }?.definition
    }

    /// The declaration with id `id` (exact; a family by its `{h}` pattern). Traps when the id
    /// is not declared: a programming error, caught by the catalog test.
    public static func declared(_ id: String) -> MetricDefinition {
        if let d = byId[id] { return d }
        guard let d = families.first(where: { $0.id == id }) else { preconditionFailure("metric \(id) is not declared") }
        return d
    }

    /// A measurement of the declared metric `id` (a family member's id may be given; its unit
    /// comes from the family), its unit written for a trace whose length unit is `traceUnit`.
    public static func measurement(_ id: String, _ value: Double, traceUnit: String) -> Measurement {
        guard let d = definition(of: id) else { preconditionFailure("metric \(id) is not declared in MetricCatalog") }
        return Measurement(id, value, d.unit.symbol(traceUnit: traceUnit))
    }

    /// The link to a metric's section of the guide, relative to the repository root
    /// (`docs/guides/metrics.md#fidelity-mean`).
    public static func guideLink(_ d: MetricDefinition) -> String { guidePath + "#" + d.anchor }
}
