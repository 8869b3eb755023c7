/// The kinds of pipeline stage, in the order they run.
public enum StageKind: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Input filters (`filter:`), zero or more: samples → samples.
    case filter
    /// The curve builder (`interp:`), exactly one: samples → centre line.
    case interp
    /// The predictor (`predict:`), at most one: extrapolated samples, provisional only.
    case predict
    /// Style stages (`style:`), zero or more: centre line + samples → ink.
    case style

    /// Pipeline order: filter < interp < predict < style.
    public static func < (a: StageKind, b: StageKind) -> Bool {
        a.order < b.order
    }

    private var order: Int {
        switch self {
        case .filter: return 0
        case .interp: return 1
        case .predict: return 2
        case .style: return 3
        }
    }
}
