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
/// jerk; otherwise `nil` (a constant-speed profile has no jerk and no finite LDLJ).
public enum LogDimensionlessJerk {
    /// LDLJ of `speed` sampled at `sampleRateHz`, or `nil` when undefined.
    public static func of(speed: [Double], sampleRateHz fs: Double) -> Double? {
        guard speed.count >= 3, fs > 0, fs.isFinite, speed.allSatisfy(\.isFinite) else { return nil }
        var peak = 0.0
        for v in speed { peak = Swift.max(peak, abs(v)) }
        guard peak > 0 else { return nil }
        let dt = 1 / fs
        let duration = Double(speed.count) * dt
        var sum = 0.0
        for i in 0..<(speed.count - 2) {
            let jerk = (speed[i + 2] - 2 * speed[i + 1] + speed[i]) / (dt * dt)
            sum += jerk * jerk
        }
        let dimensionless = duration * duration * duration / (peak * peak) * sum * dt
        guard dimensionless > 0, dimensionless.isFinite else { return nil }
        return -Double.log(dimensionless)
    }
}
