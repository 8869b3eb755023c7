import StrokeCore

/// A uniform-grid spatial index over a polyline's segments, answering "distance from this
/// point to the nearest point of the polyline" in about O(1) for points near the curve.
///
/// Each segment is registered in every cell its bounding box overlaps. A query visits rings
/// of cells around the point's cell in growing Chebyshev distance r and stops once the best
/// distance found is ≤ r·h (no unvisited cell can hold anything closer) or the rings cover
/// the grid. Points far outside the grid work too; they just visit more empty rings.
///
/// Build: O(n + cells). Memory: O(n + cells), cells capped at 2048 per side.
public struct SegmentGrid: Sendable {
    private let points: [Point]
    private let origin: Point
    private let cell: Double
    private let columns: Int
    private let rows: Int
    private let cellStart: [Int32]    // CSR offsets, rows*columns + 1
    private let cellItems: [Int32]    // segment indices (segment i joins points[i] and points[i+1])

    /// Indexes `polyline`. A one-point polyline is indexed as a single degenerate segment.
    /// - Precondition: the polyline is not empty and its points are finite.
    public init(_ polyline: Polyline) {
        precondition(!polyline.isEmpty, "cannot index an empty polyline")
        var pts = polyline.points
        if pts.count == 1 { pts.append(pts[0]) }
        points = pts
        let box = Rect(bounding: pts)!
        let segments = pts.count - 1
        let length = polyline.length
        let extent = Swift.max(box.width, box.height)
        // Cells about twice the mean segment length, but no more than 2048 per side.
        var h = Swift.max(2 * length / Double(segments), extent / 2048, 1e-9)
        if !h.isFinite { h = Swift.max(extent, 1) }
        cell = h
        origin = box.min
        let columns = Swift.max(1, Swift.min(2048, Int((box.width / h).rounded(.down)) + 1))
        let rows = Swift.max(1, Swift.min(2048, Int((box.height / h).rounded(.down)) + 1))
        self.columns = columns
        self.rows = rows

        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        func cellRange(_ i: Int) -> (Int, Int, Int, Int) {
            let a = pts[i], b = pts[i + 1]
            let x0 = Self.clamp(Int(((Swift.min(a.x, b.x) - box.min.x) / h).rounded(.down)), columns)
            let x1 = Self.clamp(Int(((Swift.max(a.x, b.x) - box.min.x) / h).rounded(.down)), columns)
            let y0 = Self.clamp(Int(((Swift.min(a.y, b.y) - box.min.y) / h).rounded(.down)), rows)
            let y1 = Self.clamp(Int(((Swift.max(a.y, b.y) - box.min.y) / h).rounded(.down)), rows)
            return (x0, x1, y0, y1)
        }
        for i in 0..<segments {
            let (x0, x1, y0, y1) = cellRange(i)
            for y in y0...y1 { for x in x0...x1 { counts[y * columns + x + 1] += 1 } }
        }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for i in 0..<segments {
            let (x0, x1, y0, y1) = cellRange(i)
            for y in y0...y1 {
                for x in x0...x1 {
                    let c = y * columns + x
                    items[Int(fill[c])] = Int32(i)
                    fill[c] += 1
                }
            }
        }
        cellStart = counts
        cellItems = items
    }

    private static func clamp(_ v: Int, _ n: Int) -> Int { Swift.min(Swift.max(v, 0), n - 1) }

    /// Distance from `p` to the closest point of the indexed polyline, in trace units.
    public func distance(to p: Point) -> Double {
        squaredDistance(to: p).squareRoot()
    }

    /// Squared distance from `p` to the polyline.
    public func squaredDistance(to p: Point) -> Double {
        let fx = ((p.x - origin.x) / cell).rounded(.down)
        let fy = ((p.y - origin.y) / cell).rounded(.down)
        // Cell coordinates of the query, possibly outside the grid; clamp into Int range.
        let cx = Int(Swift.max(Swift.min(fx, 1e9), -1e9))
        let cy = Int(Swift.max(Swift.min(fy, 1e9), -1e9))
        var best = Double.infinity
        // Skip rings that cannot reach the grid at all.
        let gapX = cx < 0 ? -cx : (cx >= columns ? cx - columns + 1 : 0)
        let gapY = cy < 0 ? -cy : (cy >= rows ? cy - rows + 1 : 0)
        var r = Swift.max(gapX, gapY)
        while true {
            let xs = cx - r, xe = cx + r, ys = cy - r, ye = cy + r
            for y in Swift.max(ys, 0)...Swift.max(Swift.min(ye, rows - 1), Swift.max(ys, 0)) where y >= 0 && y < rows {
                let fullRow = y == ys || y == ye
                if fullRow {
                    var x = Swift.max(xs, 0)
                    while x <= Swift.min(xe, columns - 1) { visit(x, y, p, &best); x += 1 }
                } else {
                    if xs >= 0 && xs < columns { visit(xs, y, p, &best) }
                    if xe != xs && xe >= 0 && xe < columns { visit(xe, y, p, &best) }
                }
            }
            let bound = Double(r) * cell
            if best <= bound * bound { return best }
            if xs <= 0 && ys <= 0 && xe >= columns - 1 && ye >= rows - 1 { return best }
            r += 1
        }
    }

    @inline(__always)
    private func visit(_ x: Int, _ y: Int, _ p: Point, _ best: inout Double) {
        let c = y * columns + x
        var k = Int(cellStart[c])
        let end = Int(cellStart[c + 1])
        while k < end {
            let i = Int(cellItems[k])
            let d = Self.squaredDistance(p, points[i], points[i + 1])
            if d < best { best = d }
            k += 1
        }
    }

    /// Squared distance from `p` to the segment `ab` (a point when `a == b`).
    @inlinable
    public static func squaredDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, ap = p - a
        let len2 = ab.squaredLength
        guard len2 > 0 else { return ap.squaredLength }
        let t = Swift.min(Swift.max(ap.dot(ab) / len2, 0), 1)
        let dx = ap.dx - t * ab.dx, dy = ap.dy - t * ab.dy
        return dx * dx + dy * dy
    }
}
