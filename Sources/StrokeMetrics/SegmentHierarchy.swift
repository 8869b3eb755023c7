import StrokeCore

/// A bounding-box hierarchy over a polyline's segments in index order, answering "squared
/// distance from this point to the nearest segment whose index lies in a range" however far
/// the point is from them.
///
/// The segments are cut into leaves of ``leafSize`` consecutive segments; level 0 holds each
/// leaf's bounding box, and each level above holds the union of two neighbours below, up to a
/// single root. A query walks down from the root, skipping a node when its index span misses
/// the range or when its box is farther from the point than the best segment found so far,
/// nearer child first. Because nodes are index spans, a range (a time window of the curve)
/// prunes whole subtrees at once, and because boxes bound distance, a point far from the
/// segments is usually answered in O(log n) nodes instead of a scan (at worst every leaf of
/// the range, when the leaves are all about equally far, as from the centre of a circle).
///
/// ``SegmentGrid`` answers the usual query — a point near its segments — in O(1) cells, and
/// hands a query to this hierarchy when its ring search has visited more than 49 cells without
/// proving its nearest segment: a point far from the segments of its range, as on a stroke whose rendered and reference
/// curves are 10¹⁴ units apart (a triangle with coordinates of 10¹⁶). The answer is the same
/// minimum over the same segments with the same per-segment formula
/// (``SegmentGrid/squaredDistance(_:_:_:)``), so switching changes no value.
///
/// Build O(n), memory O(n / leafSize) boxes. Query O(log n + segments of the leaves visited),
/// never more than O(range + log n); each box distance is computed once.
struct SegmentHierarchy: Sendable {
    /// Segments per leaf.
    static let leafSize = 8
    private let points: [Point]
    /// Boxes of every level, level 0 first, four numbers each (min x, min y, max x, max y).
    private let boxes: [Double]
    /// Where each level's boxes start in `boxes` (in boxes, not numbers), one more entry at the end.
    private let levelStart: [Int]

    /// The number of segments.
    var segmentCount: Int { points.count - 1 }

    /// Indexes the segments joining consecutive `points`.
    /// - Precondition: at least two points.
    init(points: [Point]) {
        precondition(points.count >= 2, "a hierarchy needs a segment")
        self.points = points
        let segments = points.count - 1
        var boxes: [Double] = []
        var levelStart = [0]
        var count = (segments + Self.leafSize - 1) / Self.leafSize
        boxes.reserveCapacity(4 * 2 * count)
        for leaf in 0..<count {
            let first = leaf * Self.leafSize
            let last = Swift.min(first + Self.leafSize, segments)
            var minX = points[first].x, minY = points[first].y, maxX = minX, maxY = minY
            for i in (first + 1)...last {
                let p = points[i]
                minX = Swift.min(minX, p.x); minY = Swift.min(minY, p.y)
                maxX = Swift.max(maxX, p.x); maxY = Swift.max(maxY, p.y)
            }
            boxes.append(minX); boxes.append(minY); boxes.append(maxX); boxes.append(maxY)
        }
        levelStart.append(count)
        while count > 1 {
            let below = levelStart[levelStart.count - 2]
            let next = (count + 1) / 2
            for j in 0..<next {
                let a = 4 * (below + 2 * j)
                let b = 2 * j + 1 < count ? a + 4 : a      // an odd last node is its own parent's box
                boxes.append(Swift.min(boxes[a], boxes[b])); boxes.append(Swift.min(boxes[a + 1], boxes[b + 1]))
                boxes.append(Swift.max(boxes[a + 2], boxes[b + 2])); boxes.append(Swift.max(boxes[a + 3], boxes[b + 3]))
            }
            levelStart.append(levelStart[levelStart.count - 1] + next)
            count = next
        }
        self.boxes = boxes
        self.levelStart = levelStart
    }

    /// The smaller of `best` and the squared distance from `p` to the nearest segment whose
    /// index lies in `lo...hi` (within the segments there are). `evaluations` counts the
    /// segment distances computed.
    func squaredDistance(to p: Point, segments lo: Int, _ hi: Int, below best: Double, evaluations: inout Int) -> Double {
        var best = best
        let levels = levelStart.count - 1
        // Depth-first, nearer child first: at most one pending sibling per level, each kept
        // with its box's distance (computed once, when its parent orders its children).
        return withUnsafeTemporaryAllocation(of: (node: Int, distance: Double).self, capacity: levels + 1) { stack in
            stack[0] = (levels - 1, boxDistance(p, 4 * levelStart[levels - 1]))   // node packed as index·64 + level
            var top = 1
            while top > 0 {
                top -= 1
                let (node, distance) = stack[top]
                if distance > best { continue }
                let level = node & 63, j = node >> 6
                if level == 0 {
                    var i = Swift.max(j * Self.leafSize, lo)
                    let end = Swift.min(Swift.min((j + 1) * Self.leafSize, segmentCount) - 1, hi)
                    while i <= end {
                        let d = SegmentGrid.squaredDistance(p, points[i], points[i + 1])
                        if d < best { best = d }
                        evaluations += 1
                        i += 1
                    }
                    continue
                }
                let below = level - 1, span = Self.leafSize << below
                let children = levelStart[level] - levelStart[below]
                // The children whose index span meets the range, with their boxes' distances.
                func entry(_ child: Int) -> (node: Int, distance: Double)? {
                    guard child < children, child * span <= hi, Swift.min((child + 1) * span, segmentCount) - 1 >= lo
                    else { return nil }
                    return (child << 6 | below, boxDistance(p, 4 * (levelStart[below] + child)))
                }
                switch (entry(2 * j), entry(2 * j + 1)) {
                case let (l?, r?):
                    // Push the farther first, so the nearer is popped (and tightens `best`) first.
                    stack[top] = l.distance <= r.distance ? r : l
                    stack[top + 1] = l.distance <= r.distance ? l : r
                    top += 2
                case let (l?, nil): stack[top] = l; top += 1
                case let (nil, r?): stack[top] = r; top += 1
                case (nil, nil): break
                }
            }
            return best
        }
    }

    /// Squared distance from `p` to the box starting at `boxes[i]` (0 inside it).
    @inline(__always)
    private func boxDistance(_ p: Point, _ i: Int) -> Double {
        let dx = Swift.max(boxes[i] - p.x, 0, p.x - boxes[i + 2])
        let dy = Swift.max(boxes[i + 1] - p.y, 0, p.y - boxes[i + 3])
        return dx * dx + dy * dy
    }
}
