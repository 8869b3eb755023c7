import StrokeCore
import StrokeSmoothing

/// How well a predictor foresees the pen at one horizon h: each frame's predicted location
/// h after its newest sample (`StrokeReplay.horizonPredictions`) against the reference at
/// that same time. These are the measures of Chromium's input-prediction metrics
/// (`ui/base/prediction/prediction_metrics_handler.cc`: over/under prediction, prediction
/// jitter, wrong direction) and of Nancel et al., "Next-Point Prediction Metrics for
/// Perceived Spatial Errors" (UIST 2016), the evaluation behind TurboTouch (Nancel et al.,
/// "Next-Point Prediction for Direct Touch Using Finite-Time Derivative Estimation", UIST 2018).
///
/// Per frame k with a prediction Pₖ for time τₖ = newest sample + h, while τₖ is within the
/// reference (after the pen lifts there is nothing to predict): Rₖ = reference(τₖ),
/// eₖ = Pₖ − Rₖ, and the pen's direction T̂ₖ = unit(reference(τₖ + δ) − reference(τₖ − δ)),
/// δ = 2 ms:
/// - error ‖eₖ‖ (units): mean and p95;
/// - along-track eₖ·T̂ₖ (units, signed): > 0 over-prediction (ahead), < 0 under-prediction;
///   Chromium reports the signed length, here the component along the pen's path;
/// - cross-track |eₖ × T̂ₖ| (units): how far off the path;
/// - jitter ‖(Pₖ − Pₖ₋₁) − (Rₖ − Rₖ₋₁)‖ over consecutive frames (units): how much the
///   prediction wobbles beyond the pen's own motion (Chromium's PredictionJitter);
/// - wrong direction: the fraction of consecutive frames where the prediction moved against
///   the pen, (Pₖ − Pₖ₋₁)·T̂ₖ < 0 (Chromium's WrongDirection).
/// Frames where the pen is not moving (no T̂) count for error and jitter only. Predictions
/// for a time inside a recording gap (``ReferenceGaps``), or whose direction probe crosses
/// one, are skipped: the pen's true position there is unknown. O(frames·log n).
public struct PredictionAccuracy: Hashable, Sendable {
    /// The horizon in milliseconds.
    public var horizonMs: Double
    /// Frames measured.
    public var count: Int
    /// Mean ‖Pₖ − Rₖ‖ (units).
    public var errorMean: Double
    /// 95th percentile of ‖Pₖ − Rₖ‖ (units).
    public var errorP95: Double
    /// Mean signed along-track error (units); `nil` when the pen never moved.
    public var alongMean: Double?
    /// Mean cross-track deviation (units); `nil` when the pen never moved.
    public var crossMean: Double?
    /// Mean prediction jitter (units); `nil` without two consecutive predicted frames.
    public var jitterMean: Double?
    /// Fraction of consecutive predicted frames moving against the pen; `nil` without pairs.
    public var wrongDirectionRate: Double?

    /// The accuracy at every horizon of `replay` (in its order), each `nil` when the
    /// predictor never predicted that far within the reference's span.
    public static func measure(replay: StrokeReplay, reference: ReferenceCurve,
                               gaps: ReferenceGaps = ReferenceGaps()) -> [PredictionAccuracy?] {
        let horizons = replay.horizons
        guard !horizons.isEmpty, !reference.isEmpty,
              replay.horizonPredictions.count == replay.frames.count * horizons.count
        else { return horizons.map { _ in nil } }
        return horizons.indices.map { h in measure(replay: replay, reference: reference, gaps: gaps, horizonIndex: h) }
    }

