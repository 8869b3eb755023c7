import StrokeCore

/// The capsule polygons `InkCoverage.add(_:)` fills for an ink's committed line at
/// one flattening tolerance (`StrokeCore.InkOutline`, normal blend only, in its order), made
/// once and kept to fill several grids: a stroke's reference ink is the same for every
/// unstyled pipeline, and its round caps' sines and cosines were most of the cost of
/// rasterising it again for each (``InkMetrics/overlap(_:reference:resolution:referencePolygons:)``).
///
/// Memory: the polygons' vertices, at most ``maximumPoints``; those of a longer ink are not
/// kept (``isComplete`` is false: the grid makes them again as it fills them, one at a time).
/// O(vertices) to make.
public struct InkPolygons: Sendable {
    /// The ink the polygons outline.
    public let ink: Ink
    /// The flattening tolerance they were made at (trace units).
    public let tolerance: Double
    /// Every polygon's vertices, one polygon after another.
    private let points: [Point]
    /// Polygon k is `points[ends[k − 1] ..< ends[k]]` (`ends[−1]` = 0).
    private let ends: [Int]

    /// The most vertices kept: 2²⁰ (16 MiB).
    public static let maximumPoints = 1 << 20

    /// The polygons of `ink`'s committed line at `tolerance` (none kept when there are more
    /// than ``maximumPoints`` vertices); `nil` when the ink has outline polygons of its own
    /// (those are filled as they are).
    public init?(_ ink: Ink, tolerance: Double) {
        guard ink.outline.isEmpty else { return nil }
        var points: [Point] = [], ends: [Int] = []
        var tooMany = false
        InkOutline.forEachPolygon(of: ink.committed, tolerance: tolerance) { polygon, attributes in
            guard !tooMany, attributes.blend == .normal else { return }
            guard points.count + polygon.count <= Self.maximumPoints else {
                tooMany = true
                return
            }
            points += polygon
            ends.append(points.count)
        }
        self.ink = ink
        self.tolerance = tolerance
        self.points = tooMany ? [] : points
        self.ends = tooMany ? [] : ends
        isComplete = !tooMany
    }

    /// Whether every polygon is kept (false past ``maximumPoints`` vertices: none is).
    public let isComplete: Bool

    /// The number of polygons.
    public var count: Int { ends.count }

    /// Calls `body` with each polygon's vertices, in order.
    func forEach(_ body: (UnsafeBufferPointer<Point>) -> Void) {
        points.withUnsafeBufferPointer { all in
            var start = 0
            for end in ends {
                body(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
    }
}
