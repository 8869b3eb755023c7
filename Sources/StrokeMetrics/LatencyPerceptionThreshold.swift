import StrokeCore

/// How much latency people notice, as published: per input kind and task, the smallest
/// latency found perceptible (or discriminable from a ~1 ms system), with the words of the
/// source's abstract. The report sets each pipeline's end-to-end latency
/// (`latency.end_to_end_ms`) against them, and the default preference's limit comes from them
/// (`docs/guides/perception.md#latency-as-people-see-it`).
///
/// These are thresholds of *perception* under the studies' conditions (a prototype with 1 ms of
/// latency as the reference, focused participants); below one, people in that study could not
/// tell the latency from none; above it, some could. They are not thresholds of performance or
/// of annoyance.
public struct LatencyPerceptionThreshold: Hashable, Sendable {
    /// The input kind the study used.
    public var kind: TouchKind
    /// The task (`dragging`, `scribbling`, `writing and sketching`, `pointing`).
    public var task: String
    /// The threshold (ms).
    public var latencyMs: Double
    /// The source, in full.
    public var source: String
    /// The source, short: "Ng et al., CHI 2014".
    public var citation: String
    /// What the source's abstract says, quoted or summarised.
    public var finding: String

    /// Every threshold StrokeLab uses, by kind then rising latency.
    public static let published: [LatencyPerceptionThreshold] = [
        LatencyPerceptionThreshold(
            kind: .stylus, task: "dragging", latencyMs: 2,
            source: "Ng, Annett, Dietz, Gupta, Bischof, \"In the Blink of an Eye\", CHI 2014",
            citation: "Ng et al., CHI 2014",
            finding: "~1 versus 2 milliseconds [discriminated] while dragging"),
        LatencyPerceptionThreshold(
            kind: .stylus, task: "scribbling", latencyMs: 7,
            source: "Ng, Annett, Dietz, Gupta, Bischof, \"In the Blink of an Eye\", CHI 2014",
            citation: "Ng et al., CHI 2014",
            finding: "~7 versus 40 milliseconds [discriminated] while scribbling"),
        LatencyPerceptionThreshold(
            kind: .stylus, task: "writing and sketching", latencyMs: 50,
            source: "Annett, Ng, Dietz, Bischof, Gupta, \"How Low Should We Go?\", GI 2014",
            citation: "Annett et al., GI 2014",
            finding: "latency perception while inking is worse (~50 milliseconds) than … non-inking tasks (~2-7 milliseconds)"),
        LatencyPerceptionThreshold(
            kind: .finger, task: "dragging", latencyMs: 6,
            source: "Ng, Lepinski, Wigdor, Sanders, Dietz, \"Designing for Low-Latency Direct-Touch Input\", UIST 2012, as summarised by Annett et al. (GI 2014) and Xia et al. (UIST 2014)",
            citation: "Ng et al., UIST 2012",
            finding: "1 versus 6 milliseconds when using the finger (Annett et al.); 6ms when dragging (Xia et al.)"),
        LatencyPerceptionThreshold(
            kind: .mouse, task: "pointing", latencyMs: 60,
            source: "Forch, Franke, Rauh, Krems, \"Are 100 ms Fast Enough? Characterizing Latency Perception Thresholds in Mouse-Based Interaction\", HCII 2017",
            citation: "Forch et al., HCII 2017",
            finding: "latency perception thresholds for a simple mouse-based computer interaction lie in the range of 60 ms"),
    ]

    /// The thresholds for `kind` (a finger or mouse also gets the stylus's inking threshold,
    /// the only published one for writing, marked by its kind).
    public static func thresholds(for kind: TouchKind) -> [LatencyPerceptionThreshold] {
        let own = published.filter { $0.kind == kind }
        guard kind != .stylus else { return own }
        return own + published.filter { $0.kind == .stylus && $0.task == "writing and sketching" }
    }

    /// The writing threshold (Annett et al., GI 2014: ~50 ms while writing and sketching).
    public static var writing: LatencyPerceptionThreshold { published.first { $0.task == "writing and sketching" }! }
    /// The scribbling threshold (Ng et al., CHI 2014: ~7 ms).
    public static var scribbling: LatencyPerceptionThreshold { published.first { $0.task == "scribbling" }! }
}
