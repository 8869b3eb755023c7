import RealModule

/// The easing functions perfect-freehand's options take (`easing` for pressure, `start.easing`
/// and `end.easing` for tapers): the identity (its default for pressure) and the named ones
/// its demo offers (`packages/dev/src/state/easings.ts`), written in the peer's operation
/// order so results agree bit for bit (the sine ones use V8's sin/cos, ``JSMath``; the
/// exponential ones the platform's `pow`, which may differ from V8's in the last bit).
///
/// The taper defaults are `easeOutQuad` (start: t(2 − t)) and `easeOutCubic` (end:
/// (t − 1)³ + 1). O(1).
public enum PerfectFreehandEasing: String, Hashable, Sendable, CaseIterable {
    /// t.
    case linear
    /// t².
    case easeInQuad
    /// t(2 − t).
    case easeOutQuad
    /// 2t² below ½, else −1 + (4 − 2t)t.
    case easeInOutQuad
    /// t³.
    case easeInCubic
    /// (t − 1)³ + 1.
    case easeOutCubic
    /// 4t³ below ½, else (t − 1)(2t − 2)² + 1.
    case easeInOutCubic
    /// t⁴.
    case easeInQuart
    /// 1 − (t − 1)⁴.
    case easeOutQuart
    /// 8t⁴ below ½, else 1 − 8(t − 1)⁴.
    case easeInOutQuart
    /// t⁵.
    case easeInQuint
    /// 1 + (t − 1)⁵.
    case easeOutQuint
    /// 16t⁵ below ½, else 1 + 16(t − 1)⁵.
    case easeInOutQuint
    /// 1 − cos(πt/2).
    case easeInSine
    /// sin(πt/2).
    case easeOutSine
    /// −(cos(πt) − 1)/2.
    case easeInOutSine
    /// 0 at t ≤ 0, else 2^(10t − 10).
    case easeInExpo
    /// 1 at t ≥ 1, else 1 − 2^(−10t).
    case easeOutExpo
    /// 0, 1 at the ends; 2^(20t − 10)/2 below ½, else (2 − 2^(−20t + 10))/2.
    case easeInOutExpo

    /// The eased value of `t`.
    @inlinable @inline(__always)
    public func callAsFunction(_ t: Double) -> Double {
        if self == .linear { return t }
        return eased(t)
    }

    /// Every easing but the identity.
    @usableFromInline
    func eased(_ t: Double) -> Double {
        switch self {
        case .linear: return t
        case .easeInQuad: return t * t
        case .easeOutQuad: return t * (2 - t)
        case .easeInOutQuad: return t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t
        case .easeInCubic: return t * t * t
        case .easeOutCubic:
            let u = t - 1
            return u * u * u + 1
        case .easeInOutCubic: return t < 0.5 ? 4 * t * t * t : (t - 1) * (2 * t - 2) * (2 * t - 2) + 1
        case .easeInQuart: return t * t * t * t
        case .easeOutQuart:
            let u = t - 1
            return 1 - u * u * u * u
        case .easeInOutQuart:
            if t < 0.5 { return 8 * t * t * t * t }
            let u = t - 1
            return 1 - 8 * u * u * u * u
        case .easeInQuint: return t * t * t * t * t
        case .easeOutQuint:
            let u = t - 1
            return 1 + u * u * u * u * u
        case .easeInOutQuint:
            if t < 0.5 { return 16 * t * t * t * t * t }
            let u = t - 1
            return 1 + 16 * u * u * u * u * u
        case .easeInSine: return 1 - JSMath.cos((t * Double.pi) / 2)
        case .easeOutSine: return JSMath.sin((t * Double.pi) / 2)
        case .easeInOutSine: return -(JSMath.cos(Double.pi * t) - 1) / 2
        case .easeInExpo: return t <= 0 ? 0 : Double.pow(2, 10 * t - 10)
        case .easeOutExpo: return t >= 1 ? 1 : 1 - Double.pow(2, -10 * t)
        case .easeInOutExpo:
            if t <= 0 { return 0 }
            if t >= 1 { return 1 }
            return t < 0.5 ? Double.pow(2, 20 * t - 10) / 2 : (2 - Double.pow(2, -20 * t + 10)) / 2
        }
    }
}
