import StrokeCore
import StrokeSmoothing

/// Everything about a stroke that does not depend on the pipeline, prepared once and shared
/// by every pipeline measured on it: the stroke they are fed, the reference they are measured
/// against and its recording gaps, the measuring step, and the reference's geometry (its
/// smooth interpolant, the points fidelity is measured at, their spatial index, its
/// jaggedness).
///
/// Rules:
/// 1. a stroke with a `reference` uses it — a synthetic trace's analytic curve (`analytic`,
///    when the trace's source starts with `synthetic`) or a recorded one (`trace-reference`) —
///    and every pipeline is fed the whole stroke;
/// 2. otherwise the stroke is split once by ``HoldOut`` with ``MetricOptions/holdOutStride``
///    k: every pipeline is fed the same thinned stroke and measured against the same held-out
///    samples (`hold-out(k=4)`; `dense-samples` when k = 1).
///
/// The step is Δs, or the stroke's own extent / its point budget when that is coarser
/// (``InkGeometry/step(forLength:budget:options:)``, from the longer of the reference and the
/// fed samples' polyline; the budget is ``InkGeometry/pointBudget(samples:options:)``, 128
/// points per sample and reference point, at most ``MetricOptions/maximumResampledPoints``),
/// so the work of every metric grows with the stroke's samples, whatever its coordinates.
/// Preparing is O(samples + reference points + chords); it allocates.
public struct PreparedStroke: Sendable {
    /// A curve's geometry at one step: what fidelity and jaggedness need of the reference.
    public struct Geometry: Sendable {
        /// The step Δs (units).
        public var step: Double
        /// The fine curve (smooth interpolant through the reference points, with times).
        public var curve: FineCurve
        /// Its points at uniform arc-length spacing `step` (fidelity queries).
        public var queries: ResampledCurve
        /// Spatial index of its segments.
        public var grid: SegmentGrid
        /// Its jaggedness at `step`.
        public var jaggedness: Jaggedness
    }

    /// The stroke as given.
    public var stroke: Stroke
    /// The stroke every pipeline is replayed on (the whole stroke, or its fed part).
    public var fed: Stroke
    /// The ground truth.
    public var reference: ReferenceCurve
    /// Which kind of ground truth it is.
    public var kind: ReferenceKind
    /// The reference's recording gaps.
    public var gaps: ReferenceGaps
    /// Distinct samples fed to the pipelines.
    public var fedCount: Int
    /// Samples held out as the reference (0 without hold-out).
    public var heldOutCount: Int
    /// The measuring step Δs for this stroke (units).
    public var step: Double
    /// The most points this stroke's curves (the reference's and every pipeline's ink) are
    /// resampled into (``InkGeometry/pointBudget(samples:options:)``).
    public var pointBudget: Int
    /// The reference's geometry at ``step``; `nil` for an empty reference.
    public var geometry: Geometry?
    /// The trace's metadata.
    public var metadata: TraceMetadata
    /// The metric options in the trace's units (lengths stated in pt converted with the
    /// trace's `StrokeCore.TraceMetadata.physicalScale`, ``MetricOptions/inTraceUnits(_:)``).
    public var options: MetricOptions

    /// Prepares `stroke` of a trace with `metadata`; `options` state lengths in pt
    /// (``MetricOptions``) and are converted to the trace's units here.
    public init(stroke: Stroke, metadata: TraceMetadata, options: MetricOptions) {
        self.stroke = stroke
        self.metadata = metadata
        let options = options.inTraceUnits(metadata.physicalScale)
        self.options = options
        if let own = stroke.reference, !own.isEmpty {
            reference = own
            kind = metadata.source.hasPrefix("synthetic") ? .analytic : .recordedReference
            fed = stroke
            fedCount = stroke.distinctSampleCount
            heldOutCount = 0
            gaps = ReferenceGaps(reference: own, options: options)
        } else {
            let k = options.holdOutStride
            let split = HoldOut.split(stroke, stride: k)
            fed = split.fed
            reference = split.reference
            fedCount = split.fedCount
            heldOutCount = split.heldOutCount
            kind = split.heldOutCount > 0 ? .holdOut(stride: k) : .denseSamples
            // Gaps from every recorded sample: the held-out ones alone are k times sparser.
            gaps = ReferenceGaps(reference: ReferenceCurve(samples: Self.distinctSamples(stroke)), options: options)
        }
        let extent = Swift.max(reference.polyline.length, Polyline(points: Self.distinctSamples(fed).map(\.location)).length)
        pointBudget = InkGeometry.pointBudget(samples: fedCount + reference.points.count, options: options)
        step = InkGeometry.step(forLength: extent, budget: pointBudget, options: options)
        geometry = reference.isEmpty ? nil : geometry(at: step)
    }

    /// The reference's geometry at `step` (for a rendered path so long that it needs a
    /// coarser step than the stroke's).
    public func geometry(at step: Double) -> Geometry {
        let curve = InkGeometry.fineCurve(reference: reference, gaps: gaps, step: step)
        let jaggedness = Jaggedness(curve: curve, step: step, kinkThreshold: options.kinkThresholdDegrees * Double.pi / 180,
                                    kinkWindow: options.kinkWindow)
        return Geometry(step: step, curve: curve, queries: CurveResampling.uniform(curve, step: step),
                        grid: SegmentGrid(points: curve.points), jaggedness: jaggedness)
    }

    /// Replay options for a pipeline: the prediction horizons when it predicts.
    public func replayOptions(predicts: Bool) -> ReplayOptions {
        ReplayOptions(evaluationHorizons: predicts ? options.predictionHorizonsMs.map { $0 / 1000 } : [])
    }

    /// Replay options for `pipeline`.
    public func replayOptions(for pipeline: PipelineDescription) -> ReplayOptions {
        replayOptions(predicts: Self.predicts(pipeline))
    }

    /// Whether `pipeline` has a `predict:` stage.
    public static func predicts(_ pipeline: PipelineDescription) -> Bool {
        !pipeline.stages(of: .predict).isEmpty
    }

    /// The stroke's samples, a sample re-delivered by the next event counted once.
    static func distinctSamples(_ stroke: Stroke) -> [TouchSample] {
        var out: [TouchSample] = []
        out.reserveCapacity(stroke.sampleCount)
        var previousLast: TouchSample? = nil
        for event in stroke.events {
            for (j, s) in event.samples.enumerated() where !(j == 0 && previousLast == s) { out.append(s) }
            previousLast = event.samples.last
        }
        return out
    }
}
