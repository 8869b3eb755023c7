import StrokeCore
import StrokeSmoothing

/// Measures one stroke through one pipeline: every metric StrokeLab reports for a
/// stroke × pipeline. The single entry point the experiment runner calls
/// (``evaluate(stroke:pipeline:metadata:options:)``); each metric family lives in its own
/// type and is tested on its own.
///
/// Metric ids, units and order (DESIGN.md, "Metrics"). "(units)" below means the trace's
/// length unit, written into each measurement as `pt`, `px` or `mm` (and `1/pt` … for
/// curvature sums):
/// - `path.length` (units): arc length of the final committed path, flattened;
///   `path.elements` (count): its drawing elements (`move`s excluded).
/// - `fidelity.mean`, `fidelity.max`, `fidelity.hausdorff`, `fidelity.frechet` (units),
///   ``Fidelity``; plus `fidelity.mean_mm`, `fidelity.max_mm`, `fidelity.hausdorff_mm`,
///   `fidelity.frechet_mm` (mm) when `millimetresPerUnit` is known.
/// - `jaggedness.bending_energy` (1/units), `jaggedness.bending_energy_ratio` (ratio to the
///   reference's, resampled the same way; 1.0 = as smooth as the truth),
///   `jaggedness.curvature_variation` (1/units), `jaggedness.curvature_variation_ratio`
///   (ratio), `jaggedness.kinks` (count), `jaggedness.sign_changes` (count), ``Jaggedness``.
///   Ratios are omitted when the reference hardly bends or its curvature hardly varies
///   (``minimumReferenceBending``, ``minimumReferenceCurvatureVariation``).
/// - `smoothness.sparc`, `smoothness.ldlj` (dimensionless, unit ""), ``SpectralArcLength`` and
///   ``LogDimensionlessJerk`` on the ``SpeedProfile`` of the rendered tip at the display rate.
/// - `lag.mean_ms`, `lag.p95_ms`, `lag.max_ms` (ms), `lag.offpath_mean` (units; and
///   `lag.offpath_mean_mm`), `lag.overshoot_rate` (ratio), ``Lag``.
/// - per horizon h of ``MetricOptions/predictionHorizonsMs`` when the pipeline predicts,
///   ``PredictionAccuracy``: `prediction.error_mean@{h}ms`, `prediction.error_p95@{h}ms`,
///   `prediction.along_mean@{h}ms`, `prediction.cross_mean@{h}ms`, `prediction.jitter@{h}ms`
///   (units), `prediction.wrong_direction_rate@{h}ms` (ratio); h written as an integer when
///   integral (`@16ms`), else shortest form (`@16.7ms`).
///
/// Omissions, each explained in ``StrokeEvaluationResult/notes``: fidelity and jaggedness when
/// nothing was drawn; timing metrics (smoothness, lag, prediction) for traces whose
/// metadata says `resampled` (``StrokeEvaluationResult/timingMetricsSkipped``); any metric
/// whose definition has no value on this stroke (a tap has no lag; a constant speed has no
/// LDLJ; a prediction that never reaches a horizon).
public enum StrokeEvaluation {
    /// Chooses the reference (``EvaluationSetup``), replays `stroke` through a fresh
    /// replayer of `pipeline`, and measures it. Deterministic; allocates per call.
    public static func evaluate(stroke: Stroke, pipeline: PipelineDescription, metadata: TraceMetadata,
                                options: MetricOptions = MetricOptions()) -> StrokeEvaluationResult {
        let setup = EvaluationSetup(stroke: stroke, pipeline: pipeline, metadata: metadata, options: options)
        var replayer = pipeline.makeReplayer()
        let replay = replayer.replay(stroke, options: setup.replayOptions)
        return measure(replay: replay, setup: setup, metadata: metadata, options: options)
    }

