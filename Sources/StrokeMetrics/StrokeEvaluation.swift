import RealModule
import StrokeCore
import StrokeSmoothing

/// Measures one stroke through one pipeline: every metric StrokeLab reports for a
/// stroke × pipeline. The experiment runner prepares each stroke once (``PreparedStroke``:
/// hold-out, reference geometry, step) and calls ``evaluate(_:pipeline:)`` for every
/// pipeline; each metric family lives in its own type and is tested on its own.
///
/// Metric ids, units, directions and meanings are declared in ``MetricCatalog``; units carry
/// the trace's length unit (`pt`, `px` or `mm`). Order:
/// - `path.length`, `path.elements`;
/// - `coverage.drawn` (1 when any ink was drawn, else 0) and `coverage.path_ratio` (ink length
///   over the pen path's length; omitted when the pen did not move): a stroke left blank counts
///   against its pipeline here, not as a missing value;
/// - `fidelity.mean`, `.max`, `.hausdorff`, `.frechet` (``Fidelity``) and their `_mm`
///   variants when `millimetresPerUnit` is known;
/// - `jaggedness.bending_energy`, `_ratio`, `.curvature_variation`, `_ratio`, `.kinks`,
///   `.sign_changes` (``Jaggedness``), `jaggedness.step` (the Δs used), and each ratio's natural
///   log (`…_log_ratio`, the ratio floored at ``logRatioFloor``), which the report and tune
///   compare. Ratios are omitted when the reference is degenerate: fewer than
///   ``minimumRatioReferencePoints`` points, or it hardly bends or its curvature hardly varies
///   (``minimumReferenceBending``, ``minimumReferenceCurvatureVariation``);
/// - `smoothness.sparc`, `smoothness.ldlj` on the ``SpeedProfile`` of the rendered tip;
/// - `lag.mean_ms`, `.p95_ms`, `.max_ms`, `.offpath_mean` (+ `_mm`), `.overshoot_rate`,
///   `.frames_excluded` (``Lag`` of the drawn tip, prediction included), `lag.curve_mean_ms`,
///   `.curve_p95_ms`, `.curve_max_ms` (of the committed and provisional ink's tip);
/// - `prediction.drawn_error_mean` (``PredictionAccuracy/drawnError(replay:reference:gaps:)``;
///   0 when nothing is drawn ahead), for every pipeline;
/// - per horizon h when the pipeline predicts: `prediction.error_mean@{h}ms`, `error_p95`,
///   `along_mean`, `cross_mean`, `jitter`, `wrong_direction_rate` (``PredictionAccuracy``);
/// - `latency.pipeline_ms` (``PipelineLatency``) and `latency.end_to_end_ms` (the device's own
///   latency, ``MetricOptions/device``, plus that), when lag measured a refresh;
/// - the perceived side effects `perceived.lateness_rate`, `.over_anticipation_rate`,
///   `.wrong_distance_rate`, `.wrong_orientation_rate`, `.jitter_rate`, `.jump_rate`,
///   `.spring_rate` (``PerceivedSideEffects``).
///
/// Omissions, each explained in ``StrokeEvaluationResult/notes``: fidelity and jaggedness when
/// nothing was drawn; timing metrics (smoothness, lag, prediction) for traces whose
/// metadata says `resampled`; any metric whose definition has no value on this stroke (a tap
/// has no lag; a constant speed has no LDLJ; a prediction that never reaches a horizon).
public enum StrokeEvaluation {
    /// Prepares `stroke` (``PreparedStroke``), replays it through a fresh replayer of
    /// `pipeline` and measures it. Deterministic; allocates per call. To measure several
    /// pipelines on one stroke, prepare it once and call ``evaluate(_:pipeline:)``.
    public static func evaluate(stroke: Stroke, pipeline: PipelineDescription, metadata: TraceMetadata,
                                options: MetricOptions = MetricOptions()) -> StrokeEvaluationResult {
        evaluate(PreparedStroke(stroke: stroke, metadata: metadata, options: options), pipeline: pipeline)
    }

    /// Replays the prepared stroke's fed stroke through a fresh replayer of `pipeline`, built
    /// for the trace's physical scale (`StrokeSmoothing.PipelineDescription.resolved(for:)`:
    /// its lengths in pt or px converted to the trace's units), and measures it against the
    /// prepared reference.
    public static func evaluate(_ prepared: PreparedStroke, pipeline: PipelineDescription) -> StrokeEvaluationResult {
        var none: InkPolygons? = nil
        return evaluate(prepared, pipeline: pipeline, referencePolygons: &none)
    }

