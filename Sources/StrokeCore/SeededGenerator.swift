import RealModule

/// A deterministic random number generator: SplitMix64 (Steele, Lea & Flood 2014, as in
/// Java's `SplittableRandom`). The same seed gives the same sequence on every platform, which
/// is what makes synthetic traces and bootstrap intervals reproducible byte for byte.
///
/// Not cryptographic. O(1) per value, no allocation.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) with 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A standard normal deviate (mean 0, standard deviation 1) by the Box–Muller transform.
    /// Uses two uniforms per call (the second deviate is discarded to keep the state simple).
    public mutating func nextGaussian() -> Double {
        let u1 = 1 - nextUnit()  // (0, 1], so the logarithm is finite
        let u2 = nextUnit()
        return (-2 * Double.log(u1)).squareRoot() * Double.cos(2 * Double.pi * u2)
    }
}
