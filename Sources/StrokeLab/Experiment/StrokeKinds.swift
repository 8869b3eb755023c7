import StrokeCore
import StrokeIO

/// The input kind (`stylus`, `finger`, `mouse`) of every stroke of an experiment, by dataset,
/// trace and stroke id: the second key of every verdict (`summary_paired.csv`, the answer, the
/// tune fronts are per dataset × kind). A stroke id found twice in one trace keeps its first
/// kind. O(1) per look-up.
public struct StrokeKinds: Sendable {
    private var kinds: [String: TouchKind] = [:]

    /// No strokes known: every look-up answers `nil`.
    public init() {}

    /// The kinds of every stroke of `traces`.
    public init(traces: [LoadedTrace]) {
        for t in traces {
            for s in t.trace.strokes {
                let key = Self.key(t.dataset, t.name, s.id)
                if kinds[key] == nil { kinds[key] = s.kind }
            }
        }
    }

    /// The kind of one stroke, `nil` when unknown (a row standing for a whole dataset).
    public func kind(dataset: String, trace: String, stroke: String) -> TouchKind? {
        kinds[Self.key(dataset, trace, stroke)]
    }

    /// The kind of a result row's stroke, as tables write it: `stylus`, `finger`, `mouse`, or
    /// empty when unknown.
    public func kindText(of row: ResultRow) -> String {
        kind(dataset: row.dataset, trace: row.trace, stroke: row.stroke)?.rawValue ?? ""
    }

    /// Kinds in table order: stylus, finger, mouse, then unknown.
    static func order(_ kind: String) -> Int {
        TouchKind.allCases.firstIndex { $0.rawValue == kind } ?? TouchKind.allCases.count
    }

    private static func key(_ dataset: String, _ trace: String, _ stroke: String) -> String {
        dataset + "\u{1F}" + trace + "\u{1F}" + stroke
    }
}
