/// Spatial jitter from input and display rates that do not divide each other, in closed form:
/// the mechanism of Antoine, Nancel, Ge, Zheng, Zolghadr and Casiez, "Modeling and Reducing
/// Spatial Jitter caused by Asynchronous Input and Output Rates" (UIST 2020,
/// doi:10.1145/3379337.3415833). Each display refresh shows the newest input sample; when
/// the rates are asynchronous, that sample's age at the refresh changes from refresh to
/// refresh, and so does how far behind a steadily moving pen the ink ends — the ink trembles
/// although every component works perfectly.
///
/// **The model** (derived here from that mechanism; the paper's own text could not be read,
/// only its abstract — twice, the second time through stored public copies that hold its title
/// page and abstract alone — so compare with its equations before quoting these as the paper's;
/// the abstract promises "a predictive model of jitter amplitude as a function of input and
/// output frequencies", as this is).
/// Input samples every Tᵢ = 1/f_in, refreshes every Tₒ = 1/f_out, at unrelated phases. The
/// age of the newest sample at refresh k is aₖ = (φ + k·Tₒ) mod Tᵢ. When f_in/f_out = p/q in
/// lowest terms, the ages visit q values spaced g = Tᵢ/q apart (g = gcd(Tᵢ, Tₒ)), equally
/// often; otherwise (q → ∞) they fill [0, Tᵢ) uniformly. Hence, for a pen at speed v:
/// - latency spread (peak to peak) ΔL = (q − 1)·g = Tᵢ·(1 − 1/q), and spatial jitter
///   J_pp = v·ΔL;
/// - latency deviation (RMS about the mean) σ_L = g·√((q² − 1)/12), and J_rms = v·σ_L
///   (→ Tᵢ/√12 as q → ∞).
/// No jitter when the input rate is a whole multiple of the display rate (q = 1: 120 or 240 Hz
/// on 60 or 120 Hz); 60 Hz on 120 Hz (q = 2) shows the ink moving every other refresh,
/// ΔL = 8.3 ms; 125 Hz touch on 60 Hz (q = 12) ΔL = 7.3 ms. The phase φ shifts every age by the
/// same amount and changes neither. Rates are compared as given: a ratio is taken as p/q when
/// it is within 10⁻⁹ (relative) of a fraction with q ≤ ``maximumDenominator``, else as
/// irrational. O(log q).
public struct AsynchronousJitter: Hashable, Sendable {
    /// Largest denominator q looked for in f_in/f_out; above it the rates count as unrelated.
    public static let maximumDenominator = 10_000

    /// Input rate (Hz).
    public var inputRateHz: Double
    /// Display rate (Hz).
    public var displayRateHz: Double
    /// q: how many distinct ages the newest sample has at the refreshes (`nil`: unrelated
    /// rates, ages spread uniformly).
    public var distinctAges: Int?

    /// The model for these rates (both > 0 and finite).
    public init(inputRateHz: Double, displayRateHz: Double) {
        self.inputRateHz = inputRateHz
        self.displayRateHz = displayRateHz
        distinctAges = Self.denominator(of: inputRateHz / displayRateHz)
    }

    /// Peak-to-peak spread of the displayed sample's age, ΔL, in ms.
    public var latencySpreadMs: Double {
        let period = 1000 / inputRateHz
        guard let q = distinctAges else { return period }
        return period * (1 - 1 / Double(q))
    }

    /// RMS deviation of the displayed sample's age about its mean, σ_L, in ms.
    public var latencyDeviationMs: Double {
        let period = 1000 / inputRateHz
        guard let q = distinctAges else { return period / 12.0.squareRoot() }
        let n = Double(q)
        return period / n * ((n * n - 1) / 12).squareRoot()
    }

    /// Peak-to-peak spatial jitter J_pp = v·ΔL for a pen at `speed` (units/s), in units.
    public func peakToPeak(speed: Double) -> Double { speed * latencySpreadMs / 1000 }

    /// RMS spatial jitter J_rms = v·σ_L for a pen at `speed` (units/s), in units.
    public func rms(speed: Double) -> Double { speed * latencyDeviationMs / 1000 }

    /// The denominator q of `ratio` = p/q in lowest terms (continued fractions), or `nil` when
    /// no fraction with q ≤ ``maximumDenominator`` is within 10⁻⁹ of it (relative).
    static func denominator(of ratio: Double) -> Int? {
        guard ratio > 0, ratio.isFinite else { return nil }
        var x = ratio
        var (h0, h1) = (0.0, 1.0), (k0, k1) = (1.0, 0.0)
        for _ in 0..<64 {
            let a = x.rounded(.down)
            (h0, h1) = (h1, a * h1 + h0)
            (k0, k1) = (k1, a * k1 + k0)
            guard k1 <= Double(maximumDenominator) else { return nil }
            if abs(h1 / k1 - ratio) <= 1e-9 * ratio { return Int(k1) }
            let rest = x - a
            guard rest > 1e-12 else { return Int(k1) }
            x = 1 / rest
        }
        return nil
    }
}
