/// Names written beside the points of a figure so that no name covers a marker or another
/// name: the direct labels of the trade-off and Pareto figures (a legend of 25 colours cannot
/// be read; a name beside its point can).
///
/// **Method.** Greedy placement over candidate positions, in image pixels (y down): for each
/// point, in order of priority (then the most crowded first, since they have the fewest free
/// places), the label box is tried in eight directions around the marker at growing
/// distances — right first, then above-right, below-right, above, below, left … — and the
/// first box that stays inside the plot area and overlaps no marker, no placed label, no
/// leader line already drawn, no obstacle and no given line such as an error bar (each kept
/// 2 px apart) is taken. A box farther than a few pixels from
/// its marker gets a thin leader line from the marker's edge to the box (a leader may pass
/// between other markers, never through a label). A *required* point
/// (on a Pareto front) that finds no place this way is tried at every position of an 8-pixel
/// grid over the whole plot area, nearest first. Only when none of this finds room may a
/// leader cross a placed label (never the text itself overlap anything); when the area is full
/// the point is left unlabelled (the caller then names it in the caption). Deterministic: ties keep the input
/// order. O(n · c · n) for n points and c candidates per point (c ≈ 100, or the grid for a
/// required point that found no nearby place).
public enum LabelPlacement {
    /// An axis-aligned box in image pixels (y grows downwards).
    public struct Box: Hashable, Sendable {
        /// Left, top, right and bottom edges.
        public var minX: Double, minY: Double, maxX: Double, maxY: Double
        /// Creates a box from its edges.
        public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }
        /// The box centred on (x, y) with half-sizes `rx`, `ry`.
        public init(centerX x: Double, centerY y: Double, rx: Double, ry: Double) {
            self.init(minX: x - rx, minY: y - ry, maxX: x + rx, maxY: y + ry)
        }
        /// Whether the two boxes share interior area (touching edges do not overlap).
        public func overlaps(_ o: Box) -> Bool { minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY }
        /// Whether `o` lies wholly inside this box.
        public func contains(_ o: Box) -> Bool { o.minX >= minX && o.maxX <= maxX && o.minY >= minY && o.maxY <= maxY }
        /// The box grown by `d` on every side.
        public func inset(by d: Double) -> Box { Box(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d) }
        /// Centre.
        public var center: (x: Double, y: Double) { ((minX + maxX) / 2, (minY + maxY) / 2) }
    }

    /// A point to label.
    public struct Item: Hashable, Sendable {
        /// The marker's centre, image pixels.
        public var x: Double, y: Double
        /// The marker's radius in pixels (the box around it is kept clear).
        public var markerRadius: Double
        /// The label's size in pixels.
        public var width: Double, height: Double
        /// Lower is placed first.
        public var priority: Int
        /// Whether the label must be placed if there is any room at all (Pareto front points).
        public var required: Bool
        /// Creates an item.
        public init(x: Double, y: Double, markerRadius: Double, width: Double, height: Double, priority: Int = 0,
                    required: Bool = false) {
            self.x = x; self.y = y; self.markerRadius = markerRadius; self.width = width; self.height = height
            self.priority = priority; self.required = required
        }
        /// The marker's box.
        public var markerBox: Box { Box(centerX: x, centerY: y, rx: markerRadius, ry: markerRadius) }
    }

    /// Where an item's label went.
    public struct Placement: Hashable, Sendable {
        /// The label's box.
        public var box: Box
        /// A leader line from the marker's edge to the box, when the box is not next to the marker.
        public var leader: Segment?
    }

    /// A line segment in image pixels.
    public struct Segment: Hashable, Sendable {
        /// Start.
        public var fromX: Double, fromY: Double
        /// End.
        public var toX: Double, toY: Double
        /// Creates a segment.
        public init(fromX: Double, fromY: Double, toX: Double, toY: Double) {
            self.fromX = fromX; self.fromY = fromY; self.toX = toX; self.toY = toY
        }
    }

    /// Gap in pixels kept between a label and anything else.
    static let padding = 2.0

    /// The label of each item (in input order), or `nil` for one left unlabelled.
    /// - Parameters:
    ///   - area: where labels may go (the plot area).
    ///   - obstacles: other boxes labels must not cover (unnamed markers, a key).
    ///   - lines: segments labels must not cross (error bars, reference lines).
    public static func place(_ items: [Item], within area: Box, obstacles: [Box] = [], lines: [Segment] = []) -> [Placement?] {
        let markers = items.map(\.markerBox)
        // Crowding: other markers within 60 px.
        let crowding = items.map { a in items.filter { b in abs(a.x - b.x) < 60 && abs(a.y - b.y) < 60 }.count }
        let order = items.indices.sorted { i, j in
            let a = items[i], b = items[j]
            if a.required != b.required { return a.required }
            if a.priority != b.priority { return a.priority < b.priority }
            if crowding[i] != crowding[j] { return crowding[i] > crowding[j] }
            return i < j
        }
        var placed: [Box] = []
        var leaders: [Segment] = []
        var out = [Placement?](repeating: nil, count: items.count)

        // `strict`: a leader may not cross a placed label (relaxed only when nothing else fits).
        func free(_ box: Box, leaderFrom item: Item?, strict: Bool) -> Bool {
            guard area.contains(box) else { return false }
            let padded = box.inset(by: padding)
            for m in markers where m.overlaps(padded) { return false }
            for p in placed where p.overlaps(padded) { return false }
            for o in obstacles where o.overlaps(padded) { return false }
            for l in leaders where segmentCrosses(l, padded) { return false }
            for l in lines where segmentCrosses(l, padded) { return false }
            if strict, let item {
                // The new leader must cross no placed label (it may pass between markers).
                let l = leader(from: item, to: box)
                for p in placed where segmentCrosses(l, p) { return false }
            }
            return true
        }

        for i in order {
            let item = items[i]
            var chosen: Box? = nil
            var needsLeader = false
            search: for strict in [true, false] {
                for r in radii(item) {
                    for box in candidates(item, distance: r) {
                        let far = r > item.markerRadius + 6
                        if free(box, leaderFrom: far ? item : nil, strict: strict) {
                            chosen = box; needsLeader = far
                            break search
                        }
                    }
                }
                guard item.required else { continue }
                // Anywhere in the plot area, nearest first.
                var grid: [(Double, Box)] = []
                var y = area.minY
                while y + item.height <= area.maxY {
                    var x = area.minX
                    while x + item.width <= area.maxX {
                        let b = Box(minX: x, minY: y, maxX: x + item.width, maxY: y + item.height)
                        let c = b.center
                        grid.append(((c.x - item.x) * (c.x - item.x) + (c.y - item.y) * (c.y - item.y), b))
                        x += 8
                    }
                    y += 8
                }
                for (_, b) in grid.sorted(by: { $0.0 < $1.0 }) where free(b, leaderFrom: item, strict: strict) {
                    chosen = b; needsLeader = true
                    break search
                }
            }
            guard let box = chosen else { continue }
            placed.append(box)
            var placement = Placement(box: box, leader: nil)
            if needsLeader {
                let l = leader(from: item, to: box)
                leaders.append(l)
                placement.leader = l
            }
            out[i] = placement
        }
        return out
    }

    /// Distances from the marker's centre to try, nearest first.
    static func radii(_ item: Item) -> [Double] {
        let m = item.markerRadius
        return [m + 2, m + 7, m + 14, m + 24, m + 36, m + 52, m + 72, m + 96, m + 126, m + 160, m + 200]
    }

    /// The label boxes at distance `r` from the item: eight directions, right first.
    static func candidates(_ item: Item, distance r: Double) -> [Box] {
        let w = item.width, h = item.height, x = item.x, y = item.y
        let d = r * 0.7071
        // Far out, eight more directions in between (22.5° off the axes).
        let between: [Box] = r < item.markerRadius + 20 ? [] : [(0.924, 0.383), (0.924, -0.383), (0.383, 0.924), (0.383, -0.924),
                                                                (-0.383, 0.924), (-0.383, -0.924), (-0.924, 0.383), (-0.924, -0.383)].map { c, s in
            let px = x + r * c, py = y - r * s
            let minX = c > 0.5 ? px : c < -0.5 ? px - w : px - w / 2
            let minY = s > 0.5 ? py - h : s < -0.5 ? py : py - h / 2
            return Box(minX: minX, minY: minY, maxX: minX + w, maxY: minY + h)
        }
        return between.isEmpty ? eight(x, y, w, h, r, d) : eight(x, y, w, h, r, d) + between
    }

    static func eight(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double, _ d: Double) -> [Box] {
        [
            Box(minX: x + r, minY: y - h / 2, maxX: x + r + w, maxY: y + h / 2),             // right
            Box(minX: x + d, minY: y - d - h, maxX: x + d + w, maxY: y - d),                 // above right
            Box(minX: x + d, minY: y + d, maxX: x + d + w, maxY: y + d + h),                 // below right
            Box(minX: x - w / 2, minY: y - r - h, maxX: x + w / 2, maxY: y - r),             // above
            Box(minX: x - w / 2, minY: y + r, maxX: x + w / 2, maxY: y + r + h),             // below
            Box(minX: x - r - w, minY: y - h / 2, maxX: x - r, maxY: y + h / 2),             // left
            Box(minX: x - d - w, minY: y - d - h, maxX: x - d, maxY: y - d),                 // above left
            Box(minX: x - d - w, minY: y + d, maxX: x - d, maxY: y + d + h),                 // below left
        ]
    }

    /// The leader from the marker's edge towards the nearest point of `box`.
    static func leader(from item: Item, to box: Box) -> Segment {
        let tx = min(max(item.x, box.minX), box.maxX), ty = min(max(item.y, box.minY), box.maxY)
        let dx = tx - item.x, dy = ty - item.y
        let len = (dx * dx + dy * dy).squareRoot()
        guard len > 0 else { return Segment(fromX: item.x, fromY: item.y, toX: tx, toY: ty) }
        let s = min(item.markerRadius + 1, len) / len
        return Segment(fromX: item.x + dx * s, fromY: item.y + dy * s, toX: tx, toY: ty)
    }

    /// Whether the segment crosses the interior of `box` (Liang–Barsky clipping).
    static func segmentCrosses(_ s: Segment, _ box: Box) -> Bool {
        let x0 = s.fromX, y0 = s.fromY, x1 = s.toX, y1 = s.toY
        let dx = x1 - x0, dy = y1 - y0
        var t0 = 0.0, t1 = 1.0
        for (p, q) in [(-dx, x0 - box.minX), (dx, box.maxX - x0), (-dy, y0 - box.minY), (dy, box.maxY - y0)] {
            if p == 0 {
                if q <= 0 { return false }
            } else {
                let t = q / p
                if p < 0 { if t > t1 { return false }; t0 = max(t0, t) } else { if t < t0 { return false }; t1 = min(t1, t) }
            }
        }
        return t1 - t0 > 1e-9
    }
}
