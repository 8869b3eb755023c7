import StrokeCore

/// The 1€ filter (Casiez, Roussel & Vogel, "1€ Filter: A Simple Speed-based Low-pass Filter
/// for Noisy Input in Interactive Systems", CHI 2012), as casiez/OneEuroFilter implements it
/// (BSD-3-Clause, © Inria; behaviour of commit b9926841, reimplemented from the algorithm):
/// an exponential low-pass filter whose cutoff rises with the pen's speed, so slow movement is
/// smoothed hard (no jitter) and fast movement hardly at all (little lag). x and y are filtered
/// independently; every other channel passes through.
///
/// Per axis, for the sample x at time t after the previous one at t′:
/// - rate f = 1/(t − t′) when t > t′; a repeated (or backward) timestamp keeps the previous
///   rate, so nothing is divided by zero (the reference's rule); before two timestamps the rate
///   is the `rate` parameter;
/// - α(fc) = 1 / (1 + τ/Tₑ) with τ = 1/(2π·fc) and Tₑ = 1/f (computed as p/(p + 1) with
///   p = 2π·fc·Tₑ, the same number to within an ulp or two);
/// - derivative dx = (x − x̂′)·f from the previous *filtered* value x̂′ (`derivative=filtered`,
///   the reference's behaviour since August 2023), or (x − x′)·f from the previous raw value
///   (`derivative=raw`: the paper's and MediaPipe's);
/// - dx̂ = dx̂′ + α(dCutoff)·(dx − dx̂′) (the first dx is 0);
/// - fc = minCutoff + beta·|dx̂|;
/// - x̂ = x̂′ + α(fc)·(x − x̂′). The first sample passes through unchanged.
///
/// Units: cutoffs in Hz, beta in Hz per (unit/s), i.e. 1/unit, so beta depends on the trace's
/// units (the paper's "0.007" was for pixels). The output's speed and heading are the filtered
/// path's (|Δx̂|·f and Δx̂/|Δx̂|; a sample that does not move keeps the previous heading).
///
/// Known answers: a constant input comes out unchanged; with beta = 0 it is a first-order
/// low-pass filter of time constant τ = 1/(2π·minCutoff); the shared oracles (the reference
/// run on the noisy 240 Hz circle and on its own ground-truth vector) are matched to 1e-9.
/// O(1) per sample, no allocation.
public struct OneEuroFilter: FilterStage {
    /// `filter:one-euro`.
    public static let kind = StageKind.filter
    /// `one-euro`.
    public static let id = "one-euro"
    /// One line.
    public static let summary = "1€ filter: low-pass whose cutoff rises with speed (Casiez et al., CHI 2012)"
    /// Where it comes from.
    public static let source = "Casiez, Roussel & Vogel, CHI 2012; casiez/OneEuroFilter b9926841 (BSD-3-Clause, © Inria)"
    /// Positions and time only.
    public static let readsKinematics = false

    /// Which previous value the derivative is taken from.
    public enum Derivative: String, Sendable, Hashable, CaseIterable {
        /// From the previous filtered value (casiez/OneEuroFilter since August 2023).
        case filtered
        /// From the previous raw value (the CHI 2012 paper, MediaPipe).
        case raw
    }

    /// Parameters of ``OneEuroFilter``; defaults are the reference library's.
    public struct Parameters: StageParameters {
        /// Cutoff at zero speed, Hz (default 1): lower removes more jitter and adds lag.
        public var minCutoff = 1.0
        /// Cutoff increase per unit/s of speed, 1/unit (default 0): higher reduces lag at speed.
        public var beta = 0.0
        /// Cutoff of the derivative's own low-pass filter, Hz (default 1).
        public var dCutoff = 1.0
        /// Derivative from the previous filtered (default) or raw value.
        public var derivative = Derivative.filtered
        /// Sampling rate assumed until two distinct timestamps are seen, Hz (default 120;
        /// the reference's `freq`).
        public var rateHz = 120.0

        /// The defaults.
        public init() {}
        /// The given values.
        public init(minCutoff: Double, beta: Double, dCutoff: Double = 1, derivative: Derivative = .filtered, rateHz: Double = 120) {
            self.minCutoff = minCutoff
            self.beta = beta
            self.dCutoff = dCutoff
            self.derivative = derivative
            self.rateHz = rateHz
        }

