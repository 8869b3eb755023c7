import RealModule

/// SPARC, the spectral arc length of a movement's speed profile: a smoothness measure that
/// is dimensionless, independent of amplitude and duration, and robust to noise
/// (Balasubramanian, Melendez-Calderon, Roby-Brami & Burdet, "On the analysis of movement
/// smoothness", J. NeuroEngineering and Rehabilitation 12:112, 2015; reference code
/// `smoothness.py` of github.com/siva82kb/SPARC, followed step by step here).
///
/// Steps, for a speed profile v sampled at fs:
/// 1. N = 2^(⌈log₂ len(v)⌉ + padLevel) (zero padding, default padLevel 4);
/// 2. M(f_k) = |FFT(v, N)_k| / max_k |FFT(v, N)_k|, f_k = k·fs/N, k = 0…N−1;
/// 3. keep f_k ≤ f_c (default 10 Hz: human movement has nothing above it);
/// 4. of those, keep from the first to the last bin with M ≥ ā (default 0.05), an adaptive
///    cut-off that ignores the noise floor;
/// 5. SPARC = −Σ √((Δf/(f_last − f_first))² + (ΔM)²) over consecutive kept bins.
///
/// Values are ≤ 0; closer to 0 is smoother. Known answer (the reference code's doctest): a
/// Gaussian speed bump v(t) = exp(−5t²), t = −1, −0.99, …, 0.99 at 100 Hz (σ = √0.1 s,
/// 200 samples) gives −1.41403. Units: dimensionless. Complexity O(N log N) with N ≤ 32·len
/// and N ≤ 2²² (``maximumExponent``).
public enum SpectralArcLength {
    /// The reference code's parameters.
    public struct Parameters: Hashable, Sendable {
        /// Zero-padding level (default 4: N is 16× the next power of two).
        public var padLevel: Int = 4
        /// Largest frequency considered, f_c, in Hz (default 10).
        public var cutoffHz: Double = 10
        /// Amplitude threshold ā on the normalised spectrum (default 0.05).
        public var amplitudeThreshold: Double = 0.05
        /// The standard parameters.
        public init() {}
    }

    /// Largest FFT length used, as a power of two (2²² bins, 64 MiB of working memory).
    public static let maximumExponent = 22

    /// SPARC of `speed` sampled at `sampleRateHz`; `nil` when the profile has fewer than two
    /// samples, is not finite, is all zeros, or no more than one bin passes the thresholds.
    public static func of(speed: [Double], sampleRateHz fs: Double, parameters: Parameters = Parameters()) -> Double? {
        guard speed.count >= 2, fs > 0, fs.isFinite, speed.allSatisfy(\.isFinite) else { return nil }
        var exponent = 0
        while (1 << exponent) < speed.count { exponent += 1 }
        // Padding beyond 2²² bins (profiles over 2¹⁸ samples, an hour at 60 Hz) is reduced so
        // memory stays bounded; the spectrum is then sampled less finely than the reference code's.
        let n = 1 << Swift.max(exponent, Swift.min(exponent + Swift.max(parameters.padLevel, 0), Self.maximumExponent))
        let magnitude = FFT.magnitudes(of: speed, length: n)
        var peak = 0.0
        for m in magnitude { peak = Swift.max(peak, m) }
        guard peak > 0 else { return nil }
        // Bins with f_k ≤ f_c (f_k = k·fs/N as in numpy.arange(0, fs, fs/N)).
        var kept = 0
        while kept < n && Double(kept) * (fs / Double(n)) <= parameters.cutoffHz { kept += 1 }
        var first = -1, last = -1
        for k in 0..<kept where magnitude[k] / peak >= parameters.amplitudeThreshold {
            if first < 0 { first = k }
            last = k
        }
        guard first >= 0, last > first else { return nil }
        let f = { (k: Int) in Double(k) * (fs / Double(n)) }
        let span = f(last) - f(first)
        var arc = 0.0
        for k in first..<last {
            let df = (f(k + 1) - f(k)) / span
            let dm = (magnitude[k + 1] - magnitude[k]) / peak
            arc += (df * df + dm * dm).squareRoot()
        }
        return -arc
    }
}
