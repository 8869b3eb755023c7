/// How often a perceived side effect occurred: its occurrences among its opportunities (the
/// refreshes, drawn predictions, refresh pairs or stops where it could have occurred; each
/// side effect's type says which). ``PerceivedSideEffects`` reports ``rate``.
public struct SideEffectRate: Hashable, Sendable {
    /// Times the side effect occurred.
    public var occurrences: Int
    /// Times it could have occurred.
    public var opportunities: Int

    /// Creates a rate.
    public init(occurrences: Int = 0, opportunities: Int = 0) {
        self.occurrences = occurrences
        self.opportunities = opportunities
    }

    /// occurrences / opportunities, or `nil` without opportunities.
    public var rate: Double? { opportunities > 0 ? Double(occurrences) / Double(opportunities) : nil }

    /// Counts one opportunity, and one occurrence when `occurred`.
    public mutating func count(_ occurred: Bool) {
        opportunities += 1
        if occurred { occurrences += 1 }
    }
}
