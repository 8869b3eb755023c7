/// Parameters of the metrics, recorded with every result so a number can be reproduced.
///
/// Decoding (from an experiment spec) accepts any subset of the keys; missing keys take the
/// DESIGN.md defaults, so a spec only states what it changes.
public struct MetricOptions: Hashable, Sendable, Codable {
    /// Arc-length step Δs in trace units for the resampling that fidelity and jaggedness
    /// measure on (default 0.5).
    public var resampleStep: Double
    /// Tolerance in trace units for flattening curves before measuring (default 0.01).
    public var flatteningTolerance: Double
    /// Horizons in milliseconds at which prediction error is reported.
    public var predictionHorizonsMs: [Double]
    /// Display latency in frames between an event's processing and its pixels (default 2).
    public var displayLatencyFrames: Double
    /// Turning angle in degrees above which a place counts as a kink (default 10).
    public var kinkThresholdDegrees: Double
    /// Arc-length window in trace units within which the turning is summed (default 1).
    public var kinkWindow: Double
    /// Hold-out stride k for pipelines that see every sample of a recorded trace (default 4).
    public var holdOutStride: Int
    /// How far back in time from the display time the lag metric searches the reference for
    /// the rendered tip, in ms (default 300). Bounds the largest lag that can be reported.
    public var lagSearchBackMs: Double
    /// How far ahead of the display time the lag metric searches (overshoot), in ms
    /// (default 150). Back + ahead must stay below the period of the fastest loop drawn, or
    /// a circle's tip could match the same place one revolution away.
    public var lagSearchAheadMs: Double

    /// Creates options; every parameter has the DESIGN.md default.
    public init(resampleStep: Double = 0.5, flatteningTolerance: Double = 0.01,
                predictionHorizonsMs: [Double] = [8, 16, 25, 33, 50], displayLatencyFrames: Double = 2,
                kinkThresholdDegrees: Double = 10, kinkWindow: Double = 1, holdOutStride: Int = 4,
                lagSearchBackMs: Double = 300, lagSearchAheadMs: Double = 150) {
        self.resampleStep = resampleStep
        self.flatteningTolerance = flatteningTolerance
        self.predictionHorizonsMs = predictionHorizonsMs
        self.displayLatencyFrames = displayLatencyFrames
        self.kinkThresholdDegrees = kinkThresholdDegrees
        self.kinkWindow = kinkWindow
        self.holdOutStride = holdOutStride
        self.lagSearchBackMs = lagSearchBackMs
        self.lagSearchAheadMs = lagSearchAheadMs
    }

    private enum CodingKeys: String, CodingKey {
        case resampleStep, flatteningTolerance, predictionHorizonsMs, displayLatencyFrames, kinkThresholdDegrees,
             kinkWindow, holdOutStride, lagSearchBackMs, lagSearchAheadMs
    }

    /// Decodes the options, taking the default for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = MetricOptions()
        resampleStep = try c.decodeIfPresent(Double.self, forKey: .resampleStep) ?? d.resampleStep
        flatteningTolerance = try c.decodeIfPresent(Double.self, forKey: .flatteningTolerance) ?? d.flatteningTolerance
        predictionHorizonsMs = try c.decodeIfPresent([Double].self, forKey: .predictionHorizonsMs) ?? d.predictionHorizonsMs
        displayLatencyFrames = try c.decodeIfPresent(Double.self, forKey: .displayLatencyFrames) ?? d.displayLatencyFrames
        kinkThresholdDegrees = try c.decodeIfPresent(Double.self, forKey: .kinkThresholdDegrees) ?? d.kinkThresholdDegrees
        kinkWindow = try c.decodeIfPresent(Double.self, forKey: .kinkWindow) ?? d.kinkWindow
        holdOutStride = try c.decodeIfPresent(Int.self, forKey: .holdOutStride) ?? d.holdOutStride
        lagSearchBackMs = try c.decodeIfPresent(Double.self, forKey: .lagSearchBackMs) ?? d.lagSearchBackMs
        lagSearchAheadMs = try c.decodeIfPresent(Double.self, forKey: .lagSearchAheadMs) ?? d.lagSearchAheadMs
    }

    /// Problems with the options, one line each (empty when valid): non-positive or
    /// non-finite steps, tolerances, windows and rates; negative latency; a stride below 1.
    /// The runner should refuse a spec whose options have problems.
    public var problems: [String] {
        var out: [String] = []
        func positive(_ v: Double, _ name: String) {
            if !(v > 0 && v.isFinite) { out.append("\(name) must be a positive number, got \(v)") }
        }
        positive(resampleStep, "resampleStep")
        positive(flatteningTolerance, "flatteningTolerance")
        positive(kinkThresholdDegrees, "kinkThresholdDegrees")
        positive(kinkWindow, "kinkWindow")
        positive(lagSearchBackMs, "lagSearchBackMs")
        if !(lagSearchAheadMs >= 0 && lagSearchAheadMs.isFinite) { out.append("lagSearchAheadMs must be ≥ 0, got \(lagSearchAheadMs)") }
        if !(displayLatencyFrames >= 0 && displayLatencyFrames.isFinite) {
            out.append("displayLatencyFrames must be ≥ 0, got \(displayLatencyFrames)")
        }
        if holdOutStride < 1 { out.append("holdOutStride must be ≥ 1, got \(holdOutStride)") }
        for h in predictionHorizonsMs where !(h > 0 && h.isFinite) {
            out.append("predictionHorizonsMs must hold positive numbers, got \(h)")
        }
        return out
    }
}
