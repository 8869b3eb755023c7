/// The figures of StrokeLab's report, each a function from plain data to a ``Figure``.
///
/// The same functions serve `strokelab plot`, `strokelab report` and notebooks: build the
/// data structs (from result tables with ``SummaryTable``/``ResultsTable``, or directly from
/// measurements), call the function, then ``FigureRenderer/render(_:to:format:gnuplot:)``.
/// Every figure states its units in its axis labels and shows intervals where the data has
/// them. Series order, colours and markers follow the input order, so output is deterministic.
public enum ReportFigures {
    /// Shortens very long pipeline labels for legends, keeping both ends (the preset and the
    /// last stage are what tell pipelines apart). Labels up to `limit` characters are kept.
    public static func legendLabel(_ label: String, limit: Int = 48) -> String {
        guard label.count > limit, limit > 8 else { return label }
        let head = (limit - 1) / 2, tail = limit - 1 - head
        return String(label.prefix(head)) + "…" + String(label.suffix(tail))
    }

    /// Distinct keys in first-appearance order.
    static func ordered<S: Sequence>(_ keys: S) -> [String] where S.Element == String {
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }

    /// True when positive finite `values` span more than `ratio` (a log axis then reads better).
    static func spansDecades(_ values: [Double], ratio: Double = 20) -> Bool {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        guard let lo = positive.min(), let hi = positive.max() else { return false }
        return hi / lo > ratio
    }
}
