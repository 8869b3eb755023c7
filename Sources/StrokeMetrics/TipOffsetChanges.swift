import StrokeCore

/// How the drawn tip moves relative to the pen from one refresh to the next: the ground of
/// ``Jumps`` and ``SpringEffect``.
///
/// With the tip's offset E = D − Ã from the delayed pen Ã (where the pen was the stroke's
/// typical lag earlier, ``SeenRefreshes``) at each refresh, the change between consecutive
/// refreshes j − 1, j is rⱼ = Eⱼ − Eⱼ₋₁ = (Dⱼ − Dⱼ₋₁) − (Ãⱼ − Ãⱼ₋₁): the tip's motion beyond the
/// pen's own. Ink that keeps a steady lag behind a moving pen has r = 0, on a straight line
/// and on a curve alike (against the pen itself, a lagging tip's offset turns with the curve);
/// a tip that jumps or springs back has not. Refreshes
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
        /// The delayed pen's motion Ãⱼ − Ãⱼ₋₁.
        public var penMotion: Vector
    }

    /// The changes, in time order.
    public var changes: [Change]

    /// The changes over `seen`, whose refreshes are `period` seconds apart.
    public init(_ seen: SeenRefreshes, period: Double) {
        changes = []
        let r = seen.refreshes
        guard r.count > 1 else { return }
        changes.reserveCapacity(r.count - 1)
        for j in 1..<r.count {
            guard abs(r[j].time - r[j - 1].time - period) <= period * 1e-6 else { continue }
            let penMotion = r[j].delayedPen - r[j - 1].delayedPen, tipMotion = r[j].tip - r[j - 1].tip
            let change = tipMotion - penMotion
            changes.append(Change(index: j, change: change, tipMotion: tipMotion, penMotion: penMotion))
        }
    }
}
