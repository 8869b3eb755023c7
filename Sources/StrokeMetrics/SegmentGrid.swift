import StrokeCore

/// A uniform-grid spatial index over a polyline's segments, answering "distance from this
/// point to the nearest segment of the polyline", optionally among segments in an index range
/// only (a time window of the curve).
///
/// Each segment is registered in every cell its bounding box overlaps; a cell lists its
/// segments in ascending index order, so a range query finds its first candidate in a cell by
/// binary search. A query visits rings of cells around the point's cell in growing Chebyshev
/// distance r and stops once the best distance found is ≤ r·h (no unvisited cell can hold
/// anything closer) or the rings cover the grid.
///
/// Why ranges: a path that revisits the same place (a circle drawn a hundred times, shading,
/// scribbles) fills the cells there with every pass, and a plain nearest-segment query then
/// costs O(passes) — quadratic over the stroke. Restricted to the segments of a time window,
/// a query costs O(log k + segments of the window in the cells visited).
///
/// Build: O(n + cells), one walk over the segments. Memory: O(n + cells). Cells are about twice the mean segment long,
/// at most 2²² (2048²) of them in area and at most ``maximumCellsPerSide(segments:)`` per
/// side: cells ≤ 2²² + O(n). The side bound grows with n (it used to be 2048), so a
/// degenerate stroke (10¹² units long and 5 wide: one row of cells) still gets a few
/// segments per cell instead of n/2048, which made every query cost O(n/2048) and the
/// fidelity of the issue-11 huge-coordinate trace quadratic (73 s instead of 9 s in a debug
/// build at 2¹⁸ points). Square extents get the grid they had.
///
/// A query whose rings have visited more than `ringCellsBeforeHierarchy` cells without
/// proving its nearest segment — a point far from the segments it may use — finishes in a
/// `SegmentHierarchy` (bounding boxes over index spans): the same minimum, usually in
/// O(log n) nodes and never more than O(range + log n), instead of rings costing the square of
/// the distance in cells.
/// (A four-sample triangle with coordinates of 8·10¹⁵, whose smooth reference lies 10¹⁴
/// units from its straight ink, took 50 s in `strokelab run` through the rings and scans.)
public struct SegmentGrid: Sendable {
    private let points: [Point]
    private let origin: Point
    private let cell: Double
    private let columns: Int
    private let rows: Int
    private let cellStart: [Int32]    // CSR offsets, rows*columns + 1
    private let cellItems: [Int32]    // segment indices, ascending within a cell
    /// Answers the queries the rings would take long over (``ringCellsBeforeHierarchy``).
    private let hierarchy: SegmentHierarchy

    /// The cells a query's ring search visits before it hands the query to the
    /// ``SegmentHierarchy``: a point that has found nothing within a few cells is far from the
    /// segments of its range, and rings would then cost the square of that distance in cells.
    static let ringCellsBeforeHierarchy = 49

    /// The number of segments (at least 1).
    public var segmentCount: Int { points.count - 1 }

    /// Indexes `polyline`. A one-point polyline is indexed as a single degenerate segment.
    /// - Precondition: the polyline is not empty and its points are finite.
    public init(_ polyline: Polyline) {
        self.init(points: polyline.points)
    }

