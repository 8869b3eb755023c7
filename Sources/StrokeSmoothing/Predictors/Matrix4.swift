/// A 4×4 matrix of `Double`s stored as four row vectors: the fixed-size linear algebra of
/// the per-axis Kalman filter (state: position, velocity, acceleration, jerk). A value type
/// with no heap storage, so filter updates never allocate.
struct Matrix4: Hashable, Sendable {
    var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)

    init(_ r0: SIMD4<Double>, _ r1: SIMD4<Double>, _ r2: SIMD4<Double>, _ r3: SIMD4<Double>) {
        rows = (r0, r1, r2, r3)
    }

    static let identity = Matrix4(SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1))

    static func == (a: Matrix4, b: Matrix4) -> Bool {
        a.rows.0 == b.rows.0 && a.rows.1 == b.rows.1 && a.rows.2 == b.rows.2 && a.rows.3 == b.rows.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(rows.0); hasher.combine(rows.1); hasher.combine(rows.2); hasher.combine(rows.3)
    }

    @inline(__always)
    static func + (a: Matrix4, b: Matrix4) -> Matrix4 {
        Matrix4(a.rows.0 + b.rows.0, a.rows.1 + b.rows.1, a.rows.2 + b.rows.2, a.rows.3 + b.rows.3)
    }

    @inline(__always)
    static func - (a: Matrix4, b: Matrix4) -> Matrix4 {
        Matrix4(a.rows.0 - b.rows.0, a.rows.1 - b.rows.1, a.rows.2 - b.rows.2, a.rows.3 - b.rows.3)
    }

    @inline(__always)
    static func * (a: Matrix4, s: Double) -> Matrix4 {
        Matrix4(a.rows.0 * s, a.rows.1 * s, a.rows.2 * s, a.rows.3 * s)
    }

    /// The outer product `a·bᵀ`.
    @inline(__always)
    static func outer(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> Matrix4 {
        Matrix4(b * a[0], b * a[1], b * a[2], b * a[3])
    }
}