        /// Every parameter.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .number(\.minCutoff, "minCutoff", in: 0.0001...100_000, unit: "Hz",
                    help: "cutoff frequency at zero speed (lower: less jitter, more lag)"),
            .number(\.beta, "beta", in: 0...1000, unit: "1/units",
                    help: "cutoff increase per unit/s of filtered speed (higher: less lag when fast)"),
            .number(\.dCutoff, "dCutoff", in: 0.0001...100_000, unit: "Hz",
                    help: "cutoff frequency of the derivative's low-pass filter"),
            .choice(\.derivative, "derivative",
                    help: "filtered: derivative from the previous filtered value (casiez/OneEuroFilter since 2023); raw: from the previous raw value (the paper, MediaPipe)"),
            .number(\.rateHz, "rate", in: 0.001...1_000_000, unit: "Hz",
                    help: "sampling rate assumed until two distinct timestamps are seen"),
        ]
    }

    /// The validated parameters.
    public let parameters: Parameters
    private let twoPi = 2 * Double.pi
    // Per stroke.
    private var started = false
    private var lastTime = 0.0
    private var frequency = 0.0     // f
    private var period = 0.0        // Tₑ = 1/f
    private var raw = Point.zero    // previous raw position (derivative=raw)
    private var filtered = Point.zero
    private var derivativeX = 0.0, derivativeY = 0.0
    private var heading = Vector(dx: 1, dy: 0)

    /// Creates the filter.
    /// - Throws: ``StageParameterError`` for a cutoff or rate out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        reset()
    }

    /// Forgets the stroke.
    public mutating func reset() {
        started = false
        frequency = parameters.rateHz
        period = 1 / parameters.rateHz
        derivativeX = 0
        derivativeY = 0
        heading = Vector(dx: 1, dy: 0)
    }

    /// Filters one sample: always exactly one output.
    public mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample]) {
        output.append(filter(sample))
    }

    /// Filters every sample of `input` (one output each), in one specialised loop.
    public mutating func process(_ input: [AttributedSample], into output: inout [AttributedSample]) {
        output.reserveCapacity(output.count + input.count)
        for i in input.indices { output.append(filter(input[i])) }
    }

    /// The filtered sample.
    @inline(__always)
    mutating func filter(_ sample: AttributedSample) -> AttributedSample {
        var out = sample
        let t = sample.time
        let p = sample.location
        guard started else {
            started = true
            lastTime = t
            raw = p
            filtered = p
            out.speed = 0
            out.heading = heading
            return out
        }
        if t > lastTime {
            let dt = t - lastTime
            frequency = 1 / dt
            period = dt
        }
        lastTime = t
        let f = frequency
        let r = twoPi * period                          // 2π·Tₑ
        let pd = r * parameters.dCutoff
        let alphaD = pd / (pd + 1)
        // Derivative, from the previous filtered (or raw) value.
        let base = parameters.derivative == .filtered ? filtered : raw
        let dx = (p.x - base.x) * f, dy = (p.y - base.y) * f
        derivativeX += alphaD * (dx - derivativeX)
        derivativeY += alphaD * (dy - derivativeY)
        // Speed-dependent cutoffs, then the position filters.
        let px = r * (parameters.minCutoff + parameters.beta * abs(derivativeX))
        let py = r * (parameters.minCutoff + parameters.beta * abs(derivativeY))
        let ax = px / (px + 1), ay = py / (py + 1)
        let x = filtered.x + ax * (p.x - filtered.x)
        let y = filtered.y + ay * (p.y - filtered.y)
        let mx = x - filtered.x, my = y - filtered.y
        let length = (mx * mx + my * my).squareRoot()
        if length > 0, length.isFinite {
            let inverse = 1 / length
            heading = Vector(dx: mx * inverse, dy: my * inverse)
            out.speed = length * f
        } else {
            out.speed = 0
        }
        out.heading = heading
        raw = p
        filtered = Point(x: x, y: y)
        out.location = filtered
        return out
    }
}
