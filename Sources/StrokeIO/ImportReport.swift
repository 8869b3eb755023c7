import StrokeCore

/// What importing one file gives: its traces and notes about tolerated irregularities.
///
/// A note is one line naming the file (and line where it applies), e.g.
/// `jack.svc:1: the header declares 606 samples but 607 follow; all 607 were read`. Notes
/// never mean data was dropped or changed silently: anything an importer cannot represent
/// faithfully is an error instead.
public struct ImportReport: Hashable, Sendable {
    /// The traces read (one per file for every current format).
    public var traces: [Trace]
    /// Tolerated irregularities, one line each.
    public var notes: [String]

    /// Creates a report.
    public init(traces: [Trace], notes: [String] = []) {
        self.traces = traces
        self.notes = notes
    }
}
