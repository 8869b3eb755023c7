import RealModule

/// An in-place iterative radix-2 Cooley–Tukey fast Fourier transform (Cooley & Tukey 1965),
/// written here because the algorithm modules import no Foundation (and so no Accelerate).
///
/// Computes X_k = Σₙ xₙ·e^(−2πi·kn/N), k = 0…N−1, the same convention as NumPy's
/// `numpy.fft.fft`. N must be a power of two; callers zero-pad. Twiddle factors are computed
/// directly per stage (cos/sin of 2πk/N, not by repeated multiplication) so the error stays
/// O(ε log N). Complexity O(N log N) time, O(1) extra memory.
public enum FFT {
    /// Transforms (`real`, `imaginary`) in place.
    /// - Precondition: both arrays have the same power-of-two count (≥ 1).
    public static func transform(real: inout [Double], imaginary: inout [Double]) {
        let n = real.count
        precondition(n == imaginary.count && n > 0 && n & (n - 1) == 0, "FFT length must be a power of two")
        guard n > 1 else { return }
        // Bit-reversal permutation.
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 {
                j ^= bit
                bit >>= 1
            }
            j |= bit
            if i < j {
                real.swapAt(i, j)
                imaginary.swapAt(i, j)
            }
        }
        // Butterflies.
        var size = 2
        while size <= n {
            let half = size / 2
            let step = -2 * Double.pi / Double(size)
            for k in 0..<half {
                let angle = step * Double(k)
                let wr = Double.cos(angle), wi = Double.sin(angle)
                var start = 0
                while start < n {
                    let a = start + k, b = a + half
                    let tr = wr * real[b] - wi * imaginary[b]
                    let ti = wr * imaginary[b] + wi * real[b]
                    real[b] = real[a] - tr
                    imaginary[b] = imaginary[a] - ti
                    real[a] += tr
                    imaginary[a] += ti
                    start += size
                }
            }
            size <<= 1
        }
    }

    /// |X_k| of a real signal zero-padded to `length` (a power of two ≥ `signal.count`).
    /// Memory: two arrays of `length` doubles (the magnitudes are written over the real parts).
    public static func magnitudes(of signal: [Double], length: Int) -> [Double] {
        precondition(length >= signal.count, "FFT length shorter than the signal")
        var re = [Double](repeating: 0, count: length)
        re.replaceSubrange(0..<signal.count, with: signal)
        var im = [Double](repeating: 0, count: length)
        transform(real: &re, imaginary: &im)
        for k in 0..<length { re[k] = Double.hypot(re[k], im[k]) }
        return re
    }
}