    /// ``evaluate(_:pipeline:)``, keeping the reference ink's capsule polygons in
    /// `referencePolygons` for the stroke's next pipeline
    /// (``InkMetrics/overlap(_:reference:resolution:referencePolygons:)``; start with `nil`,
    /// one per stroke). The same result.
    public static func evaluate(_ prepared: PreparedStroke, pipeline: PipelineDescription,
                                referencePolygons: inout InkPolygons?) -> StrokeEvaluationResult {
        let pipeline = pipeline.resolved(for: prepared.metadata.physicalScale)
        var replayer = pipeline.makeReplayer()
        let replay = replayer.replay(prepared.fed, options: prepared.replayOptions(for: pipeline))
        return measure(replay: replay, prepared: prepared,
                       referenceInk: pipeline.referenceInk(prepared.reference,
                                                     samples: prepared.stroke.events.lazy.flatMap(\.samples)),
                       referencePolygons: &referencePolygons)
    }

    /// Measures a replay of `prepared.fed` (made with `prepared.replayOptions(predicts:)`).
    /// `referenceInk` is the pipeline's style applied to the reference
    /// (`StrokeSmoothing.PipelineDescription.referenceInk(_:samples:)`); without it the ink
    /// metrics that compare areas are left out.
    public static func measure(replay: StrokeReplay, prepared: PreparedStroke,
                               referenceInk: Ink? = nil) -> StrokeEvaluationResult {
        var none: InkPolygons? = nil
        return measure(replay: replay, prepared: prepared, referenceInk: referenceInk, referencePolygons: &none)
    }

    /// ``measure(replay:prepared:referenceInk:)``, keeping the reference ink's capsule polygons
    /// in `referencePolygons` (``evaluate(_:pipeline:referencePolygons:)``).
    public static func measure(replay: StrokeReplay, prepared: PreparedStroke, referenceInk: Ink?,
                               referencePolygons: inout InkPolygons?) -> StrokeEvaluationResult {
        var out: [Measurement] = []
        var notes: [String] = []
        let metadata = prepared.metadata, options = prepared.options
        let unit = metadata.units.rawValue
        func add(_ id: String, _ value: Double) { out.append(MetricCatalog.measurement(id, value, traceUnit: unit)) }
        func addLength(_ id: String, _ value: Double) {
            add(id, value)
            if let mm = metadata.millimetresPerUnit { add(id + "_mm", value * mm) }
        }
        let length = appendGeometric(replay: replay, prepared: prepared, add: add, addLength: addLength, notes: &notes)
        appendInk(replay: replay, length: length, referenceInk: referenceInk, referencePolygons: &referencePolygons,
                  options: prepared.options, add: add, notes: &notes)

        let skipTiming = metadata.resampled
        if skipTiming {
            notes.append("smoothness, lag, prediction: skipped: the trace is resampled in space (metadata.resampled), so its timestamps do not describe the pen's speed")
        } else {
            let refresh = metadata.refreshRateHz
            let speed = SpeedProfile.of(replay: replay, refreshRateHz: refresh, latencyFrames: options.displayLatencyFrames)
            if let sparc = SpectralArcLength.of(speed: speed, sampleRateHz: refresh) {
                add("smoothness.sparc", sparc)
            } else {
                notes.append("smoothness.sparc: omitted: the rendered tip's speed profile has too few samples or never moves")
            }
            if let ldlj = LogDimensionlessJerk.of(speed: speed, sampleRateHz: refresh) {
                add("smoothness.ldlj", ldlj)
            } else {
                notes.append("smoothness.ldlj: omitted: the speed profile has fewer than three samples, never moves or has no jerk above float noise")
            }
            let lag = Lag.measure(replay: replay, reference: prepared.reference, gaps: prepared.gaps, refreshRateHz: refresh,
                                  options: options)
            if let s = lag.summary, let offPath = lag.offPathMean, let overshoot = lag.overshootRate {
                add("lag.mean_ms", s.mean)
                add("lag.p95_ms", s.p95)
                add("lag.max_ms", s.max)
                addLength("lag.offpath_mean", offPath)
                add("lag.overshoot_rate", overshoot)
                add("lag.frames_excluded", Double(lag.framesExcluded))
            } else if lag.framesExcluded > 0 {
                add("lag.frames_excluded", Double(lag.framesExcluded))
                notes.append("lag: omitted: every display refresh with ink fell in a recording gap")
            } else {
                notes.append("lag: omitted: no display refresh showed ink before the pen lifted")
            }
            // The curve's own lag, prediction left out: the same measurement when nothing is
            // drawn ahead.
            let curve = Lag.drawsAhead(replay)
                ? Lag.measure(replay: replay, reference: prepared.reference, gaps: prepared.gaps, refreshRateHz: refresh,
                              options: options, tip: .curve)
                : lag
            if let s = curve.summary {
                add("lag.curve_mean_ms", s.mean)
                add("lag.curve_p95_ms", s.p95)
                add("lag.curve_max_ms", s.max)
            } else if !lag.lagsMs.isEmpty {
                notes.append("lag.curve: omitted: no display refresh showed committed or provisional ink before the pen lifted, only a prediction")
            }
            switch PredictionAccuracy.drawnError(replay: replay, reference: prepared.reference, gaps: prepared.gaps) {
            case .some(let e): addLength("prediction.drawn_error_mean", e)
            case .none: notes.append("prediction.drawn_error_mean: omitted: every drawn prediction stands for a time after the pen lifted or in a recording gap")
            }
            let accuracies = PredictionAccuracy.measure(replay: replay, reference: prepared.reference, gaps: prepared.gaps)
            for (h, accuracy) in zip(replay.horizons, accuracies) {
                let label = MetricDefinition.horizonLabel(h * 1000)
                let tag = "@" + label + "ms"
                guard let a = accuracy else {
                    notes.append("prediction\(tag): omitted: the predictor never predicted that far within the stroke")
                    continue
                }
                add("prediction.error_mean" + tag, a.errorMean)
                add("prediction.error_p95" + tag, a.errorP95)
                if let v = a.alongMean { add("prediction.along_mean" + tag, v) }
                if let v = a.crossMean { add("prediction.cross_mean" + tag, v) }
                if let v = a.jitterMean { add("prediction.jitter" + tag, v) }
                if let v = a.wrongDirectionRate { add("prediction.wrong_direction_rate" + tag, v) }
            }
            let effects = PerceivedSideEffects(replay: replay, reference: prepared.reference, gaps: prepared.gaps,
                                               lag: lag.lagsMs.isEmpty ? nil : lag, refreshRateHz: refresh, options: options,
                                               millimetresPerUnit: metadata.physicalScale.millimetresPerUnit)
            if let added = effects.pipelineLatencyMs {
                add("latency.pipeline_ms", added)
                add("latency.end_to_end_ms", options.device.latencyMs + added)
            }
            for metric in PerceivedSideEffects.metrics {
                if let v = effects.value(metric.id) {
                    add(metric.id, v)
                } else {
                    notes.append("\(metric.id): omitted: " + (metric.id == "perceived.spring_rate"
                        ? "the pen never stopped while ink was shown" : "no refresh showed ink while the pen was known"))
                }
            }
        }
        return StrokeEvaluationResult(measurements: out, referenceKind: prepared.kind, timingMetricsSkipped: skipTiming,
                                      notes: notes)
    }

