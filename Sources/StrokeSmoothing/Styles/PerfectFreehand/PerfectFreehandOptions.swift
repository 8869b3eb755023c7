/// perfect-freehand's `StrokeOptions` (v1.2.2), with the defaults its code uses (its README's
/// table says size 8 and last true; the code, and the shared oracles, say 16 and false).
public struct PerfectFreehandOptions: Hashable, Sendable {
    /// How far a taper reaches: the peer's `taper: number | boolean`.
    public enum Taper: Hashable, Sendable {
        /// A distance along the stroke, units (`false` and `undefined` are 0; the peer's px).
        case distance(Double)
        /// The whole stroke (`true`): max(size, total length).
        case full

        /// The taper length for a stroke of `totalLength`.
        @inlinable
        public func length(size: Double, totalLength: Double) -> Double {
            switch self {
            case .distance(let d): return d
            case .full: return Swift.max(size, totalLength)
            }
        }
    }

    /// One end's cap, taper and taper easing (`start` / `end`).
    public struct End: Hashable, Sendable {
        /// Round cap (true) or flat (false); no effect when tapered.
        public var cap: Bool
        /// Taper length.
        public var taper: Taper
        /// Taper easing.
        public var easing: PerfectFreehandEasing

        /// An end.
        public init(cap: Bool = true, taper: Taper = .distance(0), easing: PerfectFreehandEasing) {
            self.cap = cap
            self.taper = taper
            self.easing = easing
        }
    }

    /// Diameter of the stroke at pressure ½, units (16).
    public var size: Double = 16
    /// Effect of pressure on the size (0.5; 0 none, negative thinner with pressure).
    public var thinning: Double = 0.5
    /// Minimum spacing of outline points, as a fraction of the size (0.5).
    public var smoothing: Double = 0.5
    /// How far each centre-line point lags towards the input: t = 0.15 + (1 − streamline)·0.85.
    public var streamline: Double = 0.5
    /// Easing of pressure (identity).
    public var easing: PerfectFreehandEasing = .linear
    /// Pressure from the centre line's point spacing instead of the input (true).
    public var simulatePressure: Bool = true
    /// The start: cap, taper, taper easing (t(2 − t)).
    public var start = End(easing: .easeOutQuad)
    /// The end: cap, taper, taper easing ((t − 1)³ + 1).
    public var end = End(easing: .easeOutCubic)
    /// The stroke is complete: its last point is the last input point, not one lagging behind.
    public var last: Bool = false
    /// One of the peer's CSS pixels in trace units (1: trace units read as its pixels). The
    /// peer's own constants are pixels — the last 3 px of a stroke are left out of the outline,
    /// a radius is at least 0.01 px, a lone point is paired with one 1 px away — and are
    /// multiplied by this (bit for bit the peer's at 1), as ``size`` and the tapers are
    /// converted (``PerfectFreehandStyle/Parameters/inTraceUnits(millimetresPerUnit:)``).
    public var pixel: Double = 1

    /// The peer's defaults.
    public init() {}
}
