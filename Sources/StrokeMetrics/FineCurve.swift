import StrokeCore

/// A curve ready to be measured: a polyline whose chords follow the curve at the measuring
/// scale, with, for every vertex, where it came from.
///
/// Built by ``InkGeometry`` from a rendered path (lines kept as drawn, curves cut into chords
/// no longer than Δs/4) or from a reference (a centripetal Catmull–Rom interpolant through
/// its points, cut the same way). Consecutive duplicate vertices are never stored, so no
/// segment has zero length.
public struct FineCurve: Hashable, Sendable {
    /// The vertices, in trace coordinates.
    public var points: [Point]
    /// For each vertex, its source: the index of the path element that produced it (rendered
    /// ink), or of the reference point that starts the piece it lies on (references).
    public var source: [Int32]
    /// For each vertex, its time in seconds (references only; empty for ink).
    public var times: [Double]
    /// Indices of the vertices that are corners of the drawn path (``InkGeometry``),
    /// ascending: joins between elements at least Δs long whose tangents differ. Jaggedness
    /// measures a corner as a corner wherever its resampling grid falls.
    public var anchors: [Int]
    /// Total length (trace units).
    public var length: Double

    /// An empty curve.
    public init() {
        points = []
        source = []
        times = []
        anchors = []
        length = 0
    }

    /// True when there are no vertices.
    public var isEmpty: Bool { points.isEmpty }

    /// The vertices as a polyline.
    public var polyline: Polyline { Polyline(points: points) }

    /// Appends a vertex unless it repeats the last one.
    @inline(__always)
    mutating func append(_ p: Point, source s: Int, time: Double? = nil) {
        if let last = points.last {
            if last == p { return }
            length += last.distance(to: p)
        }
        points.append(p)
        source.append(Int32(truncatingIfNeeded: s))
        if let time { times.append(time) }
    }
}
