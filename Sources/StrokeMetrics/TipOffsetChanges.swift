import StrokeCore

/// How the drawn tip moves relative to the pen from one refresh to the next: the ground of
/// ``PerceivedJitter``, ``Jumps`` and ``SpringEffect``.
///
/// With the tip's offset from the pen E = D − A at each refresh (``SeenRefreshes``), the change
/// between consecutive refreshes j − 1, j is rⱼ = Eⱼ − Eⱼ₋₁ = (Dⱼ − Dⱼ₋₁) − (Aⱼ − Aⱼ₋₁): the
/// tip's motion beyond the pen's own. Ink that keeps a constant distance from a moving pen has
/// r = 0 whatever that distance; a tip that trembles, jumps or springs back has not. Refreshes
/// are consecutive when one display period apart (a refresh left out for a gap breaks the
/// chain). O(refreshes).
public struct TipOffsetChanges: Sendable {
    /// One change, at refresh `index` of the ``SeenRefreshes`` (from `index − 1`).
    public struct Change: Hashable, Sendable {
        /// Index of the later refresh.
        public var index: Int
        /// rⱼ.
        public var change: Vector
        /// The tip's own motion Dⱼ − Dⱼ₋₁.
        public var tipMotion: Vector
        /// The previous change rⱼ₋₁ when refresh j − 2 is consecutive too.
        public var previous: Vector?
    }

    /// The changes, in time order.
    public var changes: [Change]

    /// The changes over `seen`, whose refreshes are `period` seconds apart.
    public init(_ seen: SeenRefreshes, period: Double) {
        changes = []
        let r = seen.refreshes
        guard r.count > 1 else { return }
        changes.reserveCapacity(r.count - 1)
        var previous: Vector? = nil
        for j in 1..<r.count {
            guard abs(r[j].time - r[j - 1].time - period) <= period * 1e-6 else {
                previous = nil
                continue
            }
            let change = (r[j].tip - r[j].pen) - (r[j - 1].tip - r[j - 1].pen)
            changes.append(Change(index: j, change: change, tipMotion: r[j].tip - r[j - 1].tip, previous: previous))
            previous = change
        }
    }
}
