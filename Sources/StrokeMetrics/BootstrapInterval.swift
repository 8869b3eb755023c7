import StrokeCore

/// A percentile-bootstrap confidence interval of a mean (Efron & Tibshirani 1993, §13.3).
///
/// Draws `resamples` resamples of the values with replacement from a `SeededGenerator`,
/// takes each resample's mean, and returns the (1−level)/2 and (1+level)/2 quantiles of those
/// means (type 7, ``Summary/percentile(sorted:_:)``). Deterministic for a given seed.
/// Complexity O(resamples · n).
public enum BootstrapInterval {
    /// The interval of the mean of `values` at confidence `level` (default 0.95). One value
    /// gives the degenerate interval [x, x]; no values give (NaN, NaN). For strokes grouped in
    /// traces use ``ClusterBootstrap``, which StrokeLab's summaries use by default.
    public static func ofMean(_ values: [Double], resamples: Int, seed: UInt64, level: Double = 0.95) -> (low: Double, high: Double) {
        guard let first = values.first else { return (.nan, .nan) }
        guard values.count > 1, resamples > 0 else { return (first, first) }
        var rng = SeededGenerator(seed: seed)
        var means = [Double](repeating: 0, count: resamples)
        let n = values.count
        for r in 0..<resamples {
            var sum = 0.0
            for _ in 0..<n { sum += values[Int(rng.next() % UInt64(n))] }
            means[r] = sum / Double(n)
        }
        let tail = (1 - level) / 2
        let bounds = Summary.percentiles(selecting: &means, [tail, 1 - tail])
        return (bounds[0], bounds[1])
    }

    /// 64-bit FNV-1a of `text`, xor-ed with `seed`: a per-group seed that is stable across
    /// runs and platforms (Swift's `Hasher` is seeded randomly per process).
    public static func seed(for text: String, base seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}
