import StrokeCore

/// The area ink covers, as a binary raster: the one comparison that works for every ink
/// representation (a thin styled centre line, per-segment widths, a stage's outline polygon).
///
/// Rasterisation: a pixel of side 1/R units (R pixels per unit) is covered when its centre
/// lies inside the ink. Ink with outline polygons (a style stage's, e.g. perfect-freehand) is
/// the union of those polygons under the non-zero winding rule; otherwise it is the union of
/// the round-capped capsules of every element (`StrokeCore.InkOutline`, the area a seed
/// draws with round caps), each filled on its own. Each polygon is scan-converted exactly at
/// pixel centres (edge crossings per row, winding accumulated left to right), so the result
/// is exact to the pixel grid and deterministic. Erasing ink does not count as coverage.
///
/// Bounds: the grid spans the given box; its size is capped at ``maximumPixels`` by lowering R
/// (the resolution used is reported), so huge coordinates cannot exhaust memory. Complexity
/// O(pixels/64 + Σ polygon edges × rows each spans); filling the capsules of one ink reuses
/// one set of buffers.
public struct InkCoverage: Sendable {
    /// Largest grid, in pixels (2²⁴, 2 MiB of bits).
    public static let maximumPixels = 1 << 24

    /// The grid's origin (its bounding box's minimum corner), in units.
    public let origin: Point
    /// Pixels per unit actually used.
    public let resolution: Double
    /// Columns and rows.
    public let width: Int, height: Int
    private var bits: [UInt64]

    /// An empty grid over `box` at `resolution` pixels per unit (lowered if the grid would
    /// exceed ``maximumPixels``). `nil` when the box or resolution is not finite and positive.
    public init?(box: Rect, resolution requested: Double) {
        guard requested > 0, requested.isFinite, box.min.isFinite, box.max.isFinite else { return nil }
        let w = Swift.max(box.width, 1e-9), h = Swift.max(box.height, 1e-9)
        guard w.isFinite, h.isFinite else { return nil }
        var r = requested
        let pixels = (w * r).rounded(.up) * (h * r).rounded(.up)
        if !(pixels <= Double(Self.maximumPixels)) {
            r = (Double(Self.maximumPixels) / (w * h)).squareRoot() * 0.999
        }
        guard r > 0, r.isFinite else { return nil }
        let cols = Swift.max(1, Int(Swift.min((w * r).rounded(.up), Double(Self.maximumPixels))))
        let rows = Swift.max(1, Int(Swift.min((h * r).rounded(.up), Double(Self.maximumPixels))))
        guard cols * rows <= Self.maximumPixels * 2 else { return nil }
        origin = box.min
        self.resolution = r
        width = cols
        height = rows
        bits = [UInt64](repeating: 0, count: (cols * rows + 63) / 64)
    }

