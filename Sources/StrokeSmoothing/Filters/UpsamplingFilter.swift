import StrokeCore

/// Upsampling to a minimum rate: between two consecutive samples more than 1/rate apart in
/// time, inserts samples interpolated linearly in time (position, force, tilt… all
/// attributes, `StrokeCore.AttributedSample.interpolated(to:by:)`), evenly spaced, so the
/// output never has a gap longer than 1/rate — the first step of google/ink-stroke-modeler
/// (its `min_output_rate`, 180 Hz by default), and useful before any time-based model.
///
/// For consecutive inputs a, b with Δt = t_b − t_a > 1/rate: n = ⌈Δt·rate·(1 − 10⁻⁹)⌉ − 1 samples at
/// t_a + k·Δt/(n+1), k = 1…n, then b (n is capped at ``maximumInserted`` per gap, so a pause of
/// hours cannot make unbounded work). Repeated or backward timestamps insert nothing. Emits
/// one or more samples per input; O(output) per sample, no allocation.
public struct UpsamplingFilter: FilterStage {
    /// `filter:upsample`.
    public static let kind = StageKind.filter
    /// `upsample`.
    public static let id = "upsample"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = []
    /// One line.
    public static let summary = "inserts samples interpolated in time so the rate never drops below a minimum (ink-stroke-modeler's upsampling)"
    /// Where it comes from.
    public static let source = "google/ink-stroke-modeler, min_output_rate upsampling (Apache-2.0)"

    /// Most samples inserted into one gap.
    public static let maximumInserted = 10_000

    /// Parameters of ``UpsamplingFilter``.
    public struct Parameters: StageParameters {
        /// Minimum output rate in Hz (default 180, ink-stroke-modeler's).
        public var rateHz = 180.0
        /// The defaults.
        public init() {}
        /// `rate`.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.rateHz, "rate", in: 1...100_000, unit: "Hz", help: "minimum output rate"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private var previous = AttributedSample(time: 0, location: .zero)
    private var started = false

    /// Creates the filter.
    /// - Throws: ``StageParameterError`` when the rate is out of range.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
    }

    /// Forgets the stroke.
    public mutating func reset() { started = false }

    /// Emits the inserted samples, then the sample itself.
    public mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample]) {
        defer { previous = sample; started = true }
        guard started else { output.append(sample); return }
        let dt = sample.time - previous.time
        // A relative 10⁻⁹ slack: a gap of exactly k/rate (up to rounding) needs k − 1 samples, not k.
        let gaps = (dt * parameters.rateHz * (1 - 1e-9)).rounded(.up)
        if dt > 0, gaps > 1, gaps.isFinite {
            let n = Int(Swift.min(gaps - 1, Double(Self.maximumInserted)))
            for k in 1...n {
                output.append(previous.interpolated(to: sample, by: Double(k) / Double(n + 1)))
            }
        }
        output.append(sample)
    }
}
