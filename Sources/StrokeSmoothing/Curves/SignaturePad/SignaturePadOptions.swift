/// The options of szimek/signature_pad that shape its curves (v5.1.3; lengths in trace units,
/// the library's CSS pixels when the trace is in them; milliseconds), with the library's
/// defaults.
///
/// The library reads `velocityFilterWeight`, `minWidth` and `maxWidth` with `||`, so a 0 there
/// means the default (0.7, 0.5, 2.5); ``effective`` applies that rule. `minDistance` and
/// `throttle` are read with `??`, so 0 is 0.
public struct SignaturePadOptions: Hashable, Sendable {
    /// A point closer than this to the last kept point is skipped (units; default 5).
    public var minDistance: Double = 5
    /// Weight of the new velocity in the filtered velocity (default 0.7).
    public var velocityFilterWeight: Double = 0.7
    /// Narrowest dot radius (units; default 0.5).
    public var minWidth: Double = 0.5
    /// Widest dot radius (units; default 2.5).
    public var maxWidth: Double = 2.5
    /// Radius of the dot drawn for a stroke's first point; 0 means (minWidth + maxWidth)/2.
    public var dotSize: Double = 0
    /// Pointer moves are throttled to one per this many ms, with a trailing call (default 16);
    /// 0 handles every move.
    public var throttle: Double = 16
    /// The speed unit of the library's width rule maxWidth / (v + 1), units per ms: v is in
    /// px/ms there, so the rule is maxWidth / (v / unitVelocity + 1) with unitVelocity one px
    /// per ms (default 1, trace units read as the library's pixels; a trace in other units
    /// gets the same speed in its own, ``SignaturePadInterpolator/Parameters``).
    public var unitVelocity: Double = 1

    /// The defaults.
    public init() {}

    /// The library's defaults: the one declaration every user of them reads
    /// (``SignaturePadInterpolator/Parameters`` included).
    public static let defaults = SignaturePadOptions()

    /// The values as the library uses them (a 0 weight or width replaced by its default).
    public var effective: SignaturePadOptions {
        var o = self
        let d = Self.defaults
        if o.velocityFilterWeight == 0 || o.velocityFilterWeight.isNaN { o.velocityFilterWeight = d.velocityFilterWeight }
        if o.minWidth == 0 || o.minWidth.isNaN { o.minWidth = d.minWidth }
        if o.maxWidth == 0 || o.maxWidth.isNaN { o.maxWidth = d.maxWidth }
        if o.dotSize.isNaN { o.dotSize = d.dotSize }
        return o
    }

    /// The radius of a stroke's first dot: `dotSize > 0 ? dotSize : (minWidth + maxWidth)/2`.
    public var dotRadius: Double { dotSize > 0 ? dotSize : (minWidth + maxWidth) / 2 }
}
