/// Parameters of the metrics, recorded with every result so a number can be reproduced.
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

    /// Creates options; every parameter has the DESIGN.md default.
    public init(resampleStep: Double = 0.5, flatteningTolerance: Double = 0.01,
                predictionHorizonsMs: [Double] = [8, 16, 25, 33, 50], displayLatencyFrames: Double = 2,
                kinkThresholdDegrees: Double = 10, kinkWindow: Double = 1, holdOutStride: Int = 4) {
        self.resampleStep = resampleStep
        self.flatteningTolerance = flatteningTolerance
        self.predictionHorizonsMs = predictionHorizonsMs
        self.displayLatencyFrames = displayLatencyFrames
        self.kinkThresholdDegrees = kinkThresholdDegrees
        self.kinkWindow = kinkWindow
        self.holdOutStride = holdOutStride
    }
}
