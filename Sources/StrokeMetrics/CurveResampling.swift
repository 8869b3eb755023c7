import StrokeCore

/// Points along a ``FineCurve`` at (nearly) uniform arc-length spacing, each with the index of
/// the fine segment it lies on.
public struct ResampledCurve: Hashable, Sendable {
    /// The points, in order along the curve.
    public var points: [Point]
    /// For each point, the fine segment it lies on (segment j joins vertices j and j + 1;
    /// 0 for a one-vertex curve).
    public var segment: [Int32]
    /// For each point, whether it is an anchor vertex of the curve (``FineCurve/anchors``);
    /// empty for ``CurveResampling/uniform(_:step:)``.
    public var isAnchor: [Bool]
    /// For each point, its time interpolated along its segment, when the curve has times
    /// (references; ``CurveResampling/uniform(_:step:)`` only); empty otherwise.
    public var times: [Double] = []

    /// Number of points.
    public var count: Int { points.count }
}

/// Resampling of fine curves at arc-length step Δs.
///
/// - ``uniform(_:step:)``: points at arc length 0, Δs, 2Δs, … plus the end (what fidelity
///   measures at, so every mean is arc-length weighted).
/// - ``anchored(_:step:)``: the curve cut at its anchors (corners of the drawn path) and each
///   piece of length D divided into ⌈D/Δs⌉ equal steps, so every corner is a resampled vertex
///   wherever a uniform grid would have fallen (what jaggedness measures).
///
/// Both give at most length/Δs + 2 (+ anchors) points: O(vertices + points).
public enum CurveResampling {
    /// Uniform resampling (see the type's documentation). An empty curve gives no points; a
    /// one-vertex curve its vertex.
    /// - Precondition: `step > 0`.
    public static func uniform(_ curve: FineCurve, step: Double) -> ResampledCurve {
        precondition(step > 0, "resampling step must be positive")
        var out = ResampledCurve(points: [], segment: [], isAnchor: [])
        let pts = curve.points
        guard let first = pts.first else { return out }
        let timed = curve.times.count == pts.count
        out.points.append(first)
        out.segment.append(0)
        if timed { out.times.append(curve.times[0]) }
        guard pts.count > 1, curve.length > 0 else { return out }
        // Bounded whatever the caller asks: never more than 4·2²⁰ points.
        let step = Swift.max(step, curve.length / (4 * Double(MetricOptions.resampledPointsCeiling)))
        let expected = InkGeometry.count((curve.length / step).rounded(.up) + 2, atMost: Double(MetricOptions.resampledPointsCeiling) * 4)
        out.points.reserveCapacity(expected)
        out.segment.reserveCapacity(expected)
        var k = 1
        var next = step
        var s0 = 0.0
        for i in 1..<pts.count {
            let a = pts[i - 1], b = pts[i]
            let segment = a.distance(to: b)
            let s1 = s0 + segment
            while next <= s1 {
                let u = (next - s0) / segment
                out.points.append(a.interpolated(to: b, by: u))
                out.segment.append(Int32(truncatingIfNeeded: i - 1))
                if timed { out.times.append(curve.times[i - 1] + u * (curve.times[i] - curve.times[i - 1])) }
                k += 1
                next = Double(k) * step
            }
            s0 = s1
        }
        if s0 - Double(k - 1) * step > step * 1e-9 {
            out.points.append(pts[pts.count - 1])
            out.segment.append(Int32(truncatingIfNeeded: pts.count - 2))
            if timed { out.times.append(curve.times[pts.count - 1]) }
        }
        return out
    }

    /// Anchored resampling (see the type's documentation). Every anchor and both ends are
    /// among the points, flagged in ``ResampledCurve/isAnchor`` (anchors only).
    /// - Precondition: `step > 0`.
    public static func anchored(_ curve: FineCurve, step: Double) -> ResampledCurve {
        precondition(step > 0, "resampling step must be positive")
        var out = ResampledCurve(points: [], segment: [], isAnchor: [])
        let pts = curve.points
        guard let first = pts.first else { return out }
        out.points.append(first)
        out.segment.append(0)
        out.isAnchor.append(false)
        guard pts.count > 1 else { return out }
        let step = Swift.max(step, curve.length / (4 * Double(MetricOptions.resampledPointsCeiling)))
        // Piece ends: the anchors, then the last vertex.
        var ends = curve.anchors.filter { $0 > 0 && $0 < pts.count - 1 }
        ends.append(pts.count - 1)
        var i = 1                 // next vertex to walk to
        var start = 0             // vertex where the current piece starts
        for (e, end) in ends.enumerated() where end > start {
            // Length of the piece.
            var d = 0.0
            for v in (start + 1)...end { d += pts[v - 1].distance(to: pts[v]) }
            let m = Double(InkGeometry.count((d / step).rounded(.up), atMost: Double(MetricOptions.resampledPointsCeiling) * 4))
            let pieceStep = d / m
            var k = 1
            var next = pieceStep
            var s0 = 0.0
            i = start + 1
            while i <= end {
                let a = pts[i - 1], b = pts[i]
                let segment = a.distance(to: b)
                let s1 = s0 + segment
                // Points strictly inside the piece; its end vertex is appended exactly below.
                while Double(k) < m && next <= s1 {
                    out.points.append(a.interpolated(to: b, by: segment > 0 ? (next - s0) / segment : 0))
                    out.segment.append(Int32(truncatingIfNeeded: i - 1))
                    out.isAnchor.append(false)
                    k += 1
                    next = Double(k) * pieceStep
                }
                s0 = s1
                i += 1
            }
            out.points.append(pts[end])
            out.segment.append(Int32(truncatingIfNeeded: end - 1))
            out.isAnchor.append(e < ends.count - 1)
            start = end
        }
        return out
    }
}