    /// Covered pixels.
    public var count: Int { bits.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// Pixels covered in both grids (same geometry required).
    public func intersectionCount(_ other: InkCoverage) -> Int {
        precondition(width == other.width && height == other.height, "grids of the same geometry")
        var n = 0
        for i in bits.indices { n += (bits[i] & other.bits[i]).nonzeroBitCount }
        return n
    }

    /// Pixels covered in exactly one of the grids.
    public func symmetricDifferenceCount(_ other: InkCoverage) -> Int {
        precondition(width == other.width && height == other.height, "grids of the same geometry")
        var n = 0
        for i in bits.indices { n += (bits[i] ^ other.bits[i]).nonzeroBitCount }
        return n
    }

    /// Area of one pixel in square units.
    public var pixelArea: Double { 1 / (resolution * resolution) }

    /// Adds `ink`'s committed area: its outline polygons when it has some, else its capsules
    /// (one buffer of crossings reused for every capsule).
    public mutating func add(_ ink: Ink) {
        if !ink.outline.isEmpty {
            fill(ink.outline)
            return
        }
        var scratch = FillScratch()
        InkOutline.forEachPolygon(of: ink.committed, tolerance: flatteningTolerance) { polygon, attributes in
            guard attributes.blend == .normal else { return }
            polygon.withUnsafeBufferPointer { fillCapsule($0, &scratch) }
        }
    }

    /// Adds the area of the ink `polygons` were made from, filled from them: the pixels
    /// `add(_:)` sets for `polygons.ink` when `polygons.tolerance` is this grid's
    /// ``flatteningTolerance`` (the same polygons, filled one by one in the same order; made
    /// again here when they were too many to keep).
    public mutating func add(_ polygons: InkPolygons) {
        guard polygons.isComplete else { return add(polygons.ink) }
        var scratch = FillScratch()
        polygons.forEach { fillCapsule($0, &scratch) }
    }

    /// The tolerance `add(_:)` flattens an ink's curves and round caps at: a quarter pixel,
    /// 0.25/``resolution`` units.
    public var flatteningTolerance: Double { 0.25 / resolution }

    /// Fills one capsule polygon on its own (as `add(_:)` fills an ink's capsules).
    private mutating func fillCapsule(_ polygon: UnsafeBufferPointer<Point>, _ scratch: inout FillScratch) {
        scratch.crossings.removeAll(keepingCapacity: true)
        appendCrossings(of: polygon, to: &scratch.crossings)
        fillCrossings(&scratch)
    }

    /// Fills the union of `polygons` under the non-zero rule, at pixel centres.
    public mutating func fill(_ polygons: [[Point]]) {
        var scratch = FillScratch()
        for polygon in polygons { polygon.withUnsafeBufferPointer { appendCrossings(of: $0, to: &scratch.crossings) } }
        fillCrossings(&scratch)
    }

    /// One edge crossing of a pixel row's centre line: the row, x in pixels, and +1 for an edge
    /// going up, −1 going down.
    typealias Crossing = (row: Int, x: Double, winding: Int)

    /// Buffers of one fill, kept between the capsules of one ink (`add(_:)`) so that filling
    /// a capsule allocates nothing once they have grown.
    struct FillScratch {
        var crossings: [Crossing] = []
        var ordered: [Crossing] = []
        var start: [Int] = []
        var next: [Int] = []
    }

    /// Appends where `polygon`'s edges cross the rows' centre lines (nothing for fewer than 3
    /// vertices; horizontal and non-finite edges skipped).
    private func appendCrossings(of polygon: UnsafeBufferPointer<Point>, to crossings: inout [Crossing]) {
        guard polygon.count >= 3 else { return }
        for i in polygon.indices {
            let a = polygon[i], b = polygon[(i + 1) % polygon.count]
            guard a.isFinite, b.isFinite, a.y != b.y else { continue }
            // Pixel-space coordinates; row centres at j + 0.5.
            let ay = (a.y - origin.y) * resolution, by = (b.y - origin.y) * resolution
            let ax = (a.x - origin.x) * resolution, bx = (b.x - origin.x) * resolution
            let (lo, hi) = ay < by ? (ay, by) : (by, ay)
            // Rows j with lo ≤ j + 0.5 < hi.
            let first = Swift.max(0, Int(Swift.max((lo - 0.5).rounded(.up), -1)))
            let lastValue = (hi - 0.5).rounded(.up) - 1
            guard lastValue >= 0 else { continue }
            let last = Swift.min(height - 1, Int(Swift.min(lastValue, Double(height))))
            guard first <= last else { continue }
            let winding = by > ay ? 1 : -1
            for j in first...last {
                let y = Double(j) + 0.5
                let t = (y - ay) / (by - ay)
                crossings.append((j, ax + (bx - ax) * t, winding))
            }
        }
    }

    /// Sets the spans of `scratch.crossings` where the winding number is not zero, row by row
    /// left to right (the crossings are ordered first).
    private mutating func fillCrossings(_ scratch: inout FillScratch) {
        guard !scratch.crossings.isEmpty else { return }
        if fillRowsCrossedTwice(&scratch) { return }
        Self.orderByRowThenX(&scratch)
        let crossings = scratch.crossings
        var k = 0
        while k < crossings.count {
            let row = crossings[k].row
            var winding = 0
            var start = 0.0
            while k < crossings.count, crossings[k].row == row {
                let c = crossings[k]
                let before = winding
                winding += c.winding
                if before == 0 && winding != 0 { start = c.x }
                if before != 0 && winding == 0 { setSpan(row: row, from: start, to: c.x) }
                k += 1
            }
        }
    }

    /// Fills the crossings' rows when every row from the lowest to the highest is crossed
    /// exactly twice, once going up and once going down — every row of a convex polygon such
    /// as a capsule — between its two crossings, without ordering them: the span
    /// ``fillCrossings(_:)`` sets after ordering them (from the smaller x to the larger;
    /// nothing when they are equal). Returns false, having set nothing, when some row is
    /// crossed otherwise or an x is NaN. O(crossings + rows).
    private mutating func fillRowsCrossedTwice(_ scratch: inout FillScratch) -> Bool {
        var low = scratch.crossings[0].row, high = low
        for c in scratch.crossings {
            if c.x.isNaN { return false }
            low = Swift.min(low, c.row)
            high = Swift.max(high, c.row)
        }
        let rows = high - low + 1
        guard scratch.crossings.count == 2 * rows else { return false }
        // Each row's first and second crossing (indices; −1: none yet). With 2·rows crossings
        // and none crossed three times, every row is crossed exactly twice.
        scratch.start.removeAll(keepingCapacity: true)
        scratch.start.append(contentsOf: repeatElement(-1, count: rows))
        scratch.next.removeAll(keepingCapacity: true)
        scratch.next.append(contentsOf: repeatElement(-1, count: rows))
        for (i, c) in scratch.crossings.enumerated() {
            let r = c.row - low
            if scratch.start[r] < 0 { scratch.start[r] = i } else if scratch.next[r] < 0 { scratch.next[r] = i } else { return false }
        }
        for r in 0..<rows where scratch.crossings[scratch.start[r]].winding + scratch.crossings[scratch.next[r]].winding != 0 {
            return false
        }
        for r in 0..<rows {
            let a = scratch.crossings[scratch.start[r]], b = scratch.crossings[scratch.next[r]]
            // A stable sort by x keeps a first unless b lies strictly left of it.
            if b.x < a.x { setSpan(row: a.row, from: b.x, to: a.x) } else { setSpan(row: a.row, from: a.x, to: b.x) }
        }
        return true
    }

    /// Orders `crossings` by row, then x, equal ones kept in their order: what a stable sort
    /// by (row, x) gives, by counting the rows (O(n + rows spanned)) and inserting by x within
    /// each row (a polygon crosses a row a few times). A NaN x, or rows spread far wider than
    /// the crossings, fall back to the sort.
    static func orderByRowThenX(_ crossings: inout [Crossing]) {
        var scratch = FillScratch()
        swap(&scratch.crossings, &crossings)
        orderByRowThenX(&scratch)
        swap(&scratch.crossings, &crossings)
    }

    /// ``orderByRowThenX(_:)`` of `scratch.crossings`, in the scratch's buffers.
    static func orderByRowThenX(_ scratch: inout FillScratch) {
        var low = scratch.crossings[0].row, high = low
        var hasNaN = false
        for c in scratch.crossings {
            low = Swift.min(low, c.row)
            high = Swift.max(high, c.row)
            hasNaN = hasNaN || c.x.isNaN
        }
        guard !hasNaN, high - low < 4 * scratch.crossings.count + 64 else {
            scratch.crossings.sort { $0.row != $1.row ? $0.row < $1.row : $0.x < $1.x }
            return
        }
        // Where each row's crossings start, then each crossing moved there in its order.
        let rows = high - low + 2
        scratch.start.removeAll(keepingCapacity: true)
        scratch.start.append(contentsOf: repeatElement(0, count: rows))
        for c in scratch.crossings { scratch.start[c.row - low + 1] += 1 }
        for r in 1..<rows { scratch.start[r] += scratch.start[r - 1] }
        scratch.next.removeAll(keepingCapacity: true)
        scratch.next.append(contentsOf: scratch.start)
        scratch.ordered.removeAll(keepingCapacity: true)
        scratch.ordered.append(contentsOf: scratch.crossings)
        for c in scratch.crossings {
            scratch.ordered[scratch.next[c.row - low]] = c
            scratch.next[c.row - low] += 1
        }
        for r in 0..<(rows - 1) where scratch.start[r + 1] - scratch.start[r] > 1 {
            for i in (scratch.start[r] + 1)..<scratch.start[r + 1] {
                let c = scratch.ordered[i]
                var j = i
                while j > scratch.start[r], c.x < scratch.ordered[j - 1].x {
                    scratch.ordered[j] = scratch.ordered[j - 1]
                    j -= 1
                }
                scratch.ordered[j] = c
            }
        }
        swap(&scratch.crossings, &scratch.ordered)
    }

    /// Sets pixels of `row` whose centres x + 0.5 lie in [from, to), a 64-bit word at a time.
    private mutating func setSpan(row: Int, from: Double, to: Double) {
        let first = Swift.max(0, Int(Swift.max((from - 0.5).rounded(.up), -1)))
        let lastValue = (to - 0.5).rounded(.up) - 1
        guard lastValue >= 0 else { return }
        let last = Swift.min(width - 1, Int(Swift.min(lastValue, Double(width))))
        guard first <= last else { return }
        let base = row * width
        let s = base + first, e = base + last   // bit indices, inclusive
        let ws = s >> 6, we = e >> 6
        let head: UInt64 = ~0 << UInt64(s & 63), tail: UInt64 = ~0 >> UInt64(63 - (e & 63))
        if ws == we {
            bits[ws] |= head & tail
            return
        }
        bits[ws] |= head
        for w in (ws + 1)..<we { bits[w] = ~0 }
        bits[we] |= tail
    }
}

/// The ink metrics: widths along the committed ink, and its area against the reference ink.
public enum InkMetrics {
    /// `ink.width_variation`: Σ|w_i − w_{i−1}| over consecutive drawing elements of each
    /// subpath, divided by the ink's length (flattened, in units): how much the width changes
    /// per unit of stroke (0 for constant width; dimensionless). `nil` for ink with no length.
    public static func widthVariation(_ ink: InkPath, length: Double) -> Double? {
        guard length > 0, length.isFinite else { return nil }
        var total = 0.0
        var previous: Double? = nil
        for (i, e) in ink.elements.enumerated() {
            if e.isMove { previous = nil; continue }
            let w = ink.attributes[i].width
            if let p = previous { total += abs(w - p) }
            previous = w
        }
        return total / length
    }

