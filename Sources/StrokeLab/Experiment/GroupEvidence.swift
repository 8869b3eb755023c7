import StrokeCore
import StrokeIO

/// The evidence behind each verdict group (dataset × input kind): how many strokes and from
/// how many traces (``VerdictRules/isEnough(strokes:traces:)``). Every stroke counts once per
/// occurrence — a stroke id found twice in one trace is two strokes, as it is two rows of
/// `coverage.drawn` — so the answer, the tune fronts and the coverage fractions count alike.
/// The one place that counts them. O(strokes) to build, O(1) per look-up.
public struct GroupEvidence: Sendable {
    /// One group's counts.
    public struct Counts: Sendable, Hashable {
        /// Strokes of the group.
        public var strokes: Int
        /// Traces holding at least one of them.
        public var traces: Int
    }

    private struct Key: Hashable { var dataset: String; var kind: TouchKind }
    private var counts: [Key: Counts] = [:]

    /// The counts of every group of `traces`.
    public init(traces: [LoadedTrace]) {
        var names: [Key: Set<String>] = [:]
        for t in traces {
            for s in t.trace.strokes {
                let key = Key(dataset: t.dataset, kind: s.kind)
                counts[key, default: Counts(strokes: 0, traces: 0)].strokes += 1
                if names[key, default: []].insert(t.name).inserted { counts[key]!.traces += 1 }
            }
        }
    }

    /// The counts of one group, `nil` when it has no stroke.
    public func counts(dataset: String, kind: TouchKind) -> Counts? {
        counts[Key(dataset: dataset, kind: kind)]
    }
}
