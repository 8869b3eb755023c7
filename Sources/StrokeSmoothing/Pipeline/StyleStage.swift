import StrokeCore

/// A style stage (`style:`): turns the centre line and its samples into ink — the width,
/// opacity, colour and blend mode of every element — and, for stages that make one, an
/// outline.
///
/// `style` is pure: an element's ink depends only on the element, its start point, its two
/// samples and what ``begin(_:)`` saw, so the pipeline may style committed elements whenever
/// it likes (it styles them once, at the end of the stroke) and gets the same ink.
///
/// Styles run in label order, each receiving the attributes the previous ones produced
/// (`StrokeCore.InkAttributes.default` for the first), so a later style can refine an
/// earlier one. Styling is per element, as the seeds style each segment from the touch at its
/// end: ``style(_:element:from:sample:previous:)`` sees the element, the point it starts from,
/// the sample it ends at and the sample it starts from.
///
/// Outline makers (``makesOutline``) also observe every sample the curve builder receives and
/// report their outline polygons on request (perfect-freehand's `getStroke`).
public protocol StyleStage: PipelineStage {
    /// A stroke begins with `first` (the first sample the curve builder receives).
    mutating func begin(_ first: AttributedSample)
    /// Styles one element: updates `ink` from the element, its start point, the sample at its
    /// end (`sample`) and at its start (`previous`; the same sample for a stroke's first element).
    /// A `move` is styled too, as a zero-length element at its point (its ink is where the
    /// next segment's ink starts).
    func style(_ ink: inout InkAttributes, element: PathElement, from start: Point, sample: AttributedSample,
               previous: AttributedSample)
    /// Styles elements `range` of `elements`/`samples`, updating `ink[i]` for each `i` in the
    /// range (the arrays are index-aligned); `start` and `previous` are where and with what
    /// sample the range's first element starts. The default styles the range's buffers
    /// (``style(_:elements:samples:start:previous:)``).
    func style(_ ink: inout [InkAttributes], range: Range<Int>, elements: [PathElement], samples: [AttributedSample],
               start: Point?, previous: AttributedSample?)
    /// Styles the elements of `elements`, updating `ink[i]` from `elements[i]` and
    /// `samples[i]` (the buffers are index-aligned; `elements` and `samples` may be longer
    /// than `ink`); `start` and `previous` are where and with what sample the first element
    /// starts. What the pipeline calls, once per style: on each event's newly committed
    /// elements in a live stroke, on the whole stroke at its end in a replay. The default's loop is
    /// specialised for the concrete style and calls ``style(_:element:from:sample:previous:)``
    /// per element. O(ink.count).
    func style(_ ink: UnsafeMutableBufferPointer<InkAttributes>, elements: UnsafeBufferPointer<PathElement>,
               samples: UnsafeBufferPointer<AttributedSample>, start: Point?, previous: AttributedSample?)
    /// Whether the stage's ink for an element ignores the ink it is given, every element's ink
    /// being set whatever it was (default false): the pipeline then does not write the starting
    /// ink before calling the stage first.
    static var replacesInk: Bool { get }
    /// The ink this stage gives every element whatever the element and its samples, when it
    /// does: given the ink the previous styles produced (`StrokeCore.InkAttributes.default`
    /// for the first), what ``style(_:element:from:sample:previous:)`` would set. `nil` (the
    /// default) for a stage that reads the element or its samples. A pipeline whose styles
    /// are all uniform records its ink once per stroke instead of once per element
    /// (`style:constant`, a brush without behaviours).
    func uniformInk(after ink: InkAttributes) -> InkAttributes?
    /// Whether the stage makes an outline (default false).
    static var makesOutline: Bool { get }
    /// Observes samples fed to the curve builder, for outline makers (default: ignored).
    mutating func observe(_ samples: [AttributedSample], terminal: Bool)
    /// Appends the stroke's outline polygons as they stand now (default: none).
    func appendOutline(to polygons: inout [[Point]])
}

extension StyleStage {
    /// Not uniform by default.
    @inlinable public func uniformInk(after ink: InkAttributes) -> InkAttributes? { nil }
    /// No stroke state by default.
    @inlinable public mutating func begin(_ first: AttributedSample) {}
    /// No outline by default.
    public static var makesOutline: Bool { false }
    /// Reads the ink it is given, by default.
    public static var replacesInk: Bool { false }
    /// Ignores samples by default.
    @inlinable public mutating func observe(_ samples: [AttributedSample], terminal: Bool) {}
    /// No outline by default.
    @inlinable public func appendOutline(to polygons: inout [[Point]]) {}

    /// Styles the range's buffers (``style(_:elements:samples:start:previous:)``).
    @inlinable
    public func style(_ ink: inout [InkAttributes], range: Range<Int>, elements: [PathElement], samples: [AttributedSample],
                      start: Point?, previous: AttributedSample?) {
        guard !range.isEmpty else { return }
        precondition(range.lowerBound >= 0 && range.upperBound <= Swift.min(elements.count, samples.count, ink.count),
                     "range out of bounds")
        elements.withUnsafeBufferPointer { e in
            samples.withUnsafeBufferPointer { s in
                ink.withUnsafeMutableBufferPointer { out in
                    style(UnsafeMutableBufferPointer(rebasing: out[range]), elements: UnsafeBufferPointer(rebasing: e[range]),
                          samples: UnsafeBufferPointer(rebasing: s[range]), start: start, previous: previous)
                }
            }
        }
    }

    /// Styles each element in turn, tracking each one's start point and previous sample.
    @inlinable
    public func style(_ ink: UnsafeMutableBufferPointer<InkAttributes>, elements: UnsafeBufferPointer<PathElement>,
                      samples: UnsafeBufferPointer<AttributedSample>, start: Point?, previous: AttributedSample?) {
        precondition(elements.count >= ink.count && samples.count >= ink.count, "fewer elements or samples than inks")
        var current = start
        var before = previous
        for i in ink.indices {
            let e = elements[i]
            let s = samples[i]
            let p = e.isMove ? e.endPoint : (current ?? e.endPoint)
            style(&ink[i], element: e, from: p, sample: s, previous: e.isMove ? s : (before ?? s))
            current = e.endPoint
            before = s
        }
    }
}
