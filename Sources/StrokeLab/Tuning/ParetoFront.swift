/// Pareto dominance and the non-dominated set, on objective vectors already turned so that
/// smaller is better (``TuneSettings/Direction/badness(_:)``).
///
/// a dominates b when aᵢ ≤ bᵢ for every objective i and aⱼ < bⱼ for at least one j. The
/// front is the set of points no other point dominates. Points with a non-finite coordinate
/// are never on the front (and dominate nothing). Equal points do not dominate each other,
/// so both stay on the front. O(n² · d) for n points of d objectives.
public enum ParetoFront {
    /// Whether `a` dominates `b`.
    /// - Precondition: equal lengths.
    public static func dominates(_ a: [Double], _ b: [Double]) -> Bool {
        precondition(a.count == b.count, "objective vectors of one length")
        var strictly = false
        for (x, y) in zip(a, b) {
            guard x.isFinite, y.isFinite else { return false }
            if x > y { return false }
            if x < y { strictly = true }
        }
        return strictly
    }

    /// Indices of the non-dominated points, in input order.
    public static func front(_ points: [[Double]]) -> [Int] {
        points.indices.filter { i in
            points[i].allSatisfy(\.isFinite) && !points.indices.contains { j in j != i && dominates(points[j], points[i]) }
        }
    }
}
