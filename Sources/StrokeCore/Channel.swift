/// A column of a native trace's sample arrays (DESIGN.md, "Native trace format").
///
/// `t`, `x` and `y` are required; the others are optional and fall back to the defaults of
/// ``TouchSample`` when absent.
public enum Channel: String, Sendable, Hashable, CaseIterable {
    /// Time in seconds.
    case t
    /// Horizontal position in trace units.
    case x
    /// Vertical position in trace units.
    case y
    /// Normal force (UIKit's scale: 1.0 is an average touch; normalised 0…1 for tablets).
    case force
    /// The device's maximum possible force.
    case maxForce
    /// Pen altitude in radians (π/2 upright).
    case altitude
    /// Pen azimuth in radians.
    case azimuth
    /// Contact radius in trace units.
    case majorRadius

    /// The three channels every sample array must have.
    public static let required: [Channel] = [.t, .x, .y]

    /// The largest magnitude any channel value may have: 2⁵³ = 9,007,199,254,740,992, the
    /// largest size at which a `Double` still represents every whole unit. Coordinates,
    /// lengths and times beyond it are not representable to one unit (and at ±10³⁰⁸ their
    /// differences overflow to ∞), so every reader rejects them with a located error
    /// (``problem(with:)``). Anything within it is safe for every algorithm: lengths,
    /// extents and squared distances stay finite, and the geometry is bounded by budgets
    /// (``Polyline/defaultResamplingBudget``, ``Path/defaultFlatteningBudget``).
    public static let maximumMagnitude = 9_007_199_254_740_992.0

    /// Why `value` cannot be this channel's value, or `nil` when it can: NaN, ±∞ and
    /// magnitudes above ``maximumMagnitude`` are refused. O(1).
    public func problem(with value: Double) -> String? {
        if value.isNaN { return "\(rawValue) is not a number (NaN)" }
        guard abs(value) <= Channel.maximumMagnitude else {
            return "\(rawValue) = \(value) is beyond ±2^53 (9007199254740992), the largest size StrokeLab represents to one unit"
        }
        return nil
    }

    /// Reads this channel's value from a sample.
    @inlinable
    public func value(of sample: TouchSample) -> Double {
        switch self {
        case .t: return sample.time
        case .x: return sample.location.x
        case .y: return sample.location.y
        case .force: return sample.force
        case .maxForce: return sample.maximumPossibleForce
        case .altitude: return sample.altitude
        case .azimuth: return sample.azimuth
        case .majorRadius: return sample.majorRadius
        }
    }

    /// Writes this channel's value into a sample.
    @inlinable
    public func set(_ value: Double, in sample: inout TouchSample) {
        switch self {
        case .t: sample.time = value
        case .x: sample.location.x = value
        case .y: sample.location.y = value
        case .force: sample.force = value
        case .maxForce: sample.maximumPossibleForce = value
        case .altitude: sample.altitude = value
        case .azimuth: sample.azimuth = value
        case .majorRadius: sample.majorRadius = value
        }
    }
}
