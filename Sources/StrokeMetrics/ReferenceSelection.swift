import StrokeCore

/// Which ground truth a stroke is measured against.
public enum ReferenceKind: Hashable, Sendable, CustomStringConvertible {
    /// The stroke's own `reference`, from a synthetic trace: its analytic curve.
    case analytic
    /// The stroke's own `reference`, from a recorded trace (a denser device, a tracker).
    case recordedReference
    /// Every k-th sample, withheld from every pipeline (``HoldOut``).
    case holdOut(stride: Int)
    /// Every sample, the pipelines fed all of them too (hold-out stride 1, or too few samples).
    case denseSamples

    /// `analytic`, `trace-reference`, `hold-out(k=4)` or `dense-samples`: what results record.
    public var description: String {
        switch self {
        case .analytic: return "analytic"
        case .recordedReference: return "trace-reference"
        case .holdOut(let k): return "hold-out(k=\(k))"
        case .denseSamples: return "dense-samples"
        }
    }
}