    /// Measures a replay already made with `setup.replayOptions` against `setup.reference`.
    public static func measure(replay: StrokeReplay, setup: EvaluationSetup, metadata: TraceMetadata,
                               options: MetricOptions) -> StrokeEvaluationResult {
        var out: [Measurement] = []
        var notes: [String] = []
        let reference = setup.reference
        let mm = metadata.millimetresPerUnit
        // Lengths carry the trace's own unit (pt, px or mm), so mixed tables stay readable.
        let unit = metadata.units.rawValue
        appendGeometric(replay: replay, reference: reference, options: options, millimetresPerUnit: mm, unit: unit,
                        to: &out, notes: &notes)

        let skipTiming = metadata.resampled
        if skipTiming {
            notes.append("smoothness, lag, prediction: skipped: the trace is resampled in space (metadata.resampled), so its timestamps do not describe the pen's speed")
        } else {
            let refresh = metadata.refreshRateHz
            let speed = SpeedProfile.of(replay: replay, refreshRateHz: refresh, latencyFrames: options.displayLatencyFrames)
            if let sparc = SpectralArcLength.of(speed: speed, sampleRateHz: refresh) {
                out.append(Measurement("smoothness.sparc", sparc, ""))
            } else {
                notes.append("smoothness.sparc: omitted: the rendered tip's speed profile has too few samples or never moves")
            }
            if let ldlj = LogDimensionlessJerk.of(speed: speed, sampleRateHz: refresh) {
                out.append(Measurement("smoothness.ldlj", ldlj, ""))
            } else {
                notes.append("smoothness.ldlj: omitted: the speed profile has fewer than three samples, never moves or has no jerk")
            }
            if let lag = Lag(replay: replay, reference: reference, refreshRateHz: refresh, options: options) {
                let s = lag.summary
                out.append(Measurement("lag.mean_ms", s.mean, "ms"))
                out.append(Measurement("lag.p95_ms", s.p95, "ms"))
                out.append(Measurement("lag.max_ms", s.max, "ms"))
                out.append(Measurement("lag.offpath_mean", lag.offPathMean, unit))
                if let mm { out.append(Measurement("lag.offpath_mean_mm", lag.offPathMean * mm, "mm")) }
                out.append(Measurement("lag.overshoot_rate", lag.overshootRate, "ratio"))
            } else {
                notes.append("lag: omitted: no display refresh showed ink before the pen lifted")
            }
            let accuracies = PredictionAccuracy.measure(replay: replay, reference: reference)
            for (h, accuracy) in zip(replay.horizons, accuracies) {
                let tag = "@" + PredictionAccuracy.horizonLabel(h * 1000) + "ms"
                guard let a = accuracy else {
                    notes.append("prediction\(tag): omitted: the predictor never predicted that far within the stroke")
                    continue
                }
                out.append(Measurement("prediction.error_mean" + tag, a.errorMean, unit))
                out.append(Measurement("prediction.error_p95" + tag, a.errorP95, unit))
                if let v = a.alongMean { out.append(Measurement("prediction.along_mean" + tag, v, unit)) }
                if let v = a.crossMean { out.append(Measurement("prediction.cross_mean" + tag, v, unit)) }
                if let v = a.jitterMean { out.append(Measurement("prediction.jitter" + tag, v, unit)) }
                if let v = a.wrongDirectionRate { out.append(Measurement("prediction.wrong_direction_rate" + tag, v, "ratio")) }
            }
        }
        return StrokeEvaluationResult(measurements: out, referenceKind: setup.kind, timingMetricsSkipped: skipTiming,
                                      notes: notes)
    }

    /// Smallest dimensionless reference bending energy E·L for which a ratio is reported.
    public static let minimumReferenceBending = 0.1
    /// Smallest dimensionless reference curvature variation V·L for which a ratio is reported.
    public static let minimumReferenceCurvatureVariation = 10.0

    private static func appendGeometric(replay: StrokeReplay, reference: ReferenceCurve, options: MetricOptions,
                                        millimetresPerUnit mm: Double?, unit: String, to out: inout [Measurement],
                                        notes: inout [String]) {
        let rendered = replay.path.flattened(tolerance: options.flatteningTolerance)
        out.append(Measurement("path.length", rendered.length, unit))
        out.append(Measurement("path.elements", Double(replay.path.drawingElementCount), "count"))
        // A path of `move`s alone (a published tap) draws no ink: there is nothing to compare,
        // not a perfect match.
        guard replay.path.drawingElementCount > 0, !rendered.isEmpty else {
            notes.append("fidelity, jaggedness: omitted: nothing was drawn")
            return
        }
        let truth = reference.polyline
        if !reference.isEmpty, let f = Fidelity(rendered: rendered, reference: truth, step: options.resampleStep) {
            out.append(Measurement("fidelity.mean", f.mean, unit))
            out.append(Measurement("fidelity.max", f.max, unit))
            out.append(Measurement("fidelity.hausdorff", f.hausdorff, unit))
            out.append(Measurement("fidelity.frechet", f.frechet, unit))
            if let mm {
                out.append(Measurement("fidelity.mean_mm", f.mean * mm, "mm"))
                out.append(Measurement("fidelity.max_mm", f.max * mm, "mm"))
                out.append(Measurement("fidelity.hausdorff_mm", f.hausdorff * mm, "mm"))
                out.append(Measurement("fidelity.frechet_mm", f.frechet * mm, "mm"))
            }
        } else {
            notes.append("fidelity: omitted: the reference is empty")
        }
        let j = Jaggedness(polyline: rendered, options: options)
        let r = Jaggedness(polyline: truth, options: options)
        out.append(Measurement("jaggedness.bending_energy", j.bendingEnergy, "1/\(unit)"))
        // A ratio to (almost) nothing measures noise: a straight reference's bending energy is
        // float and rounding noise, and dividing by it gave ratios of 10⁷. Ratios are
        // reported only when the reference's own value, made dimensionless by its length L,
        // is clearly above that floor: E·L ≥ 0.1 (one full circle has E·L = 4π² ≈ 39.5; an
        // arc turning 18° has about 0.1) and V·L ≥ 10 for the curvature variation (constant-
        // curvature references such as circles have V ≈ 0 and get no ratio).
        let length = truth.length
        if r.bendingEnergy * length >= Self.minimumReferenceBending {
            out.append(Measurement("jaggedness.bending_energy_ratio", j.bendingEnergy / r.bendingEnergy, "ratio"))
        } else {
            notes.append("jaggedness.bending_energy_ratio: omitted: the reference hardly bends (E·L < \(Self.minimumReferenceBending))")
        }
        out.append(Measurement("jaggedness.curvature_variation", j.curvatureVariation, "1/\(unit)"))
        if r.curvatureVariation * length >= Self.minimumReferenceCurvatureVariation {
            out.append(Measurement("jaggedness.curvature_variation_ratio", j.curvatureVariation / r.curvatureVariation, "ratio"))
        } else {
            notes.append("jaggedness.curvature_variation_ratio: omitted: the reference's curvature hardly varies (V·L < \(Self.minimumReferenceCurvatureVariation))")
        }
        out.append(Measurement("jaggedness.kinks", Double(j.kinks), "count"))
        out.append(Measurement("jaggedness.sign_changes", Double(j.signChanges), "count"))
    }
}