    /// Indexes the segments joining consecutive `points`.
    /// - Precondition: `points` is not empty and finite.
    public init(points input: [Point]) {
        precondition(!input.isEmpty, "cannot index an empty polyline")
        var pts = input
        if pts.count == 1 { pts.append(pts[0]) }
        points = pts
        hierarchy = SegmentHierarchy(points: pts)
        let box = Rect(bounding: pts)!
        let segments = pts.count - 1
        var length = 0.0
        for i in 1..<pts.count { length += pts[i - 1].distance(to: pts[i]) }
        let extent = Swift.max(box.width, box.height)
        // Cells about twice the mean segment length, but no more than 2²² by area and
        // `side` per side: (w/h + 1)(v/h + 1) ≤ 2²² + w/h + v/h + 1.
        let side = Double(Self.maximumCellsPerSide(segments: segments))
        let area = Double(1 << 22)
        var h = Swift.max(2 * length / Double(segments), (box.width * box.height / area).squareRoot(), extent / side, 1e-9)
        if !h.isFinite { h = Swift.max(extent, 1) }
        if !h.isFinite { h = 1 }
        cell = h
        origin = box.min
        func cells(_ span: Double) -> Int {
            let v = (span / h).rounded(.down)
            return v.isFinite ? Int(Swift.min(Swift.max(v, 0), side - 1)) + 1 : Int(side)
        }
        let columns = cells(box.width)
        let rows = cells(box.height)
        self.columns = columns
        self.rows = rows

        func index(_ v: Double, _ n: Int) -> Int {
            let f = (v / h).rounded(.down)
            return f.isFinite ? Int(Swift.min(Swift.max(f, 0), Double(n - 1))) : (f > 0 ? n - 1 : 0)
        }
        // The cells segment i passes through (a supercover walk in steps of at most h/2, with
        // both corner cells where it crosses diagonally), each once: O(length/h + 1) cells,
        // so a long segment costs its length, not the area of its bounding box.
        func forEachCell(_ i: Int, _ body: (Int) -> Void) {
            let a = pts[i], b = pts[i + 1]
            // A segment crosses at most ~√2·side cells; steps of h/2 never skip one (and
            // their total is ≤ 2·length/h + n ≤ 2n, since h ≥ 2·length/n).
            let cap = 4 * side
            let steps = Swift.min(Swift.max((a.distance(to: b) / (h / 2)).rounded(.up), 1), cap)
            let m = steps.isFinite ? Int(steps) : Int(cap)
            var px = index(a.x - box.min.x, columns), py = index(a.y - box.min.y, rows)
            body(py * columns + px)
            for k in 1...m {
                let t = Double(k) / Double(m)
                let q = k == m ? b : a.interpolated(to: b, by: t)
                let x = index(q.x - box.min.x, columns), y = index(q.y - box.min.y, rows)
                if x == px && y == py { continue }
                if x != px && y != py {
                    body(py * columns + x)
                    body(y * columns + px)
                }
                body(y * columns + x)
                px = x
                py = y
            }
        }
        // One walk: each (cell, segment) pair is recorded in segment order, counted per cell,
        // then placed (a counting sort, so a cell's segments stay in ascending order).
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var pairCells: [Int32] = [], pairSegments: [Int32] = []
        pairCells.reserveCapacity(2 * segments)
        pairSegments.reserveCapacity(2 * segments)
        for i in 0..<segments {
            var last = -1
            let segment = Int32(truncatingIfNeeded: i)
            forEachCell(i) { c in
                if c != last {
                    counts[c + 1] += 1
                    pairCells.append(Int32(truncatingIfNeeded: c))
                    pairSegments.append(segment)
                    last = c
                }
            }
        }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for k in pairCells.indices {
            let c = Int(pairCells[k])
            items[Int(fill[c])] = pairSegments[k]
            fill[c] += 1
        }
        cellStart = counts
        cellItems = items
    }

    /// The most cells a grid over `segments` segments has per side: the number of segments,
    /// within 2048…2²² (2048 is what every grid had; more only for long thin polylines, so
    /// memory stays O(n)).
    public static func maximumCellsPerSide(segments: Int) -> Int {
        Swift.min(Swift.max(segments, 2048), 1 << 22)
    }

    /// Distance from `p` to the closest point of the indexed polyline, in trace units.
    public func distance(to p: Point) -> Double {
        squaredDistance(to: p).squareRoot()
    }

    /// Squared distance from `p` to the polyline.
    public func squaredDistance(to p: Point) -> Double {
        squaredDistance(to: p, segments: 0...(segmentCount - 1))
    }

