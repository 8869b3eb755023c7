/// Which samples of each event a pipeline is fed.
public enum InputView: String, Sendable, Hashable, CaseIterable {
    /// One sample per event, the main touch: what the Smooth-Freehand views see.
    case main
    /// Every coalesced sample: what Scribble sees.
    case coalesced
}
