import RealModule

/// LDLJ, the log dimensionless jerk of a speed profile (Hogan & Sternad, "Sensitivity of
/// smoothness measures to movement duration, amplitude, and arrests", J. Motor Behavior 41,
/// 2009; in log form by Balasubramanian, Melendez-Calderon & Burdet, IEEE TBME 59(8), 2012,
/// and Melendez-Calderon et al., "Estimating movement smoothness from inertial measurement
/// units", Front. Bioeng. Biotechnol. 8, 2021). Computed as the reference code
/// `log_dimensionless_jerk` of github.com/siva82kb/SPARC:
///
/// LDLJ = −ln( (T³ / v_peak²) · Σ (d²v/dt²)² · Δt ), with Δt = 1/fs, T = len(v)·Δt,
/// v_peak = max|v| and d²v/dt² the second difference (vᵢ₊₂ − 2vᵢ₊₁ + vᵢ)/Δt².
///
/// More negative is less smooth. Known answer (the reference code's doctest): v(t) =
/// exp(−5t²), t = −1, −0.99, …, 0.99 at 100 Hz gives −5.81636. Units: dimensionless.
/// O(n). Defined for profiles of at least three finite samples with a non-zero peak and some
/// jerk; otherwise `nil`. "Some jerk" is relative: when every second difference
/// |vᵢ₊₂ − 2vᵢ₊₁ + vᵢ| is at most ``relativeJerkFloor`` × v_peak, the profile is constant
/// speed up to float noise (speeds differenced from positions carry rounding of about 10⁻¹²
/// of their size), and the LDLJ of that noise (+44 to +48) would rank a constant speed far
/// above any real movement — it is omitted instead.
public enum LogDimensionlessJerk {
    /// Largest second difference, relative to the peak speed, still counted as no jerk (10⁻⁶).
    public static let relativeJerkFloor = 1e-6

    /// LDLJ of `speed` sampled at `sampleRateHz`, or `nil` when undefined.
    public static func of(speed: [Double], sampleRateHz fs: Double) -> Double? {
        guard speed.count >= 3, fs > 0, fs.isFinite, speed.allSatisfy(\.isFinite) else { return nil }
        var peak = 0.0
        for v in speed { peak = Swift.max(peak, abs(v)) }
        guard peak > 0 else { return nil }
        let dt = 1 / fs
        let duration = Double(speed.count) * dt
        var sum = 0.0
        var largest = 0.0
        for i in 0..<(speed.count - 2) {
            let second = speed[i + 2] - 2 * speed[i + 1] + speed[i]
            largest = Swift.max(largest, abs(second))
            let jerk = second / (dt * dt)
            sum += jerk * jerk
        }
        guard largest > Self.relativeJerkFloor * peak else { return nil }
        let dimensionless = duration * duration * duration / (peak * peak) * sum * dt
        guard dimensionless > 0, dimensionless.isFinite else { return nil }
        return -Double.log(dimensionless)
    }
}
