/// JavaScript's `Math.min` and `Math.max` on two numbers: NaN when either is NaN, and −0 below +0.
public enum JSNumber {
    /// `Math.min(a, b)`.
    @inlinable @inline(__always)
    public static func min(_ a: Double, _ b: Double) -> Double {
        if a < b { return a }
        if b < a { return b }
        if a.isNaN || b.isNaN { return .nan }
        return a.sign == .minus ? a : b
    }

    /// `Math.max(a, b)`.
    @inlinable @inline(__always)
    public static func max(_ a: Double, _ b: Double) -> Double {
        if a > b { return a }
        if b > a { return b }
        if a.isNaN || b.isNaN { return .nan }
        return a.sign == .minus ? b : a
    }
}
