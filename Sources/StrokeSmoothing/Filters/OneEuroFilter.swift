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
///   p = 2π·fc·Tₑ; the update below as x̂ = x − (x − x̂′)/(1 + p): the same numbers to within
///   a few ulps, with one division between a sample's filtered value and the next's);
/// - derivative dx = (x − x̂′)·f from the previous *filtered* value x̂′ (`derivative=filtered`,
///   the reference's behaviour since August 2023), or (x − x′)·f from the previous raw value
///   (`derivative=raw`: the paper's and MediaPipe's);
/// - dx̂ = dx̂′ + α(dCutoff)·(dx − dx̂′) (the first dx is 0);
/// - fc = minCutoff + beta·|dx̂|;
/// - x̂ = x̂′ + α(fc)·(x − x̂′). The first sample passes through unchanged.
///
/// Units: cutoffs in Hz, beta in Hz per (px/s), i.e. 1/px (the paper's "0.007" was for
/// pixels), converted to the trace's units when the pipeline is built for a trace (0.007/px is
/// 0.00509/pt). The output's speed and heading are the filtered
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
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.smoothsSamples]
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
            .number(\.beta, "beta", in: 0...1000, length: LengthDimension.px.inverse,
                    help: "cutoff increase per px/s of filtered speed (higher: less lag when fast)"),
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
    private var state = State()

    /// The filter's memory of the stroke. With u = x − x̂′ (the innovation) and
    /// q = u/(1 + p) (so x̂ = x − q), what is carried from sample to sample is q, x′ and dx̂:
    /// the next innovation is (x − x′) + q′, one addition, which keeps the chain of dependent
    /// operations from one sample to the next short (one division in it). Kept in a local
    /// variable during ``process(_:into:)``, so it stays in registers.
    struct State: Sendable {
        var started = false
        var lastTime = 0.0
        var frequency = 0.0             // f
        var period = 0.0                // Tₑ = 1/f
        var c2 = 1.0                    // 1/(2π·Tₑ·dCutoff + 1)
        var raw = Point.zero            // x′: the previous raw position
        var filtered = Point.zero
        var qx = 0.0, qy = 0.0          // the previous sample's u/(1 + p)
        var derivativeX = 0.0, derivativeY = 0.0
        var heading = Vector(dx: 1, dy: 0)
    }

    /// Creates the filter.
    /// - Throws: ``StageParameterError`` for a cutoff or rate out of its domain.
    public init(_ parameters: Parameters = Parameters()) throws(StageParameterError) {
        try parameters.validate()
        self.parameters = parameters
        reset()
    }

    /// Forgets the stroke.
    public mutating func reset() {
        state = State()
        state.frequency = parameters.rateHz
        state.period = 1 / parameters.rateHz
        state.c2 = 1 / (2 * Double.pi * state.period * parameters.dCutoff + 1)
    }

    /// Filters one sample: always exactly one output.
    public mutating func push(_ sample: AttributedSample, into output: inout [AttributedSample]) {
        var out = sample
        if parameters.derivative == .filtered {
            Self.filter(&out, &state, parameters, derivativeFromFiltered: true)
        } else {
            Self.filter(&out, &state, parameters, derivativeFromFiltered: false)
        }
        output.append(out)
    }

    /// Filters every sample of `input` (one output each), in one loop per derivative rule,
    /// with the state in local variables (registers), not re-read from memory per sample. Each
    /// output is built from its input's channels and the filtered position, speed and heading
    /// and written once (filtering a copy of the input in place, then appending it, moved the
    /// pass-through channels through the stack twice per sample).
    public mutating func process(_ input: [AttributedSample], into output: inout [AttributedSample]) {
        output.reserveCapacity(output.count + input.count)
        if parameters.derivative == .filtered {
            process(input, into: &output, derivativeFromFiltered: true)
        } else {
            process(input, into: &output, derivativeFromFiltered: false)
        }
    }

    @inline(__always)
    private mutating func process(_ input: [AttributedSample], into output: inout [AttributedSample],
                                  derivativeFromFiltered: Bool) {
        var s = state
        let p = parameters
        for i in input.indices {
            let sample = input[i]
            var location = sample.location, speed = 0.0
            if s.started {
                (location, speed) = Self.step(sample.time, location, &s, p, derivativeFromFiltered: derivativeFromFiltered)
            } else {
                Self.start(sample.time, location, &s)
            }
            output.append(AttributedSample(sample, location: location, speed: speed, heading: s.heading))
        }
        state = s
    }

    /// Filters `sample` in place: its position, speed and heading.
    @inline(__always)
    static func filter(_ out: inout AttributedSample, _ s: inout State, _ parameters: Parameters,
                       derivativeFromFiltered: Bool) {
        let t = out.time
        let p = out.location
        guard s.started else {
            start(t, p, &s)
            out.speed = 0
            out.heading = s.heading
            return
        }
        let (location, speed) = step(t, p, &s, parameters, derivativeFromFiltered: derivativeFromFiltered)
        out.speed = speed
        out.heading = s.heading
        out.location = location
    }

    /// The stroke's first sample, at time `t` and position `p`: it passes through unchanged.
    @inline(__always)
    static func start(_ t: Double, _ p: Point, _ s: inout State) {
        s.started = true
        s.lastTime = t
        s.raw = p
        s.filtered = p
        s.qx = 0
        s.qy = 0
    }

    /// One sample at time `t` and position `p` after the stroke's first: returns the filtered
    /// position and speed; the heading is then `s.heading`.
    @inline(__always)
    static func step(_ t: Double, _ p: Point, _ s: inout State, _ parameters: Parameters,
                     derivativeFromFiltered: Bool) -> (location: Point, speed: Double) {
        if t > s.lastTime {
            // f = 1/Tₑ and c2 = 1/(2π·Tₑ·dCutoff + 1) with one division between them.
            let dt = t - s.lastTime
            let d = 2 * Double.pi * dt * parameters.dCutoff + 1
            let inverse = 1 / (dt * d)
            s.frequency = d * inverse
            s.period = dt
            s.c2 = dt * inverse
        }
        s.lastTime = t
        let f = s.frequency
        let r = 2 * Double.pi * s.period                // 2π·Tₑ
        // α(dCutoff) = pd/(pd + 1) with pd = r·dCutoff; dx̂ = c2·dx̂′ + c1·(x − base) with
        // c2 = 1 − α = 1/(pd + 1) and c1 = α·f = 2π·dCutoff/(pd + 1) (f·Tₑ = 1).
        let c2 = s.c2
        let c1 = 2 * Double.pi * parameters.dCutoff * c2
        let a1 = 1 + r * parameters.minCutoff, b = r * parameters.beta   // 1 + p = a1 + b·|dx̂|
        // Innovations u = x − x̂′ and the derivative's input.
        let stepX = p.x - s.raw.x, stepY = p.y - s.raw.y
        let ux = stepX + s.qx, uy = stepY + s.qy
        let vx = derivativeFromFiltered ? ux : stepX, vy = derivativeFromFiltered ? uy : stepY
        s.derivativeX = c2 * s.derivativeX + c1 * vx
        s.derivativeY = c2 * s.derivativeY + c1 * vy
        // x̂ = x̂′ + α·u with α = p/(1 + p), i.e. x̂ = x − u/(1 + p).
        s.qx = ux / (a1 + b * abs(s.derivativeX))
        s.qy = uy / (a1 + b * abs(s.derivativeY))
        let x = p.x - s.qx, y = p.y - s.qy
        let mx = x - s.filtered.x, my = y - s.filtered.y
        let length = (mx * mx + my * my).squareRoot()
        var speed = 0.0
        if length > 0, length.isFinite {
            s.heading = Vector(dx: mx / length, dy: my / length)
            speed = length * f
        }
        s.raw = p
        s.filtered = Point(x: x, y: y)
        return (s.filtered, speed)
    }
}