    /// `ink.width_variation`, `ink.width_jump_max` (``InkMetrics``) on the committed ink, and
    /// `ink.iou`, `ink.error_area`, `ink.resolution` against the reference ink.
    private static func appendInk(replay: StrokeReplay, length: Double, referenceInk: Ink?,
                                  referencePolygons: inout InkPolygons?, options: MetricOptions,
                                  add: (String, Double) -> Void, notes: inout [String]) {
        let ink = replay.finalInk
        guard replay.path.drawingElementCount > 0 else { return }
        if let v = InkMetrics.widthVariation(ink.committed, length: length) {
            add("ink.width_variation", v)
        }
        if let v = InkMetrics.widthJumpMax(ink.committed) { add("ink.width_jump_max", v) }
        guard let referenceInk, !referenceInk.isEmpty else {
            notes.append("ink.iou, ink.error_area: omitted: no reference ink")
            return
        }
        if let o = InkMetrics.overlap(ink, reference: referenceInk, resolution: options.inkResolution,
                                      referencePolygons: &referencePolygons) {
            add("ink.iou", o.iou)
            add("ink.error_area", o.errorArea)
            add("ink.resolution", o.resolution)
        } else {
            notes.append("ink.iou, ink.error_area: omitted: neither the ink nor the reference ink covers a pixel centre")
        }
    }

    /// Fewest reference points for which a ratio is reported: a hold-out reference of fewer
    /// points (an 8-sample stroke held out at k = 4 keeps 3) is a spline through a handful of
    /// points whose bending is set by one turn, and a ratio to it measures that turn, not the
    /// pen (14,261 on such a stroke).
    public static let minimumRatioReferencePoints = 6
    /// Smallest ratio whose logarithm is taken: ink that does not bend where the pen did
    /// (ratio 0) has log ratio ln(10⁻³) ≈ −6.9, not −∞.
    public static let logRatioFloor = 1e-3
    /// Smallest dimensionless reference bending energy E·L for which a ratio is reported.
    public static let minimumReferenceBending = 0.1
    /// Smallest dimensionless reference curvature variation V·L for which a ratio is reported.
    public static let minimumReferenceCurvatureVariation = 10.0

