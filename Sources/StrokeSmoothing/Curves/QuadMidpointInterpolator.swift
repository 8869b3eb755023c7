import StrokeCore

/// Quadratic Béziers from midpoint to midpoint with the samples as control points: the
/// smoothing most drawing tutorials and apps adopt after the seeds' straight lines
/// (`addQuadCurve(to: midpoint(previous, current), control: previous)` per touch).
///
/// For samples P0, P1, …: a line from P0 to M01 = (P0 + P1)/2, then for each k ≥ 2 the
/// quadratic from Mₖ₋₂,ₖ₋₁ to Mₖ₋₁,ₖ with control Pₖ₋₁, and at the end a line from the last
/// midpoint to the last sample. Every join is G1: the quadratic ending at M = (Pₖ₋₁ + Pₖ)/2
/// leaves with tangent M − Pₖ₋₁ and the next one starts with Pₖ − M, both along Pₖ − Pₖ₋₁
/// (so do the end lines). The curve passes through the first and last samples and through
/// the midpoints, not the inner samples (it cuts inside corners by up to a quarter of the
/// turn's chord).
///
/// Streaming: the element ending at Mₖ₋₁,ₖ is committed when Pₖ arrives; the line from the last
/// midpoint to the newest sample is the provisional tail. Tail policy (``TailPolicy``):
/// `complete` (default) commits that last line at the end and draws a tap as a dot;
/// `published` (the tutorial code, whose `touchesEnded` draws nothing) never draws the last
/// half segment, nor a tap. Consecutive samples at the same place are merged. A midpoint is
/// styled from the attributes halfway between its two samples, the last line from the last
/// sample. The next element starts at the last join, whose earlier sample is its ``origin``
/// (the first sample at first). O(1) per sample, no allocation.
public struct QuadMidpointInterpolator: CurveStage {
    /// `interp:quad-midpoint`.
    public static let kind = StageKind.interp
    /// `quad-midpoint`.
    public static let id = "quad-midpoint"
    /// What it does to a stroke (``StageBehaviour``).
    public static let behaviour: StageBehaviour = [.holdsSamplesBack, .continuousTangents]
    /// One line.
    public static let summary = "quadratic Béziers from midpoint to midpoint, samples as control points (G1 joins)"
    /// Drawing tutorials.
    public static let source = "the quadratic-midpoint smoothing of drawing tutorials and apps (addQuadCurve to the midpoint, the sample as control)"
    /// Positions only.
    public static let readsKinematics = false

    /// Parameters of ``QuadMidpointInterpolator``.
    public struct Parameters: StageParameters {
        /// Tail policy (default complete).
        public var tail = TailPolicy.complete
        /// The defaults.
        public init() {}
        /// `tail`.
        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .choice(\.tail, "tail", help: "complete: the last half segment is the provisional tail and is committed at the end, a tap is a dot; published: the tutorial code (last half segment and taps not drawn)"),
        ]
    }

    /// The parameters.
    public let parameters: Parameters

    private var previous = AttributedSample(time: 0, location: .zero)   // Pk−1, the newest sample
    private var join = AttributedSample(time: 0, location: .zero)       // the last committed end
    private var count = 0
    private var since = 0.0   // the time of the sample before the last join (provenance)

    /// Provenance: the next element starts at the last join, between the sample at `since`
    /// and the one after it (the first sample before any join).
    public var origin: Double? { since }

    /// Creates the builder.
    public init(_ parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// Starts the stroke.
    public mutating func begin(_ sample: AttributedSample, into line: inout Centerline) {
        previous = sample
        join = sample
        count = 1
        since = sample.time
    }

    /// Commits the element ending at the midpoint between the previous sample and this one.
    @inline(__always)
    public mutating func move(_ sample: AttributedSample, into line: inout Centerline) {
        guard sample.location != previous.location else { return }
        var mid = line.recordsSamples ? previous.interpolated(to: sample, by: 0.5) : sample
        mid.location = previous.location.midpoint(sample.location)
        if count == 1 {
            line.moveIfNeeded(to: previous.location, previous)
            line.addLine(to: mid.location, mid)
        } else {
            line.moveIfNeeded(to: join.location, join)
            line.addQuadCurve(to: mid.location, control: previous.location, mid)
        }
        join = mid
        // The next element starts at the join, between `previous` and this sample.
        since = previous.time
        previous = sample
        count = 2
    }

    /// A lift-off sample: fed like a move.
    public mutating func end(_ sample: AttributedSample, into line: inout Centerline) { move(sample, into: &line) }

    private func appendLast(to line: inout Centerline) {
        switch count {
        case 0: return
        case 1: line.addDot(at: previous.location, previous)
        default:
            line.moveIfNeeded(to: join.location, join)
            line.addLine(to: previous.location, previous)
        }
    }

    /// Under `complete`, the line from the last midpoint to the last sample (a dot for a tap).
    public mutating func finish(into line: inout Centerline) {
        if parameters.tail == .complete { appendLast(to: &line) }
        count = 0
    }

    /// Under `complete`, the line from the last midpoint to the newest sample.
    public func appendProvisionalTail(to tail: inout Centerline) {
        guard parameters.tail == .complete else { return }
        appendLast(to: &tail)
    }

    /// A tail under `complete` only.
    public var hasProvisionalTail: Bool { parameters.tail == .complete }
}
