import StrokeCore

/// **Wrong orientation** (Nancel et al., UIST 2016: the prediction points where the pen does
/// not go): the drawn predictions whose direction is more than `maximumAngle` from the pen's
/// actual motion over the same time (``DrawnPredictions``).
///
/// A prediction points the wrong way when both its length |p| and the pen's travel |a| are at
/// least `minimumLength` (shorter motions have no visible direction, so they cannot point
/// visibly wrong) and the angle between p and a exceeds `maximumAngle`. Opportunities: the
/// drawn predictions compared; a pipeline that draws no prediction has none, and its rate is 0 (nothing it drew
/// pointed the wrong way). Known answers: any prediction on a straight line at constant speed,
/// 0; a constant-velocity prediction across a 90° corner, wrong while it points along the old
/// leg. O(predictions).
public enum WrongOrientation {
    /// The wrong-orientation rate; `minimumLength` in trace units, `maximumAngle` in radians.
    public static func rate(_ drawn: DrawnPredictions, minimumLength: Double, maximumAngle: Double) -> SideEffectRate {
        var out = SideEffectRate()
        for p in drawn.predictions {
            out.count((judged(p, minimumLength: minimumLength) ?? 0) > maximumAngle)
        }
        return out
    }

    /// The angle between a prediction and the pen's motion (radians, 0…π), or `nil` when
    /// either is shorter than `minimumLength`.
    public static func judged(_ p: DrawnPredictions.Prediction, minimumLength: Double) -> Double? {
        guard p.predicted.length >= minimumLength, p.actual.length >= minimumLength else { return nil }
        return abs(p.predicted.turningAngle(to: p.actual))
    }
}
