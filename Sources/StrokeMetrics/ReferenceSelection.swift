import StrokeCore
import StrokeSmoothing

/// Which ground truth a stroke × pipeline is measured against (DESIGN.md, "References").
public enum ReferenceKind: Hashable, Sendable, CustomStringConvertible {
    /// The stroke's own `reference`, from a synthetic trace: its analytic curve.
    case analytic
    /// The stroke's own `reference`, from a recorded trace (a denser device, a tracker).
    case recordedReference
    /// All of the stroke's coalesced samples, for a pipeline fed main samples only.
    case denseSamples
    /// All coalesced samples, for a pipeline fed every k-th sample of them.
    case holdOut(stride: Int)

    /// `analytic`, `trace-reference`, `dense-samples` or `hold-out(k=4)`: what results record.
    public var description: String {
        switch self {
        case .analytic: return "analytic"
        case .recordedReference: return "trace-reference"
        case .denseSamples: return "dense-samples"
        case .holdOut(let k): return "hold-out(k=\(k))"
        }
    }
}

/// The reference and replay options for measuring one stroke through one pipeline.
///
/// Rules (DESIGN.md, "References"):
/// 1. a stroke with a `reference` uses it — a synthetic trace's analytic curve (`analytic`,
///    when the trace's source starts with `synthetic`) or a recorded one (`trace-reference`);
/// 2. otherwise the reference is every coalesced sample of the stroke. A pipeline whose input
///    view is `main` never sees most of them, so they are an honest truth (`dense-samples`);
/// 3. a `coalesced` pipeline would be measured against its own input that way, so it is fed
///    only the first, every k-th and the last sample (``ReplayOptions/holdOutStride`` = k,
///    ``MetricOptions/holdOutStride``, default 4) and measured against all of them
///    (`hold-out(k=4)`). Its timing metrics then describe the thinned input. With k = 1 there
///    is no hold-out and the kind is `dense-samples`.
///
/// Prediction horizons (``MetricOptions/predictionHorizonsMs``) are requested from the replay
/// whenever the pipeline has a `predict:` stage.
public struct EvaluationSetup: Hashable, Sendable {
    /// The ground truth.
    public var reference: ReferenceCurve
    /// Which kind of ground truth it is.
    public var kind: ReferenceKind
    /// Options to replay the stroke with.
    public var replayOptions: ReplayOptions

    /// Creates a setup directly.
    public init(reference: ReferenceCurve, kind: ReferenceKind, replayOptions: ReplayOptions) {
        self.reference = reference
        self.kind = kind
        self.replayOptions = replayOptions
    }

    /// Decides the reference and replay options for `stroke` through `pipeline`.
    public init(stroke: Stroke, pipeline: PipelineDescription, metadata: TraceMetadata, options: MetricOptions) {
        self.init(stroke: stroke, input: pipeline.input, hasPredictor: !pipeline.stages(of: .predict).isEmpty,
                  metadata: metadata, options: options)
    }

    /// Decides the reference and replay options from the pipeline's input view and whether
    /// it predicts (for callers without a ``PipelineDescription``).
    public init(stroke: Stroke, input: InputView, hasPredictor: Bool, metadata: TraceMetadata, options: MetricOptions) {
        let horizons = hasPredictor ? options.predictionHorizonsMs.map { $0 / 1000 } : []
        if let own = stroke.reference, !own.isEmpty {
            reference = own
            kind = metadata.source.hasPrefix("synthetic") ? .analytic : .recordedReference
            replayOptions = ReplayOptions(evaluationHorizons: horizons)
        } else {
            reference = ReferenceCurve(samples: stroke.samples)
            let k = options.holdOutStride
            if input == .coalesced && k >= 2 {
                kind = .holdOut(stride: k)
                replayOptions = ReplayOptions(evaluationHorizons: horizons, holdOutStride: k)
            } else {
                kind = .denseSamples
                replayOptions = ReplayOptions(evaluationHorizons: horizons)
            }
        }
    }
}
