/// The known name closest to a misspelt one, for "did you mean …?" hints in error messages
/// (unknown stages, presets, metrics, spec keys, tolerance items).
///
/// Closeness is the Levenshtein edit distance (insertions, deletions and substitutions of
/// characters, each costing 1), compared without regard to case. A candidate is suggested
/// only when it is clearly the same word mistyped: at most ``maximumDistance(for:)`` edits
/// away (2, or a third of the typed name's length for longer names) — or, when none is, the
/// shortest candidate that the typed name (of 4 characters or more) begins, as `lag.mean`
/// begins `lag.mean_ms`. Ties go to the earlier candidate, so the hint is deterministic.
///
/// **Bounded.** Names longer than ``maximumLength`` characters (a hostile 10 MB label) get no
/// suggestion and cost nothing; otherwise the work is O(Σ |name|·|candidate|) with one row of
/// memory.
public enum ClosestName {
    /// The longest typed name a suggestion is looked for: 64 characters.
    public static let maximumLength = 64

    /// The candidate closest to `name`, or `nil` when none is within
    /// ``maximumDistance(for:)`` edits (or `name` is empty, equal to a candidate, or longer
    /// than ``maximumLength``).
    public static func suggestion(for name: some StringProtocol, among candidates: some Sequence<String>) -> String? {
        let typed = Array(name.lowercased())
        guard !typed.isEmpty, typed.count <= maximumLength else { return nil }
        let limit = maximumDistance(for: typed.count)
        var best: (name: String, distance: Int)? = nil
        var extended: String? = nil
        for candidate in candidates {
            let lower = Array(candidate.lowercased())
            let d = distance(typed, lower, limit: limit)
            if d > 0, d <= limit, best == nil || d < best!.distance { best = (candidate, d) }
            if typed.count >= 4, lower.count > typed.count, lower.starts(with: typed), extended.map({ candidate.count < $0.count }) ?? true {
                extended = candidate
            }
        }
        return best?.name ?? extended
    }

    /// ` (did you mean 'NAME'?)` for the closest candidate, or the empty string.
    public static func hint(for name: some StringProtocol, among candidates: some Sequence<String>) -> String {
        suggestion(for: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The most edits a suggestion may be away from a typed name of `length` characters:
    /// max(2, length / 3).
    public static func maximumDistance(for length: Int) -> Int { Swift.max(2, length / 3) }

    /// The Levenshtein distance between `a` and `b` (case-sensitive). O(|a|·|b|) time,
    /// O(|b|) memory.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        distance(Array(a), Array(b), limit: Int.max)
    }

    /// The Levenshtein distance, or any value above `limit` once every entry of a row
    /// exceeds it (the distance can only grow from there).
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if abs(a.count - b.count) > limit { return limit &+ 1 }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            var smallest = row[0]
            for j in 1...b.count {
                let current = row[j]
                row[j] = Swift.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
                smallest = Swift.min(smallest, row[j])
            }
            if smallest > limit { return limit &+ 1 }
        }
        return row[b.count]
    }
}
