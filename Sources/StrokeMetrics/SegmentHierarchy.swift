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
/// prunes whole subtrees at once, and because boxes bound distance, a point far from every
/// segment is answered in O(log n) nodes instead of a scan.
///
/// ``SegmentGrid`` answers the usual query — a point near its segments — in O(1) cells, and
/// hands a query to this hierarchy when its ring search has grown past a few dozen cells: a
/// point far from the segments of its range, as on a stroke whose rendered and reference
/// curves are 10¹⁴ units apart (a triangle with coordinates of 10¹⁶). The answer is the same
/// minimum over the same segments with the same per-segment formula
/// (``SegmentGrid/squaredDistance(_:_:_:)``), so switching changes no value.
///
/// Build O(n), memory O(n / leafSize) boxes. Query O(log n + segments of the leaves visited);
/// never more than O(range + log n).
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
            boxes += [minX, minY, maxX, maxY]
        }
        levelStart.append(count)
        while count > 1 {
            let below = levelStart[levelStart.count - 2]
            let next = (count + 1) / 2
            for j in 0..<next {
                let a = 4 * (below + 2 * j)
                if 2 * j + 1 < count {
                    let b = a + 4
                    boxes += [Swift.min(boxes[a], boxes[b]), Swift.min(boxes[a + 1], boxes[b + 1]),
                              Swift.max(boxes[a + 2], boxes[b + 2]), Swift.max(boxes[a + 3], boxes[b + 3])]
                } else {
                    boxes += [boxes[a], boxes[a + 1], boxes[a + 2], boxes[a + 3]]
                }
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
        // Depth-first, nearer child first: at most one pending sibling per level.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * levels + 2) { stack in
            var top = 0
            stack[0] = (levels - 1)              // node (level, index) packed as index·64 + level
            top = 1
            while top > 0 {
                top -= 1
                let node = stack[top]
                let level = node & 63, j = node >> 6
                let span = Self.leafSize << level
                let first = j * span
                let last = Swift.min(first + span, segmentCount) - 1
                if last < lo || first > hi { continue }
                let box = 4 * (levelStart[level] + j)
                if boxDistance(p, box) > best { continue }
                if level == 0 {
                    var i = Swift.max(first, lo)
                    let end = Swift.min(last, hi)
                    while i <= end {
                        let d = SegmentGrid.squaredDistance(p, points[i], points[i + 1])
                        if d < best { best = d }
                        evaluations += 1
                        i += 1
                    }
                    continue
                }
                let left = 2 * j, right = 2 * j + 1
                let below = level - 1
                guard right < levelStart[level] - levelStart[below] else {
                    stack[top] = left << 6 | below
                    top += 1
                    continue
                }
                let dl = boxDistance(p, 4 * (levelStart[below] + left))
                let dr = boxDistance(p, 4 * (levelStart[below] + right))
                // Push the farther first, so the nearer is popped (and tightens `best`) first.
                if dl <= dr {
                    stack[top] = right << 6 | below; stack[top + 1] = left << 6 | below
                } else {
                    stack[top] = left << 6 | below; stack[top + 1] = right << 6 | below
                }
                top += 2
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