    /// Squared distance from `p` to the nearest segment whose index lies in `range` (clamped
    /// to the segments there are; an empty intersection gives +∞). O(1) cells for a point
    /// near its segments; a point farther than a few cells goes to the `SegmentHierarchy`:
    /// O(log n + range) at worst, whatever the distance.
    public func squaredDistance(to p: Point, segments range: ClosedRange<Int>) -> Double {
        var evaluations = 0
        return squaredDistance(to: p, segments: range, evaluations: &evaluations)
    }

    /// ``squaredDistance(to:segments:)``, counting the segment distances computed (the work
    /// a query does, for tests of its bound).
    func squaredDistance(to p: Point, segments range: ClosedRange<Int>, evaluations: inout Int) -> Double {
        let lo = Swift.max(range.lowerBound, 0), hi = Swift.min(range.upperBound, segmentCount - 1)
        guard lo <= hi else { return .infinity }
        let size = hi - lo + 1
        if size <= 16 { evaluations += size; return bruteForce(p, lo, hi) }
        let fx = ((p.x - origin.x) / cell).rounded(.down)
        let fy = ((p.y - origin.y) / cell).rounded(.down)
        // Cell coordinates of the query, possibly outside the grid; clamped in Double first.
        let cx = fx.isFinite ? Int(Swift.max(Swift.min(fx, 1e9), -1e9)) : 0
        let cy = fy.isFinite ? Int(Swift.max(Swift.min(fy, 1e9), -1e9)) : 0
        var best = Double.infinity
        let gapX = cx < 0 ? -cx : (cx >= columns ? cx - columns + 1 : 0)
        let gapY = cy < 0 ? -cy : (cy >= rows ? cy - rows + 1 : 0)
        var r = Swift.max(gapX, gapY)
        // Cells visited; past the budget (also in the middle of a ring: the first ring of a
        // point far beside a long thin grid is a whole row) the hierarchy finishes the query.
        var budget = Self.ringCellsBeforeHierarchy
        rings: while true {
            let xs = cx - r, xe = cx + r, ys = cy - r, ye = cy + r
            let y0 = Swift.max(ys, 0), y1 = Swift.min(ye, rows - 1)
            if y0 <= y1 {
                for y in y0...y1 {
                    if y == ys || y == ye {
                        var x = Swift.max(xs, 0)
                        while x <= Swift.min(xe, columns - 1) {
                            visit(x, y, p, lo, hi, &best, &evaluations); x += 1
                            budget -= 1
                            if budget < 0 { break rings }
                        }
                    } else {
                        if xs >= 0 && xs < columns { visit(xs, y, p, lo, hi, &best, &evaluations); budget -= 1 }
                        if xe != xs && xe >= 0 && xe < columns { visit(xe, y, p, lo, hi, &best, &evaluations); budget -= 1 }
                        if budget < 0 { break rings }
                    }
                }
            }
            let bound = Double(r) * cell
            if best <= bound * bound { return best }
            if xs <= 0 && ys <= 0 && xe >= columns - 1 && ye >= rows - 1 { return best }
            r += 1
        }
        return hierarchy.squaredDistance(to: p, segments: lo, hi, below: best, evaluations: &evaluations)
    }

    private func bruteForce(_ p: Point, _ lo: Int, _ hi: Int) -> Double {
        var best = Double.infinity
        var i = lo
        while i <= hi {
            let d = Self.squaredDistance(p, points[i], points[i + 1])
            if d < best { best = d }
            i += 1
        }
        return best
    }

    @inline(__always)
    private func visit(_ x: Int, _ y: Int, _ p: Point, _ lo: Int, _ hi: Int, _ best: inout Double, _ evaluations: inout Int) {
        let c = y * columns + x
        var a = Int(cellStart[c])
        var b = Int(cellStart[c + 1])
        // First item ≥ lo.
        if lo > 0 {
            while a < b {
                let mid = (a + b) / 2
                if Int(cellItems[mid]) < lo { a = mid + 1 } else { b = mid }
            }
            b = Int(cellStart[c + 1])
        }
        var k = a
        while k < b {
            let i = Int(cellItems[k])
            if i > hi { break }
            let d = Self.squaredDistance(p, points[i], points[i + 1])
            if d < best { best = d }
            evaluations += 1
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
