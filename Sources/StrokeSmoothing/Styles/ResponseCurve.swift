/// How a brush behaviour maps its normalised input t ∈ [0, 1] to its normalised output, as
/// google/ink's `EasingFunction` predefined curves (CSS timing functions).
///
/// - `linear`: t.
/// - `ease-in`: CSS `cubic-bezier(0.42, 0, 1, 1)`; `ease-out`: `cubic-bezier(0, 0, 0.58, 1)`;
///   `ease-in-out`: `cubic-bezier(0.42, 0, 0.58, 1)`. A CSS cubic Bézier is the curve
///   x(u) = 3(1−u)²u·x₁ + 3(1−u)u²·x₂ + u³ (y likewise with y₁, y₂); the response at t is
///   y(u) where x(u) = t, solved by bisection to 1e-12 (x is monotonic since x₁, x₂ ∈ [0, 1]).
///   Deterministic, O(40) per evaluation, no allocation.
public enum ResponseCurve: String, Hashable, Sendable, CaseIterable {
    /// The identity.
    case linear
    /// Slow start (CSS `ease-in`).
    case easeIn = "ease-in"
    /// Slow end (CSS `ease-out`).
    case easeOut = "ease-out"
    /// Slow start and end (CSS `ease-in-out`).
    case easeInOut = "ease-in-out"

    /// The response at `t`, clamped to [0, 1] first.
    public func callAsFunction(_ t: Double) -> Double {
        let t = t.isNaN ? 0 : Swift.min(Swift.max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return Self.cubicBezier(0.42, 0, 1, 1, t)
        case .easeOut: return Self.cubicBezier(0, 0, 0.58, 1, t)
        case .easeInOut: return Self.cubicBezier(0.42, 0, 0.58, 1, t)
        }
    }

    static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ t: Double) -> Double {
        func bez(_ a: Double, _ b: Double, _ u: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
        }
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bez(x1, x2, mid) < t { lo = mid } else { hi = mid }
            if hi - lo < 1e-12 { break }
        }
        return bez(y1, y2, (lo + hi) / 2)
    }
}