    /// Returns the ink's measured length (`path.length`).
    @discardableResult
    private static func appendGeometric(replay: StrokeReplay, prepared: PreparedStroke, add: (String, Double) -> Void,
                                        addLength: (String, Double) -> Void, notes: inout [String]) -> Double {
        let options = prepared.options
        // A path far longer than the stroke (a runaway pipeline) is measured at a coarser step,
        // and so is the reference it is compared with: the work stays bounded.
        let step = Swift.max(prepared.step, InkGeometry.step(forLength: InkGeometry.lengthBound(of: replay.path),
                                                                   budget: prepared.pointBudget, options: options))
        let rendered = InkGeometry.fineCurve(path: replay.path, step: step, tolerance: options.flatteningTolerance)
        add("path.length", rendered.length)
        add("path.elements", Double(replay.path.drawingElementCount))
        // Coverage: a blank stroke is a result (0 drawn), not a missing value.
        let drawn = replay.path.drawingElementCount > 0 && !rendered.isEmpty
        add("coverage.drawn", drawn ? 1 : 0)
        if let penLength = prepared.geometry?.curve.length, penLength > 0 {
            add("coverage.path_ratio", drawn ? rendered.length / penLength : 0)
        } else {
            notes.append("coverage.path_ratio: omitted: the pen's path has no length (a tap)")
        }
        // A path of `move`s alone (a published tap) draws no ink: there is nothing to compare,
        // not a perfect match; coverage.drawn says so.
        guard drawn else {
            notes.append("fidelity, jaggedness: omitted: nothing was drawn")
            return rendered.length
        }
        guard let geometry = step == prepared.step ? prepared.geometry : prepared.geometry.map({ _ in prepared.geometry(at: step) })
        else {
            notes.append("fidelity, jaggedness: omitted: the reference is empty")
            return rendered.length
        }
        if let f = Fidelity(rendered: rendered, replay: replay, reference: geometry, step: step, options: options) {
            addLength("fidelity.mean", f.mean)
            addLength("fidelity.max", f.max)
            addLength("fidelity.hausdorff", f.hausdorff)
            addLength("fidelity.frechet", f.frechet)
        } else {
            notes.append("fidelity: omitted: the reference is empty")
        }
        let j = Jaggedness(curve: rendered, step: step, kinkThreshold: options.kinkThresholdDegrees * Double.pi / 180,
                           kinkWindow: options.kinkWindow)
        let r = geometry.jaggedness
        add("jaggedness.bending_energy", j.bendingEnergy)
        // A ratio to (almost) nothing measures noise: a straight reference's bending energy is
        // float and rounding noise. Ratios are reported only when the reference's own value,
        // made dimensionless by its length L, is clearly above that floor: E·L ≥ 0.1 (one full
        // circle has E·L = 4π² ≈ 39.5; an arc turning 18° has about 0.1) and V·L ≥ 10 for the
        // curvature variation (constant-curvature references such as circles have V ≈ 0).
        let length = geometry.curve.length
        let referencePoints = prepared.reference.points.count
        let fewPoints = referencePoints < Self.minimumRatioReferencePoints
        func addRatio(_ id: String, _ value: Double) {
            add(id + "_ratio", value)
            add(id + "_log_ratio", Double.log(Swift.max(value, Self.logRatioFloor)))
        }
        if fewPoints {
            notes.append("jaggedness.*_ratio: omitted: degenerate reference: fewer than \(Self.minimumRatioReferencePoints) points")
        } else if r.bendingEnergy * length >= Self.minimumReferenceBending {
            addRatio("jaggedness.bending_energy", j.bendingEnergy / r.bendingEnergy)
        } else {
            notes.append("jaggedness.bending_energy_ratio: omitted: degenerate reference: it hardly bends (E·L < \(Self.minimumReferenceBending))")
        }
        add("jaggedness.curvature_variation", j.curvatureVariation)
        if !fewPoints {
            if r.curvatureVariation * length >= Self.minimumReferenceCurvatureVariation {
                addRatio("jaggedness.curvature_variation", j.curvatureVariation / r.curvatureVariation)
            } else {
                notes.append("jaggedness.curvature_variation_ratio: omitted: degenerate reference: its curvature hardly varies (V·L < \(Self.minimumReferenceCurvatureVariation))")
            }
        }
        add("jaggedness.kinks", Double(j.kinks))
        add("jaggedness.sign_changes", Double(j.signChanges))
        add("jaggedness.step", step)
        return rendered.length
    }
}