    /// `ink.width_jump_max`: the largest relative change between consecutive drawing elements,
    /// |w_i − w_{i−1}| / max(w_i, w_{i−1}) (0 when both are 0): 1 means a segment of zero width
    /// next to a wide one. `nil` with fewer than two drawing elements in a subpath.
    public static func widthJumpMax(_ ink: InkPath) -> Double? {
        var best: Double? = nil
        var previous: Double? = nil
        for (i, e) in ink.elements.enumerated() {
            if e.isMove { previous = nil; continue }
            let w = ink.attributes[i].width
            if let p = previous {
                let m = Swift.max(w, p)
                let jump = m > 0 ? abs(w - p) / m : 0
                best = Swift.max(best ?? 0, jump)
            }
            previous = w
        }
        return best
    }

    /// Intersection over union and symmetric-difference area of `ink` against `reference`,
    /// both rasterised on one grid over their joint bounds at `resolution` pixels per unit
    /// (``InkCoverage``). Returns the resolution used (lower when the grid would be too big).
    /// `nil` when either covers nothing or the bounds are not finite.
    public static func overlap(_ ink: Ink, reference: Ink, resolution: Double)
        -> (iou: Double, errorArea: Double, resolution: Double)?
    {
        var none: InkPolygons? = nil
        return overlap(ink, reference: reference, resolution: resolution, referencePolygons: &none)
    }

