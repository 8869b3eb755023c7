/// The thresholds of the seven perceived side effects (``PerceivedSideEffects``): how far, how
/// fast and how sharply something on screen must be off before it counts as the side effect
/// people report. Lengths are in millimetres on the screen and converted per trace with its
/// scale (``PerceivedSideEffects``), so a side effect means the same on a 132 ppi trace in
/// points and on a tablet trace in millimetres.
///
/// **Where the numbers come from.** Nancel, Vogel, De Araujo, Jota and Casiez ("Next-Point
/// Prediction Metrics for Perceived Spatial Errors", UIST 2016) name the seven side effects and
/// fit their own metrics' parameters to how often people perceived each; their full text could
/// not be read, when this was built nor in a second search of stored public copies (which hold
/// only the paper's title page and abstract), so **these defaults are StrokeLab's, not the
/// paper's**: a millimetre is about a stylus nib's width (a
/// gap narrower than the nib is hidden under it), 0.2 mm about two pixels of a 264 ppi tablet,
/// 45° halfway to perpendicular. `docs/guides/metrics.md#perceived-side-effects` says what each
/// rests on; a spec changes them under `metrics: {sideEffects: {…}}`.
public struct SideEffectOptions: Hashable, Sendable, Codable {
    /// A tip at least this far behind the pen along its path is late (mm; default 1).
    public var latenessMm: Double
    /// A tip at least this far ahead of the pen along its heading over-anticipates (mm; default 1).
    public var overAnticipationMm: Double
    /// A drawn prediction whose direction is more than this far from the pen's actual motion
    /// over the same time points the wrong way (degrees; default 45).
    public var wrongOrientationDegrees: Double
    /// Predicted and actual motion shorter than this have no direction to judge (mm; default 0.5).
    public var orientationMinimumMm: Double
    /// A drawn prediction whose length differs from the pen's actual travel over the same time
    /// by at least this much is at the wrong distance (mm; default 1).
    public var wrongDistanceMm: Double
    /// The ink's end wobbling around its steady course by at least this much peak to peak,
    /// again and again, is jitter (mm; default 0.2).
    public var jitterMm: Double
    /// A change of the tip's offset from the pen of at least this much in one refresh (and more
    /// than the pen moved) is a jump (mm; default 2).
    public var jumpMm: Double
    /// A tip that moves back against the pen's last heading by at least this much while the pen
    /// rests springs back (mm; default 0.5).
    public var springMm: Double
    /// Below this speed the pen is at rest (mm/s; default 5).
    public var restSpeedMmPerS: Double

    /// Creates options; every threshold has its default.
    public init(latenessMm: Double = 1, overAnticipationMm: Double = 1, wrongOrientationDegrees: Double = 45,
                orientationMinimumMm: Double = 0.5, wrongDistanceMm: Double = 1, jitterMm: Double = 0.2, jumpMm: Double = 2,
                springMm: Double = 0.5, restSpeedMmPerS: Double = 5) {
        self.latenessMm = latenessMm
        self.overAnticipationMm = overAnticipationMm
        self.wrongOrientationDegrees = wrongOrientationDegrees
        self.orientationMinimumMm = orientationMinimumMm
        self.wrongDistanceMm = wrongDistanceMm
        self.jitterMm = jitterMm
        self.jumpMm = jumpMm
        self.springMm = springMm
        self.restSpeedMmPerS = restSpeedMmPerS
    }

    /// The keys of `metrics.sideEffects`, in the order `run.json` records them.
    public enum CodingKeys: String, CodingKey, CaseIterable {
        case latenessMm, overAnticipationMm, wrongOrientationDegrees, orientationMinimumMm, wrongDistanceMm, jitterMm,
             jumpMm, springMm, restSpeedMmPerS
    }

    /// Decodes the options, taking the default for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SideEffectOptions()
        latenessMm = try c.decodeIfPresent(Double.self, forKey: .latenessMm) ?? d.latenessMm
        overAnticipationMm = try c.decodeIfPresent(Double.self, forKey: .overAnticipationMm) ?? d.overAnticipationMm
        wrongOrientationDegrees = try c.decodeIfPresent(Double.self, forKey: .wrongOrientationDegrees) ?? d.wrongOrientationDegrees
        orientationMinimumMm = try c.decodeIfPresent(Double.self, forKey: .orientationMinimumMm) ?? d.orientationMinimumMm
        wrongDistanceMm = try c.decodeIfPresent(Double.self, forKey: .wrongDistanceMm) ?? d.wrongDistanceMm
        jitterMm = try c.decodeIfPresent(Double.self, forKey: .jitterMm) ?? d.jitterMm
        jumpMm = try c.decodeIfPresent(Double.self, forKey: .jumpMm) ?? d.jumpMm
        springMm = try c.decodeIfPresent(Double.self, forKey: .springMm) ?? d.springMm
        restSpeedMmPerS = try c.decodeIfPresent(Double.self, forKey: .restSpeedMmPerS) ?? d.restSpeedMmPerS
    }

    /// Every threshold with its value, in ``CodingKeys`` order.
    public var recorded: [(key: String, value: Double)] {
        CodingKeys.allCases.map { key in
            switch key {
            case .latenessMm: return (key.rawValue, latenessMm)
            case .overAnticipationMm: return (key.rawValue, overAnticipationMm)
            case .wrongOrientationDegrees: return (key.rawValue, wrongOrientationDegrees)
            case .orientationMinimumMm: return (key.rawValue, orientationMinimumMm)
            case .wrongDistanceMm: return (key.rawValue, wrongDistanceMm)
            case .jitterMm: return (key.rawValue, jitterMm)
            case .jumpMm: return (key.rawValue, jumpMm)
            case .springMm: return (key.rawValue, springMm)
            case .restSpeedMmPerS: return (key.rawValue, restSpeedMmPerS)
            }
        }
    }

    /// Problems, one line each (empty when valid): every threshold must be positive and
    /// finite, the angle at most 180°, and a jump larger than jitter's threshold.
    public var problems: [String] {
        var out: [String] = []
        for (key, value) in recorded where !(value > 0 && value.isFinite) {
            out.append("sideEffects.\(key) must be a positive number, got \(value)")
        }
        if wrongOrientationDegrees > 180 {
            out.append("sideEffects.wrongOrientationDegrees must be at most 180, got \(wrongOrientationDegrees)")
        }
        if jumpMm <= jitterMm {
            out.append("sideEffects.jumpMm (\(jumpMm)) must be larger than sideEffects.jitterMm (\(jitterMm))")
        }
        return out
    }
}
