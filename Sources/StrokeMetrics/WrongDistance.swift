import StrokeCore

/// **Wrong distance** (Nancel et al., UIST 2016: the prediction goes the right way but too far
/// or not far enough): the drawn predictions whose length differs from the pen's actual travel
/// over the same time by at least `threshold` (``DrawnPredictions``).
///
/// Judged on the predictions that do not point the wrong way (``WrongOrientation``: their
/// angle is within `maximumAngle`, or one of the motions is too short to have a direction, as
/// when the pen stops under a prediction that keeps going): wrong when ||p| − |a|| ≥ threshold.
/// It compares a prediction with its own claim (where the pen is at the predicted sample's
/// time), not with the display: a prediction that is right about a horizon shorter or longer
/// than the display latency is not at the wrong distance, its tip is late or over-anticipates
/// (``Lateness``, ``OverAnticipation``). Opportunities and the no-prediction rule as for wrong
/// orientation. Known answers: a constant-velocity prediction on a constant-speed line, 0; a
/// prediction that claims twice the pen's travel, wrong when that travel is at least the
/// threshold. O(predictions).
public enum WrongDistance {
    /// The wrong-distance rate; lengths in trace units, `maximumAngle` in radians.
    public static func rate(_ drawn: DrawnPredictions, threshold: Double, minimumLength: Double,
                            maximumAngle: Double) -> SideEffectRate {
        var out = SideEffectRate()
        for p in drawn.predictions {
            if let angle = WrongOrientation.judged(p, minimumLength: minimumLength), angle > maximumAngle { continue }
            out.count(abs(p.predicted.length - p.actual.length) >= threshold)
        }
        return out
    }
}