    /// ``overlap(_:reference:resolution:)`` with the reference's capsule polygons kept in
    /// `referencePolygons` for the next call: a stroke's reference ink is the same for every
    /// unstyled pipeline, so its polygons (the round caps' sines and cosines) are made once
    /// per stroke instead of once per pipeline. They are used when they were made from an
    /// equal ink at this grid's tolerance, and made (and kept, when not too many:
    /// ``InkPolygons/maximumPoints``) otherwise. The same result as without them.
    public static func overlap(_ ink: Ink, reference: Ink, resolution: Double, referencePolygons: inout InkPolygons?)
        -> (iou: Double, errorArea: Double, resolution: Double)?
    {
        guard let a = ink.bounds, let b = reference.bounds else { return nil }
        let box = a.union(b).outset(by: 1 / Swift.max(resolution, 1e-9))
        guard var mine = InkCoverage(box: box, resolution: resolution) else { return nil }
        var truth = InkCoverage(box: box, resolution: mine.resolution) ?? mine
        mine.add(ink)
        let tolerance = truth.flatteningTolerance
        if let kept = referencePolygons, kept.tolerance == tolerance, kept.ink == reference {
            truth.add(kept)
        } else if let made = InkPolygons(reference, tolerance: tolerance) {
            referencePolygons = made
            truth.add(made)
        } else {
            truth.add(reference)     // an outline of its own, filled as it is
        }
        let union = mine.count + truth.count - mine.intersectionCount(truth)
        guard union > 0 else { return nil }
        let intersection = mine.intersectionCount(truth)
        return (Double(intersection) / Double(union), Double(mine.symmetricDifferenceCount(truth)) * mine.pixelArea,
                mine.resolution)
    }
}