    private static func measure(replay: StrokeReplay, reference: ReferenceCurve, gaps: ReferenceGaps,
                                horizonIndex h: Int) -> PredictionAccuracy? {
        let horizon = replay.horizons[h]
        let stride = replay.horizons.count
        let delta = 0.002
        var errors: [Double] = []
        var alongSum = 0.0, crossSum = 0.0, directed = 0
        var jitterSum = 0.0, wrong = 0, pairs = 0
        var previous: (frame: Int, p: Point, r: Point)? = nil
        for (k, frame) in replay.frames.enumerated() {
            guard let p = replay.horizonPredictions[k * stride + h] else { continue }
            let tau = frame.newestSampleTime + horizon
            guard tau <= reference.endTime + 1e-9 else { continue }
            if !gaps.isEmpty {
                guard let span = gaps.span(around: tau), tau - delta >= span.start, tau + delta <= span.end else {
                    previous = nil
                    continue
                }
            }
            let r = reference.position(at: tau)
            let e = p - r
            errors.append(e.length)
            let direction = (reference.position(at: tau + delta) - reference.position(at: tau - delta)).normalized
            if let d = direction {
                alongSum += e.dot(d)
                crossSum += abs(e.cross(d))
                directed += 1
            }
            if let prev = previous, prev.frame == k - 1 {
                let dp = p - prev.p
                jitterSum += (dp - (r - prev.r)).length
                if let d = direction, dp.dot(d) < 0 { wrong += 1 }
                pairs += 1
            }
            previous = (k, p, r)
        }
        guard let s = Summary(errors) else { return nil }
        return PredictionAccuracy(
            horizonMs: horizon * 1000, count: s.count, errorMean: s.mean, errorP95: s.p95,
            alongMean: directed > 0 ? alongSum / Double(directed) : nil,
            crossMean: directed > 0 ? crossSum / Double(directed) : nil,
            jitterMean: pairs > 0 ? jitterSum / Double(pairs) : nil,
            wrongDirectionRate: pairs > 0 ? Double(wrong) / Double(pairs) : nil)
    }

    /// `prediction.drawn_error_mean`: the error of the prediction a pipeline *draws*, whatever
    /// horizon it draws it to. Per frame k that draws ahead — a predicted segment of non-zero
    /// length, the same test as lag's (``Lag/drawsAhead(_:in:)``; a prediction of the pen at
    /// rest is a point on the tip and draws nothing) — its end Pₖ (the
    /// frame's tip) against the reference at the time of the last predicted sample τₖ:
    /// mean ‖Pₖ − reference(τₖ)‖ in units, over the frames with τₖ within the reference and
    /// outside recording gaps. A longer horizon reaches further from the pen and costs more
    /// here, so it is not free in a trade-off (the tune's default objectives).
    ///
    /// 0 when no frame draws a prediction (no `predict:` stage, a trace without recorded
    /// predictions, a horizon of 0): nothing drawn ahead is nothing wrong ahead. `nil` when
    /// predictions were drawn but none stands for a time the reference knows. O(frames·log n).
    public static func drawnError(replay: StrokeReplay, reference: ReferenceCurve,
                                  gaps: ReferenceGaps = ReferenceGaps()) -> Double? {
        var sum = 0.0, measured = 0, drawn = 0
        for frame in replay.frames where !frame.predicted.isEmpty {
            guard Lag.drawsAhead(frame, in: replay), let tip = frame.tip
            else { continue }
            drawn += 1
            let tau = replay.predicted[frame.predicted.upperBound - 1].time
            guard !reference.isEmpty, tau >= reference.startTime - 1e-9, tau <= reference.endTime + 1e-9 else { continue }
            if !gaps.isEmpty, gaps.span(around: tau) == nil { continue }
            sum += (tip - reference.position(at: tau)).length
            measured += 1
        }
        if drawn == 0 { return 0 }
        return measured > 0 ? sum / Double(measured) : nil
    }

    /// The horizon as metric ids write it: an integer when integral (`16`), otherwise
    /// Swift's shortest round-trip form (`16.7`).
    public static func horizonLabel(_ ms: Double) -> String {
        MetricDefinition.horizonLabel(ms)
    }
}
