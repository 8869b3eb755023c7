import StrokeCore

/// What a curve builder writes: path elements, each with the attributed sample its ink is
/// computed from (the sample at the element's end, or one interpolated there), before any
/// style is applied — and, from builders that model ink themselves (``CurveStage/drawsInk``,
/// signature_pad's velocity width), each element's ink, which style stages then refine.
///
/// One centre line holds a whole stroke's committed elements (the pipeline styles them at the
/// end of the stroke and hands the arrays to the replay record without copying); another is
/// reset at every event for the provisional tail. The samples are kept only when a style reads
/// them element by element, or the builder draws its own ink (``recordsSamples``): otherwise
/// the ink is uniform (no style, or only styles folded into one ink), and skipping them keeps
/// the seeds' replay as lean as a bare path. Appending is amortised
/// O(1) into buffers that keep their storage.
public struct Centerline: Sendable {
    /// The elements, in order.
    public private(set) var elements: [PathElement] = []
    /// The sample each element is styled from (empty unless ``recordsSamples``).
    public private(set) var samples: [AttributedSample] = []
    /// The end of the last element appended, or the point a continuation starts from.
    @inlinable public var currentPoint: Point? { elements.last?.endPoint ?? start }
    /// Where a continuation starts before anything is appended (``reset(currentPoint:)``).
    @usableFromInline var start: Point?
    /// The ink each element was appended with (empty unless ``recordsInk``); elements appended
    /// without ink get `StrokeCore.InkAttributes.default`.
    public private(set) var inks: [InkAttributes] = []
    /// Whether ``samples`` are kept. Fixed at creation (`restate(recordsSamples:recordsInk:)`
    /// only says it again).
    public private(set) var recordsSamples: Bool
    /// Whether ``inks`` are kept (the pipeline sets it for builders that draw ink). Fixed at
    /// creation.
    public private(set) var recordsInk: Bool

    /// An empty centre line.
    public init(recordsSamples: Bool = true, recordsInk: Bool = false) {
        self.recordsSamples = recordsSamples
        self.recordsInk = recordsInk
    }

    /// Number of elements.
    public var count: Int { elements.count }
    /// True when nothing has been appended since ``reset(currentPoint:)``.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts over, keeping storage; `currentPoint` says where a continuation starts (a
    /// provisional tail continues the committed path). Kept out of line: it runs once per
    /// frame, and inlined into the replay loop it costs the loop registers.
    @inline(never)
    public mutating func reset(currentPoint: Point? = nil) {
        if !elements.isEmpty {
            elements.clearKeepingStorageOfAnySize()
            if recordsSamples { samples.clearKeepingStorageOfAnySize() }
            if recordsInk { inks.clearKeepingStorageOfAnySize() }
        }
        start = currentPoint
    }

    /// An empty centre line with room for `capacity` elements: what a replay creates for a
    /// stroke. Inlined, so the caller's optimiser sees the two flags as the constants they
    /// are where the caller knows them (the replay's loop then folds their branches away).
    @inline(__always)
    init(recordsSamples: Bool, recordsInk: Bool, capacity: Int) {
        self.recordsSamples = recordsSamples
        self.recordsInk = recordsInk
        elements.reserveCapacity(capacity)
        if recordsSamples { samples.reserveCapacity(capacity) }
        if recordsInk { inks.reserveCapacity(capacity) }
    }

    /// Says again what the line records, as values the caller's optimiser knows: the event
    /// loop calls it before each sample it feeds the curve builder, with the constants of its
    /// mode, so the builder's `recordsSamples` and `recordsInk` branches fold away (read from
    /// the line, they are reloaded from memory in a loop this large). Changes nothing.
    /// - Precondition: the values are the ones the line was created with.
    @inline(__always)
    mutating func restate(recordsSamples: Bool, recordsInk: Bool) {
        self.recordsSamples = recordsSamples
        self.recordsInk = recordsInk
    }

    /// Reserves room for `n` elements.
    public mutating func reserveCapacity(_ n: Int) {
        elements.reserveCapacity(n)
        if recordsSamples { samples.reserveCapacity(n) }
        if recordsInk { inks.reserveCapacity(n) }
    }

    /// Appends `element` styled from `sample`.
    @inline(__always)
    public mutating func append(_ element: PathElement, _ sample: AttributedSample) {
        // The sample's arrays first: it is then dead before the elements' append, so its
        // fields need not be kept (spilled) across that call on the seeds' unstyled path.
        if recordsSamples { samples.append(sample) }
        if recordsInk { inks.append(.default) }
        elements.append(element)
    }

    /// Appends `element` styled from `sample`, with the ink the builder computed for it (kept
    /// when ``recordsInk``).
    @inline(__always)
    public mutating func append(_ element: PathElement, _ sample: AttributedSample, ink: InkAttributes) {
        if recordsSamples { samples.append(sample) }
        if recordsInk { inks.append(ink) }
        elements.append(element)
    }

    /// The ink the style stages start from, index-aligned with ``elements``: the builder's own
    /// inks when ``recordsInk``, else `base` per element (the pipeline's base ink,
    /// ``PipelineDescription/baseInk``; `StrokeCore.InkAttributes.default` as written) — one
    /// array, allocated once and filled by the repeating initialiser. How the replay starts a
    /// stroke's committed ink (and `bench --stage` a style's, so it times what the replay does).
    public func startingInk(base: InkAttributes = .default) -> [InkAttributes] {
        recordsInk ? inks : Array(repeating: base, count: elements.count)
    }

    /// ``startingInk(base:)`` written into `ink` (emptied first, storage kept): how the replay
    /// fills the scratch buffer of each frame's provisional and predicted ink. A plain loop:
    /// appending a `repeatElement` runs the generic copy (~14 instructions an element under
    /// callgrind).
    @inline(__always)
    public func startingInk(into ink: inout [InkAttributes], base: InkAttributes = .default) {
        ink.clearKeepingStorage()
        if recordsInk {
            ink.append(contentsOf: inks)
        } else {
            let d = base
            ink.reserveCapacity(elements.count)
            for _ in 0..<elements.count { ink.append(d) }
        }
    }

    /// Keeps `sample` in a builder's `slot` for a later element: the whole sample when the
    /// samples are recorded (a style will read it), else only its location — all an unstyled
    /// element needs, and a 16-byte store instead of a whole sample's.
    @inline(__always)
    public func keep(_ sample: AttributedSample, in slot: inout AttributedSample) {
        if recordsSamples { slot = sample } else { slot.location = sample.location }
    }

    /// Appends `move(to:)`.
    @inline(__always)
    public mutating func move(to p: Point, _ sample: AttributedSample) { append(.move(to: p), sample) }

    /// Appends `move(to: p)` unless the current point already is `p`, so consecutive
    /// segments stay one subpath (joined, not capped).
    @inline(__always)
    public mutating func moveIfNeeded(to p: Point, _ sample: AttributedSample) {
        if currentPoint != p { append(.move(to: p), sample) }
    }

    /// Appends a straight segment.
    @inline(__always)
    public mutating func addLine(to p: Point, _ sample: AttributedSample) { append(.line(to: p), sample) }

    /// Appends a quadratic Bézier.
    @inline(__always)
    public mutating func addQuadCurve(to p: Point, control c: Point, _ sample: AttributedSample) {
        append(.quadCurve(to: p, control: c), sample)
    }

    /// Appends a cubic Bézier.
    @inline(__always)
    public mutating func addCurve(to p: Point, control1 c1: Point, control2 c2: Point, _ sample: AttributedSample) {
        append(.curve(to: p, control1: c1, control2: c2), sample)
    }

    /// Appends a dot: a `move` and a zero-length `line`, drawn as a round dot.
    @inline(__always)
    public mutating func addDot(at p: Point, _ sample: AttributedSample) {
        append(.move(to: p), sample)
        append(.line(to: p), sample)
    }
}
